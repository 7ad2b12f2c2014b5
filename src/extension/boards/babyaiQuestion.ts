// "Waypoint: Run BabyAI Question…": a Predict, Plan or Decompose question on a level file or on an
// LLM-BabyBench record, asked to any model profile (the built-in `oracle` is the OmniBot expert,
// `random` a seeded random agent) with upstream's exact prompt; the answer opens with diagnostics
// on the exact text that went wrong, the run is recorded, and the board steps through what the
// answer makes the agent do.
import * as vscode from 'vscode';
import { showFilteredQuickPick } from '../filteredQuickPick';
import { babyaiTimeline } from '../../core/benchmarks/babyai/boardTimeline';
import {
  prepareBabyaiQuestion,
  scoreBabyaiAnswer,
  type BabyaiQuestionInput,
  type PreparedBabyaiQuestion,
} from '../../core/benchmarks/babyai/evaluation';
import {
  levelQuestionInput,
  preparedBabyaiQuestion,
  recordQuestionInput,
} from '../../core/benchmarks/babyai/questionSet';
import { loadLevelFile } from '../../core/benchmarks/babyai/levelFile';
import { type BabyTask, type PromptStrategy, promptConstructionError } from '../../core/benchmarks/babyai/prompts';
import { readRecordFile, recordAtLine } from '../../core/benchmarks/babyai/recordFiles';
import { loadRecord, type LoadedRecord } from '../../core/benchmarks/babyai/records';
import { runDocumentName } from '../../core/eval/runLabels';
import type { RunRecord } from '../../core/eval/types';
import type { BabyaiQuestion } from '../../core/benchmarks/babyai/questionSchema';
import { pickProfile } from '../eval/profiles';
import { BoardPanel } from './boardPanel';
import { shownPath, type BoardEvalDeps } from './evalDeps';
import { setting } from '../settings';

type Mode = 'faithful' | 'reference';

export interface BabyaiRunOptions {
  uri?: vscode.Uri | string;
  task?: BabyTask;
  /** A model profile id; without it a quick pick asks (default profile first). */
  profileId?: string;
  /** Older name of profileId for the built-ins ('oracle' | 'random'). */
  agent?: string;
  /** 0-based record of a record file; without it the record under the cursor, or a pick. */
  record?: number;
  mode?: Mode;
  /** Upstream's prompter; without it a quick pick asks (zero-shot first), unless the caller named the profile (then zero-shot). */
  prompt?: PromptStrategy;
}

const BUILT_INS = { oracle: 'the OmniBot expert (upper bound)', random: 'seeded random answers (floor)' };
const TASKS: ReadonlyArray<{ label: string; detail: string; task: BabyTask }> = [
  { label: 'Plan', detail: 'the actions that reach the red ball', task: 'plan' },
  { label: 'Predict', detail: "the agent's pose after the expert's actions", task: 'predict' },
  { label: 'Decompose', detail: 'subgoals for the OmniBot to execute', task: 'decompose' },
];

const STRATEGIES: ReadonlyArray<{ label: string; detail: string; prompt: PromptStrategy }> = [
  { label: 'Zero-shot', detail: "upstream's default prompt", prompt: 'zero_shot' },
  {
    label: 'Few-shot',
    detail: 'with one worked example (faithful mode; upstream cannot build it, so the reference mode refuses)',
    prompt: 'few_shot',
  },
  { label: 'Chain of thought', detail: 'a step-by-step scaffold with a small example', prompt: 'cot' },
  { label: 'Tree of thought', detail: 'a tree-of-thought scaffold with a small example', prompt: 'tot' },
];

const LEVEL_SUFFIX = '.level.json';

