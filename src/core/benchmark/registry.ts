// The benchmark registry: each benchmark declares its file kinds and how a file of each kind is
// validated, and the hosts (CLI, language server, the manifest test) iterate the declarations
// instead of naming benchmarks. The built-ins are registered by core/benchmarks/index.ts; this module
// holds only the types and the table, so declarations can import it without a cycle.
import type * as z from 'zod/mini';
import type { BoardGesture, BoardScene, BoardTimeline, BoardToolDeclaration, TextEdit } from './board';
import type { EpisodeEnvironment, EpisodeStep } from '../eval/episodes';
import type { Failure } from '../eval/failures';
import type {
  ChatMessage,
  EpisodeHistory,
  ModelProfile,
  ModelReply,
  QuestionBase,
  RunRecord,
  ScoringMode,
} from '../eval/types';
import type { MetricDirection } from '../runs/reportTypes';
import type { UpstreamBom } from '../util/bom';
import type { Diagnostic } from '../util/text';

/** One kind of benchmark file, recognised by its name alone. */
export interface FileKindDeclaration {
  /** Unique over all benchmarks, e.g. `grasp-grids`; used in reports (`waypoint validate --json`). */
  readonly id: string;
  /**
   * Endings of the path, written in lower case and compared case-insensitively; the name must be longer than the ending
   * (`.walkthrough` alone is no file of a game). Suffix matches win over `pattern` matches.
   */
  readonly suffixes?: readonly string[];
  /** Tested against the whole path when no suffix of any kind matched (upstream names such as `inner_uniform_free.jsonl`). */
  readonly pattern?: RegExp;
  /** The VS Code language id package.json contributes for this kind, if any. */
  readonly languageId?: string;
  /** The JSON schema (`dist/schemas/<schemaId>.schema.json`) package.json binds to this kind with jsonValidation, if any. */
  readonly schemaId?: string;
  /**
   * `standalone`: one file is validated on its own by the benchmark's `validate`. `{ group }`: the
   * file is a member of a folder group (a MANGO game's files share a folder and a `<game>` prefix)
   * that its host validates together.
   */
  readonly validation: 'standalone' | { readonly group: string };
  /** false: files of this kind have nothing to draw or run, so package.json's menus offer them no Show Board (default true). */
  readonly board?: boolean;
  /**
   * The command Show Board runs for a file of this kind instead of drawing the benchmark's scenes
   * (a GRASP response row is scored on a grid found in the workspace, which only a host can search),
   * given `{ uri, line }` (the cursor's 0-based line) and resolving to a truthy value when the board shows it.
   */
  readonly boardCommand?: string;
  /** What upstream's reader does with a leading UTF-8 BOM in a file of this kind (see core/util/bom.ts); absent: nothing to warn about. */
  readonly upstreamBom?: UpstreamBom;
  /** File names of this kind (at least one), used by the tests that check package.json's activation events and menus against the registry. */
  readonly examples: readonly string[];
}

/**
 * One thing a file offers its reader, drawn as a code lens above `line`: a question to run, or an
 * action such as Show Board. The host adds the file's `uri` to `argument` and runs `command`.
 */
export interface FileQuestion<Q extends QuestionBase = QuestionBase> {
  /** 0-based line the lens stands above. */
  readonly line: number;
  /** The lens title, e.g. `▶ Run GRASP #3`. */
  readonly label: string;
  /** The command the lens runs (contributed by the extension, or `waypoint.runQuestion`-style generic ones). */
  readonly command: string;
  /** The command's argument besides `uri`: what tells the command which question of the file this is. */
  readonly argument: Readonly<Record<string, unknown>>;
  /** The question itself when the benchmark can build it from the file alone, for hosts that run it without a command (the pipeline, batch runs). */
  readonly question?: Q;
}

/** How a run is listed in the Runs view, Compare Runs and answer file names. */
export interface RunLabel {
  /** The group it is listed under: a MANGO game, a BabyAI level file, a GRASP grid file. */
  readonly group: string;
  /** One line naming the question inside its group. */
  readonly label: string;
  /** A short name for the run's answer document, without the model id (the host appends it and makes it file-name safe). */
  readonly documentName: string;
}

