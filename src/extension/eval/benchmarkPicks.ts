// What "Waypoint: Run Benchmark…" runs, as the person picks it (runBenchmark.ts runs it): the
// benchmark, its sources in the workspace, its question options, the scoring mode, the model
// profiles and the concurrency. Each picker is skipped when the command's options answer it.
import * as vscode from 'vscode';
import { promises as fs } from 'node:fs';
import { dirname, isAbsolute, join } from 'node:path';
import { benchmarks } from '../../core/benchmarks';
import { type BenchmarkDefinition, fileKindOf } from '../../core/benchmark/registry';
import type { ModelProfile, ScoringMode } from '../../core/eval/types';
import { questionOptionHint } from '../../core/runs/optionHints';
import { scoringModeSetting } from '../settings';
import { modelProfiles } from './profiles';

const EXCLUDE = '{**/node_modules/**,**/.waypoint/**,**/.git/**}';

/** Everything the pickers ask, for tests and other callers that know the answers. */
export interface RunBenchmarkOptions {
  benchmark?: string;
  /** Workspace-relative or absolute paths, or names a benchmark takes (SmartPlay games). */
  sources?: string[];
  questionOptions?: Record<string, string>;
  profiles?: string[];
  mode?: ScoringMode;
  concurrency?: number;
  /** Times each question is asked (`waypoint.runs.epochs` when absent). */
  epochs?: number;
  /** Skip the modal confirm. */
  confirmed?: boolean;
  /** What to do with a resumable run file: resume it (default when asked without UI) or start a new one. */
  resume?: boolean;
}

async function pickBenchmark(preset?: string): Promise<BenchmarkDefinition | undefined> {
  const runnable = benchmarks().filter((definition) => definition.questionSet);
  if (preset) return runnable.find((definition) => definition.id === preset);
  const picked = await vscode.window.showQuickPick(
    runnable.map((definition) => ({ label: definition.label, description: definition.id, definition })),
    { title: 'Run Benchmark: which benchmark?' },
  );
  return picked?.definition;
}

/** The benchmark's files in the workspace as sources: a folder for kinds read as folder groups (a MANGO game), else the file and its folder. */
async function sourceItems(
  definition: BenchmarkDefinition,
  root: string,
): Promise<Array<vscode.QuickPickItem & { path?: string }>> {
  const uris = await vscode.workspace.findFiles('**/*', EXCLUDE, 20_000);
  const folders = new Map<string, number>();
  const files: string[] = [];
  for (const uri of uris) {
    // Over every kind, so another benchmark's suffix wins as it does in validation.
    const found = fileKindOf(uri.fsPath);
    if (found?.benchmark.id !== definition.id) continue;
    const relative = vscode.workspace.asRelativePath(uri, false);
    if (found.kind.validation === 'standalone') files.push(relative);
    const folder = dirname(relative);
    folders.set(folder, (folders.get(folder) ?? 0) + 1);
  }
  const items: Array<vscode.QuickPickItem & { path?: string }> = [
    ...[...folders]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([folder, count]) => ({
        label: `$(folder) ${folder}`,
        description: `${count} ${definition.label} file${count === 1 ? '' : 's'}`,
        path: join(root, folder),
      })),
    ...files.sort().map((file) => ({ label: `$(file) ${file}`, path: join(root, file) })),
  ];
  items.push({
    label: '$(edit) Other sources…',
    description: 'names or paths as `waypoint run` takes them (e.g. SmartPlay games, or all)',
  });
  return items;
}

/** A typed source: a path in the workspace when there is one, else as typed (an absolute path, or a name such as a SmartPlay game). */
async function resolveSource(root: string, source: string): Promise<string> {
  if (isAbsolute(source)) return source;
  const inWorkspace = join(root, source);
  return (await fs.stat(inWorkspace).then(
    () => true,
    () => false,
  ))
    ? inWorkspace
    : source;
}

async function pickSources(
  definition: BenchmarkDefinition,
  root: string,
  preset?: string[],
): Promise<string[] | undefined> {
  if (preset) return Promise.all(preset.map((source) => resolveSource(root, source)));
  const picked = await vscode.window.showQuickPick(await sourceItems(definition, root), {
    title: `Run Benchmark: ${definition.label} sources (one or several)`,
    canPickMany: true,
  });
  if (!picked || picked.length === 0) return undefined;
  const sources = picked.flatMap((item) => (item.path ? [item.path] : []));
  if (picked.some((item) => !item.path)) {
    const typed = await vscode.window.showInputBox({
      title: `Run Benchmark: ${definition.label} sources`,
      prompt: 'Space-separated names or paths (relative to the workspace)',
      placeHolder: 'all',
    });
    if (typed === undefined) return undefined;
    sources.push(
      ...(await Promise.all(
        typed
          .split(/\s+/)
          .filter(Boolean)
          .map((source) => resolveSource(root, source)),
      )),
    );
  }
  return sources.length > 0 ? sources : undefined;
}

/** One value of an option: its choices as a quick pick, else an input box (empty: the default). Null = use the default. */
async function askOption(
  definition: BenchmarkDefinition,
  option: string,
  current: string | undefined,
): Promise<string | null | undefined> {
  const hint = questionOptionHint(definition, option);
  if (hint.choices) {
    const picked = await vscode.window.showQuickPick(
      hint.choices.map((choice) => ({
        label: choice,
        description: choice === hint.fallback ? 'default' : undefined,
        picked: choice === current,
      })),
      { title: `Run Benchmark: --${option}`, placeHolder: hint.help },
    );
    return picked ? (picked.label === hint.fallback ? null : picked.label) : undefined;
  }
  const typed = await vscode.window.showInputBox({
    title: `Run Benchmark: --${option}`,
    prompt: hint.help,
    value: current ?? '',
    placeHolder: hint.fallback ? `${hint.fallback} (default)` : '',
  });
  if (typed === undefined) return undefined;
  return typed.trim() === '' ? null : typed.trim();
}

