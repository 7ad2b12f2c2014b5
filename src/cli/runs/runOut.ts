// `waypoint run`'s hold on its --out file from the moment it reads it for --resume to its exit: the
// file's lock (host/runFileLock.ts: a second writer is refused, naming the first) and the signals
// that end a run. SIGINT and SIGTERM abandon the requests in flight and let the run end as usual,
// so the last record is whole, the cache's temporary files are gone and the lock is released; a
// second signal exits at once, and the lock goes with the process's 'exit' handler.
import { InputError } from '../args';
import { RunFileLock, RunFileLocked } from '../../host/runFileLock';
import { escapeControls } from '../../core/util/text';

type Signal = 'SIGINT' | 'SIGTERM';

/** Exit codes of a run ended by a signal (128 + its number), as shells report them. */
const SIGNAL_EXIT: Record<Signal, number> = { SIGINT: 130, SIGTERM: 143 };

export class RunOutSession {
  /** The first signal received, if any. */
  signalled: Signal | null = null;
  private readonly handlers: Array<[Signal, () => void]>;

  private constructor(
    private readonly lock: RunFileLock,
    controller: AbortController,
    err: (text: string) => void,
  ) {
    this.handlers = (['SIGINT', 'SIGTERM'] as const).map((signal) => [
      signal,
      () => {
        if (this.signalled) process.exit(SIGNAL_EXIT[this.signalled]);
        this.signalled = signal;
        err(
          signal === 'SIGINT'
            ? 'waypoint run: interrupted; abandoning the requests in flight (Ctrl+C again to quit at once). --resume continues this run.'
            : 'waypoint run: terminated (SIGTERM); abandoning the requests in flight. --resume continues this run.',
        );
        controller.abort();
      },
    ]);
    for (const [signal, handler] of this.handlers) process.on(signal, handler);
  }

  /** Locks `outPath` for this run and takes over SIGINT and SIGTERM; InputError when another process writes it. */
  static open(outPath: string, controller: AbortController, err: (text: string) => void): RunOutSession {
    try {
      return new RunOutSession(
        RunFileLock.acquire(outPath, (line) => err(escapeControls(`waypoint run: ${line}`))),
        controller,
        err,
      );
    } catch (error) {
      if (error instanceof RunFileLocked) throw new InputError(escapeControls(error.message));
      throw error;
    }
  }

  /** The exit code of a run the signal stopped (130 after Ctrl+C). */
  get exitCode(): number {
    return SIGNAL_EXIT[this.signalled ?? 'SIGINT'];
  }

  /** Gives the signals back and releases the lock. */
  close(): void {
    for (const [signal, handler] of this.handlers) process.off(signal, handler);
    this.lock.release();
  }
}