/** The record under the cursor, the given one, or one picked from the file. */
async function pickRecord(
  uri: vscode.Uri,
  text: string,
  preset: number | undefined,
): Promise<{ loaded: LoadedRecord; index: number } | undefined> {
  const { records } = readRecordFile(uri.path, text);
  if (records.length === 0) {
    void vscode.window.showErrorMessage(
      `Waypoint: ${shownPath(uri)} has no readable LLM-BabyBench records (see Problems).`,
    );
    return undefined;
  }
  let index = preset;
  const editor = vscode.window.activeTextEditor;
  if (index === undefined && editor?.document.uri.toString() === uri.toString()) {
    const under = recordAtLine(records, editor.selection.active.line);
    if (under >= 0) index = under;
  }
  if (index === undefined) {
    const loaded = records.map((raw) => loadRecord(raw).record);
    const picked = await showFilteredQuickPick(
      loaded.map((record, at) => ({
        label: `${at + 1}. ${record.levelName}`,
        description: `seed ${record.seed ?? '?'}${record.task ? ` · ${record.task}` : ''}`,
        at,
      })),
      { title: 'BabyAI question: which record?' },
    );
    index = picked?.at;
  }
  if (index === undefined || !records[index]) return undefined;
  return { loaded: loadRecord(records[index]), index };
}

/** The level or record a question is about: its task when the record names one, and the question input for a task and prompt, built as the question set builds it. */
interface QuestionSource {
  levelName: string;
  task: BabyTask | null;
  input(task: BabyTask, prompt: PromptStrategy): BabyaiQuestionInput;
}

/** Reads the level or record the question is about. */
async function questionSource(uri: vscode.Uri, options: BabyaiRunOptions): Promise<QuestionSource | undefined> {
  const document = await vscode.workspace.openTextDocument(uri);
  const source = shownPath(uri);
  if (uri.path.endsWith(LEVEL_SUFFIX)) {
    const { spec } = loadLevelFile(document.getText());
    if (!spec) {
      void vscode.window.showErrorMessage(
        `Waypoint: ${source} has errors (see Problems); fix them before running a question.`,
      );
      return undefined;
    }
    const levelName = uri.path.slice(uri.path.lastIndexOf('/') + 1, -LEVEL_SUFFIX.length);
    return { levelName, task: null, input: (task, prompt) => levelQuestionInput(source, spec, task, prompt) };
  }
  const chosen = await pickRecord(uri, document.getText(), options.record);
  if (!chosen) return undefined;
  const { loaded, index } = chosen;
  const { spec, record } = loaded;
  if (!spec) {
    const first = loaded.diagnostics.find((diagnostic) => diagnostic.severity === 'error');
    void vscode.window.showErrorMessage(
      `Waypoint: record ${index + 1} of ${source} cannot be read${first ? ` (line ${first.range.start.line + 1}: ${first.message})` : ''}.`,
    );
    return undefined;
  }
  return {
    levelName: record.levelName || `record ${index + 1}`,
    task: record.task,
    input: (task, prompt) => recordQuestionInput(source, record, index, spec, task, prompt),
  };
}

/** Steps the answer's consequences on the board. */
function showOnBoard(
  context: vscode.ExtensionContext,
  prepared: PreparedBabyaiQuestion,
  result: ReturnType<typeof scoreBabyaiAnswer>,
  title: string,
): void {
  BoardPanel.show(context).showTimeline(
    babyaiTimeline(prepared.spec, result.timelineActions, title, result.stacks ? { stacks: result.stacks } : {}),
  );
}

