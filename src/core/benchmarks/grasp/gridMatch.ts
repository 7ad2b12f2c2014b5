// Is this the grid a response row was answered on? A custom_id names only a file name and an index,
// and many folders hold a file of that name (the sample workspace's inner_leftRight_free.jsonl is
// not upstream's), so a row is scored only against a grid the evidence supports:
// - proven: the row's request (Batch request file, o1-mini prompt) embeds exactly this grid text;
// - consistent: the answer names the start cell ("starting position (7,5)") and this grid starts there;
// - contradicted: the request shows another grid, or every start cell the answer names is elsewhere;
// - unknown: no evidence either way (the caller then decides by where the grid file was found).
import type { GraspGridEntry } from './gridFile';

type GridVerdict = 'proven' | 'consistent' | 'contradicted' | 'unknown';

interface GridMatch {
  verdict: GridVerdict;
  /** One sentence saying what was compared, for messages and results. */
  reason: string;
}

interface GridEvidence {
  answer: string;
  /** The user message of the row's request, when a request file has it. */
  requestPrompt?: string | null;
}

const GRID_INTRO = /where A is you, E is energy(?:, O is an obstacle)?:\n/;
const GRID_OUTRO = 'Give your sequence of steps as a list.';

/** The grid text a GRASP prompt embeds (spec §5), or null when the text is not such a prompt. */
export function gridTextOfPrompt(prompt: string): string | null {
  const intro = GRID_INTRO.exec(prompt);
  if (!intro) return null;
  const start = intro.index + intro[0].length;
  const end = prompt.indexOf(GRID_OUTRO, start);
  return end < 0 ? null : prompt.slice(start, end);
}

