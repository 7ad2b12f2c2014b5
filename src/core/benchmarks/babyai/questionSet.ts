// `waypoint run babyai`'s questions (runs.md §2): one Predict, Plan or Decompose question per
// LLM-BabyBench record of that task and per Waypoint level file, in upstream's prompt strategy,
// each bound to its level so the built-in agents answer and the reply is scored without reading
// the file again. Files that cannot be read and records that do not load are `problems`.
import type { ModelProfile } from '../../eval/types';
import type { BabyaiQuestion } from './questionSchema';
import {
  type PreparedQuestion,
  type QuestionOptionHint,
  type QuestionSet,
  type QuestionSetFiles,
  type QuestionSetOptions,
  QuestionOptionError,
} from '../../benchmark/registry';
import { baseName, describeFsError } from '../../util/walk';
import { builtInBabyaiAnswer } from './builtInAgents';
import { babyaiPlayQuestion, preparedBabyaiEpisode } from './episode';
import { babyaiDeclaration } from './declaration';
import {
  type BabyaiQuestionInput,
  type PreparedBabyaiQuestion,
  prepareBabyaiQuestion,
  scoreBabyaiAnswer,
} from './evaluation';
import type { LevelSpec } from './env';
import { loadLevelFile } from './levelFile';
import { BABY_TASKS, type BabyTask, PROMPT_STRATEGIES, type PromptStrategy, promptConstructionError } from './prompts';
import { type RawRecord, recordFileItems } from './recordFiles';
import { type BabyRecord, loadRecord } from './records';
import type { Diagnostic } from '../../util/text';
import { FileProblems } from '../../util/diagnosticCap';

export const BABYAI_QUESTION_OPTIONS = ['task', 'prompt'] as const;

/** How hosts offer the options (core/runs/optionHints.ts). */
export const BABYAI_QUESTION_OPTION_HINTS: Readonly<
  Record<(typeof BABYAI_QUESTION_OPTIONS)[number], QuestionOptionHint>
> = {
  task: {
    choices: [...BABY_TASKS, 'play'],
    required: true,
    help: 'Predict, Plan, Decompose, or play (the level as an interactive episode)',
  },
  prompt: { choices: PROMPT_STRATEGIES, fallback: 'zero_shot', help: 'the prompt strategy' },
};

const LEVEL_SUFFIX = '.level.json';
const RECORD_EXTENSION = /\.(?:csv|jsonl|ndjson|json)$/i;
const recordKind = babyaiDeclaration.kinds.find((kind) => kind.id === 'babyai-records');

function chosen<T extends string>(name: string, value: string | undefined, allowed: readonly T[], fallback?: T): T {
  if (value === undefined) {
    if (fallback !== undefined) return fallback;
    throw new QuestionOptionError(`babyai needs --${name} ${allowed.join('|')}`);
  }
  if (!(allowed as readonly string[]).includes(value))
    throw new QuestionOptionError(`babyai --${name} must be one of ${allowed.join(', ')}, not '${value}'`);
  return value as T;
}

/** The task and prompt strategy of `options`; QuestionOptionError for a missing task, a bad value or an option babyai has not. */
function babyaiOptions(options: QuestionSetOptions): { task: BabyTask | 'play'; prompt: PromptStrategy } {
  for (const [name, value] of Object.entries(options)) {
    if (value !== undefined && !(BABYAI_QUESTION_OPTIONS as readonly string[]).includes(name))
      throw new QuestionOptionError(`babyai has no --${name} option (it takes --task and --prompt)`);
  }
  return {
    task: chosen<BabyTask | 'play'>('task', options.task, [...BABY_TASKS, 'play']),
    prompt: chosen('prompt', options.prompt, PROMPT_STRATEGIES, 'zero_shot'),
  };
}

/** A BabyAI question for the pipeline, with what it was built from: the editor steps the board on `babyai.spec`. */
interface PreparedBabyaiRun extends PreparedQuestion<BabyaiQuestion> {
  readonly babyai: PreparedBabyaiQuestion;
}

/** The question input of a level file at `path` (its level name is the file's name without `.level.json`); the editor and the question set both build it here. */
export function levelQuestionInput(
  path: string,
  spec: LevelSpec,
  task: BabyTask,
  prompt: PromptStrategy,
): BabyaiQuestionInput {
  return { spec, task, levelName: baseName(path).slice(0, -LEVEL_SUFFIX.length), source: path, record: null, prompt };
}

/**
 * The question input of the `index`th (0-based) record of a record file at `path`, whose level
 * `spec` was built from it. The record's actions are the question's only when the record is of
 * `task` (a record naming no task, which the editor lets the user ask anyway, has none: the expert's are used).
 */
