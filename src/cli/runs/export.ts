// `waypoint export <format> ...`: run files in another tool's format. A dispatcher by format; each
// exporter lives in its own module with its own options.
import { UsageError } from '../args';
import { exportInspect } from './exportInspect';
import { exportRecords } from './exportRecords';

type Output = (text: string) => void;
type Exporter = (argv: readonly string[], out: Output, err: Output) => Promise<number>;

const exporters: Record<string, Exporter> = {
  inspect: exportInspect,
  eee: (argv, out, err) => exportRecords('eee', argv, out, err),
  nemo: (argv, out, err) => exportRecords('nemo', argv, out, err),
};

export const EXPORT_USAGE = 'usage: waypoint export inspect|eee|nemo <run.jsonl>... --out DIR [--json]';

/** Runs `waypoint export <format> ...`; returns the exit code. */
export async function runExport(argv: readonly string[], out: Output, err: Output): Promise<number> {
  const [format, ...rest] = argv;
  const exporter = format === undefined ? undefined : exporters[format];
  if (!exporter) {
    err(
      `waypoint export: ${format === undefined ? 'name a format' : `no exporter for '${format}'`} (one of ${Object.keys(exporters).join(', ')})`,
    );
    err(EXPORT_USAGE);
    return 2;
  }
  try {
    return await exporter(rest, out, err);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    err(`waypoint export ${format}: ${error.message}`);
    err(EXPORT_USAGE);
    return 2;
  }
}
