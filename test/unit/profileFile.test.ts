// `--profile FILE`: the profile blocks the docs show, copied into a file as a user copies them, are
// accepted as they are (a bare list, the settings lines `"waypoint.models": [...]`, a whole
// settings.json, JSONC comments and trailing commas), and every problem names file, line and column.
import { strict as assert } from 'node:assert';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { profileFromFile } from '../../src/core/eval/profileFile';
import { runWaypoint } from '../support/cli';
import { repoRoot, samplesDir } from '../support/paths';

const grid = join(samplesDir, 'grasp', 'inner_cluster_free.jsonl');

/** The fenced blocks of a Markdown file whose text contains `marker`. */
function codeBlocks(file: string, marker: string): string[] {
  const text = readFileSync(join(repoRoot, file), 'utf8');
  return [...text.matchAll(/^```[a-z]*\n([\s\S]*?)^```$/gm)]
    .map((match) => match[1])
    .filter((block) => block.includes(marker));
}

/** The ids a profile block names, read with a regex so the test does not lean on the parser it tests. */
const idsIn = (block: string) => [...block.matchAll(/"id":\s*"([^"]+)"/g)].map((match) => match[1]);

const LOCAL = { id: 'local', provider: 'openai-compatible', baseUrl: 'http://127.0.0.1:8080/v1', model: 'default' };

