// `waypoint mcp` through the MCP SDK's own client: the server is spawned as a user's MCP client
// would spawn it (`node dist/cli.js mcp`, stdio), lists the agent tools and answers them with the
// same rules as the CLI, with located errors on bad input.
import { strict as assert } from 'node:assert';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { distDir, repoRoot } from '../support/paths';

interface Called {
  text: string;
  isError: boolean;
  data: Record<string, unknown>;
}

describe('waypoint mcp (MCP SDK client over stdio)', function () {
  let client: Client;

  before(async () => {
    client = new Client({ name: 'waypoint-test', version: '1.0.0' });
    await client.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: [join(distDir, 'cli.js'), 'mcp'],
        cwd: repoRoot,
        stderr: 'pipe',
      }),
    );
  });

  after(async () => {
    await client.close();
  });

  async function call(name: string, args: Record<string, unknown>): Promise<Called> {
    const result = await client.callTool({ name, arguments: args });
    const content = result.content as Array<{ type: string; text: string }>;
    assert.equal(content[0].type, 'text');
    return {
      text: content[0].text,
      isError: result.isError === true,
      data: (result.structuredContent ?? {}) as Record<string, unknown>,
    };
  }

  it('lists the seven tools with object input schemas', async () => {
    const { tools } = await client.listTools();
    assert.deepEqual(
      tools.map((tool) => tool.name),
      ['validate', 'explain', 'list_questions', 'oracle', 'score', 'simulate', 'render'],
    );
    for (const tool of tools) {
      assert.equal(tool.inputSchema.type, 'object', tool.name);
      assert.ok(tool.description && tool.description.length > 20, tool.name);
    }
    const validate = tools.find((tool) => tool.name === 'validate');
    assert.deepEqual(Object.keys(validate?.inputSchema.properties ?? {}), ['path', 'text', 'kind', 'name']);
  });

  it('validates the broken MANGO sample with the CLI’s located lines', async () => {
    const result = await call('validate', { path: 'samples/mango/broken' });
    assert.equal(result.isError, false);
    assert.match(
      result.text,
      /^samples\/mango\/broken\/lighthouse-typos\.edges\.json:15:21: error 'fish markt' is not in locations\.json\. \[mango\/unknown-location\]$/m,
    );
    assert.match(
      result.text,
      /^samples\/mango\/broken\/lighthouse-typos\.walkthrough:29:1: error .* \[walkthrough\/act-missing\]$/m,
    );
    assert.match(result.text, /4 files validated: 7 errors, 2 warnings, 0 skipped\.$/);
    // One member named: its whole game folder is checked, the cross-file problems included.
    const one = await call('validate', { path: 'samples/mango/broken/lighthouse-typos.edges.json' });
    assert.match(one.text, /edges\.json:15:21: error .*\[mango\/unknown-location\]/);
    assert.deepEqual((one.data.summary as { errors: number }).errors, 7);
  });

  it('validates text of a kind, bad JSON located in it', async () => {
    const result = await call('validate', { text: '{"width": 5,\n  "height": }', kind: 'babyai-level' });
    assert.equal(result.isError, false);
    assert.match(result.text, /^goto\.level\.json:2:13: error .*\[json\/syntax\]$/m);
    const named = await call('validate', { text: '{', kind: 'babyai-level', name: 'mine.level.json' });
    assert.match(named.text, /^mine\.level\.json:1:2: error .*\[json\/syntax\]$/m);
  });

  it('answers a missing file, an unknown kind and bad arguments with located errors', async () => {
    const missing = await call('validate', { path: 'samples/nowhere.level.json' });
    assert.equal(missing.isError, true);
    assert.equal(missing.text, 'samples/nowhere.level.json:1:1: error no such file or directory [file/unreadable]');
    const kind = await call('validate', { text: '{}', kind: 'no-such-kind' });
    assert.equal(kind.isError, true);
    assert.match(
      kind.text,
      /^arguments\.kind:1:1: error unknown file kind 'no-such-kind' \(known: .*babyai-level.*\) \[tool\/unknown-kind\]$/,
    );
    const typed = await call('validate', { path: 5 });
    assert.equal(typed.isError, true);
    assert.match(typed.text, /^arguments:1:1: error path: .*string.* \[tool\/bad-argument\]$/);
    const extra = await call('explain', { code: 'mango/duplicate-edge', colour: 'red' });
    assert.equal(extra.isError, true);
    assert.match(extra.text, /colour/);
  });

  it('explains a documented code and refuses an unknown one', async () => {
    const known = await call('explain', { code: 'mango/duplicate-edge' });
    assert.equal(known.isError, false);
    assert.match(known.text, /^mango\/duplicate-edge \(error\): the same \(src, action, dst\) twice/);
    const answer = await call('explain', { code: '[grasp-answer/blocked-by-obstacle]' });
    assert.equal(answer.isError, false);
    assert.match(answer.text, /GRASP/);
    const unknown = await call('explain', { code: 'mango/no-such-code' });
    assert.equal(unknown.isError, true);
    assert.match(
      unknown.text,
      /^arguments\.code:1:1: error unknown diagnostic code 'mango\/no-such-code' \(documented codes like it: mango\/.*\) \[tool\/unknown-code\]$/,
    );
  });

  const grasp = {
    benchmark: 'grasp',
    sources: ['samples/grasp/inner_cluster_free.jsonl'],
    options: { settings: '4-none-0', indices: '0-0' },
  };
  const sampleId = 'inner_cluster_free.jsonl-0-0-0-0';

  it('lists questions, gives the oracle answer and scores answers with the mode named', async () => {
    const listed = await call('list_questions', grasp);
    assert.equal(listed.isError, false);
    assert.match(listed.text, new RegExp(`^${sampleId.replace(/\./g, '\\.')}  `, 'm'));
    assert.equal(listed.data.total, 1);
    const oracle = await call('oracle', { ...grasp, sampleId });
    assert.equal(oracle.isError, false);
    const answer = oracle.data.answer as string;
    assert.match(answer, /^\[(UP|DOWN|LEFT|RIGHT|TAKE|DROP)(, (UP|DOWN|LEFT|RIGHT|TAKE|DROP))*\]$/);
    const scored = await call('score', { ...grasp, sampleId, answer, mode: 'paper' });
    assert.equal(scored.isError, false);
    assert.match(scored.text, /^mode: paper$/m);
    assert.equal((scored.data.scores as { score: number }).score, (oracle.data.scores as { score: number }).score);
    const blocked = await call('score', { ...grasp, sampleId, answer: 'I would go [UP, UP, UP, UP, UP, UP, UP]' });
    assert.match(blocked.text, /^mode: faithful$/m);
    assert.match(blocked.text, /^answer:1:\d+: \w+ .* \[grasp-answer\/blocked-by-boundary\]$/m);
    const wrongMode = await call('score', { ...grasp, sampleId, answer, mode: 'strict' });
    assert.equal(wrongMode.isError, true);
    assert.match(
      wrongMode.text,
      /^arguments\.mode:1:1: error GRASP scores in faithful, reference, pre2025, paper, not 'strict'/,
    );
    const unknown = await call('score', { ...grasp, sampleId: 'nope', answer });
    assert.equal(unknown.isError, true);
    assert.match(unknown.text, /\[tool\/unknown-question\]$/);
    const missing = await call('list_questions', { ...grasp, sources: ['samples/grasp/missing.jsonl'] });
    assert.equal(missing.isError, true);
    assert.match(missing.text, /^samples\/grasp\/missing\.jsonl:1:1: error .*no such file/);
  });

  it('simulates a BabyAI plan and a SmartPlay episode, returning the states', async () => {
    const level = {
      benchmark: 'babyai',
      sources: ['samples/babyai/goto-red-ball.level.json'],
      options: { task: 'plan' },
    };
    const [question] = (await call('list_questions', level)).data.questions as Array<{ sampleId: string }>;
    const oracle = await call('oracle', { ...level, sampleId: question.sampleId });
    assert.equal(oracle.data.answer, "The LLM's action sequence is: left, forward, forward");
    const simulated = await call('simulate', { ...level, sampleId: question.sampleId, answer: oracle.data.answer });
    assert.equal(simulated.isError, false, simulated.text);
    const timeline = simulated.data.timeline as { frames: Array<{ action: string | null }> };
    assert.deepEqual(
      timeline.frames.map((frame) => frame.action),
      [null, 'left', 'forward', 'forward'],
    );
    assert.equal((simulated.data.scores as { success: boolean }).success, true);
    assert.match(simulated.text, /^#1 left .*agent at \(\d+, \d+\) facing \w+/m);

    const hanoi = { benchmark: 'smartplay', sources: ['Hanoi3Disk'] };
    const [episode] = (await call('list_questions', hanoi)).data.questions as Array<{ sampleId: string }>;
    const played = await call('simulate', { ...hanoi, sampleId: episode.sampleId, actions: ['A', 'B'] });
    assert.equal(played.isError, false, played.text);
    assert.equal((played.data.timeline as { frames: unknown[] }).frames.length, 3);
    const noActions = await call('simulate', { ...hanoi, sampleId: episode.sampleId });
    assert.equal(noActions.isError, true);
    assert.match(noActions.text, /^arguments\.actions:1:1: error an episode needs actions/);
  });

  it('renders a maze, a board file and a simulated state as SVG, writing only to out', async () => {
    const maze = await call('render', { path: 'samples/mango/lighthouse' });
    assert.equal(maze.isError, false, maze.text);
    assert.match(maze.text, /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    assert.match(maze.text, /harbour road/);
    const level = await call('render', { path: 'samples/babyai/goto-red-ball.level.json' });
    assert.equal(level.isError, false, level.text);
    assert.match(level.text, /<polygon /);
    const grid = await call('render', {
      ...grasp,
      sampleId,
      answer: '[LEFT, LEFT, TAKE]',
    });
    assert.equal(grid.isError, false, grid.text);
    assert.match(grid.text, /<title>[^<]*after TAKE<\/title>/);
    const out = join(mkdtempSync(join(tmpdir(), 'waypoint-mcp-')), 'maze.svg');
    const written = await call('render', { path: 'samples/mango/lighthouse', cutoff: 3, out });
    assert.equal(written.isError, false);
    assert.match(readFileSync(out, 'utf8'), /^<svg [^>]*>\n<title>Maze of lighthouse at step 3/);
    const broken = await call('render', { path: 'samples/nowhere' });
    assert.equal(broken.isError, true);
    assert.equal(broken.text, 'samples/nowhere:1:1: error no such file or directory [file/unreadable]');
  });
});
