// Imported first by every bundle entry (each bundle has its own copy of the registry): makes the
// built-in benchmarks known by their light declarations, enough to read, name and list their run
// records. Entries that validate or run questions also import core/benchmarks (the full
// definitions). This is the one place, with core/benchmarks/index.ts, that lists the built-ins for hosts.
import { builtInDeclarations } from '../core/benchmarks/declarations';
import { declareBenchmarks } from '../core/benchmark/registry';

declareBenchmarks(builtInDeclarations);