export function recordQuestionInput(
  path: string,
  record: BabyRecord,
  index: number,
  spec: LevelSpec,
  task: BabyTask,
  prompt: PromptStrategy,
): BabyaiQuestionInput {
  const own = record.task === task;
  return {
    spec,
    task,
    levelName: record.levelName || `record ${index + 1}`,
    source: path,
    record: index,
    ...(record.seed !== null ? { seed: record.seed } : {}),
    description: record.description,
    prompt,
    predictActions: own && task === 'predict' ? record.actions : undefined,
    expertActions: own && task === 'plan' ? record.actions : undefined,
  };
}

/** A question bound to its level: prompt, built-in agents (oracle = the OmniBot expert, random = seeded), scoring in faithful or reference mode. */
export function preparedBabyaiQuestion(input: BabyaiQuestionInput): PreparedBabyaiRun {
  const prepared = prepareBabyaiQuestion(input);
  const { task } = prepared.question;
  const strategy = prepared.question.prompt ?? 'zero_shot';
  // Each question mixes its own id into the run's seed, so random answers differ between
  // questions yet repeat for the same seed (seed 0 gives the editor's answer).
  const ownSeed = Number.parseInt(prepared.question.sampleId.slice(0, 8), 16);
  return {
    babyai: prepared,
    question: prepared.question,
    messages: prepared.messages,
    builtInAnswer(profile: ModelProfile, seed: number) {
      if (profile.provider !== 'oracle' && profile.provider !== 'random')
        throw new Error(`BabyAI has no built-in agent for a ${profile.provider} profile`);
      return builtInBabyaiAnswer(prepared, profile.provider, (ownSeed ^ seed) >>> 0);
    },
    score(replyText, mode) {
      if (mode !== 'faithful' && mode !== 'reference')
        throw new QuestionOptionError(`babyai scores in faithful or reference mode, not ${mode}`);
      const result = scoreBabyaiAnswer(prepared, replyText, mode);
      return { parsedAnswer: result.parsedAnswer, scores: result.scores, diagnostics: result.diagnostics };
    },
    promptError: (mode) => promptConstructionError(task, strategy, mode),
  };
}

const join = (folder: string, name: string) => (/[\\/]$/.test(folder) ? `${folder}${name}` : `${folder}/${name}`);
const isBabyaiName = (name: string) => name.toLowerCase().endsWith(LEVEL_SUFFIX) || !!recordKind?.pattern?.test(name);

/** The BabyAI files of a source in name order: a named file as it is, a folder's level and record files (sub-folders included). */
async function sourceFiles(
  source: string,
  files: QuestionSetFiles,
  problems: string[],
  named = true,
): Promise<string[]> {
  let names: string[] | null;
  try {
    names = await files.list(source);
  } catch (error) {
    problems.push(`${source}: ${describeFsError(error)}`);
    return [];
  }
  if (names === null) return named || isBabyaiName(baseName(source)) ? [source] : [];
  const found: string[] = [];
  for (const name of [...names].sort()) {
    if (name.startsWith('.') || name === 'node_modules') continue;
    found.push(...(await sourceFiles(join(source, name), files, problems, false)));
  }
  // A folder the user named with nothing to ask is worth a line; its sub-folders without BabyAI files are not.
  if (found.length === 0 && named)
    problems.push(
      `${source}: no BabyAI level (*.level.json) or LLM-BabyBench record files (llm_babybench*.csv|jsonl|ndjson|json)`,
    );
  return found;
}

const problemLines = (path: string, diagnostics: readonly Diagnostic[]) =>
  diagnostics
    .filter((d) => d.severity === 'error')
    .map((d) => `${path}:${d.range.start.line + 1}:${d.range.start.character + 1}: ${d.message}`);

/** Where problem lines go: a list, or a capped FileProblems. */
type ProblemSink = { push(...lines: string[]): unknown };

/** A question prepared, or a problem at `where` when preparing it fails (the expert that supplies a level's Predict actions crashing). */
function attempt(
  where: string,
  problems: ProblemSink,
  prepare: () => PreparedQuestion<BabyaiQuestion>,
): PreparedQuestion<BabyaiQuestion> | null {
  try {
    return prepare();
  } catch (error) {
    problems.push(
      `${where}: the question cannot be prepared: ${error instanceof Error ? error.message : String(error)}`,
    );
    return null;
  }
}

