// `waypoint import inspect <log.eval|log.json>... --out run.jsonl [--json]`: Inspect AI logs back as
// run records (core/runs/inspectImport.ts reads a sample, host/inspectEvalFile.ts the log). A log
// `waypoint export inspect` wrote gives back the records it was made from, line for line; a sample
// without a Waypoint record (a log of another Inspect task) is named with the reason and the
// command exits 1. The run file is written whole or not at all, under its --out lock.
import { OutputFileError, writeOutputAtomically } from '../../host/atomicOutput';
import { InspectLogError, readInspectLog } from '../../host/inspectEvalFile';
import { recordOfSample } from '../../core/runs/inspectImport';
import { describeFsError } from '../../core/util/walk';
import { parseArgs, UsageError } from '../args';

type Output = (text: string) => void;

const SHOWN_PROBLEMS = 10;
const PROGRESS_FROM = 2000;
const PROGRESS_EVERY = 1000;

class NothingImported extends Error {}

// Over 50 lines: one pass that streams every log's samples into the one atomic write, with its tally.
export async function importInspect(argv: readonly string[], out: Output, err: Output): Promise<number> {
  const args = parseArgs(argv, ['json'], ['out']);
  if (args.positionals.length === 0) throw new UsageError('import inspect needs Inspect logs (.eval or .json)');
  const outPath = args.options.get('out');
  if (!outPath) throw new UsageError('import inspect needs --out <run.jsonl>');

  const tally = { records: 0, problems: 0, logs: 0 };
  const encoder = new TextEncoder();
  const problem = (line: string) => {
    if (tally.problems++ < SHOWN_PROBLEMS) err(line);
  };
  try {
    await writeOutputAtomically(
      outPath,
      async (write) => {
        for (const path of args.positionals) {
          let log: Awaited<ReturnType<typeof readInspectLog>>;
          try {
            log = await readInspectLog(path);
          } catch (error) {
            problem(error instanceof InspectLogError ? error.message : `${path}: ${describeFsError(error)}`);
            continue;
          }
          tally.logs++;
          let done = 0;
          let fromLog = 0;
          for (const { where, sample } of log.samples()) {
            const read = recordOfSample(sample, where);
            if (read.ok) {
              write(encoder.encode(`${JSON.stringify(read.record)}\n`));
              tally.records++;
              fromLog++;
            } else problem(read.problem);
            done++;
            if (log.count > PROGRESS_FROM && (done % PROGRESS_EVERY === 0 || done === log.count))
              err(`${path}: ${done}/${log.count} samples`);
          }
          if (log.count === 0)
            problem(`${path}: the log holds no samples (a log written without samples has no answers to import)`);
          else if (fromLog === 0) err(`${path}: no sample could be imported`);
        }
        if (tally.problems > SHOWN_PROBLEMS)
          err(`${tally.problems - SHOWN_PROBLEMS} more samples or logs could not be imported`);
        // Nothing to write: thrown so the temporary file is dropped and a run file of that name stays as it was.
        if (tally.records === 0) throw new NothingImported();
      },
      (line) => err(`waypoint import inspect: ${line}`),
    );
  } catch (error) {
    if (error instanceof NothingImported) return 1;
    if (!(error instanceof OutputFileError)) throw error;
    err(error.message);
    return 1;
  }
  const summary = { records: tally.records, problems: tally.problems, logs: tally.logs, out: outPath };
  if (args.flags.has('json')) out(JSON.stringify(summary));
  else
    out(
      `imported ${tally.records} records from ${tally.logs} Inspect logs into ${outPath} (${tally.problems} samples or logs not imported)`,
    );
  return tally.problems > 0 ? 1 : 0;
}
