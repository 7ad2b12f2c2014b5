// Upstream GRASP outputs as scored run records (runs.md §3): o1-mini rows {custom_id, response},
// OpenAI Batch API output rows (answer in response.body.choices[0].message.content, model in
// response.body.model) and the greedy/random baseline result files (rows named by index and
// setting, in a file named like its grid). Each row is scored against its grid; a row whose grid
// file or record is missing, or whose request failed, becomes a record with `error` — never a guess.
// So does a row that cannot be read at all (not JSON, not an object, no readable custom_id, such as
// `../../x.jsonl-0-0-0-0`, or not a baseline row): it names no question, so its record's question
// is the envelope of an unreadable row (core/eval/unreadableRow.ts), named by the row's place
// (`<file>:<line>`), and no row is dropped.
// Rows are read with JSON.parse (not the located parser validate uses): import is the bulk path,
// and `waypoint validate` locates what it cannot read.
import { recordDiagnostics } from '../../eval/pipeline';
import { importedProfile, isJsonObject, readBatchRow } from '../../eval/imported';
import type { ChatMessage, ModelProfile, QuestionBase, RunRecord } from '../../eval/types';
import { unreadableRowQuestion } from '../../eval/unreadableRow';
import type { GraspQuestion } from './questionSchema';
import { baseName } from '../../util/walk';
import type { ExtractionRule } from './answers';
import { graspAnswerScores } from './evaluation';
import type { GraspGridEntry } from './gridFile';
import { renderGraspPrompt, type PromptStyle } from './prompt';
import { inIndices, type LoadedGridFile } from './questionSet';
import { customIdOf, parseCustomId, settingsFromBaselineRow } from './settings';
import type { GraspSettings, GraspScoringMode } from './types';

export type GraspImportKind = 'baseline' | 'responses';

export interface GraspImportOptions {
  mode: GraspScoringMode;
  rule: ExtractionRule;
  indices: { from: number; to: number } | null;
  /** Overrides the model read from the data. */
  modelName?: string;
  runId: string;
  /** Stamped on every record (one time per import, so a re-import diffs cleanly apart from it). */
  time: string;
}

/** What importing one results file found besides its records (which go to `emit` as they are scored). */
interface GraspImportResult {
  /** Problems beside the records (`path:line: message`); unreadable rows are error records, not problems. */
  problems: string[];
  /** Rows outside --indices. */
  skipped: number;
}

/** The kind of a results file from its name (`*_output.jsonl`, `<x>_results/<grid>.jsonl`), else from its first row; null when neither. */
export function graspImportKindOf(path: string, text: string): GraspImportKind | null {
  if (/_output\.jsonl$/i.test(path)) return 'responses';
  if (/(?:^|[\\/])[A-Za-z0-9]+_results[\\/][^\\/]+\.jsonl$/.test(path)) return 'baseline';
  const first = text.slice(0, text.indexOf('\n') >>> 0).trim();
  try {
    const row: unknown = JSON.parse(first);
    if (isJsonObject(row) && 'baseline' in row && 'answer' in row) return 'baseline';
    if (isJsonObject(row) && 'custom_id' in row) return 'responses';
  } catch {
    // not JSON Lines: no kind
  }
  return null;
}

/** Why a row cannot be read; the same words for every such row, so stderr says each once per file. */
const UNREADABLE = {
  json: 'the row is not JSON (`waypoint validate` locates the problem); it is not scored',
  object: 'the row is not a JSON object; it is not scored',
  customId:
    'no readable custom_id ("<file>.jsonl-<index>-<m>-<e>-<c>"), so the row names no question; it is not scored',
  baseline:
    'not a baseline row {"baseline","index","answer","movement_prompt" 4|8,"energy_limit_prompt" 100|2,"cost_of_step_prompt" 0|0.3}; it is not scored',
} as const;

/** A row's answer text as far as it can be read (kept on its error record: nothing given is lost); '' when none. */
function answerOf(row: Record<string, unknown> | undefined): string {
  if (!row) return '';
  if (typeof row.response === 'string') return row.response;
  if (Array.isArray(row.answer)) return JSON.stringify(row.answer);
  return readBatchRow(row).content ?? '';
}

/**
 * Calls `row` with each line that is a JSON object (0-based line, from `firstLine`), `unreadable`
 * with every other non-blank line and why. A callback, not a generator: resuming one per row cost
 * more than the loop it ran.
 */
function forEachRow(
  text: string,
  firstLine: number,
  row: (line: number, value: Record<string, unknown>) => void,
  unreadable: (line: number, reason: string) => void,
): void {
  let line = firstLine;
  for (const lineText of text.split('\n')) {
    const trimmed = lineText.trim();
    if (trimmed !== '') {
      let value: unknown;
      try {
        value = JSON.parse(trimmed);
      } catch {
        unreadable(line, UNREADABLE.json);
      }
      if (value !== undefined) {
        if (isJsonObject(value)) row(line, value);
        else unreadable(line, UNREADABLE.object);
      }
    }
    line++;
  }
}