/** The question options, one list with each option's value: Enter on "Continue" keeps them, a row changes one. */
async function pickQuestionOptions(
  definition: BenchmarkDefinition,
  preset?: Record<string, string>,
): Promise<Record<string, string> | undefined> {
  const declared = definition.questionOptions ?? [];
  if (preset) return preset;
  const values: Record<string, string> = {};
  if (declared.length === 0) return values;
  for (;;) {
    const missing = declared.filter(
      (option) => questionOptionHint(definition, option).required && values[option] === undefined,
    );
    const rows = declared.map((option) => {
      const hint = questionOptionHint(definition, option);
      const value =
        values[option] ?? (hint.fallback ? `${hint.fallback} (default)` : hint.required ? '(required)' : '(default)');
      return { label: `--${option}`, description: value, detail: hint.help, option };
    });
    const continueRow = {
      label: missing.length
        ? `$(arrow-right) Continue (choose ${missing.map((option) => `--${option}`).join(', ')} first)`
        : '$(arrow-right) Continue with these options',
      option: undefined as string | undefined,
    };
    const picked = await vscode.window.showQuickPick([continueRow, ...rows], {
      title: `Run Benchmark: ${definition.label} question options`,
      placeHolder: 'Pick an option to change it, or Continue',
    });
    if (!picked) return undefined;
    const option = picked.option ?? missing[0];
    if (option === undefined) return values;
    const value = await askOption(definition, option, values[option]);
    if (value === undefined) continue;
    if (value === null) delete values[option];
    else values[option] = value;
  }
}

async function pickMode(definition: BenchmarkDefinition, preset?: ScoringMode): Promise<ScoringMode | undefined> {
  const modes = definition.scoringModes ?? ['faithful'];
  if (preset) return modes.includes(preset) ? preset : undefined;
  if (modes.length === 1) return modes[0];
  const preferred = modes.includes(scoringModeSetting()) ? scoringModeSetting() : modes[0];
  const ordered = [preferred, ...modes.filter((mode) => mode !== preferred)];
  return (
    await vscode.window.showQuickPick(
      ordered.map((mode) => ({
        label: mode,
        description: mode === preferred ? 'the waypoint.evaluation.scoringMode setting' : undefined,
      })),
      { title: 'Run Benchmark: scoring mode' },
    )
  )?.label as ScoringMode | undefined;
}

async function pickProfiles(preset?: string[]): Promise<ModelProfile[] | undefined> {
  const profiles = modelProfiles((message) => void vscode.window.showWarningMessage(`Waypoint: ${message}`));
  if (preset) {
    const found = preset.map((id) => profiles.find((profile) => profile.id === id));
    return found.every((profile) => profile !== undefined) ? (found as ModelProfile[]) : undefined;
  }
  const describe = (profile: ModelProfile) =>
    profile.provider === 'openai-compatible'
      ? `${profile.model ?? ''} · ${profile.baseUrl ?? ''}`
      : `built-in ${profile.provider} agent (offline)`;
  const picked = await vscode.window.showQuickPick(
    profiles.map((profile) => ({ label: profile.id, description: describe(profile), profile })),
    { title: 'Run Benchmark: which models? (one or several)', canPickMany: true },
  );
  return picked && picked.length > 0 ? picked.map((item) => item.profile) : undefined;
}

async function pickConcurrency(preset?: number): Promise<number | undefined> {
  if (preset !== undefined) return preset;
  const typed = await vscode.window.showInputBox({
    title: 'Run Benchmark: concurrency',
    prompt: 'Requests in flight at once, per model',
    value: '4',
    validateInput: (text) => (/^[1-9]\d*$/.test(text.trim()) ? undefined : 'a positive integer'),
  });
  return typed === undefined ? undefined : Number(typed.trim());
}

/** What the pickers chose: the benchmark, its sources and options, the models and how to run them. */
export interface BenchmarkChoice {
  root: string;
  definition: BenchmarkDefinition;
  questionSet: NonNullable<BenchmarkDefinition['questionSet']>;
  sources: string[];
  questionOptions: Record<string, string>;
  mode: ScoringMode;
  profiles: ModelProfile[];
  concurrency: number;
  /** The seed of the built-in random agent and of seeded question sets, as `waypoint run --seed`. */
  seed: number;
}

/** The pickers in order (each skipped when `options` answers it); undefined when one is cancelled. */
export async function chooseRun(options: RunBenchmarkOptions): Promise<BenchmarkChoice | undefined> {
  const root = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath;
  if (!root) {
    void vscode.window.showInformationMessage(
      'Waypoint: open a folder to run a benchmark (run files go to its .waypoint/runs/batch/).',
    );
    return undefined;
  }
  const definition = await pickBenchmark(options.benchmark);
  const questionSet = definition?.questionSet;
  if (!definition || !questionSet) return undefined;
  const sources = await pickSources(definition, root, options.sources);
  if (!sources) return undefined;
  const questionOptions = await pickQuestionOptions(definition, options.questionOptions);
  if (!questionOptions) return undefined;
  const mode = await pickMode(definition, options.mode);
  if (!mode) return undefined;
  const profiles = await pickProfiles(options.profiles);
  if (!profiles) return undefined;
  const concurrency = await pickConcurrency(options.concurrency);
  if (!concurrency) return undefined;
  return {
    root,
    definition,
    questionSet,
    sources,
    questionOptions,
    mode,
    profiles,
    concurrency,
    seed: Number(questionOptions.seed ?? 0),
  };
}