/** A reply parsed and scored in one mode. */
export interface ScoredReply {
  readonly parsedAnswer: unknown;
  readonly scores: RunRecord['scores'];
  /** Located on the reply text (line 0 is its first line): what the answer document shows. */
  readonly diagnostics: Diagnostic[];
}

/**
 * A question ready to ask, bound to the files it was read from (a MANGO question needs its game's
 * walkthrough and maze, a GRASP question its grid): the one thing the evaluation pipeline
 * (core/eval/pipeline.ts) and batch runs (core/runs) work on, for every benchmark.
 */
export interface PreparedQuestion<Q extends QuestionBase = QuestionBase> {
  readonly question: Q;
  /** The exact messages a model is sent (for episodes: the first turn's, for token estimates). */
  readonly messages: readonly ChatMessage[];
  /**
   * What an offline profile (`oracle`, `random`) answers to `messages`, computed from the question
   * and its files (never by reading the prompt's text); `seed` makes `random` reproducible. Absent:
   * the benchmark has no built-in agent for this question.
   */
  builtInAnswer?(profile: ModelProfile, seed: number, messages: readonly ChatMessage[]): string | Promise<string>;
  /**
   * Why the prompt cannot be built in `mode` (LLM-BabyBench's few-shot templates raise KeyError
   * upstream, so its reference mode has no prompt to send), or null. The pipeline asks nothing and
   * throws PromptConstructionError with this text: a batch run's record with `error`.
   */
  promptError?(mode: ScoringMode): string | null;
  /** A single reply parsed and scored in `mode`, with diagnostics located on the reply. Throws QuestionModeError for a mode the benchmark has not. */
  score(replyText: string, mode: ScoringMode): ScoredReply;
  /**
   * Multi-turn questions (a SmartPlay episode): plays the whole episode, asking `ask` once a turn,
   * and returns the transcript and scores. The pipeline uses it instead of a single reply + score.
   * `watch` sees the episode as it is played (the editor's Play panel and its live map).
   */
  play?(
    ask: (messages: readonly ChatMessage[]) => Promise<ModelReply>,
    mode: ScoringMode,
    signal: AbortSignal,
    options?: EpisodeOptions,
  ): Promise<PlayedEpisode>;
  /**
   * Multi-turn questions: what one play may ask — its model requests at most and their prompt
   * tokens as the chat grows turn by turn (keeping `historyTurns` turns when the profile says so),
   * each reply taken at `maxReplyTokens` — counted with `count`, for estimates (`--dry-run`, the
   * editor's cost line). Absent: one request of `messages`.
   */
  playEstimate?(
    count: (messages: readonly ChatMessage[]) => number,
    maxReplyTokens: number,
    historyTurns?: number,
  ): PlayEstimate;
}

/** What one play of an episode may ask at most (turns × tokens per turn, the chat growing). */
export interface PlayEstimate {
  /** Model requests at most (the step budget; SmartPlay asks two a step). */
  readonly requests: number;
  /** Prompt tokens of all of them together. */
  readonly promptTokens: number;
  /** Prompt tokens of the largest (usually the last) request. */
  readonly largestPromptTokens: number;
}

/** What a host may ask of an episode beyond the benchmark's defaults (the editor's Play SmartPlay Episode). */
export interface EpisodeOptions {
  /** Step limit; the game's own when absent. */
  readonly maxSteps?: number;
  /** Who plays, as the transcript names the player (default `model`). */
  readonly playerName?: string;
  /** Each turn shows only the last N turns of history (SmartPlay: N observations instead of the game's window); the profile's historyTurns. */
  readonly historyTurns?: number;
  /** Called after each step, for a progress bar. */
  onProgress?(step: number, maxSteps: number): void;
  /**
   * Called with the transcript when the episode ends, however it ends: finished, or failed or
   * cancelled (when `play` then throws), so a host can still keep and draw what was played.
   */
  onTranscript?(transcript: string): void;
  /** Told turn by turn as the episode is played (the editor's Play panel and its live map). */
  readonly watch?: EpisodeWatcher;
}

/** What Show Board draws at the cursor of a file as one static scene, or why it cannot (said to the user, e.g. `no readable grid in this file (see Problems)`). */
export type FileScene = { readonly scene: BoardScene; readonly title: string } | { readonly problem: string };

