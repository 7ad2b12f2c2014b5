// Mark and Unmark as inverses: unmarking a step removes exactly what marking it added, byte for byte,
// and never an edge that was there independently. Runs the server's edit computation directly on
// the sample game and, when present, on real upstream games beside the project.
import { strict as assert } from 'node:assert';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import type { FileKind } from '../../src/core/benchmarks/mango/fileKinds';
import { buildGameModel } from '../../src/core/benchmarks/mango/walkthrough/game';
import { NEVER, type EdgeRecord } from '../../src/core/benchmarks/mango/types';
import type { GameEditResult } from '../../src/protocol/lsp';
import { markMove, unmarkMove } from '../../src/server/mango/annotation';
import { DocumentStore } from '../../src/server/documents';
import type { LoadedGame } from '../../src/server/mango/games';
import { MarkJournal } from '../../src/server/mango/markJournal';
import { edge } from '../support/mangoEdges';
import { samplesDir, sharedDataDir } from '../support/paths';
import { applyTextEdits } from '../support/textEdits';

type Texts = Partial<Record<FileKind, string>>;
const SUFFIXES: ReadonlyArray<[string, FileKind]> = [
  ['.walkthrough', 'mango-walkthrough'],
  ['.edges.json', 'mango-edges'],
  ['.actions.json', 'mango-actions'],
  ['.locations.json', 'mango-locations'],
];
const KEY = '/games/g';

function readGame(directory: string, name: string): Texts {
  const texts: Texts = {};
  for (const [suffix, kind] of SUFFIXES) texts[kind] = readFileSync(join(directory, `${name}${suffix}`), 'utf8');
  return texts;
}

const gameOf = (texts: Texts): LoadedGame => ({
  key: KEY,
  members: [],
  model: buildGameModel(texts),
  texts,
  readFailures: new Map(),
});

/** The texts after applying a server edit (files it creates start empty). */
function applyResult(texts: Texts, result: GameEditResult): Texts {
  const after = { ...texts };
  const changes = (result.edit?.documentChanges ?? []) as Array<{
    textDocument?: { uri: string };
    edits?: Parameters<typeof applyTextEdits>[1];
  }>;
  for (const change of changes) {
    if (!change.textDocument) continue;
    const kind = SUFFIXES.find(([suffix]) => change.textDocument?.uri.endsWith(`g${suffix}`))?.[1];
    assert.ok(kind, change.textDocument.uri);
    after[kind] = applyTextEdits(after[kind] ?? '', change.edits ?? []);
  }
  return after;
}

const edges = (texts: Texts) => JSON.parse(texts['mango-edges'] ?? '[]') as EdgeRecord[];
const store = new DocumentStore();

const games: Array<[string, Texts]> = [
  ['sample lighthouse', readGame(join(samplesDir, 'mango/lighthouse'), 'lighthouse')],
];
for (const name of ['night', '905']) {
  const directory = join(sharedDataDir, 'mango', name);
  if (existsSync(join(directory, `${name}.edges.json`))) games.push([`upstream ${name}`, readGame(directory, name)]);
}

