// The built-in benchmarks' declarations (ids, labels, file kinds, run labels) without their
// validators, for hosts that name runs but validate nothing: the extension's activation path
// (the runs view) would otherwise load every benchmark's parsers, ~40 ms. core/benchmarks.ts
// registers the full definitions built on these; test/unit/registryHosts.test.ts checks the two
// lists agree.
import { babyaiDeclaration } from './babyai/declaration';
import { graspDeclaration } from './grasp/declaration';
import { mangoDeclaration } from './mango/declaration';
import type { BabyaiQuestion } from './babyai/questionSchema';
import type { GraspQuestion } from './grasp/questionSchema';
import type { MangoQuestion } from './mango/questionSchema';
import type { BenchmarkDeclaration } from './registry';
import type { SmartplayQuestion } from './smartplay/questionSchema';
import { smartplayDeclaration } from './smartplay/declaration';

export const builtInDeclarations: readonly BenchmarkDeclaration[] = [mangoDeclaration, smartplayDeclaration, babyaiDeclaration, graspDeclaration];

/** A question of one of the built-in benchmarks (hosts that handle the built-ins by name narrow on `benchmark`). */
export type EvalQuestion = MangoQuestion | BabyaiQuestion | GraspQuestion | SmartplayQuestion;