/**
 * Files the board draws live and edits by gesture (a BabyAI level): the language server answers
 * its grid-state request (GridStateRequest) with the scene of the file as edited, the board
 * redraws it on every edit, and each gesture becomes edits of the file's text (undoable in the editor).
 */
export interface LiveBoard {
  /** The file kinds drawn this way. */
  readonly kinds: readonly string[];
  /** The palette offered while authoring. */
  readonly tools: readonly BoardToolDeclaration[];
  /** The board's title for the file at `path` (as the user sees it). */
  title(path: string): string;
  /** The scene of a file's text; null while it has errors (they are in Problems). */
  scene(kind: string, text: string): BoardScene | null;
  /** A gesture as edits of the file's text; none when it changes nothing. */
  edits(kind: string, text: string, gesture: BoardGesture): TextEdit[];
}

/** Told about an interactive episode turn by turn, as it is played. */
export interface EpisodeWatcher {
  /** After reset: the environment (instructions, commands, budget) and its opening observation. */
  started?(env: EpisodeEnvironment, opening: string): void;
  /** After each command: the turn and what the environment draws now. */
  stepped?(step: EpisodeStep, index: number, state: unknown): void;
}

/** What a played episode leaves in its run record. */
export interface PlayedEpisode extends ScoredReply {
  /** The whole transcript (for SmartPlay: the episode log), kept as the record's rawAnswer. */
  readonly rawAnswer: string;
  readonly promptTokens: number | null;
  readonly completionTokens: number | null;
  readonly cached: boolean;
  /**
   * A turn's model call failed and ended the episode (end `error`): its message and kind, and how
   * many turns were played before it. The transcript up to then is the answer; the pipeline decides
   * whether the record is a played episode or a question to ask again (answerPrepared).
   */
  readonly failed?: EpisodeFailure;
  /** How much history each turn showed (the record's episode_history). */
  readonly history?: EpisodeHistory;
}

/** What ended an episode early: the failed turn's message, its failure kind when known, and the turns played before it. */
export interface EpisodeFailure {
  readonly message: string;
  readonly failure?: Failure;
  readonly turnsPlayed: number;
}

/** A scoring mode or question option a benchmark does not have: a usage error, not a failed question. */
export class QuestionOptionError extends Error {}

/**
 * Options of a question set as the user gave them: `waypoint run`'s question flags by name without
 * `--` (`task`, `difficulty`, `cutoff`, `prompt`, `settings`, `style`, `indices`, `episodes`,
 * `seed`), each benchmark reading its own (runs.md §2) and throwing QuestionOptionError for a
 * value it cannot use.
 */
export type QuestionSetOptions = Readonly<Record<string, string | undefined>>;

/** What reading a question set needs of the file system (core has no node:fs). */
export interface QuestionSetFiles {
  readText(path: string): Promise<string>;
  /** The names in a folder, or null when `path` is not a folder. */
  list(path: string): Promise<string[] | null>;
  /** Where a path leads once its symbolic links are followed (realpath); without it no link is checked. */
  realPath?(path: string): Promise<string>;
}

/** The questions of some sources, in a stable order, and what could not be read (`file: message`, one line each). */
export interface QuestionSet<Q extends QuestionBase = QuestionBase> {
  readonly questions: PreparedQuestion<Q>[];
  readonly problems: string[];
}

/**
 * What `waypoint report` and `compare` (core/runs) read from a benchmark's run records: the fields a
 * report can group and filter by, the metrics it averages, and how records cluster for the
 * bootstrap. Declared by each benchmark (core/<b>/report.ts), so the report code names none.
 */
