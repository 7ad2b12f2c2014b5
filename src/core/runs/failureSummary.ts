// Why questions failed, summed up the one way every host says it (`waypoint run`, `batch import`,
// the editor's Run Benchmark, `waypoint report`): grouped by the failure's kind, HTTP status and
// server error type (failureKey), never by the message text. llama-server's overflow messages carry
// the token counts, so twenty identical failures are twenty different texts; grouped by kind they
// are one reason, told with its first message as the example.
import { failureKey, failureLabel } from '../eval/failures';
import type { RecordFailure, RunRecord } from '../eval/types';

/** The failure of a record with `error` written before records kept one: its kind is not known. */
const UNRECORDED: RecordFailure = { kind: 'unrecorded' };

/** One reason questions failed. */
interface FailureGroup {
  /** failureKey of the failure: what "the same reason" means. */
  key: string;
  failure: RecordFailure;
  /** What the failures share, in a few words: `prompt-too-long: HTTP 400 exceed_context_size_error`. */
  label: string;
  count: number;
  /** The first message of the group. */
  example: string;
  /** Whether the messages differed (token counts, ids): then the label says what they share. */
  varied: boolean;
}

/** Failures counted as records arrive, grouped by kind, status and type. */
export class FailureTally {
  private readonly groups = new Map<string, FailureGroup>();

  /** Counts a record's failure; records without `error` are not failures. */
  add(record: Pick<RunRecord, 'error' | 'failure'>): void {
    if (record.error === undefined) return;
    const failure = record.failure ?? UNRECORDED;
    const key = failureKey(failure);
    const group = this.groups.get(key);
    if (!group) {
      this.groups.set(key, {
        key,
        failure: { ...failure },
        label: failureLabel(failure),
        count: 1,
        example: record.error,
        varied: false,
      });
      return;
    }
    group.count++;
    if (record.error !== group.example) group.varied = true;
  }

  get(key: string): FailureGroup | undefined {
    return this.groups.get(key);
  }

  /** The groups, commonest first (ties: first seen first). */
  sorted(): FailureGroup[] {
    return [...this.groups.values()].sort((a, b) => b.count - a.count);
  }
}

/** The failure groups of some records (a report's errored records). */
export function failureGroups(records: Iterable<Pick<RunRecord, 'error' | 'failure'>>): FailureGroup[] {
  const tally = new FailureTally();
  for (const record of records) tally.add(record);
  return tally.sorted();
}

/** One line about a group: `3 questions failed (prompt-too-long: HTTP 400 …), e.g.: <message>`; the label only when the messages differ. */
export function failureGroupLine(group: FailureGroup, what = 'question'): string {
  const many = group.count === 1 ? `1 ${what}` : `${group.count} ${what}s`;
  const shared = group.varied ? ` (${group.label}), e.g.` : '';
  return `${many} failed${shared}: ${group.example}`;
}
