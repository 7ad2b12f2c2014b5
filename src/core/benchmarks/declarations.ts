// The built-in benchmarks' declarations (ids, labels, file kinds, run labels) without their
// validators, for hosts that name runs but validate nothing: the extension's activation path
// (the runs view) would otherwise load every benchmark's parsers, ~40 ms. core/benchmarks/index.ts
// registers the full definitions built on these; test/unit/registryHosts.test.ts checks the two
// lists agree.
import { babyaiDeclaration } from './babyai/declaration';
import { graspDeclaration } from './grasp/declaration';
import { mangoDeclaration } from './mango/declaration';
import type { BabyaiQuestion } from './babyai/questionSchema';
import type { GraspQuestion } from './grasp/questionSchema';
import type { MangoQuestion } from './mango/questionSchema';
import type { BenchmarkDeclaration } from '../benchmark/registry';
import type { SmartplayQuestion } from './smartplay/questionSchema';
import { smartplayDeclaration } from './smartplay/declaration';

export const builtInDeclarations: readonly BenchmarkDeclaration[] = [
  mangoDeclaration,
  smartplayDeclaration,
  babyaiDeclaration,
  graspDeclaration,
];

/** A question of one of the built-in benchmarks (hosts that handle the built-ins by name narrow on `benchmark`). */
export type EvalQuestion = MangoQuestion | BabyaiQuestion | GraspQuestion | SmartplayQuestion;

/**
 * The built-in kinds validated on their own, not as members of a MANGO game folder (declared in
 * core/benchmarks/{smartplay,babyai,grasp}/declaration.ts). A registered benchmark's kinds are plain strings;
 * this union types the tests' per-kind tables. Their names are matched by
 * core/benchmark/standaloneValidation.ts's standaloneKindOf, over the registry.
 */
export type StandaloneKind =
  | 'smartplay-episode'
  | 'babyai-level'
  | 'babyai-records'
  | 'grasp-grids'
  | 'grasp-results'
  | 'grasp-baseline-results';