export interface BenchmarkReport<Q extends QuestionBase = QuestionBase> {
  /** Every field `fields` returns, in display order (what `--by` and `--where` accept besides `model`). */
  readonly fieldNames: readonly string[];
  /** The paper's main table: the `--by` fields used when none are given. */
  readonly defaultBy: readonly string[];
  /** Every metric `metrics` may return, in display order (the keys of `better`: metricNamesOf). */
  readonly metricNames: readonly string[];
  /** Each metric's better direction; every name of metricNames has one, null where it truly has none. */
  readonly better: Readonly<Record<string, MetricDirection>>;
  /** Metrics where a missing, unparseable or errored answer counts as 0 (success rates). */
  readonly success: readonly string[];
  /** Metrics that are 0/1 per record (McNemar in compare); the first is the one whose flips compare lists. */
  readonly binary: readonly string[];
  /** What the bootstrap resamples (`game`, `level`, `file`), named in the output. */
  readonly clusterName: string;
  /**
   * Scoring modes whose numbers are defined over every answer, those cut at the token limit
   * included (GRASP's `paper`: Table 1 scored the answers cut at max_tokens, and the mode's
   * extraction reads a cut list): their cut records count in the means unless a report is told to
   * exclude them (`--exclude-truncated`). Other modes leave cut records out unless told to include them.
   */
  readonly modesScoringCuts?: readonly string[];
  /**
   * What each metric means, and the terms field values use (GRASP's `μ1`, `μ2`), in a sentence a
   * reader of the tables needs: the results view, the HTML report and the board show them as
   * tooltips and a legend. Every metric of metricNames has one (registerBenchmark checks).
   */
  readonly glossary: Readonly<Record<string, string>>;
  /** What each answer diagnostic code means, in a sentence shown beside the code (tooltips, legends, the text after it in reports). */
  readonly codeMeanings?: Readonly<Record<string, string>>;
  /** Codes that are notes, never failures, whatever their severity (GRASP's `score`); codes only ever information or hint are notes too. */
  readonly informationalCodes?: readonly string[];
  cluster(record: RunRecord<Q>): string;
  /**
   * The question in a few words a reader recognises (`DF west of house → kitchen`, `Plan ·
   * GoToObj · record 3`): the question matrix, compare's flips and the reports name questions by
   * it, and the matrix search matches it. Without it, the runLabel hook's label, else the sample id.
   */
  questionLabel?(record: RunRecord<Q>): string;
  /**
   * Whether the question has a correct answer at its cutoff (MANGO: the route is in the
   * walkthrough the model is shown). A question without one is reported in its own rows and left
   * out of the headline means unless a report is told to include it (`--include-unanswerable`).
   * Without the hook every question has one.
   */
  answerable?(record: RunRecord<Q>): boolean;
  fields(record: RunRecord<Q>): Record<string, string | number | null>;
  /**
   * The record's metrics: a key absent means the metric does not apply to this question (Decompose
   * has no `success`); present with null means it applies but the record has no value (an error).
   */
  metrics(record: RunRecord<Q>): Record<string, number | null>;
  /** Whether the answer was parseable (the group's `valid` count). */
  valid(record: RunRecord<Q>): boolean;
  /** The HTML report's plots: `metric` per `x` value, one bar per model (and per `series` value). */
  readonly plots: readonly ReportPlot[];
  /** The paper's tables as `report --latex` typesets them (without `--by`); absent: one table of the report's groups. */
  readonly paperTables?: readonly PaperTable[];
}

/**
 * One of a paper's tables, declared as a pivot of report groups (latex.ts builds it generically):
 * a row per combination of the `rows` fields' values, a column per combination of the `columns`
 * fields' values and metric, each cell a mean with its 95% interval.
 */
export interface PaperTable {
  readonly caption: string;
  /** Fields whose values make the rows (`model` is one). */
  readonly rows: readonly string[];
  /** Fields whose values make the column groups (MANGO: task, then difficulty). */
  readonly columns: readonly string[];
  /** The metrics of each column group, in order. */
  readonly metrics: readonly string[];
  /** One table per value of this field (LLM-BabyBench: a table per task). */
  readonly split?: string;
}

export interface ReportPlot {
  readonly title: string;
  readonly x: string;
  readonly metric: string;
  readonly series?: string;
  /** The results view also draws it as a radar (one axis per `x` value, SmartPlay's per-game profile), beside the bars. */
  readonly radar?: boolean;
  /** The paper's figure draws a line with a 95% band a series over a numeric x (default: bars with whiskers). */
  readonly kind?: 'lines' | 'bars';
  /** The paper's figure has a panel per value of this field (MANGO's DF and RF, a BabyAI task). */
  readonly panel?: string;
}