/**
 * The messages of one grid under one setting and style, rendered once: the Batch files of two models
 * ask the same questions, and the records share the array (records are not changed after import).
 */
const promptCache = new WeakMap<GraspGridEntry, Map<string, ChatMessage[]>>();

function promptOf(entry: GraspGridEntry, settings: GraspSettings, style: PromptStyle): ChatMessage[] {
  let prompts = promptCache.get(entry);
  if (!prompts) promptCache.set(entry, (prompts = new Map()));
  const key = `${style} ${settings.moves} ${settings.carryLimit} ${settings.stepCost}`;
  let messages = prompts.get(key);
  if (!messages) prompts.set(key, (messages = renderGraspPrompt(entry.record, settings, style)));
  return messages;
}

/** One results file being imported: where its rows go and what they are scored against. */
interface ImportPass {
  text: string;
  path: string;
  firstLine: number;
  grids: ReadonlyMap<string, LoadedGridFile>;
  options: GraspImportOptions;
  records: RecordMaker;
  result: GraspImportResult;
  emit: (record: RunRecord<QuestionBase>, line: number) => void;
}

/** Scores one results file's rows against `grids` (by grid file name), handing each record to `emit` (with its 0-based line in the file) as it is scored (import serialises them as it goes and keeps none); `firstLine`: where `text` starts in its file, when it is a share of it. */
export function importGraspRows(
  text: string,
  path: string,
  kind: GraspImportKind,
  grids: ReadonlyMap<string, LoadedGridFile>,
  options: GraspImportOptions,
  firstLine: number,
  emit: (record: RunRecord<QuestionBase>, line: number) => void,
): GraspImportResult {
  const result: GraspImportResult = { problems: [], skipped: 0 };
  const pass: ImportPass = {
    text,
    path,
    firstLine,
    grids,
    options,
    records: new RecordMaker(grids, options),
    result,
    emit,
  };
  if (kind === 'baseline') importBaselineRows(pass);
  else importResponseRows(pass);
  return result;
}

/** Builds, fails and scores the records of one import. */
class RecordMaker {
  /** One profile object per model name, shared by its records (not one per row). */
  private readonly profiles = new Map<string, ModelProfile>();

  constructor(
    private readonly grids: ReadonlyMap<string, LoadedGridFile>,
    private readonly options: GraspImportOptions,
  ) {}

  private profileOf(name: string): ModelProfile {
    let profile = this.profiles.get(name);
    if (!profile) this.profiles.set(name, (profile = importedProfile(name)));
    return profile;
  }

  // Each record is built once and completed in place (no copies per row): assigning a key it has
  // keeps the key's place, and a new key (gridPath, diagnostics, error) goes last, as a spread would put it.
  base<Q extends QuestionBase>(
    question: Q,
    model: string,
    messages: ChatMessage[],
    rawAnswer: string,
    promptTokens: number | null = null,
    completionTokens: number | null = null,
  ): RunRecord<Q> {
    const { options } = this;
    return {
      time: options.time,
      question,
      model: this.profileOf(options.modelName ?? model),
      messages,
      rawAnswer,
      parsedAnswer: null,
      scores: {},
      mode: options.mode,
      promptTokens,
      completionTokens,
      latencyMs: 0,
      cached: false,
      costUsd: null,
      run_id: options.runId,
    };
  }

  fail<Q extends QuestionBase>(record: RunRecord<Q>, error: string): RunRecord<Q> {
    record.error = error;
    return record;
  }

  /** Scores an answer on its grid, or returns the record with its error. */
  score(
    record: RunRecord<GraspQuestion>,
    scoring: GraspSettings,
    tokens?: readonly string[],
  ): RunRecord<GraspQuestion> {
    const file = this.grids.get(record.question.file);
    if (!file)
      return this.fail(
        record,
        `no grid file named ${record.question.file} among the --grids files; the row is not scored`,
      );
    const entry = file.byIndex.get(record.question.index);
    if (!entry)
      return this.fail(
        record,
        `${file.path} has no readable grid record with index ${record.question.index}; the row is not scored`,
      );
    // Scoring needs the grid and the settings, not the prompt (the record already has its messages).
    const prepared = {
      grid: entry.grid,
      question: scoring === record.question.settings ? record.question : { ...record.question, settings: scoring },
    };
    // Baseline tokens are scored as stored; the text is their list, so diagnostics point into it.
    const scored = graspAnswerScores(
      prepared,
      record.rawAnswer,
      this.options.mode,
      tokens ? { rule: 'recommended' } : { rule: this.options.rule },
    );
    if (
      tokens &&
      (scored.parsedAnswer.length !== tokens.length ||
        scored.parsedAnswer.some((token, index) => token !== tokens[index]))
    ) {
      return this.fail(
        record,
        'the stored answer list has tokens with commas, brackets or quotes, which cannot be scored as one list; the row is not scored',
      );
    }
    if (tokens && scoring.moves !== record.question.settings.moves) scored.scores.scored_moves = scoring.moves;
    // The question is this row's own object (built below), so it takes its gridPath in place too.
    record.question.gridPath = file.path;
    record.parsedAnswer = scored.parsedAnswer;
    record.scores = scored.scores;
    record.diagnostics = recordDiagnostics(scored.diagnostics);
    return record;
  }

