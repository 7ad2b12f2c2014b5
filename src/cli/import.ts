// `waypoint import <benchmark> <file-or-folder>... --out run.jsonl ...` (runs.md §3): upstream
// outputs become scored run records. A dispatcher by benchmark; each benchmark's importer lives in
// its own module (importGrasp.ts, ...) with its own options.
import { UsageError } from './args';
import { runImportGrasp } from './importGrasp';
import { importMango } from './importMango';

type Output = (text: string) => void;
type Importer = (argv: readonly string[], out: Output, err: Output) => Promise<number>;

const importers: Record<string, Importer> = { mango: importMango, grasp: runImportGrasp };

export const IMPORT_USAGE = 'usage: waypoint import <benchmark> <file-or-folder>... --out <run.jsonl> [--grids DIR (grasp)] [--mode ...] [--indices A-B] [--model-name NAME] [--json]';

/** Runs `waypoint import <benchmark> ...`; returns the exit code. */
export async function runImport(argv: readonly string[], out: Output, err: Output): Promise<number> {
  const [benchmark, ...rest] = argv;
  const importer = benchmark === undefined ? undefined : importers[benchmark];
  if (!importer) {
    err(`waypoint import: ${benchmark === undefined ? 'name a benchmark' : `no importer for '${benchmark}'`} (one of ${Object.keys(importers).join(', ')})`);
    err(IMPORT_USAGE);
    return 2;
  }
  try {
    return await importer(rest, out, err);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    err(`waypoint import ${benchmark}: ${error.message}`);
    err(IMPORT_USAGE);
    return 2;
  }
}