/**
 * Hooks are declared as methods so a definition typed with its own question (`BenchmarkDefinition<ToyQuestion>`)
 * can be registered in the one table; the registry only hands a benchmark the questions whose
 * `benchmark` is its id.
 */
export interface BenchmarkDefinition<Q extends QuestionBase = QuestionBase> {
  /** Unique, e.g. `mango`. */
  readonly id: string;
  /** What a person calls it, e.g. `LLM-BabyBench`. */
  readonly label: string;
  readonly kinds: readonly FileKindDeclaration[];
  /**
   * How this benchmark's question is read back from a run record (zod/mini, so it is light enough
   * for the extension's activation path). The engine reads a record by its envelope (`benchmark`,
   * `sampleId`) and hands the question to this schema; without one, the envelope is all it checks.
   */
  readonly questionSchema?: z.ZodMiniType<Q>;
  /**
   * Diagnostics of one file of one of this benchmark's standalone kinds. `text` has no byte order
   * mark; `path` is a file path (not a URI), since some checks compare the content with the name.
   * May throw: the caller reports the exception as an internal error on the file.
   */
  readonly validate?: (kind: string, text: string, path: string) => Diagnostic[];
  /**
   * The questions (and actions) a file of one of this benchmark's kinds offers, in file order, for
   * the server's code lenses. `path` as for `validate`. None declared: the file has no lenses.
   */
  questions?(kind: string, text: string, path: string): FileQuestion<Q>[];
  /**
   * The questions of `sources` (files or folders the user names to `waypoint run`, `import`,
   * `batch export`) under `options`, prepared to ask. Throws QuestionOptionError for options the
   * benchmark does not have; files it cannot read become `problems`, never a silent skip.
   */
  questionSet?(
    sources: readonly string[],
    options: QuestionSetOptions,
    files: QuestionSetFiles,
  ): Promise<QuestionSet<Q>>;
  /** The scoring modes `score` accepts (`faithful` when not declared). */
  readonly scoringModes?: readonly ScoringMode[];
  /** The names of the options questionSet reads, so hosts can reject the others as usage errors. */
  readonly questionOptions?: readonly string[];
  /** What a host shows for each of questionOptions (values, default, help); one without is offered as free text. */
  readonly questionOptionHints?: Readonly<Record<string, QuestionOptionHint>>;
  /** The chat messages that ask `question` (the prompt every reply source, built-in or model, is given). Self-contained questions only (the toy); the built-ins prepare theirs in questionSet. */
  prompt?(question: Q): ChatMessage[];
  /** What the offline profiles (`oracle`, `random`) answer, computed from the question, never from the prompt text. */
  builtInAnswer?(question: Q, profile: ModelProfile): string | Promise<string>;
  /** A reply parsed and scored in `mode`, with diagnostics located on the reply. */
  score?(question: Q, replyText: string, mode: ScoringMode): ScoredReply;
  /** How a run of `question` is grouped and named. Without it, runs are grouped under the benchmark's label and named by sample id. */
  runLabel?(question: Q): RunLabel;
  /** Whether a run's scores count as full success (the Runs view's pass/fail icon). Without it, no run does. */
  succeeded?(scores: RunRecord['scores'], question: Q): boolean;
  /**
   * Which view replays a run: `maze` for a game of rooms (a MANGO-style question, its answer a walk
   * from `src`, re-checked by the language server against the game as it is now), else the board
   * (default), drawing what `reopenCommand` or `timeline` gives.
   */
  readonly runView?: 'maze' | 'board';
  /**
   * The host command that reopens a run of this benchmark on the board re-scored against its file as
   * it is now (its answer with today's diagnostics), given the record and resolving to true when
   * shown, false when the file is gone. Without it, the board draws the `timeline` hook of the record.
   */
  readonly reopenCommand?: string;
  /**
   * What the board draws for a file of one of this benchmark's kinds (Show Board), e.g. a level as
   * one frame or an episode log as its steps; null when the file has nothing to draw (it does not
   * validate). Hosts use it for kinds they have no richer view of.
   */
  fileTimeline?(kind: string, text: string, path: string): BoardTimeline | null;
  /**
   * What Show Board draws for a file of one of this benchmark's kinds as a static scene at the
   * cursor's 0-based `line` (the GRASP grid or LLM-BabyBench record under it, else the first); null
   * for kinds drawn otherwise (a live board, `fileTimeline`). Tried before `fileTimeline`.
   */
  fileScene?(kind: string, text: string, path: string, line: number | undefined): FileScene | null;
  /** The kinds this benchmark's board draws live and edits by gesture, and how. */
  readonly liveBoard?: LiveBoard;
  /** What the board draws for a scored run: the states the answer walks through (text, table or grid frames). */
  timeline?(question: Q, record: RunRecord<Q>): BoardTimeline | null;
  /** What reports and comparisons of this benchmark's run records group, average and resample. */
  readonly report?: BenchmarkReport<Q>;
  /**
   * The HTML report's and the results view's drill-down of one record: the board timeline its
   * answer walks (scored again on the files the record names), or a sentence saying why there is none.
   */
  replay?(record: RunRecord<Q>, context: ReplayContext): Promise<BoardTimeline | string> | BoardTimeline | string;
}

