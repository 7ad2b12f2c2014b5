// `waypoint import <benchmark> <file-or-folder>... --out <run.jsonl>` (runs.md §3): upstream outputs
// become scored run records. One importer per benchmark, each reading its own options.
import { UsageError } from './args';
import { importMango } from './importMango';

type Output = (text: string) => void;
type Importer = (argv: readonly string[], out: Output, err: Output) => Promise<number>;

const importers: Record<string, Importer> = { mango: importMango };

export async function runImport(argv: readonly string[], out: Output, err: Output): Promise<number> {
  const [benchmark, ...rest] = argv;
  const known = Object.keys(importers).join(', ');
  if (benchmark === undefined || benchmark.startsWith('--')) throw new UsageError(`import needs a benchmark (${known})`);
  const importer = importers[benchmark];
  if (!importer) throw new UsageError(`import: no importer for '${benchmark}' (${known})`);
  return importer(rest, out, err);
}