// "starting position (4,3)", "Start at (7, 5)", "Starting Position: (7,5)", "A is at (5,5)" …
const START_BEFORE =
  /\b(?:start(?:ing)?(?:\s+(?:position|cell|point|location|square))?|initial\s+position)\s*(?:\*\*)?\s*(?:is|was|at|of|:|=|-)?\s*(?:\*\*)?\s*(?:at\s+|cell\s+)?`?\((\d{1,2})\s*,\s*(\d{1,2})\)/gi;
const A_AT = /\bA\b\s+(?:is\s+)?(?:at|located\s+at)\s*`?\((\d{1,2})\s*,\s*(\d{1,2})\)/g;
// … and "(4,3) [Starting Position]", "(5,5) - starting position", "(7,5) (start)"; not
// "(5,3): Start moving", where "start" is a verb.
const START_AFTER =
  /\((\d{1,2})\s*,\s*(\d{1,2})\)`?\s*(?:[-–—([]\s*)*(?:\*\*)?(?:the\s+|your\s+|our\s+)?(?:start(?:ing)?\s+(?:position|cell|point|location)|start\s*[\])])/gi;

/** The cells an answer calls its start, as the two numbers it writes (row, col or x, y). */
export function startMentions(answer: string): Array<{ first: number; second: number; offset: number }> {
  const mentions: Array<{ first: number; second: number; offset: number }> = [];
  for (const pattern of [START_BEFORE, A_AT, START_AFTER]) {
    for (const match of answer.matchAll(pattern))
      mentions.push({ first: Number(match[1]), second: Number(match[2]), offset: match.index });
  }
  return mentions.sort((a, b) => a.offset - b.offset);
}

/** Weighs the evidence that `entry` is the grid a row with this answer (and request) was asked about. */
export function matchGrid(entry: GraspGridEntry, evidence: GridEvidence): GridMatch {
  const gridText = evidence.requestPrompt ? gridTextOfPrompt(evidence.requestPrompt) : null;
  if (gridText !== null) {
    return gridText === entry.record.grid
      ? { verdict: 'proven', reason: "the row's request shows exactly this grid" }
      : { verdict: 'contradicted', reason: "the row's request shows a different grid" };
  }
  const [row, col] = entry.grid.start;
  const mentions = startMentions(evidence.answer);
  if (mentions.length === 0)
    return { verdict: 'unknown', reason: 'the answer names no start cell and no request was found' };
  // Models write (row, col) as the grid is labelled, some (x, y): either orientation agrees.
  const agrees = mentions.filter(
    (mention) => (mention.first === row && mention.second === col) || (mention.first === col && mention.second === row),
  );
  const named = [...new Set(mentions.map((mention) => `(${mention.first},${mention.second})`))].join(', ');
  if (agrees.length > 0)
    return { verdict: 'consistent', reason: `the answer's start cell ${named} is this grid's start (${row},${col})` };
  return { verdict: 'contradicted', reason: `the answer starts at ${named}, but this grid starts at (${row},${col})` };
}

/** The user prompt of the request with this custom_id in a Batch or o1-mini request file's text. */
export function requestPromptFor(requestsText: string, customId: string): string | null {
  // The quoted id, found wherever it sits; the row is then parsed to be sure it is its custom_id.
  const needle = JSON.stringify(customId);
  for (let at = requestsText.indexOf(needle); at >= 0; at = requestsText.indexOf(needle, at + needle.length)) {
    const lineStart = requestsText.lastIndexOf('\n', at) + 1;
    const lineEnd = requestsText.indexOf('\n', at);
    let row: unknown;
    try {
      row = JSON.parse(requestsText.slice(lineStart, lineEnd < 0 ? undefined : lineEnd));
    } catch {
      continue;
    }
    if (typeof row !== 'object' || row === null || (row as { custom_id?: unknown }).custom_id !== customId) continue;
    const { body, prompt } = row as {
      body?: { messages?: Array<{ role?: unknown; content?: unknown }> };
      prompt?: { content?: unknown };
    };
    const user = body?.messages?.find((message) => message.role === 'user')?.content ?? prompt?.content;
    if (typeof user === 'string') return user;
  }
  return null;
}

/** A grid file that could be the one a row names, and how it was found. */
export interface GridCandidate {
  /** Shown in results and messages (workspace-relative where possible). */
  path: string;
  /** True when found by upstream's layout (beside the response file or one folder up), not by a search. */
  layout: boolean;
  /** The record with the row's index, or null when the file has none. */
  entry: GraspGridEntry | null;
}

type GridChoice =
  | { ok: true; candidate: GridCandidate & { entry: GraspGridEntry }; match: GridMatch; summary: string }
  | { ok: false; message: string };

/**
 * Picks the grid to score a row against: one the evidence proves or supports; failing that, one in
 * upstream's folder layout when nothing contradicts it. Never a same-named file found elsewhere on
 * no evidence, and never one the evidence contradicts: then the message says why.
 */
export function chooseGrid(
  customId: string,
  index: number,
  candidates: readonly GridCandidate[],
  evidence: GridEvidence,
): GridChoice {
  if (candidates.length === 0)
    return {
      ok: false,
      message: `no grid file named by ${customId} was found beside the response file, one folder up, or in the workspace`,
    };
  const weighed = candidates.map((candidate) => ({
    candidate,
    match: candidate.entry ? matchGrid(candidate.entry, evidence) : null,
  }));
  const pick = (verdict: GridVerdict, layoutOnly = false) =>
    weighed.find((item) => item.match?.verdict === verdict && (!layoutOnly || item.candidate.layout));
  const chosen = pick('proven') ?? pick('consistent') ?? pick('unknown', true);
  if (chosen?.match && chosen.candidate.entry) {
    const how =
      chosen.match.verdict === 'unknown'
        ? `found by upstream's folder layout; ${chosen.match.reason}`
        : chosen.match.reason;
    return {
      ok: true,
      candidate: chosen.candidate as GridCandidate & { entry: GraspGridEntry },
      match: chosen.match,
      summary: `grid ${chosen.candidate.path} #${index} (${chosen.match.verdict}: ${how})`,
    };
  }
  const reasons = weighed.map(
    ({ candidate, match }) =>
      `${candidate.path}: ${match ? `${match.verdict}, ${match.reason}` : `no record with "index": ${index}`}${match?.verdict === 'unknown' && !candidate.layout ? ' (found by a workspace search, so a same-named file is not trusted without evidence)' : ''}`,
  );
  return {
    ok: false,
    message: `no grid can be proven to be the one ${customId} was answered on: ${reasons.join('; ')}`,
  };
}
