// `waypoint babyai replay` and `waypoint babyai score` (spec cli.md, "BabyAI / LLM-BabyBench").
// Choices the contract leaves open, made here:
// - <level>/<record> is a `*.level.json`, a record file (.json object or array, .jsonl, .csv;
//   `--index I` picks the I-th record, default 0), or a bare description text (.txt).
// - replay stops after the first terminated or truncated step, as every evaluator does; the
//   output says how many actions were not run (`not_run`).
// - score prints `{"task","mode","level_name","seed","result"}` plus `diagnostics` (the editor's
//   answer diagnostics, [{code,severity,line,character,message}] as in run records); a reference
//   run that upstream would abort (parse failure, bot exception) prints `{"aborted": reason}` and
//   exits 1. Without --json: the editor's one-line summary with the mode, then one
//   `answer:line:col: severity message [code]` line per diagnostic.
import { extname } from 'node:path';
import { BabyAIEnv, type LevelSpec } from '../../core/benchmarks/babyai/env';
import { loadLevelFile } from '../../core/benchmarks/babyai/levelFile';
import { scoreBabyaiReply } from '../../core/benchmarks/babyai/evaluation';
import { isAborted, scoreDecompose, scorePlan, scorePredict } from '../../core/benchmarks/babyai/metrics';
import { runExpert } from '../../core/benchmarks/babyai/omnibot';
import type { BabyTask } from '../../core/benchmarks/babyai/prompts';
import { readRecordFile } from '../../core/benchmarks/babyai/recordFiles';
import {
  type BabyRecord,
  descriptionLocator,
  loadRecord,
  parseDescription,
} from '../../core/benchmarks/babyai/records';
import { asciiGrid, carriedJson, initialJson } from '../../core/benchmarks/babyai/render';
import { levelFromDescription } from '../../core/benchmarks/babyai/description';
import { validateLevel } from '../../core/benchmarks/babyai/validation';
import { ACTION_NAMES, actionName } from '../../core/benchmarks/babyai/world';
import { recordDiagnostics } from '../../core/eval/pipeline';
import type { Diagnostic } from '../../core/util/text';
import { nonNegativeInteger, parseArgs, positiveInteger, UsageError } from '../args';
import { diagnosticLine } from '../output';
import { runBabyaiGenerate } from './generate';
import { tryReadInputText } from '../input';

type Output = (text: string) => void;

/** Runs `waypoint babyai <replay|score> ...`; returns the exit code. */
export async function runBabyai(argv: readonly string[], out: Output, err: Output): Promise<number> {
  const [command, ...rest] = argv;
  if (command === 'replay') return runReplay(rest, out, err);
  if (command === 'score') return runScore(rest, out, err);
  if (command === 'generate') return runBabyaiGenerate(rest, out, err);
  throw new UsageError(
    command === undefined
      ? 'babyai needs a command: replay, score or generate'
      : `unknown babyai command '${command}' (expected replay, score or generate)`,
  );
}

interface LoadedInput {
  spec: LevelSpec;
  record: BabyRecord | null;
}

function report(path: string, diagnostics: readonly Diagnostic[], err: Output): boolean {
  const errors = diagnostics.filter((d) => d.severity === 'error');
  for (const d of errors) err(diagnosticLine(path, d, false));
  return errors.length > 0;
}

/** Loads a level or a record; reports errors and returns null when it cannot be simulated. */
async function loadInput(path: string, index: number, err: Output): Promise<LoadedInput | null> {
  const read = await tryReadInputText(path);
  if (!read.ok) {
    err(read.message);
    return null;
  }
  const text = read.value;
  const extension = extname(path).toLowerCase();
  const isLevelFile =
    /\.level\.json$/i.test(path) ||
    (extension === '.json' && /"rooms"\s*:/.test(text) && !/"env_description"\s*:/.test(text));
  if (isLevelFile) {
    const loaded = loadLevelFile(text);
    if (report(path, loaded.diagnostics, err) || !loaded.spec) return null;
    return { spec: loaded.spec, record: null };
  }
  if (extension === '.txt' || extension === '') {
    const parsed = parseDescription(text);
    if (report(path, parsed.diagnostics, err) || !parsed.description) return null;
    const spec = levelFromDescription(parsed.description);
    if (report(path, validateLevel(spec, descriptionLocator(text, parsed.source)), err)) return null;
    return { spec, record: null };
  }
  const file = readRecordFile(path, text);
  if (report(path, file.diagnostics, err)) return null;
  const raw = file.records[index];
  if (!raw) {
    err(`${path}:1:1: the file has ${file.records.length} record(s); there is no record ${index}`);
    return null;
  }
  const loaded = loadRecord(raw);
  if (report(path, loaded.diagnostics, err) || !loaded.spec) return null;
  return { spec: loaded.spec, record: loaded.record };
}

function parseActions(text: string): number[] {
  return text
    .split(/[,;\n]/)
    .map((token) => token.trim().toLowerCase())
    .filter((token) => token !== '')
    .map((token) => {
      const index = (ACTION_NAMES as readonly string[]).indexOf(token);
      if (index < 0) throw new UsageError(`--actions: unknown action '${token}' (expected ${ACTION_NAMES.join(', ')})`);
      return index;
    });
}

