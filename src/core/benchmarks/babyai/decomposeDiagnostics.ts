// Diagnostics on a Decompose reply (ranges in the REPLY text): the <START>…<END> block, each subgoal
// line the released parser rejects, and what the bot did with the accepted list: the subgoal it
// crashed on, the helps it needed and for which line, a mission not achieved.
import type { Diagnostic, Range } from '../../util/text';
import { plural } from '../../util/text';
import {
  BabyAnswerCodes,
  lastNonEmptyLine,
  noMarkerDiagnostic,
  parseFailure,
  type ReplyContext,
  spanRange,
  strippedStart,
} from './answerDiagnostics';
import { extractAnswer, parseSubgoals, SubgoalParseError } from './answers';
import { traceBot, type BotTrace } from './botTrace';
import type { LevelSpec } from './env';
import { type Aborted, type DecomposeScore, isAborted } from './metrics';
import type { SubgoalCall } from './omnibot';
import { DIRECTION_NAMES } from './world';

const START = '<start>\n';
const END = '\n<end>';
const SUBGOAL_NAMES = 'GoNextToSubgoal, OpenSubgoal, CloseSubgoal, DropSubgoal, PickupSubgoal, ExploreSubgoal';

interface DecomposeAnalysis {
  diagnostics: Diagnostic[];
  /** The accepted subgoals, or null when the block does not parse. */
  calls: SubgoalCall[] | null;
  /** The bot executing the accepted subgoals (for the board). */
  trace: BotTrace | null;
}

