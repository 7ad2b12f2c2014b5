// The shapes of what reports, comparisons and the results view compute: types only, with no
// import of the benchmark registry, so protocol and webview code can name them.
import type { ChatMessage, RecordDiagnostic, RunRecord, ScoringMode } from '../eval/types';
import type { GlossaryEntry } from './glossary';

export type { GlossaryEntry } from './glossary';

export type KeyValue = string | number | null;

/**
 * Which way a metric is better: a success rate `higher`, an unparseable-answer rate `lower`, null
 * where neither is (a count that only describes the answer, like GRASP's `length`).
 */
export type MetricDirection = 'higher' | 'lower' | null;

export interface MetricSummary {
  /** Mean over the group's records the metric applies to; null when none has a value. */
  mean: number | null;
  ci95: [number, number] | null;
  /** How many records the mean is over. */
  n: number;
  /** Runs with repeats (`--epochs`) only (added fields): mean@K, and for 0/1 metrics pass@k and pass^k, at k = K; reliability.ts. */
  'mean@k'?: RepeatEntry & { k: number };
  'pass@k'?: RepeatEntry & { k: number };
  'pass^k'?: RepeatEntry & { k: number };
  /** The same for every k from 1 to K, with K and the number of questions. */
  repeats?: RepeatSummary;
}

/** A mean over questions with its 95% interval, resampling questions. */
export interface RepeatEntry {
  mean: number;
  ci95: [number, number] | null;
}

/** A metric over the repeats of each question (reliability.ts). */
export interface RepeatSummary {
  /** K: the fewest answers any question of the group has (k runs 1 … K). */
  epochs: number;
  questions: number;
  /** What the intervals resample. */
  cluster: 'question';
  /** The mean of each question's mean. */
  'mean@k': RepeatEntry;
  /** 0/1 metrics: by k ("1" … "K"), the unbiased estimators averaged over questions. */
  'pass@k'?: Record<string, RepeatEntry>;
  'pass^k'?: Record<string, RepeatEntry>;
}

export interface ReportGroup {
  key: Record<string, KeyValue>;
  n: number;
  /** Parseable answers. */
  valid: number;
  errors: number;
  /** Distinct clusters (games, levels, grid files) in the group; with one, the interval resamples records instead. */
  clusters: number;
  metrics: Record<string, MetricSummary>;
  /** Replies the server cut at the token limit (`truncated` records): scored as given, their answers may be incomplete. */
  truncated: number;
  /** Prompts the server cut without an error (`context_truncated` records): answers to a prompt the model saw only in part. */
  context_truncated: number;
  /** Dollars the group's records cost (recordCost.ts: cache hits and built-in agents nothing); null when any record's cost is unknown, never 0 then (an added field). */
  cost_usd: number | null;
  /** Records whose cost nobody knows (no prices, no provider figure, imported answers): why cost_usd is null (an added field). */
  cost_unknown: number;
}

export interface FailureCount {
  code: string;
  /** Occurrences over all records. */
  count: number;
  /** Records with at least one. */
  records: number;
}

/** A code's counts with what it means: the new lists (`failures_by_model`, `notes`) carry them. */
export interface CodeCount extends FailureCount {
  /** What the code means, as the benchmark declares it (null when it declares nothing). */
  meaning: string | null;
  /** The first message with the code. */
  example: string;
}

/** One model's answer diagnostics: failures (errors, warnings) and informational notes apart. */
export interface ModelFailures {
  model: string;
  /** The model's records. */
  records: number;
  failures: CodeCount[];
  notes: CodeCount[];
}

/** The errored records of one reason: a failure kind, HTTP status and server error type (never a message text). */
export interface ErrorKindCount {
  kind: string;
  status?: number;
  type?: string;
  /** Records that failed so. */
  records: number;
  /** The first one's message. */
  example: string;
}

