// The built-in benchmarks. Adding one: a folder under core/ with a benchmark.ts declaring its
// file kinds, validator and hooks (see core/benchmark/registry.ts), and one line below; a built-in also lists
// its light declaration (kinds and run labels) in core/benchmarks/declarations.ts, which the extension's
// activation path reads instead of this module. Hosts import the registry from here, so the
// built-ins are registered before anyone asks for a kind.
import { babyaiBenchmark } from './babyai/benchmark';
import { graspBenchmark } from './grasp/benchmark';
import { mangoBenchmark } from './mango/benchmark';
import { registerBenchmark } from '../benchmark/registry';
import { smartplayBenchmark } from './smartplay/benchmark';

// Order matters only between kinds of the same matching pass (see fileKindOf), where no built-in
// names overlap.
registerBenchmark(mangoBenchmark);
registerBenchmark(smartplayBenchmark);
registerBenchmark(babyaiBenchmark);
registerBenchmark(graspBenchmark);

export {
  benchmarks,
  findBenchmark,
  findKind,
  fileKindOf,
  registerBenchmark,
  type FileKindDeclaration,
} from '../benchmark/registry';
