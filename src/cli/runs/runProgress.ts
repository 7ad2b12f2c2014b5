// The terminal side of `waypoint run` while it asks (runs.md §2): the progress line (a bar on a
// terminal, JSON lines with --progress json) and the lines that say when the run changed its
// concurrency.
import { formatDuration } from '../../core/util/duration';
import { type ConcurrencyChange, concurrencyAdvice } from '../../core/runs/adaptiveConcurrency';
import type { RunProgress } from '../../core/runs/runner';

type Output = (text: string) => void;

/** Changes of the run's concurrency as lines; the advice for a cause is given with its first lowering only. */
function concurrencyNotes(): (change: ConcurrencyChange) => string {
  const advised = new Set<string>();
  return (change) => {
    if (change.cause === null)
      return `waypoint run: concurrency ${change.from}→${change.to} after ${change.successes ?? 'a run of'} answers in a row`;
    const { reason, advice } = concurrencyAdvice(change.cause);
    const first = !advised.has(change.cause.kind);
    advised.add(change.cause.kind);
    return `waypoint run: concurrency ${change.from}→${change.to} after ${reason}${first ? ` (${advice})` : ''}`;
  };
}

/** The cost so far on the progress line: a sum that leaves out requests of unknown cost says it is a lower bound. */
export function costText(progress: Pick<RunProgress, 'costUsd' | 'costUnknown'>): string {
  // No known cost at all: say the cost is unknown rather than print nothing, which reads as free.
  if (!progress.costUsd) return progress.costUnknown > 0 ? `cost unknown (${progress.costUnknown})` : '';
  return progress.costUnknown > 0
    ? `≥ $${progress.costUsd.toFixed(4)} (${progress.costUnknown} of unknown cost)`
    : `$${progress.costUsd.toFixed(4)}`;
}

/** The progress line: a bar on a terminal (redrawn in place), one JSON object a line with --progress json, nothing otherwise; notes (concurrency changes) as lines of their own. */
export function progressWriter(
  style: string | undefined,
  err: Output,
): { update(progress: RunProgress): void; note(change: ConcurrencyChange): void; finish(): void } {
  const stream = process.stderr;
  const concurrencyNote = concurrencyNotes();
  // `event` tells the two kinds of line apart (a concurrency line has no `done`, a progress line no `concurrency_change`).
  if (style === 'json') {
    return {
      update: (progress) => stream.write(`${JSON.stringify({ event: 'progress', ...progress })}\n`),
      note: (change) =>
        stream.write(
          `${JSON.stringify({ event: 'concurrency', concurrency_change: change, message: concurrencyNote(change) })}\n`,
        ),
      finish: () => {},
    };
  }
  if (!stream.isTTY) return { update: () => {}, note: (change) => err(concurrencyNote(change)), finish: () => {} };
  let last = 0;
  let drawn = false;
  return {
    update(progress) {
      const now = Date.now();
      if (progress.done < progress.total && now - last < 100) return;
      last = now;
      const width = 24;
      const filled = progress.total === 0 ? width : Math.round((progress.done / progress.total) * width);
      const rate = progress.rate === null ? '–' : `${progress.rate.toFixed(progress.rate < 10 ? 1 : 0)}/s`;
      const eta = progress.etaSeconds === null ? '' : ` ETA ${formatDuration(progress.etaSeconds)}`;
      const extra = [
        progress.errors ? `${progress.errors} errors` : '',
        progress.cached ? `${progress.cached} cached` : '',
        costText(progress),
      ]
        .filter(Boolean)
        .join(', ');
      stream.write(
        `\r\x1b[2K[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${progress.done}/${progress.total} ${rate}${eta}${extra ? ` (${extra})` : ''}`,
      );
      drawn = true;
    },
    note(change) {
      // Above the bar: the next update redraws it.
      stream.write(`\r\x1b[2K${concurrencyNote(change)}\n`);
      last = 0;
    },
    finish: () => drawn && stream.write('\n'),
  };
}
