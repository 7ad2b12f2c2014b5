// What `waypoint run` says on stderr about how its questions went (runs.md §2): the run file
// counting each record's failure, cut reply and outgrown episode as it is appended, and the lines
// that name the commonest failures, what stopped the run and what to do about it.
import type { Failure } from '../../core/eval/failures';
import { failureLabel } from '../../core/eval/failures';
import type { RunFileAccess } from '../../core/runs/batchRun';
import type { BreakerTrip } from '../../core/runs/circuitBreaker';
import { FailureTally, failureGroupLine } from '../../core/runs/failureSummary';
import { escapeControls } from '../../core/util/text';

type Output = (text: string) => void;

/** Episodes whose chat outgrew the context (records with `episode_error`): how many, and the first one's failure and message. */
export interface OutgrownEpisodes {
  count: number;
  label: string | null;
  example: string | null;
}

/**
 * The run file, counting truncated replies and prompts, episodes that outgrew the context, and each
 * record's failure as it is appended (FailureTally: by kind, HTTP status and server error type,
 * never by message text).
 */
export function countingOutcomes(
  files: RunFileAccess,
  failures: FailureTally,
  truncated: { count: number; contextCount: number },
  outgrown: OutgrownEpisodes,
): RunFileAccess {
  return {
    readText: (path) => files.readText(path),
    async openAppend(path) {
      const sink = await files.openAppend(path);
      return {
        append(record) {
          if (record.truncated) truncated.count++;
          if (record.context_truncated) truncated.contextCount++;
          if (record.episode_error !== undefined && outgrown.count++ === 0) {
            outgrown.example = record.episode_error;
            outgrown.label = record.failure ? failureLabel(record.failure as Failure) : null;
          }
          failures.add(record);
          return sink.append(record);
        },
        close: () => sink.close(),
      };
    },
  };
}

/** The commonest reasons questions failed, one stderr line each: "3 errors" alone does not say what to fix. `except`: a group the caller says otherwise. */
export function reportFailures(failures: FailureTally, outPath: string, err: Output, except?: string): void {
  const groups = failures.sorted().filter((group) => group.key !== except);
  const SHOWN = 5;
  for (const group of groups.slice(0, SHOWN)) err(escapeControls(`${outPath}: ${failureGroupLine(group)}`));
  const rest = groups.slice(SHOWN).reduce((sum, group) => sum + group.count, 0);
  if (rest > 0)
    err(`${outPath}: ${rest} more failed for ${groups.length - SHOWN} other reasons (each record's "error" says why)`);
}

/** What to do about a run the circuit breaker stopped, in the CLI's own options (or the --profile file's fields, when the model came from one). */
function breakerFix(failure: Failure, profileFile: string | undefined): string {
  const baseUrl = profileFile ? `"baseUrl" in ${profileFile}` : '--base-url';
  switch (failure.kind) {
    case 'connection':
      return `start the server, or correct ${baseUrl}`;
    case 'auth':
      // The refusal itself already says where the key goes (cliKeyAdvice).
      return 'correct the key';
    case 'loading':
      return 'wait until the server has loaded its model (llama-server: until /health answers {"status":"ok"}), or raise --timeout-ms';
    case 'template':
      return 'add --message-layout alternate (or "messageLayout": "alternate" in the profile)';
    default:
      // A refused parameter (HTTP 400): the message names the profile field and option to change.
      if (failure.status === 400) return 'change the parameter as the message says';
      return profileFile
        ? `correct "baseUrl" (the API root, often ending in /v1) and "model" in ${profileFile}`
        : 'correct --base-url (the API root, often ending in /v1) and --model';
  }
}

/** Episodes that outgrew the model's context: they are results (the goal not reached), so the run says how many and why. */
export function outgrownMessage(outPath: string, outgrown: OutgrownEpisodes): string {
  const many = outgrown.count === 1 ? '1 episode' : `${outgrown.count} episodes`;
  return `${outPath}: ${many} ended when a turn's chat outgrew the model's context${outgrown.label ? ` (${outgrown.label})` : ''}, e.g.: ${outgrown.example}. Their turns are recorded and scored as played, the goal not reached (the records say "episode_error"; --resume does not ask them again). --history-turns N shows each turn only the last N turns, so episodes fit the context.`;
}

/** The one message of a run the circuit breaker stopped: what failed, the fix, and what --resume will ask. */
export function breakerMessage(
  trip: BreakerTrip,
  notAsked: number,
  failed: number,
  profileFile: string | undefined,
): string {
  const unasked = notAsked === 1 ? '1 question was' : `${notAsked} questions were`;
  return `waypoint run: stopped after ${trip.count} questions in a row failed the same way: ${trip.message} To go on: ${breakerFix(trip.failure, profileFile)}, then run the same command with --resume (${unasked} not asked; the ${failed} that failed are asked again too).`;
}