/** How a host offers one question option: `waypoint run` takes it as a flag, the editor's Run Benchmark as a pick or an input box. */
export interface QuestionOptionHint {
  /** The values, when the option takes one of a list. */
  readonly choices?: readonly string[];
  /** What the question set uses when the option is not given; none with `required`. */
  readonly fallback?: string;
  /** The question set refuses to build without it. */
  readonly required?: boolean;
  readonly help: string;
}

/** What a benchmark's replay hook is given: the folders the user named, and files read once per report. */
export interface ReplayContext {
  /** Folders named for replays, by the option naming them (`waypoint report --grids DIR` is `grids`). */
  readonly sources: Readonly<Record<string, string | undefined>>;
  /**
   * The first of `paths` that reads, its text (byte order mark removed) parsed by `parse` and kept
   * for the report's other records; else the last failure, as a sentence. `cache` names what
   * `parse` makes, so two readings of one file are kept apart.
   */
  firstFound<T>(cache: string, paths: readonly string[], parse: (text: string, path: string) => T): Promise<T | string>;
  /** `make()` once per key for the whole report (a game's maze, built from several files). */
  once<T>(key: string, make: () => Promise<T>): Promise<T>;
  readText(path: string): Promise<string>;
}

/**
 * The cheap part of a definition: what hosts that only list and name runs need (the extension's
 * activation path, which must not load validators). The built-ins keep theirs in
 * core/benchmarks/<benchmark>/declaration.ts and spread it into their definition.
 */
/** A self-contained question (one whose definition declares prompt and score) prepared through those hooks; null when it declares them not. */
export function preparedFromHooks<Q extends QuestionBase>(
  definition: BenchmarkDefinition<Q>,
  question: Q,
): PreparedQuestion<Q> | null {
  const { prompt, score, builtInAnswer } = definition;
  if (!prompt || !score) return null;
  return {
    question,
    messages: prompt.call(definition, question),
    score: (replyText, mode) => score.call(definition, question, replyText, mode),
    ...(builtInAnswer
      ? { builtInAnswer: (profile: ModelProfile) => builtInAnswer.call(definition, question, profile) }
      : {}),
  };
}

export type BenchmarkDeclaration<Q extends QuestionBase = QuestionBase> = Pick<
  BenchmarkDefinition<Q>,
  'id' | 'label' | 'kinds' | 'questionSchema' | 'runLabel' | 'succeeded' | 'runView' | 'reopenCommand'
>;

/** A file kind together with the benchmark that declares it. */
interface RegisteredKind {
  readonly benchmark: BenchmarkDefinition;
  readonly kind: FileKindDeclaration;
}

const registered: BenchmarkDefinition[] = [];

/**
 * Adds a benchmark. Throws when its id or one of its kind ids is taken, a kind has no way to match
 * a name or no example, or a standalone kind has no validator: a declaration error shows at start-up,
 * not as a file that silently goes unvalidated.
 */