export interface ReportJson {
  benchmark: string;
  records: number;
  errors: number;
  /** How many records each scoring mode made (every result says which mode made it). */
  modes: Partial<Record<ScoringMode, number>>;
  by: string[];
  where: Record<string, string[]>;
  bootstrap: { seed: number; resamples: number; cluster: string; interval: 'percentile' };
  /** Records left out because a later one answered the same question for the same model and mode. */
  superseded: number;
  groups: ReportGroup[];
  /** Every answer diagnostic code pooled over models, notes included (kept as it was; `failures_by_model` and `notes` tell them apart). */
  failures: FailureCount[];
  /** The failure codes of each model, informational codes apart in each model's `notes` (an added field). */
  failures_by_model: ModelFailures[];
  /** Informational codes (severity information or hint, or declared so by the benchmark: GRASP's `score`), pooled: never failures (an added field). */
  notes: CodeCount[];
  /** Each reported metric's better direction, as the benchmark declares it (an added field). */
  better: Record<string, MetricDirection>;
  /** Records whose reply was cut at the token limit (an added field). */
  truncated: number;
  /** Records whose prompt the server cut without an error (an added field). */
  context_truncated: number;
  /**
   * How the metrics treat records with `truncated` or `context_truncated` (and no error):
   * `excluded` (the default) leaves them out of every mean, interval and plot, counted only in the
   * two columns; `included` (`--include-truncated`, or by default for records all of a mode defined
   * over cut answers: GRASP `paper`) scores them as given (an added field).
   */
  truncated_treatment: 'excluded' | 'included';
  /** The errored records by reason (kind, status, type), commonest first; `unrecorded` for records written before failures were kept (an added field). */
  errors_by_kind: ErrorKindCount[];
  /** Dollars all the records cost; null when any record's cost is unknown (an added field). */
  cost_usd: number | null;
  /** Records whose cost nobody knows (an added field). */
  cost_unknown: number;
  /**
   * Scoring modes whose cut records the means count because the mode is defined over every answer
   * (GRASP's `paper`, as the paper's Table 1), when neither --include-truncated nor
   * --exclude-truncated decided; with only such modes, `truncated_treatment` is `included` (an added field).
   */
  truncated_included_modes: string[];
  /** Records whose question has no correct answer at its cutoff (a MANGO route the walkthrough shown does not contain; an added field). */
  unanswerable: number;
  /** `excluded` (the default): those records are out of `groups` and have `unanswerable_groups` of their own; `included` (`--include-unanswerable`): in `groups` like any other (an added field). */
  unanswerable_treatment: 'excluded' | 'included';
  /** The unanswerable records grouped as `groups` are, when excluded; empty when included (an added field). */
  unanswerable_groups: ReportGroup[];
}

export interface MetricComparison {
  a: number;
  b: number;
  diff: number;
  ci95: [number, number] | null;
  p_value: number;
  test: 'mcnemar-exact' | 'paired-bootstrap';
  /** Pairs the metric applies to. */
  n: number;
  /** 0/1 metrics: discordant pairs, 1 → 0 (b) and 0 → 1 (c); McNemar tests them unless the runs have repeats. */
  discordant?: { a_only: number; b_only: number };
  /** The run the difference favours when it is significant (p < 0.05) and the metric has a better direction; else null. */
  favours: 'a' | 'b' | null;
}

export interface CompareJson {
  benchmark: string;
  paired: number;
  /** Questions only one run has a record of: never part of a mean here. */
  unpaired: { a: number; b: number };
  models: { a: string[]; b: string[] };
  bootstrap: { seed: number; resamples: number; cluster: string; interval: 'percentile' };
  metrics: Record<string, MetricComparison>;
  /** The metric `flips` is about (the benchmark's first 0/1 metric with paired values), or null. */
  flips_metric: string | null;
  /** `epoch`: which repeat of the question flipped, in runs with repeats; `label`: the question in words (questionLabels.ts); both added fields. */
  flips: Array<{ sampleId: string; epoch?: number; a: number; b: number; label?: string }>;
  /** Each compared metric's better direction, as the benchmark declares it (an added field). */
  better: Record<string, MetricDirection>;
  /** Records left out because the model call failed (`error`): an error is no answer, so it is never paired (an added field). */
  errors: { a: number; b: number };
  /** Records answered from a cut (`truncated`, `context_truncated`) left out as the report's means leave them out; 0 when included (an added field). */
  truncated: { a: number; b: number };
  /** Questions both runs have that are not pairs: an error on either side, else an answer from a cut (an added field). paired + dropped + unpaired.a = A's questions. */
  dropped: { errors: number; truncated: number };
  /** Whether answers from cuts were paired (`included`, --include-truncated) or dropped (`excluded`), as the report treats them (an added field). */
  truncated_treatment: 'excluded' | 'included';
  /** Dollars each run's records cost (all of them, paired or not, after --where and --model-a/-b); null when any record's cost is unknown (an added field). */
  cost_usd: { a: number | null; b: number | null };
  /** Each run's records whose cost nobody knows (an added field). */
  cost_unknown: { a: number; b: number };
  /** Scoring modes whose answers from cuts were paired because the mode is defined over them, as the report's `truncated_included_modes` (an added field). */
  truncated_included_modes: string[];
  /** Questions left out of the pairs as having no correct answer at their cutoff (the results view's compare; an added field). */
  unanswerable?: number;
}