describe('--profile files', function () {
  this.timeout(60_000);
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'waypoint-profile-file-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const dryRun = (file: string, id: string, ...extra: string[]) =>
    runWaypoint(
      [
        'run',
        'grasp',
        grid,
        '--settings',
        '4-none-0',
        '--limit',
        '1',
        '--profile',
        file,
        '--profile-id',
        id,
        '--dry-run',
        '--json',
        ...extra,
      ],
      dir,
    );

  it("the docs' own profile blocks, copied into a file, are accepted for every id they name", async () => {
    const settingsBlock = codeBlocks('docs/models.md', '"waypoint.models"');
    assert.equal(settingsBlock.length, 1, 'docs/models.md shows one waypoint.models block');
    const heredoc = codeBlocks('README.md', "cat > models.json <<'EOF'");
    assert.equal(heredoc.length, 1, 'the README writes one models.json');
    const readmeList = /cat > models\.json <<'EOF'\n([\s\S]*?)\nEOF\n/.exec(heredoc[0])?.[1];
    assert.ok(readmeList);
    for (const [name, block] of [
      ['docs/models.md', settingsBlock[0]],
      ['README.md', readmeList],
    ] as const) {
      const file = join(dir, `${name.replace(/\W/g, '-')}.json`);
      writeFileSync(file, block);
      const ids = idsIn(block);
      assert.ok(ids.length > 0, name);
      for (const id of ids) {
        const found = profileFromFile(block, id);
        assert.ok(found.ok && found.profile.id === id, `${name} '${id}': ${found.ok ? '' : found.problem.message}`);
      }
      // And as a user runs it: the last profile of the block.
      const result = await dryRun(file, ids[ids.length - 1]);
      assert.equal(result.code, 0, `${name}: ${result.stderr}`);
      assert.equal(JSON.parse(result.stdout).questions, 1);
    }
  });

  it('a bare list, {"waypoint.models": [...]} with other settings, the settings lines alone, and JSONC all give the same profile', () => {
    const shapes = [
      JSON.stringify([LOCAL]),
      JSON.stringify({ 'editor.tabSize': 2, 'waypoint.models': [LOCAL], 'waypoint.defaultModel': 'local' }),
      `"waypoint.models": [${JSON.stringify(LOCAL)}]`,
      `// my models\n"waypoint.models": [\n  /* the GGUF of the day */ ${JSON.stringify(LOCAL)},\n],\n`,
      `{\n  "waypoint.models": [\n    ${JSON.stringify(LOCAL)}, // local\n  ],\n}\n`,
      `[\n  ${JSON.stringify(LOCAL)},\n]`,
    ];
    for (const text of shapes) {
      const found = profileFromFile(text, 'local');
      assert.ok(found.ok, `${text}: ${found.ok ? '' : found.problem.message}`);
      assert.deepEqual(found.profile, { ...LOCAL, temperature: 0, maxTokens: 512, timeoutMs: 60_000, retries: 2 });
    }
  });

  it('each problem is named with its line and column', () => {
    const cases: Array<{ text: string; at: [number, number]; message: string }> = [
      // A missing comma between two entries, on line 3.
      {
        text: `[\n  ${JSON.stringify(LOCAL)}\n  {"id": "b", "provider": "oracle"}\n]`,
        at: [3, 3],
        message: "JSON syntax: ',' expected",
      },
      // The settings lines: line 2 of the file, not of the text Waypoint wraps in braces.
      {
        text: `"waypoint.models": [\n  {"id": "local" "provider": "oracle"}\n]`,
        at: [2, 18],
        message: "JSON syntax: ',' expected",
      },
      {
        text: `[\n  {"id": "local", "provider": "openai-compatible", "baseUrl": "http://h/v1", "model": "m",\n   "maxTokens": "512"}\n]`,
        at: [3, 17],
        message: 'profile \'local\': `maxTokens` must be a number, found the string "512"',
      },
      {
        text: `[{"id": "local", "provider": "openai-compatible",\n  "baseURL": "http://h/v1", "model": "m"}]`,
        at: [2, 14],
        message: "profile 'local': `baseURL` is not a profile field (did you mean `baseUrl`?)",
      },
      {
        text: `[{"id": "local", "provider": "openai"}]`,
        at: [1, 30],
        message:
          'profile \'local\': `provider` must be one of "openai-compatible", "oracle", "random"; found the string "openai"',
      },
      {
        text: `[\n  {"id": "local", "provider": "openai-compatible", "model": "m"}\n]`,
        at: [2, 3],
        message:
          "profile 'local' has no \"baseUrl\": an openai-compatible profile needs the server's base URL and the model name",
      },
      {
        text: `[\n  {"id": "local", "provider": "oracle"},\n  {"id": "local", "provider": "random"}\n]`,
        at: [3, 3],
        message: "a second profile with id 'local' (the first is on line 2): ids must be unique",
      },
      {
        text: `{"waypoint.models": [{"id": "gpt-4o", "provider": "oracle"}]}`,
        at: [1, 21],
        message: "no profile with id 'local' (the file has 'gpt-4o')",
      },
      {
        text: `{"id": "local", "provider": "oracle"}`,
        at: [1, 1],
        message:
          'expected a list of model profiles, {"waypoint.models": [...]} or the "waypoint.models": [...] lines of a settings file (one profile: put it in a list, [ {…} ])',
      },
      { text: '\n', at: [1, 1], message: 'the file is empty: expected a list of model profiles' },
    ];
    for (const { text, at, message } of cases) {
      const found = profileFromFile(text, 'local');
      assert.ok(!found.ok, text);
      const { start } = found.problem.range;
      assert.deepEqual([start.line + 1, start.character + 1, found.problem.message], [...at, message], text);
    }
  });

  it('the command line names the file, line and column (exit 1: the input has an error)', async () => {
    const file = join(dir, 'models.json');
    writeFileSync(
      file,
      `// my servers\n"waypoint.models": [\n  {"id": "local", "provider": "openai-compatible", "baseUrl": "http://127.0.0.1:8080", "model": "default",\n   "max_tokens": 64},\n]\n`,
    );
    const result = await dryRun(file, 'local');
    assert.equal(result.code, 1, result.stderr);
    assert.equal(
      result.stderr.trim(),
      `waypoint run: ${file}:4:18: profile 'local': \`max_tokens\` is not a profile field (did you mean \`maxTokens\`?)`,
    );
  });
});
