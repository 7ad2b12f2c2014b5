// MANGO (Ding et al. 2024): a game is a folder of release files sharing the `<game>` prefix, and
// they are validated together (cross-file checks), so every kind is a member of the `mango-game`
// group. This module imports no validator and no prompt renderer: core/benchmarks/mango/fileKinds.ts builds on it
// and the extension loads that on its activation path. core/benchmarks/mango/benchmark.ts adds question sets.
import type { MangoQuestion } from './questionSchema';
import type { BenchmarkDeclaration } from '../../benchmark/registry';
import { mangoQuestionSchema } from './questionSchema';

export type MangoKind =
  | 'mango-walkthrough'
  | 'mango-edges'
  | 'mango-actions'
  | 'mango-locations'
  | 'mango-df'
  | 'mango-rf';

/** The folder group MANGO's files belong to. */
const MANGO_GAME_GROUP = 'mango-game';

/** Suffix after `<game>` for each MANGO release file. */
export const mangoSuffixes: ReadonlyArray<readonly [string, MangoKind]> = [
  ['.walkthrough', 'mango-walkthrough'],
  ['.edges.json', 'mango-edges'],
  ['.actions.json', 'mango-actions'],
  ['.locations.json', 'mango-locations'],
  ['.all2all.jsonl', 'mango-df'],
  ['.all_pairs.jsonl', 'mango-rf'],
];

/** JSON schemas published for the kinds (scripts/json-schemas.ts writes them, package.json binds them). */
const schemaIds: Partial<Record<MangoKind, string>> = {
  'mango-edges': 'mango-edges',
  'mango-actions': 'mango-actions',
  'mango-locations': 'mango-locations',
};

export const mangoDeclaration: BenchmarkDeclaration<MangoQuestion> = {
  id: 'mango',
  label: 'MANGO',
  questionSchema: mangoQuestionSchema,
  kinds: mangoSuffixes.map(([suffix, id]) => ({
    id,
    suffixes: [suffix],
    ...(id === 'mango-walkthrough' ? { languageId: 'mango-walkthrough' } : {}),
    ...(schemaIds[id] ? { schemaId: schemaIds[id] } : {}),
    validation: { group: MANGO_GAME_GROUP },
    // Upstream reads the walkthrough with open().read(), which keeps a BOM as a character, and the
    // JSON files with Python's json module, which refuses one.
    upstreamBom: id === 'mango-walkthrough' ? 'keeps' : 'rejects',
    examples: [`zork1${suffix}`],
  })),
  runLabel: (question) => ({
    group: question.game,
    label:
      question.task === 'map'
        ? `MAP ${question.game} at step ${question.cutoff}`
        : `${question.play ? 'PLAY' : question.task.toUpperCase()} ${question.src} → ${question.dst}`,
    documentName: `${question.game}-${question.task}-${question.sampleId.slice(0, 8)}`,
  }),
  // A map counts as a success only when it is the maze exactly (F1 1).
  succeeded: (scores, question) => (question.task === 'map' ? scores.f1 === 1 : scores.success_strict === 1),
  // A run is a walk between rooms: replayed on the game's maze.
  runView: 'maze',
};