/** One plot's numbers: a row per `x` value, a bar per model (and `series` value), each a mean over `n` records. */
export interface PlotData {
  title: string;
  x: string;
  metric: string;
  series?: string;
  /** Also drawn as a radar (the benchmark's ReportPlot says so). */
  radar?: boolean;
  xs: KeyValue[];
  bars: string[];
  /** [index in xs, index in bars, mean, n], only for the pairs that have records. */
  cells: Array<[number, number, number, number]>;
}

/** One record in the view: indices into `strings` keep 40,000 of them small. */
export interface ResultRow {
  /** Model id (index into strings). */
  m: number;
  /** The question's sample id: records of different models with one id are the same question. */
  q: string;
  /** The question's label (index into strings): what the matrix shows and its search matches. */
  l: number;
  /** Field values in `fields` order (indices into strings; null: no value). */
  f: Array<number | null>;
  /** Metric values in `metrics` order (null: none or not applicable). */
  v: Array<number | null>;
  /** 1 when the answer parsed. */
  ok: 0 | 1;
  /** 1 when the record has an error (no answer). */
  err?: 1;
  /** 1 when the answer came from a cut (`truncated` or `context_truncated`, without error): out of the means unless the report includes them. */
  cut?: 1;
  /** Distinct answer diagnostic codes (indices into strings). */
  d?: number[];
  /** 1 when the question has no correct answer at its cutoff: out of the headline unless the report includes them. */
  un?: 1;
}

/** One paper figure (figures.ts) as the SVG text `waypoint report --plots` writes for it. */
export interface ResultFigure {
  /** File-name stem, as `report --plots` names the file. */
  name: string;
  title: string;
  svg: string;
}

export interface ResultsModel {
  title: string;
  benchmark: string;
  /** The run files the records come from, as the host names them. */
  files: string[];
  /** Exactly `waypoint report --json` over the same files. */
  report: ReportJson;
  /** One group per model: the overall table. */
  overall: ReportGroup[];
  fields: string[];
  metrics: string[];
  /** Metrics where a missing answer counts 0. */
  success: string[];
  /** 0/1 metrics. */
  binary: string[];
  /** Each metric's better direction (the report's `better`): what Compare colours good or bad. */
  better: Record<string, MetricDirection>;
  /** The metric the matrix shows and flips are about (the first 0/1 metric, else the first success metric). */
  primary: string | null;
  /** Models in overall order. */
  models: string[];
  plots: PlotData[];
  /** The benchmark's paper figures over the headline's rows, drawn by core's figureSvg: the same text as `report --plots`. */
  figures: ResultFigure[];
  /** What the metrics and the terms in the field values mean (the benchmark's glossary, only what this run shows). */
  glossary: GlossaryEntry[];
  strings: string[];
  rows: ResultRow[];
}

/** One record in full, for the view's detail pane (sent when a record is opened). */
export interface RecordDetail {
  model: string;
  sampleId: string;
  mode: ScoringMode;
  fields: Record<string, KeyValue>;
  metrics: Record<string, number | null>;
  messages: ChatMessage[];
  rawAnswer: string;
  parsedAnswer: unknown;
  scores: RunRecord['scores'];
  diagnostics: RecordDiagnostic[];
  error?: string;
  /** The reply stopped at the token limit. */
  truncated?: true;
  /** The server cut the prompt without an error. */
  context_truncated?: true;
  /** Whether the record counts in the means (a cut record does only with --include-truncated). */
  inMeans: boolean;
  latencyMs: number;
  cached: boolean;
}