export function registerBenchmark(definition: BenchmarkDefinition): void {
  const problem = (message: string) => new Error(`Benchmark ${definition.id}: ${message}`);
  if (registered.some((other) => other.id === definition.id))
    throw problem('a benchmark with this id is already registered');
  for (const kind of definition.kinds) {
    if (findKind(kind.id) || definition.kinds.filter((other) => other.id === kind.id).length > 1)
      throw problem(`the file kind ${kind.id} is already declared`);
    if (!kind.suffixes?.length && !kind.pattern)
      throw problem(`the file kind ${kind.id} has neither suffixes nor a pattern`);
    if (kind.examples.length === 0) throw problem(`the file kind ${kind.id} has no example name`);
    if (kind.validation === 'standalone' && !definition.validate)
      throw problem(`the standalone file kind ${kind.id} needs the benchmark's validate`);
  }
  // A hint for an option the question set does not read would offer users a flag that does nothing.
  for (const option of Object.keys(definition.questionOptionHints ?? {})) {
    if (!definition.questionOptions?.includes(option))
      throw problem(`the option hint ${option} is for no option of questionOptions`);
  }
  const report = definition.report;
  // A metric without a declared direction would be coloured by guess in comparisons.
  for (const name of report?.metricNames ?? []) {
    if (!report || !Object.hasOwn(report.better, name))
      throw problem(`the report metric ${name} declares no better direction ('higher', 'lower' or null)`);
    // A metric the tables show must be explained where it is shown (tooltips, legends).
    if (!Object.hasOwn(report.glossary, name) || report.glossary[name].trim() === '')
      throw problem(`the report metric ${name} has no glossary entry saying what it means`);
  }
  registered.push(definition);
}

/** The registered benchmarks, in registration order. */
export function benchmarks(): readonly BenchmarkDefinition[] {
  return registered;
}

/** The benchmark with this id, or null (a run recorded by a benchmark that is not registered here). */
export function findBenchmark(id: string): BenchmarkDefinition | null {
  return registered.find((benchmark) => benchmark.id === id) ?? null;
}

/** Light declarations a host made known without registering the whole definitions (the extension's activation path). */
const declared: BenchmarkDeclaration[] = [];

/**
 * Makes benchmarks known by their light declarations only: enough to read, name and list their run
 * records, without loading validators. A host that registers full definitions need not call it.
 */
export function declareBenchmarks(declarations: readonly BenchmarkDeclaration[]): void {
  for (const declaration of declarations)
    if (!declared.some((other) => other.id === declaration.id)) declared.push(declaration);
}

/** What this host knows of the benchmark with this id (its registered definition, else its declaration), or null. */
export function findDeclaration(id: string): BenchmarkDeclaration | null {
  return findBenchmark(id) ?? declared.find((declaration) => declaration.id === id) ?? null;
}

/** The declaration of a kind id, or null. */
export function findKind(id: string): RegisteredKind | null {
  for (const benchmark of registered)
    for (const kind of benchmark.kinds) if (kind.id === id) return { benchmark, kind };
  return null;
}

/**
 * The kind of a file from its path, over every registered kind, or null. Suffixes are tried before
 * patterns (over all kinds, in registration order), so a name such as `llm-babybench_output.jsonl`
 * is the suffix kind (a GRASP results file), whatever order the benchmarks are registered in.
 */
export function fileKindOf(
  path: string,
  accept: (kind: FileKindDeclaration) => boolean = () => true,
): RegisteredKind | null {
  const lower = path.toLowerCase();
  for (const benchmark of registered) {
    for (const kind of benchmark.kinds) {
      if (!accept(kind)) continue;
      for (const suffix of kind.suffixes ?? [])
        if (lower.endsWith(suffix) && lower.length > suffix.length) return { benchmark, kind };
    }
  }
  for (const benchmark of registered)
    for (const kind of benchmark.kinds) if (accept(kind) && kind.pattern?.test(path)) return { benchmark, kind };
  return null;
}

/** The matched suffix of a suffix kind's path (for splitting `zork1.edges.json` into game and suffix), or null. */
export function matchedSuffix(kind: FileKindDeclaration, path: string): string | null {
  const lower = path.toLowerCase();
  return kind.suffixes?.find((suffix) => lower.endsWith(suffix) && lower.length > suffix.length) ?? null;
}
