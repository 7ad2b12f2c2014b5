// What every `waypoint import <benchmark>` shares, in a module of its own so the small bundle of
// `import grasp` (importGraspMain.ts) need not load the other importers.
import { UsageError } from '../args';

type Output = (text: string) => void;
export type Importer = (argv: readonly string[], out: Output, err: Output) => Promise<number>;

export const IMPORT_USAGE =
  'usage: waypoint import <benchmark> <file-or-folder>... --out <run.jsonl> [--grids DIR (grasp)] [--mode ...] [--indices A-B] [--model-name NAME] [--json]; inspect: waypoint import inspect <log.eval|log.json>... --out <run.jsonl> [--json]';

/** Runs one importer; a usage error is its message and the usage line, exit 2. */
export async function runImporter(
  benchmark: string,
  importer: Importer,
  argv: readonly string[],
  out: Output,
  err: Output,
): Promise<number> {
  try {
    return await importer(argv, out, err);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    err(`waypoint import ${benchmark}: ${error.message}`);
    err(IMPORT_USAGE);
    return 2;
  }
}
