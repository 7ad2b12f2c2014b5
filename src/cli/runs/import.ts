// `waypoint import <benchmark> <file-or-folder>... --out run.jsonl ...` (runs.md §3): upstream
// outputs become scored run records. A dispatcher by benchmark; each benchmark's importer lives in
// its own module (importGrasp.ts, ...) with its own options.
import { runImportGrasp } from '../grasp/import';
import { importMango } from '../mango/import';
import { importInspect } from './importInspect';
import { IMPORT_USAGE, runImporter, type Importer } from './importUsage';

type Output = (text: string) => void;

const importers: Record<string, Importer> = { mango: importMango, grasp: runImportGrasp, inspect: importInspect };

/** Runs `waypoint import <benchmark> ...`; returns the exit code. */
export async function runImport(argv: readonly string[], out: Output, err: Output): Promise<number> {
  const [benchmark, ...rest] = argv;
  const importer = benchmark === undefined ? undefined : importers[benchmark];
  if (!importer) {
    err(
      `waypoint import: ${benchmark === undefined ? 'name a benchmark' : `no importer for '${benchmark}'`} (one of ${Object.keys(importers).join(', ')})`,
    );
    err(IMPORT_USAGE);
    return 2;
  }
  return runImporter(benchmark, importer, rest, out, err);
}
