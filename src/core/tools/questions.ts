// The question tools (`list_questions`, `oracle`, `score`, `simulate`): a benchmark's question set
// read from the sources as `waypoint run` reads it (the registry's questionSet hook), one question
// picked by sample id, then the same pipeline every run goes through (core/eval/pipeline.ts): the
// built-in oracle, the benchmark's scoring, and its replay hook for the states an answer walks.
// Nothing here names a benchmark; nothing is cached or written.
import type { BoardTimeline } from '../benchmark/board';
import {
  benchmarks,
  findBenchmark,
  type BenchmarkDefinition,
  type PreparedQuestion,
  QuestionOptionError,
  type QuestionSet,
  type ReplayContext,
} from '../benchmark/registry';
import type { ReplySource } from '../eval/engine';
import { answerPrepared } from '../eval/pipeline';
import { BUILT_IN_PROFILES } from '../eval/profiles';
import type { ModelProfile, ModelReply, QuestionBase, RunRecord, ScoringMode } from '../eval/types';
import { stripBom } from '../util/bom';
import { plural } from '../util/text';
import { parentOf, questionFiles, type ToolHost } from './host';
import { argumentError, atStart, locatedLine, ok, type ToolResult } from './result';
import type { ListQuestionsInput, QuestionInput, ScoreInput, SimulateInput } from './schemas';

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** The question set of the input's sources, or the located error saying why there is none. */
async function readQuestionSet(
  input: Pick<QuestionInput, 'benchmark' | 'sources' | 'options'>,
  host: ToolHost,
): Promise<{ definition: BenchmarkDefinition; set: QuestionSet } | ToolResult> {
  const definition = findBenchmark(input.benchmark);
  if (!definition)
    return argumentError(
      'benchmark',
      `unknown benchmark '${input.benchmark}' (known: ${benchmarks()
        .map((known) => known.id)
        .join(', ')})`,
      'tool/unknown-benchmark',
    );
  if (!definition.questionSet) return argumentError('benchmark', `${definition.label} has no question sets`);
  const options = input.options ?? {};
  for (const name of Object.keys(options))
    if (!definition.questionOptions?.includes(name))
      return argumentError(
        `options.${name}`,
        `${definition.label} has no question option '${name}' (its options: ${(definition.questionOptions ?? []).join(', ') || 'none'})`,
      );
  let set: QuestionSet;
  try {
    set = await definition.questionSet(input.sources, options, questionFiles(host));
  } catch (error) {
    if (error instanceof QuestionOptionError) return argumentError('options', error.message);
    throw error;
  }
  if (set.questions.length === 0 && set.problems.length > 0) return problemsError(set.problems);
  return { definition, set };
}

/** Question-set problems (`file: reason`) as located errors at the start of each file. */
function problemsError(problems: readonly string[]): ToolResult {
  const lines = problems.map((problem) => {
    const at = problem.indexOf(': ');
    return at > 0
      ? locatedLine(problem.slice(0, at), atStart('tool/no-questions', problem.slice(at + 2)))
      : locatedLine('arguments.sources', atStart('tool/no-questions', problem));
  });
  return { text: lines.join('\n'), data: { problems: [...problems] }, isError: true };
}

/** One question of the set by sample id, or the located error. */
async function findQuestion(
  input: QuestionInput,
  host: ToolHost,
): Promise<{ definition: BenchmarkDefinition; prepared: PreparedQuestion } | ToolResult> {
  const read = await readQuestionSet(input, host);
  if ('isError' in read) return read;
  const prepared = read.set.questions.find((candidate) => candidate.question.sampleId === input.sampleId);
  if (!prepared)
    return argumentError(
      'sampleId',
      `no question with sample id '${input.sampleId}' in these sources (${plural(read.set.questions.length, 'question')}; list_questions lists them)`,
      'tool/unknown-question',
    );
  return { definition: read.definition, prepared };
}

function labelOf(definition: BenchmarkDefinition, question: QuestionBase): string {
  const label = definition.runLabel?.(question);
  return label ? `${label.group}: ${label.label}` : question.sampleId;
}

/** The scoring mode asked for, or the benchmark's first; a mode it has not is a located error. */
function modeOf(definition: BenchmarkDefinition, mode: string | undefined): ScoringMode | ToolResult {
  const modes = definition.scoringModes ?? ['faithful'];
  if (mode === undefined) return modes[0];
  if (!(modes as readonly string[]).includes(mode))
    return argumentError('mode', `${definition.label} scores in ${modes.join(', ')}, not '${mode}'`);
  return mode as ScoringMode;
}