/** The questions of one level file: one, for `task`; its level name is the file's name. */
function levelQuestions(
  path: string,
  text: string,
  task: BabyTask | 'play',
  prompt: PromptStrategy,
  problems: string[],
): PreparedQuestion<BabyaiQuestion>[] {
  const loaded = loadLevelFile(text);
  const errors = problemLines(path, loaded.diagnostics);
  if (!loaded.spec || errors.length > 0) {
    problems.push(...(errors.length > 0 ? errors : [`${path}: the level cannot be built`]));
    return [];
  }
  const spec = loaded.spec;
  // `--task play`: the level as an interactive episode (episode.ts), one action a turn.
  if (task === 'play') return [preparedBabyaiEpisode(babyaiPlayQuestion(path, null, baseName(path)), spec)];
  const question = attempt(`${path}:1`, problems, () =>
    preparedBabyaiQuestion(levelQuestionInput(path, spec, task, prompt)),
  );
  return question ? [question] : [];
}

/**
 * The questions of one record file: its records of `task`, in file order; records of the other
 * tasks belong to other question sets. Records are read one at a time and problems come in line
 * order, so a file of a million broken lines gives the first problems and a count, in bounded memory.
 */
function recordQuestions(
  path: string,
  text: string,
  task: BabyTask | 'play',
  prompt: PromptStrategy,
  problems: string[],
): PreparedQuestion<BabyaiQuestion>[] {
  const fileProblems = new FileProblems(path, problems);
  const found = { push: (...lines: string[]) => lines.forEach((line) => fileProblems.add(line)) };
  const questions: PreparedQuestion<BabyaiQuestion>[] = [];
  let index = 0;
  for (const item of recordFileItems(baseName(path), text)) {
    if (item.diagnostic) found.push(...problemLines(path, [item.diagnostic]));
    else {
      const question = recordQuestion(path, item.record, index++, task, prompt, found);
      if (question) questions.push(question);
    }
  }
  fileProblems.finish();
  return questions;
}

/** The question of the file's `index`th record, null when it is of another task or has a problem (said in `problems`). */
function recordQuestion(
  path: string,
  raw: RawRecord,
  index: number,
  task: BabyTask | 'play',
  prompt: PromptStrategy,
  problems: ProblemSink,
): PreparedQuestion<BabyaiQuestion> | null {
  const loaded = loadRecord(raw);
  const { record } = loaded;
  // Every record is a level to play; for the other tasks, a record belongs to its own task's set.
  if (task !== 'play' && record.task !== null && record.task !== task) return null;
  const line = raw.range.start.line + 1;
  if (task !== 'play' && record.task === null) {
    problems.push(
      `${path}:${line}:${raw.range.start.character + 1}: the record has none of the columns that name its task (action_sequence, expert_action_sequence, help_count, mission)`,
    );
    return null;
  }
  const errors = problemLines(path, loaded.diagnostics);
  if (!loaded.spec || errors.length > 0) {
    problems.push(
      ...(errors.length > 0
        ? errors
        : [`${path}:${line}:${raw.range.start.character + 1}: the level cannot be built from its env_description`]),
    );
    return null;
  }
  const spec = loaded.spec;
  if (task === 'play')
    return preparedBabyaiEpisode(babyaiPlayQuestion(path, index, record.levelName || baseName(path)), spec);
  return attempt(`${path}:${line}`, problems, () =>
    preparedBabyaiQuestion(recordQuestionInput(path, record, index, spec, task, prompt)),
  );
}

/** babyaiBenchmark.questionSet: every source's level and record files, in source, file and record order. */
export async function babyaiQuestionSet(
  sources: readonly string[],
  options: QuestionSetOptions,
  files: QuestionSetFiles,
): Promise<QuestionSet<BabyaiQuestion>> {
  const { task, prompt } = babyaiOptions(options);
  const problems: string[] = [];
  const questions: PreparedQuestion<BabyaiQuestion>[] = [];
  const seen = new Set<string>();
  for (const source of sources) {
    for (const path of await sourceFiles(source, files, problems)) {
      if (seen.has(path)) continue;
      seen.add(path);
      const isLevel = path.toLowerCase().endsWith(LEVEL_SUFFIX);
      if (!isLevel && !RECORD_EXTENSION.test(path)) {
        problems.push(
          `${path}: not a BabyAI level (*.level.json) or an LLM-BabyBench record file (.csv, .jsonl, .ndjson, .json)`,
        );
        continue;
      }
      let text: string;
      try {
        text = (await files.readText(path)).replace(/^\uFEFF/, '');
      } catch (error) {
        problems.push(`${path}: ${describeFsError(error)}`);
        continue;
      }
      questions.push(
        ...(isLevel
          ? levelQuestions(path, text, task, prompt, problems)
          : recordQuestions(path, text, task, prompt, problems)),
      );
    }
  }
  return { questions, problems };
}
