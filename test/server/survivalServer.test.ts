// Language-server survival (issue 12): deep JSON in every JSON kind, open or on disk beside a
// walkthrough; invalid ranges; seeded storms of random edits across a walkthrough, its edges and a
// GRASP grid file. Afterwards the server still answers, and each document's diagnostics equal
// those a fresh server publishes when it opens the final texts.
import { strict as assert } from 'node:assert';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { seededRandom, type Random } from '../../src/core/util/random';
import { TestLspClient, type PublishedDiagnostics } from '../support/lspClient';
import { applyLspChange, type LspRange } from '../support/lspText';
import { samplesDir } from '../support/paths';
import { WalkthroughStepsRequest } from '../../src/protocol/lsp';

const LEVELS = 3000;
const deep = `${'['.repeat(LEVELS)}${']'.repeat(LEVELS)}`;

/** The ten JSON kinds by file name (MANGO members inside a game folder), with their language ids. */
const deepFiles: Array<[string, string]> = [
  ['deep/deep.edges.json', 'json'],
  ['deep/deep.actions.json', 'json'],
  ['deep/deep.locations.json', 'json'],
  ['deep/deep.all2all.jsonl', 'jsonl'],
  ['deep/deep.all_pairs.jsonl', 'jsonl'],
  ['standalone/x.episode.jsonl', 'jsonl'],
  ['standalone/x.level.json', 'json'],
  ['standalone/llm_babybench_x.jsonl', 'jsonl'],
  ['standalone/x.grids.jsonl', 'jsonl'],
  ['standalone/gpt_output.jsonl', 'jsonl'],
];

interface OpenText {
  uri: string;
  languageId: string;
  version: number;
  text: string;
}

/**
 * Resolves once every document's latest published diagnostics are for its current version (a
 * condition, with a generous cap), and then nothing more is published for `quietMs`.
 */
async function settle(client: TestLspClient, documents: readonly OpenText[], quietMs = 400): Promise<void> {
  const current = () =>
    documents.every((document) => lastPublished(client, document.uri)?.version === document.version);
  for (const cap = Date.now() + 120_000; !current() && Date.now() < cap; )
    await new Promise((resolve) => setTimeout(resolve, 20));
  let seen = -1;
  while (seen !== client.published.length) {
    seen = client.published.length;
    await new Promise((resolve) => setTimeout(resolve, quietMs));
  }
}

function lastPublished(client: TestLspClient, uri: string): PublishedDiagnostics | undefined {
  for (let index = client.published.length - 1; index >= 0; index--)
    if (client.published[index].uri === uri) return client.published[index];
  return undefined;
}

/** Diagnostics in a comparable order (the server's order within a file is not part of the contract). */
function comparable(published: PublishedDiagnostics | undefined) {
  return (published?.diagnostics ?? [])
    .map(({ code, message, severity, range }) => ({ code, message, severity, range }))
    .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
}

/** A random edit: pieces that matter to the parsers, line ends of every kind, any kind of range. */
function randomChange(random: Random, text: string): { range: LspRange; text: string } {
  const lineCount = text.split(/\r\n|\r|\n/).length;
  const position = () => {
    if (random.next() < 0.05) return { line: random.integer(-2, lineCount + 5), character: random.integer(-2, 200) };
    return { line: random.integer(0, lineCount - 1), character: random.integer(0, 60) };
  };
  const pieces = [
    '\r',
    '\n',
    '\r\n',
    '===========',
    '==>STEP NUM: 3',
    '==>ACT: ',
    '==>ACT: north',
    '==>OBSERVATION: Quay',
    '{',
    '}',
    '[',
    ']',
    '"',
    ',',
    ':',
    '"src_node": "quay"',
    '9999',
    ' ',
    'x',
  ];
  const inserted = Array.from({ length: random.integer(0, 3) }, () => random.choice(pieces)).join('');
  // Mostly short edits near one place, as typing makes; sometimes a reversed or long range.
  const start = position();
  const end =
    random.next() < 0.7 ? { line: start.line, character: start.character + random.integer(0, 3) } : position();
  return { range: random.next() < 0.15 ? { start: end, end: start } : { start, end }, text: inserted };
}

