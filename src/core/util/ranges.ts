// `A-B` (inclusive) or `N` options: GRASP's `--indices`, BabyAI's `--seeds`. One parser so both
// refuse the same things, in particular numbers past 2^53, which Number() would silently round.

/** Parses `A-B` or `N` (non-negative integers); `fail(message)` builds the caller's error (usage error, question option error). */
export function parseInclusiveRange(
  text: string,
  option: string,
  fail: (message: string) => Error,
): { from: number; to: number } {
  const match = /^(\d+)(?:-(\d+))?$/.exec(text.trim());
  if (!match) throw fail(`${option} must be A-B (inclusive) or one non-negative integer, not '${text}'`);
  const from = Number(match[1]);
  const to = match[2] === undefined ? from : Number(match[2]);
  if (!Number.isSafeInteger(from) || !Number.isSafeInteger(to))
    throw fail(`${option} ${text}: the values must be at most ${Number.MAX_SAFE_INTEGER}`);
  if (to < from) throw fail(`${option} ${text}: the range ends before it starts (${to} < ${from})`);
  return { from, to };
}
