// The protocol is declared once: custom LSP methods only in src/protocol/lsp.ts, webview messages
// only as the zod schemas in src/protocol, and core and protocol kept apart. These are source scans
// (what the compiler cannot see) and checks that the schemas reject what they must.
import { strict as assert } from 'node:assert';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import * as lsp from '../../src/protocol/lsp';
import { boardToHostMessage, hostToBoardMessage } from '../../src/protocol/board';
import { hostToMazeMessage, mazeToHostMessage } from '../../src/protocol/maze';
import { hostToOverviewMessage, overviewToHostMessage } from '../../src/protocol/overview';
import { receiveMessage, useWebviewMessageLog } from '../../src/extension/views/webviewMessages';
import { repoRoot } from '../support/paths';

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sourceFiles(path) : path.endsWith('.ts') ? [path] : [];
  });
}

const src = join(repoRoot, 'src');
const files = sourceFiles(src).map((path) => ({
  path: relative(repoRoot, path).replaceAll('\\', '/'),
  text: readFileSync(path, 'utf8'),
}));
const outsideProtocol = files.filter((file) => !file.path.startsWith('src/protocol/'));
const descriptors = Object.values(lsp as Record<string, unknown>).filter(
  (value): value is lsp.LspRequest<unknown, unknown> | lsp.LspNotification<unknown> =>
    value instanceof lsp.LspRequest || value instanceof lsp.LspNotification,
);

describe('one protocol: LSP methods', () => {
  it('declares every custom method once, in src/protocol/lsp.ts', () => {
    const methods = descriptors.map((descriptor) => descriptor.method);
    // A floor against a silently empty import: 17 since MANGO's Run Question prepares and answers in core (no prepareQuestion/offlineAnswer requests).
    assert.ok(methods.length >= 17, `found only ${methods.length} descriptors`);
    assert.equal(new Set(methods).size, methods.length, 'a method name is declared twice');
  });

  it('names no custom method as a string outside src/protocol', () => {
    const offenders: string[] = [];
    for (const file of outsideProtocol) {
      for (const { method } of descriptors)
        if (
          file.text.includes(`'${method}'`) ||
          file.text.includes(`"${method}"`) ||
          file.text.includes(`\`${method}\``)
        )
          offenders.push(`${file.path}: ${method}`);
      // Any 'waypoint/…' method given to the connection by name, declared or not.
      for (const match of file.text.matchAll(
        /\b(?:sendRequest|onRequest|sendNotification|onNotification)\(\s*['"`]waypoint\//g,
      ))
        offenders.push(`${file.path}: ${match[0]}`);
    }
    assert.deepEqual(offenders, []);
  });

  it('sends and handles custom methods only through the typed adapters', () => {
    // A descriptor handed to a connection directly would be rejected at run time (see lsp.ts).
    const direct = outsideProtocol.flatMap((file) =>
      [
        ...file.text.matchAll(
          /\.(?:sendRequest|onRequest|sendNotification|onNotification)\(\s*(\w+(?:Request|Notification))\b/g,
        ),
      ]
        .filter((match) => match[1] in lsp)
        .map((match) => `${file.path}: ${match[0]}`),
    );
    assert.deepEqual(direct, []);
  });
});

describe('one protocol: layers', () => {
  const importsOf = (text: string) =>
    [...text.matchAll(/^(import|export)(\s+type)?\b[^;]*?from\s+'([^']+)'/gms)].map((match) => ({
      typeOnly: match[2] !== undefined,
      from: match[3],
    }));

  it('core never imports protocol', () => {
    const offenders = files
      .filter(
        (file) =>
          file.path.startsWith('src/core/') && importsOf(file.text).some((entry) => entry.from.includes('protocol')),
      )
      .map((file) => file.path);
    assert.deepEqual(offenders, []);
  });

  it('protocol imports core only for types', () => {
    const offenders = files
      .filter((file) => file.path.startsWith('src/protocol/'))
      .flatMap((file) =>
        importsOf(file.text)
          .filter((entry) => entry.from.includes('/core/') && !entry.typeOnly)
          .map((entry) => `${file.path}: ${entry.from}`),
      );
    assert.deepEqual(offenders, []);
  });

  it('the webview protocols import neither the LSP file nor a language server package', () => {
    const webviewSide = files.filter((file) =>
      [
        'src/protocol/board.ts',
        'src/protocol/maze.ts',
        'src/protocol/overview.ts',
        'src/protocol/webviewMessage.ts',
      ].includes(file.path),
    );
    assert.equal(webviewSide.length, 4);
    for (const file of webviewSide)
      for (const entry of importsOf(file.text))
        assert.ok(!/lsp|vscode-language/.test(entry.from), `${file.path} imports ${entry.from}`);
  });
});