export async function listQuestionsTool(input: ListQuestionsInput, host: ToolHost): Promise<ToolResult> {
  const read = await readQuestionSet(input, host);
  if ('isError' in read) return read;
  const { definition, set } = read;
  const offset = input.offset ?? 0;
  const shown = set.questions.slice(offset, offset + (input.limit ?? 50));
  const questions = shown.map(({ question, play }) => ({
    sampleId: question.sampleId,
    label: labelOf(definition, question),
    turns: play ? 'episode' : 'single',
  }));
  const lines = questions.map((question) => `${question.sampleId}  ${question.label}`);
  lines.push(
    `${plural(set.questions.length, 'question')}${shown.length < set.questions.length ? `, ${offset + 1}–${offset + shown.length} shown (offset, limit page on)` : ''}`,
  );
  for (const problem of set.problems) lines.push(`problem: ${problem}`);
  return ok(lines.join('\n'), {
    total: set.questions.length,
    offset,
    questions,
    problems: set.problems,
    scoringModes: definition.scoringModes ?? ['faithful'],
  });
}

const ORACLE = BUILT_IN_PROFILES.find((profile) => profile.id === 'oracle') as ModelProfile;

export async function oracleTool(input: QuestionInput, host: ToolHost): Promise<ToolResult> {
  const found = await findQuestion(input, host);
  if ('isError' in found) return found;
  const { definition, prepared } = found;
  if (!prepared.builtInAnswer)
    return argumentError('sampleId', `${definition.label} has no oracle for this question`, 'tool/no-oracle');
  const mode = modeOf(definition, undefined) as ScoringMode;
  const { record } = await answerPrepared(prepared, ORACLE, definition.label, { mode });
  return ok(`${record.rawAnswer}\n\nscores (${mode}): ${JSON.stringify(record.scores)}`, {
    sampleId: prepared.question.sampleId,
    answer: record.rawAnswer,
    mode,
    scores: record.scores,
  });
}

export async function scoreTool(input: ScoreInput, host: ToolHost): Promise<ToolResult> {
  const found = await findQuestion(input, host);
  if ('isError' in found) return found;
  const { definition, prepared } = found;
  const mode = modeOf(definition, input.mode);
  if (typeof mode !== 'string') return mode;
  if (prepared.play)
    return argumentError('sampleId', 'this question is an episode, played turn by turn: use simulate with actions');
  const scored = prepared.score(input.answer, mode);
  // Reply diagnostics are located on the answer text: `answer:line:col`.
  const lines = [
    `mode: ${mode}`,
    `scores: ${JSON.stringify(scored.scores)}`,
    ...scored.diagnostics.map((diagnostic) => locatedLine('answer', diagnostic)),
  ];
  return ok(lines.join('\n'), {
    mode,
    scores: scored.scores,
    parsedAnswer: scored.parsedAnswer,
    diagnostics: scored.diagnostics,
  });
}

/** Replies from the call's arguments: the answer once, or one action a turn (the episode stops when they run out). */
function scriptedSource(replies: readonly string[]): ReplySource {
  let next = 0;
  return {
    async reply(): Promise<ModelReply> {
      const text = replies[Math.min(next++, replies.length - 1)] ?? '';
      return { text, promptTokens: null, completionTokens: null, latencyMs: 0, cached: false };
    },
  };
}

export interface Simulation {
  readonly record: RunRecord;
  readonly timeline: BoardTimeline | null;
  /** Why there is no timeline. */
  readonly note: string | null;
}