describe('server: Mark and Unmark round-trip', () => {
  for (const [label, original] of games) {
    const model = buildGameModel(original);
    const steps = model.walkthrough?.steps().map((step) => step.number) ?? [];
    const labelled = new Set(edges(original).flatMap((record) => [record.seen_in_forward, record.seen_in_reversed]));
    const freeSteps = steps.filter((step) => !labelled.has(step));
    const locations = model.locations?.names.map((name) => name.value) ?? [];
    const actions = [...(model.actions?.names.map((name) => name.value) ?? []), 'north', 'south', 'up', 'down'];
    const name = fc.oneof(
      { weight: 4, arbitrary: fc.constantFrom(...locations) },
      { weight: 1, arbitrary: fc.constantFrom('new room', 'attic') },
    );
    const move = fc.record({
      step: fc.constantFrom(...freeSteps),
      source: name,
      action: fc.oneof(fc.constantFrom(...actions), fc.constant('enter booth')),
      destination: name,
    });

    it(`${label}: marking moves at unannotated steps and unmarking them in reverse order gives the files back byte for byte`, () => {
      assert.ok(freeSteps.length > 0);
      let marked = 0;
      fc.assert(
        fc.property(fc.array(move, { minLength: 1, maxLength: 3 }), (moves) => {
          const journal = new MarkJournal();
          const history: Texts[] = [];
          let texts = original;
          const doneSteps: number[] = [];
          for (const params of moves) {
            if (doneSteps.includes(params.step)) continue;
            const result = markMove(gameOf(texts), store, { uri: `file://${KEY}.walkthrough`, ...params }, journal);
            if (!result.edit) continue;
            history.push(texts);
            doneSteps.push(params.step);
            texts = applyResult(texts, result);
            marked++;
          }
          for (const step of doneSteps.reverse()) {
            texts = applyResult(
              texts,
              unmarkMove(gameOf(texts), store, { uri: `file://${KEY}.walkthrough`, step }, journal),
            );
            const expected = history.pop();
            for (const [, kind] of SUFFIXES)
              assert.equal(texts[kind], expected?.[kind], `${kind} after unmarking step ${step}`);
          }
        }),
        { seed: 12, numRuns: 150 },
      );
      assert.ok(marked > 100, `only ${marked} marks made an edit`);
    });
  }

  it('unmarking never deletes the opposite edge, which existed before the mark; a journaled mark gives its old labels back', () => {
    const texts: Texts = {
      // b -south-> a is known only in reverse, from a -north-> b at step 3.
      'mango-edges': JSON.stringify([edge('b', 'south', 'a', NEVER, 3), edge('a', 'north', 'b', 3)], null, 4),
      'mango-locations': '["a", "b"]',
      'mango-actions': '["north", "south"]',
    };
    // Step 3 was annotated in an earlier session (no journal): its move goes; the reverse-only edge
    // stays as it was (cleared it would be seen at no step, an error), and the message says so.
    const result = unmarkMove(gameOf(texts), store, { uri: 'x', step: 3 }, new MarkJournal());
    const after = edges(applyResult(texts, result));
    assert.deepEqual(
      after.map((record) => [record.src_node, record.seen_in_forward, record.seen_in_reversed]),
      [['b', NEVER, 3]],
    );
    assert.match(result.message, /'b' —south→ 'a' is known only by reversing it and keeps seen_in_reversed 3/);
    // Marking the same move at step 2 lowers both labels; unmarking step 2 gives back 3, byte for byte.
    const journal = new MarkJournal();
    const marked = applyResult(
      texts,
      markMove(gameOf(texts), store, { uri: 'x', step: 2, source: 'a', action: 'north', destination: 'b' }, journal),
    );
    assert.deepEqual(
      edges(marked).map((record) => [record.seen_in_forward, record.seen_in_reversed]),
      [
        [NEVER, 2],
        [2, NEVER],
      ],
    );
    const unmarked = applyResult(marked, unmarkMove(gameOf(marked), store, { uri: 'x', step: 2 }, journal));
    assert.equal(unmarked['mango-edges'], texts['mango-edges']);
  });

  it('unmarking an edge seen both ways keeps it as reverse-only', () => {
    const texts: Texts = {
      'mango-edges': JSON.stringify([edge('a', 'north', 'b', 4, 6), edge('b', 'south', 'a', 6, 4)], null, 4),
    };
    const after = edges(applyResult(texts, unmarkMove(gameOf(texts), store, { uri: 'x', step: 4 }, new MarkJournal())));
    assert.deepEqual(
      after.map((record) => [record.src_node, record.seen_in_forward, record.seen_in_reversed, record.edge_min_step]),
      [
        ['a', NEVER, 6, 6],
        ['b', 6, NEVER, 6],
      ],
    );
  });
});