describe('language server: survival', function () {
  let client: TestLspClient;
  let workspace: string;

  before(async () => {
    workspace = mkdtempSync(join(tmpdir(), 'waypoint-survival-'));
    cpSync(join(samplesDir, 'mango', 'lighthouse'), join(workspace, 'lighthouse'), { recursive: true });
    cpSync(join(samplesDir, 'grasp'), join(workspace, 'grasp'), { recursive: true });
    mkdirSync(join(workspace, 'deep'));
    mkdirSync(join(workspace, 'standalone'));
    // A walkthrough whose sibling edges.json on disk is nested 3,000 levels deep.
    mkdirSync(join(workspace, 'sibling'));
    cpSync(
      join(samplesDir, 'mango', 'lighthouse', 'lighthouse.walkthrough'),
      join(workspace, 'sibling', 'sibling.walkthrough'),
    );
    writeFileSync(join(workspace, 'sibling', 'sibling.edges.json'), deep);
    client = new TestLspClient();
    await client.initialize(workspace);
  });
  after(() => client.dispose());

  const uriOf = (relative: string) => pathToFileURL(join(workspace, relative)).toString();

  it('reports deep JSON in each of the ten JSON kinds as a located json/too-deep error', async () => {
    for (const [relative, languageId] of deepFiles) {
      const uri = uriOf(relative);
      const published = client.nextDiagnostics(uri, (p) => p.diagnostics.length > 0);
      await client.connection.sendNotification('textDocument/didOpen', {
        textDocument: { uri, languageId, version: 1, text: `\n${deep}\n` },
      });
      const { diagnostics } = await published;
      const tooDeep = diagnostics.filter((d) => d.code === 'json/too-deep');
      assert.equal(tooDeep.length, 1, `${relative}: ${JSON.stringify(diagnostics.map((d) => d.code))}`);
      assert.deepEqual(tooDeep[0].range.start, { line: 1, character: 256 }, relative);
    }
  });

  it('survives a walkthrough whose edges.json on disk is that deep, and shows it there', async () => {
    const uri = uriOf('sibling/sibling.walkthrough');
    const edges = client.nextDiagnostics(uriOf('sibling/sibling.edges.json'));
    const walkthrough = client.nextDiagnostics(uri);
    await client.connection.sendNotification('textDocument/didOpen', {
      textDocument: {
        uri,
        languageId: 'mango-walkthrough',
        version: 1,
        text: readFileSync(join(workspace, 'sibling', 'sibling.walkthrough'), 'utf8'),
      },
    });
    assert.deepEqual((await walkthrough).diagnostics, []);
    assert.deepEqual(
      (await edges).diagnostics.map((d) => [d.code, d.range.start]),
      [['json/too-deep', { line: 0, character: 256 }]],
    );
    const symbols = (await client.connection.sendRequest('textDocument/documentSymbol', {
      textDocument: { uri },
    })) as unknown[];
    assert.equal(symbols.length, 40);
  });

  it('turns an unexpected failure into a located waypoint/internal error and keeps serving', async () => {
    // A client bug: a document without text. Checking it throws inside the game's validation.
    const uri = uriOf('broken/broken.edges.json');
    const published = client.nextDiagnostics(uri);
    await client.connection.sendNotification('textDocument/didOpen', {
      textDocument: { uri, languageId: 'json', version: 1, text: null },
    });
    const { diagnostics } = await published;
    assert.deepEqual(
      diagnostics.map((d) => [d.code, d.severity, d.range.start]),
      [['waypoint/internal', 1, { line: 0, character: 0 }]],
    );
    assert.match(diagnostics[0].message, /TypeError/);
    const symbols = await client.connection.sendRequest('textDocument/documentSymbol', {
      textDocument: { uri: uriOf('sibling/sibling.walkthrough') },
    });
    assert.equal((symbols as unknown[]).length, 40);
  });

  it('after invalid ranges and seeded edit storms, diagnostics equal a fresh open of the final texts', async () => {
    const documents: OpenText[] = [
      {
        uri: uriOf('lighthouse/lighthouse.walkthrough'),
        languageId: 'mango-walkthrough',
        version: 1,
        text: readFileSync(join(workspace, 'lighthouse', 'lighthouse.walkthrough'), 'utf8'),
      },
      // Not 'json': VS Code's JSON service would report syntax itself, and the server leaves it out.
      {
        uri: uriOf('lighthouse/lighthouse.edges.json'),
        languageId: 'plaintext',
        version: 1,
        text: readFileSync(join(workspace, 'lighthouse', 'lighthouse.edges.json'), 'utf8'),
      },
      {
        uri: uriOf('grasp/inner_cluster_free.jsonl'),
        languageId: 'jsonl',
        version: 1,
        text: readFileSync(join(workspace, 'grasp', 'inner_cluster_free.jsonl'), 'utf8'),
      },
    ];
    for (const document of documents) {
      await client.connection.sendNotification('textDocument/didOpen', {
        textDocument: { uri: document.uri, languageId: document.languageId, version: 1, text: document.text },
      });
    }
    const send = async (document: OpenText, changes: Array<{ range: LspRange; text: string }>) => {
      document.version++;
      for (const change of changes) document.text = applyLspChange(document.text, change.range, change.text);
      await client.connection.sendNotification('textDocument/didChange', {
        textDocument: { uri: document.uri, version: document.version },
        contentChanges: changes,
      });
    };
    // Invalid ranges first: reversed, negative, past the end, in the middle of a "\r\n".
    const walkthrough = documents[0];
    await send(walkthrough, [
      { range: { start: { line: 12, character: 5 }, end: { line: 10, character: 0 } }, text: '==>ACT: \r' },
    ]);
    await send(walkthrough, [
      { range: { start: { line: -3, character: -1 }, end: { line: 0, character: 0 } }, text: 'x\r\n' },
    ]);
    await send(walkthrough, [
      {
        range: { start: { line: 9999, character: 0 }, end: { line: 9999, character: 99 } },
        text: '\r===========\r==>STEP NUM: 40\r',
      },
    ]);
    await send(walkthrough, [
      { range: { start: { line: 0, character: 2 }, end: { line: 0, character: 9999 } }, text: '\n' },
    ]);
    await send(documents[2], [
      { range: { start: { line: 3, character: 400 }, end: { line: 1, character: -7 } }, text: '\r' },
    ]);
    // Then storms: a few hundred edits, several per notification, all files interleaved.
    const random = seededRandom('waypoint-survival');
    for (let round = 0; round < 300; round++) {
      const document = random.choice(documents);
      const changes: Array<{ range: LspRange; text: string }> = [];
      let text = document.text;
      for (let count = random.integer(1, 3); count > 0; count--) {
        const change = randomChange(random, text);
        changes.push(change);
        text = applyLspChange(text, change.range, change.text);
      }
      await send(document, changes);
      if (round % 50 === 0) await new Promise((resolve) => setTimeout(resolve, 60)); // let some validations run mid-storm
    }
    // The server still answers requests.
    const symbols = await client.connection.sendRequest('textDocument/documentSymbol', {
      textDocument: { uri: walkthrough.uri },
    });
    assert.ok(Array.isArray(symbols));
    const steps = await client.request(WalkthroughStepsRequest, { uri: walkthrough.uri });
    assert.equal(steps?.version, walkthrough.version);
    await settle(client, documents);
    const afterStorm = documents.map((document) => lastPublished(client, document.uri));
    for (const [index, document] of documents.entries())
      assert.equal(afterStorm[index]?.version, document.version, `${document.uri} published its final version`);
    // The storm broke things, so the comparison below compares real findings.
    assert.ok(
      afterStorm.every((published) => (published?.diagnostics.length ?? 0) > 0),
      JSON.stringify(afterStorm.map((published) => published?.diagnostics.length)),
    );

    const fresh = new TestLspClient();
    try {
      await fresh.initialize(workspace);
      for (const document of documents) {
        await fresh.connection.sendNotification('textDocument/didOpen', {
          textDocument: {
            uri: document.uri,
            languageId: document.languageId,
            version: document.version,
            text: document.text,
          },
        });
      }
      await settle(fresh, documents);
      for (const [index, document] of documents.entries()) {
        assert.deepEqual(
          comparable(afterStorm[index]),
          comparable(lastPublished(fresh, document.uri)),
          `${document.uri} after the storm`,
        );
      }
    } finally {
      await fresh.dispose();
    }
  });
});