export async function runBabyaiQuestion(
  deps: BoardEvalDeps,
  options: BabyaiRunOptions = {},
): Promise<Record<string, unknown> | undefined> {
  const evaluation = deps.evaluation();
  if (!evaluation.requireTrust()) return undefined;
  const given = options.uri ?? vscode.window.activeTextEditor?.document.uri;
  const uri = typeof given === 'string' ? vscode.Uri.parse(given) : given;
  if (!uri || !/\.(json|jsonl|ndjson|csv)$/i.test(uri.path)) {
    void vscode.window.showInformationMessage(
      'Waypoint: open a BabyAI level (*.level.json) or an LLM-BabyBench record file (CSV, JSON or JSONL) to run a question on it.',
    );
    return undefined;
  }
  const input = await questionSource(uri, options);
  if (!input) return undefined;
  const task =
    input.task ??
    options.task ??
    (await vscode.window.showQuickPick(TASKS, { title: `BabyAI question on ${input.levelName}: which task?` }))?.task;
  if (!task) return undefined;
  // Callers that name the profile (tests, other commands) run unattended: no pick for them.
  const prompt =
    options.prompt ??
    (options.profileId || options.agent
      ? 'zero_shot'
      : (
          await vscode.window.showQuickPick(STRATEGIES, {
            title: `BabyAI ${task} on ${input.levelName}: which prompt?`,
          })
        )?.prompt);
  if (!prompt) return undefined;
  const mode = options.mode ?? setting('evaluation.scoringMode');
  // Said before the model pick, so nobody chooses a model for a question that cannot be asked.
  const promptError = promptConstructionError(task, prompt, mode);
  if (promptError) {
    void vscode.window.showErrorMessage(`Waypoint: ${promptError}. Nothing was asked.`);
    return { task, prompt, mode, error: promptError };
  }
  const profile = await pickProfile(
    `BabyAI ${task} on ${input.levelName}: which model?`,
    options.profileId ?? options.agent,
    BUILT_INS,
  );
  if (!profile) return undefined;
  // The question set's own builder: the messages, sample id, seeds and scoring of `waypoint run babyai`.
  const prepared = preparedBabyaiQuestion(input.input(task, prompt));
  const answered = await evaluation.answerWithProgress(deps.context, prepared, profile, {
    mode,
    title: `BabyAI ${task} · ${input.levelName}`,
  });
  if (!answered) return undefined;
  const { record, diagnostics } = answered;
  const runFile = await evaluation.appendRunRecord(record);
  if (runFile) deps.log.info(`Run recorded in ${runFile}: BabyAI ${task} on ${input.levelName} with ${profile.id}.`);
  await deps.answers.show(runDocumentName(record), record.rawAnswer, diagnostics);
  // The board's actions and the summary line come from the recorded answer with the pipeline's own scorer; the scores are the record's.
  const shown = scoreBabyaiAnswer(prepared.babyai, record.rawAnswer, mode);
  showOnBoard(
    deps.context,
    prepared.babyai,
    shown,
    `${task[0].toUpperCase()}${task.slice(1)} · ${profile.id} · ${input.levelName}`,
  );
  void vscode.window.showInformationMessage(
    `Waypoint: ${profile.id} on BabyAI ${task} · ${input.levelName} (${mode}${prompt === 'zero_shot' ? '' : `, ${prompt}`}): ${shown.summary} · ${record.cached ? 'cache hit' : `${record.latencyMs} ms`}`,
  );
  return {
    task,
    prompt,
    profile: profile.id,
    mode,
    ...record.scores,
    problems: diagnostics.filter((diagnostic) => diagnostic.severity === 'error').length,
    diagnostics: diagnostics.length,
    cached: record.cached,
    runFile,
    answer: record.rawAnswer,
  };
}

/** Reopens a recorded BabyAI run: re-scored against the level as it is now, answer and board. */
export async function reopenBabyaiRun(
  deps: BoardEvalDeps,
  record: RunRecord & { question: BabyaiQuestion },
): Promise<boolean> {
  const [found] = await vscode.workspace.findFiles(record.question.source, '**/node_modules/**', 1);
  const input = found ? await questionSource(found, { record: record.question.record ?? undefined }) : undefined;
  if (!input) return false;
  const prepared = prepareBabyaiQuestion(input.input(record.question.task, record.question.prompt ?? 'zero_shot'));
  const mode = record.mode === 'reference' ? 'reference' : 'faithful';
  const result = scoreBabyaiAnswer(prepared, record.rawAnswer, mode);
  await deps.answers.show(runDocumentName(record), record.rawAnswer, result.diagnostics);
  showOnBoard(
    deps.context,
    prepared,
    result,
    `${record.question.task} · ${record.model.id} · ${record.question.levelName}`,
  );
  return true;
}