describe('one protocol: webview messages', () => {
  it('rejects malformed messages in every direction', () => {
    const cases: Array<[string, { safeParse(value: unknown): { success: boolean } }, unknown[]]> = [
      [
        'board → host',
        boardToHostMessage,
        [
          null,
          'ready',
          { type: 'frame', index: 1.5 },
          {
            type: 'cellClick',
            x: 1,
            y: 2,
            button: 'middle',
            tool: null,
            modifiers: { shift: false, ctrl: false, alt: false, meta: false },
          },
          { type: 'export', format: 'gif', fileName: 'a', data: '' },
          { type: 'launch' },
        ],
      ],
      [
        'host → board',
        hostToBoardMessage,
        [
          { type: 'scene', title: 't', scene: { kind: 'grid', width: '3', height: 3, cells: [] } },
          { type: 'timeline', timeline: { title: 't', frames: [{ scene: { kind: 'cube' } }] } },
          { type: 'select' },
        ],
      ],
      [
        'maze → host',
        mazeToHostMessage,
        [
          { type: 'revealNode' },
          { type: 'cutoff', step: 'twelve' },
          { type: 'layout', milliseconds: 1, nodes: 2 },
          { type: 'layout', engine: 'dagre', milliseconds: 1, nodes: 2, edges: 3 },
        ],
      ],
      [
        'host → maze',
        hostToMazeMessage,
        [
          { type: 'graph', graph: { nodes: [], edges: {} } },
          { type: 'trajectory', trajectory: { steps: [] } },
          { type: 'highlight', nodes: [1], edges: [] },
          { type: 'stats', stats: null },
          { type: 'layoutEngine', engine: 'dot' },
        ],
      ],
      [
        'overview → host',
        overviewToHostMessage,
        [
          { type: 'revealStep', line: -1 },
          { type: 'revealStep', line: '3' },
        ],
      ],
      [
        'host → overview',
        hostToOverviewMessage,
        [{ type: 'steps', fileName: 'x', steps: 'not a list' }, { type: 'activeStep' }],
      ],
    ];
    for (const [direction, schema, messages] of cases)
      for (const message of messages)
        assert.equal(schema.safeParse(message).success, false, `${direction} accepted ${JSON.stringify(message)}`);
  });

  it('accepts the messages each side sends, typed by the schema', () => {
    const click = boardToHostMessage.parse({
      type: 'cellClick',
      x: 1,
      y: 2,
      button: 'secondary',
      tool: 'wall',
      modifiers: { shift: true, ctrl: false, alt: false, meta: false },
    });
    assert.equal(click.type === 'cellClick' && click.modifiers.shift, true);
    const scene = { kind: 'grid', width: 3, height: 2, cells: [{ x: 0, y: 0, kind: 'wall' }], coordinateSystem: 'xy' };
    const shown = hostToBoardMessage.parse({
      type: 'timeline',
      timeline: { title: 't', frames: [{ scene, action: null }] },
      frame: 0,
    });
    assert.equal(
      shown.type === 'timeline' && shown.timeline.frames[0].scene,
      scene,
      'drawn data is passed through as sent',
    );
    assert.deepEqual(hostToOverviewMessage.parse({ type: 'activeStep', number: null }), {
      type: 'activeStep',
      number: null,
    });
    assert.deepEqual(
      mazeToHostMessage.parse({ type: 'layout', engine: 'compass', milliseconds: 4, nodes: 3, edges: 2 }),
      { type: 'layout', engine: 'compass', milliseconds: 4, nodes: 3, edges: 2 },
    );
    assert.deepEqual(
      mazeToHostMessage.parse({
        type: 'layout',
        engine: 'elk',
        milliseconds: 40,
        engineStartMs: 9,
        nodes: 3,
        edges: 2,
      }),
      { type: 'layout', engine: 'elk', milliseconds: 40, engineStartMs: 9, nodes: 3, edges: 2 },
    );
    assert.deepEqual(hostToMazeMessage.parse({ type: 'layoutEngine', engine: 'elk' }), {
      type: 'layoutEngine',
      engine: 'elk',
    });
  });

  it("the host's handler drops a malformed message and logs why", () => {
    const lines: string[] = [];
    useWebviewMessageLog((line) => lines.push(line));
    try {
      assert.equal(
        receiveMessage(boardToHostMessage, { type: 'cellDrag', from: { x: 1, y: 1 }, to: { x: 'a', y: 2 } }, 'board'),
        undefined,
      );
      assert.equal(receiveMessage(overviewToHostMessage, 'ready', 'walkthrough overview'), undefined);
      assert.deepEqual(receiveMessage(mazeToHostMessage, { type: 'revealEdge', id: '7' }, 'maze'), {
        type: 'revealEdge',
        id: '7',
      });
    } finally {
      useWebviewMessageLog(() => undefined);
    }
    assert.equal(lines.length, 2);
    assert.match(lines[0], /^Ignored a malformed message of type "cellDrag" from the board view at to\.x: /);
    assert.match(lines[1], /from the walkthrough overview view/);
  });
});