/** The input's answer (or actions) through the pipeline, then the benchmark's replay: the states it walks. */
export async function simulate(
  input: SimulateInput,
  host: ToolHost,
): Promise<{ definition: BenchmarkDefinition; simulation: Simulation } | ToolResult> {
  const found = await findQuestion(input, host);
  if ('isError' in found) return found;
  const { definition, prepared } = found;
  const mode = modeOf(definition, input.mode);
  if (typeof mode !== 'string') return mode;
  const replies = prepared.play
    ? input.actions
    : input.answer !== undefined
      ? [input.answer]
      : input.actions && [input.actions.join(', ')];
  if (!replies || replies.length === 0)
    return argumentError(
      prepared.play ? 'actions' : 'answer',
      prepared.play ? 'an episode needs actions, one a turn' : 'give the answer to step (or actions)',
    );
  const profile: ModelProfile = { ...ORACLE, id: 'agent-tool', provider: 'openai-compatible' };
  const { record } = await answerPrepared(prepared, profile, definition.label, {
    mode,
    source: scriptedSource(replies),
    ...(prepared.play ? { episode: { maxSteps: replies.length, playerName: 'agent' } } : {}),
  });
  return { definition, simulation: await replayOf(definition, record, input.sources, host) };
}

/** The replay hook run on the sources' files: tried with their parent folder, then the source itself. */
async function replayOf(
  definition: BenchmarkDefinition,
  record: RunRecord,
  sources: readonly string[],
  host: ToolHost,
): Promise<Simulation> {
  if (!definition.replay) return { record, timeline: null, note: `${definition.label} has no replay of answers` };
  const folders = sources.length > 0 ? [parentOf(sources[0]), sources[0]] : ['.'];
  let note = 'no replay';
  for (const folder of folders) {
    try {
      const replayed = await definition.replay(record, replayContext(folder, host));
      if (typeof replayed !== 'string') return { record, timeline: replayed, note: null };
      note = replayed;
    } catch (error) {
      note = `the replay could not be built: ${message(error)}`;
    }
  }
  return { record, timeline: null, note };
}

/** Every folder option a replay may read (`games`, `grids`, `levels`) set to `folder`; files read once. */
function replayContext(folder: string, host: ToolHost): ReplayContext {
  const files = questionFiles(host);
  const made = new Map<string, Promise<unknown>>();
  return {
    sources: { games: folder, grids: folder, levels: folder },
    readText: (path) => files.readText(path),
    async firstFound(_cache, paths, parse) {
      let last = 'no file to look in';
      for (const path of paths) {
        try {
          return parse(stripBom(await files.readText(path)), path);
        } catch (error) {
          last = `${path}: ${message(error)}`;
        }
      }
      return last;
    },
    once<T>(key: string, make: () => Promise<T>) {
      let entry = made.get(key);
      if (!entry) made.set(key, (entry = make()));
      return entry as Promise<T>;
    },
  };
}

export async function simulateTool(input: SimulateInput, host: ToolHost): Promise<ToolResult> {
  const simulated = await simulate(input, host);
  if ('isError' in simulated) return simulated;
  const { record, timeline, note } = simulated.simulation;
  const lines = [`mode: ${record.mode}`, `scores: ${JSON.stringify(record.scores)}`];
  for (const diagnostic of record.diagnostics ?? [])
    lines.push(
      `answer:${diagnostic.line + 1}:${diagnostic.character + 1}: ${diagnostic.severity} ${diagnostic.message} [${diagnostic.code}]`,
    );
  if (timeline) lines.push(`${timeline.title}: ${plural(timeline.frames.length, 'state')}`, ...frameLines(timeline));
  else lines.push(`no states: ${note}`);
  return ok(lines.join('\n'), {
    mode: record.mode,
    scores: record.scores,
    diagnostics: record.diagnostics ?? [],
    timeline,
    ...(note ? { note } : {}),
  });
}

/** One line a state: its action, flags, note and facts, and where the agent is. */
function frameLines(timeline: BoardTimeline): string[] {
  return timeline.frames.map((frame, index) => {
    const parts = [`#${index}`, frame.action === null ? '(start)' : frame.action];
    if (frame.flags?.length) parts.push(`[${frame.flags.join(', ')}]`);
    const scene = frame.scene;
    if (scene.kind === 'grid' && scene.agent)
      parts.push(
        `agent at (${scene.agent.x}, ${scene.agent.y})${scene.agent.dir === undefined ? '' : ` facing ${['east', 'south', 'west', 'north'][scene.agent.dir]}`}`,
      );
    if (scene.kind === 'hanoi') parts.push(`rods ${scene.rods.map((rod) => `[${rod.join(' ')}]`).join(' ')}`);
    if (frame.note) parts.push(`— ${frame.note}`);
    if (frame.facts?.length) parts.push(`(${frame.facts.map((fact) => `${fact.label} ${fact.value}`).join('; ')})`);
    return parts.join(' ');
  });
}
