// What every entry of the `waypoint` executable shares: running one subcommand with failures mapped
// to the contract's exit codes (0 ok, 1 input has errors, 2 usage error), and quiet exits when the
// reader closes stdout early.
import { InputError, UsageError } from './args';
import { stderrLine, stdoutLine } from './output';

export type Subcommand = (
  argv: readonly string[],
  out: (text: string) => void,
  err: (text: string) => void,
) => Promise<number>;

/** Runs `waypoint <name> ...argv`; usage errors exit 2, internal errors 1 (with the stack under --debug). */
export async function runSubcommand(
  name: string,
  subcommand: Subcommand,
  argv: readonly string[],
  debug: boolean,
): Promise<number> {
  try {
    return await subcommand(argv, stdoutLine, stderrLine);
  } catch (error) {
    if (error instanceof UsageError) {
      stderrLine(`waypoint ${name}: ${error.message}`);
      return 2;
    }
    if (error instanceof InputError) {
      stderrLine(`waypoint ${name}: ${error.message}`);
      return 1;
    }
    stderrLine(`waypoint ${name}: internal error: ${error instanceof Error ? error.message : String(error)}`);
    if (debug && error instanceof Error && error.stack) process.stderr.write(`${error.stack}\n`);
    return 1;
  }
}

/** `waypoint ... | head` closes the pipe early: that is the reader's choice, not an error. */
export function exitQuietlyOnEpipe(): void {
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(0);
    throw error;
  });
}