async function runReplay(argv: readonly string[], out: Output, err: Output): Promise<number> {
  const args = parseArgs(argv, ['json'], ['actions', 'index']);
  if (args.positionals.length !== 1) throw new UsageError('babyai replay needs exactly one level or record file');
  const actionsText = args.options.get('actions');
  if (actionsText === undefined) throw new UsageError('babyai replay needs --actions "forward,left,..."');
  const actions = parseActions(actionsText);
  const index = args.options.has('index') ? nonNegativeInteger(args.options.get('index'), 'index') : 0;
  const path = args.positionals[0];
  const input = await loadInput(path, index, err);
  if (!input) return 1;
  const env = new BabyAIEnv(input.spec);
  const initial = initialJson(env);
  const steps = [];
  for (const action of actions) {
    const result = env.step(action);
    steps.push({
      t: env.stepCount,
      action: actionName(action),
      agent_pos: [env.agentPos[0], env.agentPos[1]],
      agent_dir: env.agentDir,
      carrying: carriedJson(env.carrying),
      reward: result.reward,
      terminated: result.terminated,
      truncated: result.truncated,
      changed: result.changed,
    });
    if (result.terminated || result.truncated) break;
  }
  const notRun = actions.length - steps.length;
  if (args.flags.has('json')) out(JSON.stringify({ initial, steps, not_run: notRun }));
  else {
    out(`mission: ${env.mission}`);
    for (const row of initial.grid) out(row);
    for (const step of steps)
      out(
        `${step.t} ${step.action} -> (${step.agent_pos.join(', ')}) dir ${step.agent_dir}${step.changed ? '' : ' (no-op)'}${step.carrying ? ` carrying ${step.carrying.color} ${step.carrying.type}` : ''}${step.terminated ? ` terminated reward ${step.reward}` : ''}${step.truncated ? ' truncated' : ''}`,
      );
    if (notRun > 0) out(`${notRun} action(s) after the episode ended were not run`);
    for (const row of asciiGrid(env)) out(row);
  }
  return 0;
}

async function runScore(argv: readonly string[], out: Output, err: Output): Promise<number> {
  const args = parseArgs(argv, ['json'], ['task', 'answer', 'mode', 'index', 'actions', 'k']);
  if (args.positionals.length !== 1) throw new UsageError('babyai score needs exactly one record file');
  const task = args.options.get('task') as BabyTask | undefined;
  if (task !== 'predict' && task !== 'plan' && task !== 'decompose')
    throw new UsageError(`--task must be predict, plan or decompose, not '${task ?? ''}'`);
  const answerPath = args.options.get('answer');
  if (!answerPath) throw new UsageError('babyai score needs --answer <text-file>');
  const mode = args.options.get('mode') ?? 'faithful';
  if (mode !== 'faithful' && mode !== 'reference')
    throw new UsageError(`--mode must be faithful or reference, not '${mode}'`);
  const index = args.options.has('index') ? nonNegativeInteger(args.options.get('index'), 'index') : 0;
  const k = args.options.has('k') ? positiveInteger(args.options.get('k'), 'k') : 30;
  const extraActions = args.options.has('actions') ? parseActions(args.options.get('actions') ?? '') : null;
  const path = args.positionals[0];
  const input = await loadInput(path, index, err);
  if (!input) return 1;
  const read = await tryReadInputText(answerPath);
  if (!read.ok) {
    err(read.message);
    return 1;
  }
  const reply = read.value;
  const record = input.record;
  if (record?.task && record.task !== task) {
    err(`${path}:1:1: this is a ${record.task} record, not ${task}`);
    return 1;
  }
  const { result, predictActions, expertActions } = scoreTask(task, input, extraActions, reply, mode, k);
  // The editor's reading of the same reply (evaluation.ts): its diagnostics and summary line.
  const shown = scoreBabyaiReply(task, { spec: input.spec, predictActions, expertActions }, reply, mode, { k });
  const payload = {
    task,
    mode,
    level_name: record?.levelName ?? null,
    seed: record?.seed ?? null,
    ...(isAborted(result) ? { aborted: result.aborted } : { result }),
    diagnostics: recordDiagnostics(shown.diagnostics),
  };
  if (args.flags.has('json')) out(JSON.stringify(payload));
  else {
    const level = record?.levelName
      ? ` · ${record.levelName}${record.seed !== null && record.seed !== undefined ? ` seed ${record.seed}` : ''}`
      : '';
    out(`${shown.summary} (${mode})${level}`);
    for (const diagnostic of shown.diagnostics) out(diagnosticLine(answerPath, diagnostic));
  }
  if (isAborted(result)) {
    err(`${answerPath}:1:1: the reference evaluator aborts this run: ${result.aborted}`);
    return 1;
  }
  return 0;
}

/**
 * The released metric of `task` on `reply`, and the actions the editor's reading needs (the ones predicted, the
 * expert's plan).
 */
function scoreTask(
  task: BabyTask,
  input: LoadedInput,
  extraActions: number[] | null,
  reply: string,
  mode: 'faithful' | 'reference',
  k: number,
) {
  const record = input.record;
  if (task === 'predict') {
    const actions = extraActions ?? record?.actions;
    if (!actions || (!record && !extraActions)) throw new UsageError('scoring predict on a level file needs --actions');
    return { result: scorePredict(input.spec, actions, reply, mode), predictActions: actions, expertActions: [] };
  }
  if (task === 'plan') {
    const expertActions =
      extraActions ??
      (record && record.actions.length > 0
        ? record.actions
        : runExpert(input.spec, { loop: 'generator' }).steps.map((s) => s.action));
    return { result: scorePlan(input.spec, expertActions, reply, mode), predictActions: [], expertActions };
  }
  return { result: scoreDecompose(input.spec, reply, mode, k), predictActions: [], expertActions: [] };
}
