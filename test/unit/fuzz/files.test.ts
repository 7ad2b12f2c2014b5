// Fuzzing every file validator `waypoint validate` and the language server use (issue 12): the
// MANGO game files validated together as one folder (walkthrough, edges/actions/locations JSON,
// all2all/all_pairs JSONL skeletons) and each standalone kind (BabyAI level and record files, GRASP
// grid and response files, SmartPlay episode logs), on mutated real files and generated garbage.
import fc from 'fast-check';
import type { FileKind } from '../../../src/core/benchmarks/mango/fileKinds';
import { validateText } from '../../../src/core/benchmarks/mango/walkthrough/files';
import { validateGameTexts, type GameTexts } from '../../../src/core/benchmarks/mango/walkthrough/game';
import { validateStandalone } from '../../../src/core/benchmark/standaloneValidation';
// The host registers the built-in benchmarks that validateStandalone asks.
import '../../../src/core/benchmarks';
import type { StandaloneKind } from '../../../src/core/benchmarks/declarations';
import {
  assertDiagnosticsInside,
  corpus,
  fuzz,
  garbage,
  inputs,
  MANGO_KINDS,
  mangoGames,
  mutated,
} from './fuzzSupport';

describe('fuzz: MANGO game folders', () => {
  const games = mangoGames();
  const kinds = MANGO_KINDS.map(([, kind]) => kind as FileKind);

  /** One member of a real game replaced by a mutation of itself or by garbage. */
  const gameCase: fc.Arbitrary<GameTexts> = fc
    .tuple(fc.constantFrom(...games), fc.constantFrom(...kinds), fc.boolean())
    .chain(([game, kind, useGarbage]) => {
      const original = game[kind] ?? '';
      return (useGarbage ? garbage : mutated([original])).map((text) => ({ ...game, [kind]: text }) as GameTexts);
    });

  it('validates a game folder with one mutated or garbage member: no throw, ranges inside', () => {
    fuzz('mango game folder', gameCase, 1800, (texts) => {
      const byKind = validateGameTexts(texts);
      for (const [kind, diagnostics] of byKind) assertDiagnosticsInside(texts[kind] ?? '', diagnostics, kind);
    });
  });

  for (const kind of kinds) {
    const texts = games.map((game) => game[kind]).filter((text): text is string => text !== undefined);
    it(`validates a ${kind} file on its own`, () => {
      fuzz(`${kind} alone`, inputs(texts), 300, (text) =>
        assertDiagnosticsInside(text, validateText(kind, text), kind),
      );
    });
  }
});

describe('fuzz: standalone files', () => {
  const cases: Array<[StandaloneKind, string, (name: string) => boolean]> = [
    ['babyai-level', 'four-rooms.level.json', (name) => name.endsWith('.level.json')],
    ['babyai-records', 'llm-babybench-sample.jsonl', (name) => /^llm[-_]babybench/i.test(name)],
    [
      'grasp-grids',
      'inner_cluster_free.jsonl',
      (name) => /^(inner|outer)_[A-Za-z]+_(free|block)\.jsonl$/.test(name) || name.endsWith('.grids.jsonl'),
    ],
    ['grasp-results', 'model_output.jsonl', (name) => name.endsWith('_output.jsonl')],
    ['smartplay-episode', 'run.episode.jsonl', (name) => name.endsWith('.episode.jsonl')],
  ];
  for (const [kind, fileName, accept] of cases) {
    it(`validates ${kind} files: no throw, ranges inside`, () => {
      const texts = corpus(accept);
      fuzz(kind, inputs(texts), 850, (text) => {
        const diagnostics = validateStandalone(kind, text, `/tmp/${fileName}`);
        if (diagnostics) assertDiagnosticsInside(text, diagnostics, kind);
      });
    });
  }
});