  /** The error record of a row that names no question (`row`: the row when it is a JSON object). */
  unreadable(path: string, line: number, model: string, reason: string, row?: Record<string, unknown>) {
    return this.fail(this.base(unreadableRowQuestion('grasp', path, line), model, [], answerOf(row)), reason);
  }
}

/** Greedy/random baseline rows: named by index and setting, the answer a stored token list. */
function importBaselineRows({ text, path, firstLine, options, records, result, emit }: ImportPass): void {
  // The file is named like its grid file (results/greedy_results/inner_random_free.jsonl).
  const gridName = baseName(path);
  const stem = gridName.replace(/\.jsonl$/i, '');
  const unreadable = (line: number, reason: string, row?: Record<string, unknown>) =>
    emit(records.unreadable(path, line, typeof row?.baseline === 'string' ? row.baseline : stem, reason, row), line);
  forEachRow(
    text,
    firstLine,
    (line, value) => {
      const { baseline, index, answer } = value;
      const settings = settingsFromBaselineRow(value as never, 'faithful');
      if (
        typeof baseline !== 'string' ||
        typeof index !== 'number' ||
        !Number.isInteger(index) ||
        !Array.isArray(answer) ||
        !answer.every((token) => typeof token === 'string') ||
        settings === null
      ) {
        unreadable(line, UNREADABLE.baseline, value);
        return;
      }
      if (!inIndices(options.indices, index)) {
        result.skipped++;
        return;
      }
      const question: GraspQuestion = {
        benchmark: 'grasp',
        file: gridName,
        index,
        settings,
        style: 'chat',
        sampleId: customIdOf(gridName, index, settings),
      };
      const scoring = settingsFromBaselineRow(value as never, options.mode) ?? settings;
      emit(
        records.score(records.base(question, baseline, [], JSON.stringify(answer)), scoring, answer as string[]),
        line,
      );
    },
    unreadable,
  );
}

/** Model rows named by custom_id: o1-mini's {custom_id, response} or OpenAI Batch API output. */
function importResponseRows({ text, path, firstLine, grids, options, records, result, emit }: ImportPass): void {
  const stem = baseName(path).replace(/\.jsonl$/i, '');
  // The model as the row would name it (o1-mini rows: the file's stem), so its error counts under it.
  const modelOf = (row?: Record<string, unknown>) =>
    (row && typeof row.response !== 'string' ? readBatchRow(row).model : null) ?? stem;
  const unreadable = (line: number, reason: string, row?: Record<string, unknown>) =>
    emit(records.unreadable(path, line, modelOf(row), reason, row), line);
  forEachRow(
    text,
    firstLine,
    (line, value) => {
      const id = typeof value.custom_id === 'string' ? parseCustomId(value.custom_id) : null;
      if (!id) {
        unreadable(line, UNREADABLE.customId, value);
        return;
      }
      if (!inIndices(options.indices, id.index)) {
        result.skipped++;
        return;
      }
      const o1Mini = typeof value.response === 'string';
      const style: PromptStyle = o1Mini ? 'o1-mini' : 'chat';
      const question: GraspQuestion = {
        benchmark: 'grasp',
        file: id.file,
        index: id.index,
        settings: id.settings,
        style,
        sampleId: value.custom_id as string,
      };
      const grid = grids.get(id.file)?.byIndex.get(id.index);
      const messages: ChatMessage[] = grid ? promptOf(grid, id.settings, style) : [];
      if (o1Mini) {
        // o1-mini rows carry no model name: the file's stem names it.
        emit(records.score(records.base(question, stem, messages, value.response as string), id.settings), line);
        return;
      }
      const batch = readBatchRow(value);
      const record = records.base(
        question,
        batch.model ?? stem,
        messages,
        batch.content ?? '',
        batch.promptTokens,
        batch.completionTokens,
      );
      emit(batch.error !== null ? records.fail(record, batch.error) : records.score(record, id.settings), line);
    },
    unreadable,
  );
}