/** What the released parser says about one line, plus the usual reason in words. */
function lineHint(line: string, error: SubgoalParseError): string {
  const text = line.trim();
  if (text === '') return 'a blank line inside the block is not accepted';
  if (/^\d+\s*[.)]/.test(text)) return 'numbering is not accepted; write one "(Subgoal)" per line';
  if (/^\(?\s*\w+\s*\(/.test(text)) return 'put a comma between the name and the position: (GoNextToSubgoal, (x,y))';
  if (error.message.startsWith('Unknown subgoal type')) return `${error.message}; the names are ${SUBGOAL_NAMES}`;
  return error.message;
}

/** Lines of the stripped block with their offsets in the reply. */
function blockLines(
  block: string,
  blockStart: number,
): Array<{ text: string; start: number; contentStart: number; contentEnd: number }> {
  const lines: Array<{ text: string; start: number; contentStart: number; contentEnd: number }> = [];
  let offset = blockStart;
  for (const text of block.split('\n')) {
    const lead = (/^\s*/.exec(text) as RegExpExecArray)[0].length;
    const content = text.replace(/^\s+|\s+$/g, '');
    lines.push({
      text,
      start: offset,
      contentStart: offset + (content ? lead : 0),
      contentEnd: offset + (content ? lead + content.length : 0),
    });
    offset += text.length + 1;
  }
  return lines;
}

/** Where the block's diagnostics go: the whole block, or one of its lines. */
interface BlockRanges {
  block: Range;
  line(index: number): Range;
}

/** Decompose: block markers, subgoal syntax per line, then the bot's run of the accepted subgoals. */
export function decomposeDiagnostics(
  context: ReplyContext,
  spec: LevelSpec,
  score: DecomposeScore | Aborted,
): DecomposeAnalysis {
  const { reply, mode } = context;
  const lower = reply.toLowerCase();
  const start = lower.indexOf(START);
  if (start < 0) {
    const nearMisses = [
      {
        text: '<start>',
        why: '"<START>" must be followed directly by a line break ("\\n"; a "\\r\\n" or a space does not match)',
      },
    ];
    return { diagnostics: [noMarkerDiagnostic(context, '<START>', nearMisses)], calls: null, trace: null };
  }
  const diagnostics: Diagnostic[] = [];
  const blockOpen = start + START.length;
  if (lower.indexOf(END) < 0) diagnostics.push(noEndDiagnostic(context));
  const block = extractAnswer(reply, 'decompose', mode);
  const blockStart = block ? strippedStart(reply, blockOpen) : blockOpen;
  const lines = blockLines(block, blockStart);
  const ranges: BlockRanges = {
    block: block ? spanRange(context, blockStart, blockStart + block.length) : spanRange(context, start, blockOpen - 1),
    line: (index) => spanRange(context, lines[index].contentStart, lines[index].contentEnd),
  };
  const calls = parseLines(context, block, lines, ranges, diagnostics);
  if (calls === null) return { diagnostics, calls: null, trace: null };

  const trace = traceBot(spec, calls);
  diagnostics.push(...botRunDiagnostics(spec, trace, mode, lines.length, ranges));
  if (isAborted(score)) {
    // The model's run went through, so the abort comes from max_help: the fresh expert crashed,
    // or it pushed nothing and the released ACI divides by zero.
    const why = score.aborted.startsWith('ZeroDivisionError')
      ? 'max_help is 0 and the released ACI divides by it'
      : 'the fresh expert that computes max_help fails on this level';
    if (!trace.error)
      diagnostics.push({
        severity: 'error',
        code: BabyAnswerCodes.expertError,
        message: `The reference run aborts and records no score: ${score.aborted} (${why}).`,
        range: ranges.block,
      });
    return { diagnostics, calls, trace };
  }
  diagnostics.push(...helpDiagnostics(trace, score, mode, ranges));
  return { diagnostics, calls, trace };
}

function noEndDiagnostic(context: ReplyContext): Diagnostic {
  const { reply, mode } = context;
  const dropped = reply.slice(-1);
  const message =
    mode === 'reference'
      ? `No "<END>" on a line of its own after the block: the released parser then drops the reply's last character (${JSON.stringify(dropped)}).`
      : 'No "<END>" on a line of its own after the block: faithful mode takes the block to the end of the reply.';
  return {
    severity: mode === 'reference' ? 'warning' : 'information',
    code: BabyAnswerCodes.noEndMarker,
    message,
    range: lastNonEmptyLine(context),
  };
}

/**
 * Each line on its own through the released parser, so every bad line is reported, not only the
 * first: the accepted subgoals, or null (and a diagnostic per bad line) when any line is rejected.
 */
function parseLines(
  context: ReplyContext,
  block: string,
  lines: ReturnType<typeof blockLines>,
  ranges: BlockRanges,
  diagnostics: Diagnostic[],
): SubgoalCall[] | null {
  const calls: SubgoalCall[] = [];
  let syntaxErrors = 0;
  for (const [index, line] of lines.entries()) {
    try {
      calls.push(...parseSubgoals(line.text));
    } catch (error) {
      if (!(error instanceof SubgoalParseError)) throw error;
      syntaxErrors++;
      const what =
        block === ''
          ? 'The block between <START> and <END> is empty'
          : `Subgoal line ${index + 1} is not accepted: ${lineHint(line.text, error)}`;
      diagnostics.push({
        severity: 'error',
        code: BabyAnswerCodes.subgoalSyntax,
        message: `${what}; ${parseFailure(context.mode)}.`,
        range: block === '' ? ranges.block : ranges.line(index),
      });
    }
  }
  return syntaxErrors > 0 ? null : calls;
}

/** How the bot's run of the accepted subgoals ended: a crash, an unachieved mission, or subgoals it never reached. */
function botRunDiagnostics(
  spec: LevelSpec,
  trace: BotTrace,
  mode: ReplyContext['mode'],
  lineCount: number,
  ranges: BlockRanges,
): Diagnostic[] {
  const [x, y] = trace.final.pos;
  const ending = `the agent ends at (${x}, ${y}) facing ${DIRECTION_NAMES[trace.final.dir]}`;
  if (trace.error) {
    const unreachable =
      trace.error.message === 'nothing left to explore'
        ? ' (its target cannot be reached: no path, and no closed door left to open)'
        : '';
    const consequence =
      mode === 'reference'
        ? 'the reference run crashes and records no score'
        : 'faithful mode scores CR = PR = ACI = 0';
    const onLine = trace.errorOwner !== null;
    return [
      {
        severity: 'error',
        code: BabyAnswerCodes.botError,
        message: `The bot fails ${onLine ? 'while executing this subgoal' : 'on these subgoals'} after ${plural(trace.steps.length, 'action')}: ${trace.error.kind}: ${trace.error.message}${unreachable}; ${consequence}.`,
        range: onLine ? ranges.line(trace.errorOwner as number) : ranges.block,
      },
    ];
  }
  if (!trace.done) {
    const why = trace.truncated
      ? `the episode is truncated at max_steps after ${plural(trace.steps.length, 'action')}`
      : `the bot runs out of subgoals after ${plural(trace.steps.length, 'action')}`;
    return [
      {
        severity: 'error',
        code: BabyAnswerCodes.notDone,
        message: `The mission '${spec.mission}' is not achieved: ${why}; ${ending}.`,
        range: ranges.block,
      },
    ];
  }
  const unused: Diagnostic[] = [];
  for (let index = 0; index < lineCount; index++)
    if (!trace.reached.has(index))
      unused.push({
        severity: 'information',
        code: BabyAnswerCodes.unusedSubgoal,
        message: 'Never executed: the mission was achieved before this subgoal.',
        range: ranges.line(index),
      });
  return unused;
}

/** The subgoals the bot pushed of its own, per model line, and the help count against max_help. */
function helpDiagnostics(
  trace: BotTrace,
  score: DecomposeScore,
  mode: ReplyContext['mode'],
  ranges: BlockRanges,
): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  const byOwner = new Map<number, string[]>();
  for (const help of trace.helps)
    if (help.owner !== null) byOwner.set(help.owner, [...(byOwner.get(help.owner) ?? []), help.subgoal]);
  for (const [owner, pushed] of byOwner) {
    const shown = pushed.slice(0, 4).join(', ') + (pushed.length > 4 ? `, … (${pushed.length - 4} more)` : '');
    diagnostics.push({
      severity: 'information',
      code: BabyAnswerCodes.subgoalHelp,
      message: `The bot pushed ${plural(pushed.length, 'subgoal')} of its own while executing this one: ${shown}.`,
      range: ranges.line(owner),
    });
  }
  if (score.help > 0) {
    const aci =
      mode === 'faithful'
        ? `ACI counts it against K = ${score.k}`
        : `ACI = (max_help − help) / max_help = ${score.ACI.toFixed(2)}`;
    diagnostics.push({
      severity: 'information',
      code: BabyAnswerCodes.help,
      message: `Help ${score.help} vs max_help ${score.max_help} (the expert's own pushes from scratch): PR needs help 0; ${aci}.`,
      range: ranges.block,
      data: { help: score.help, max_help: score.max_help },
    });
  }
  return diagnostics;
}
