// `waypoint play mango|babyai|grasp ...` (runs.md §7): one interactive episode, played by a
// built-in agent or a model (the model options `waypoint run` takes), through the same pipeline a
// batch run's `--task play` questions go (core/eval/episodeQuestions.ts): cache, cancellation
// (Ctrl+C: exit 130), one record's worth of transcript. Prints the transcript, or runs.md §7's
// JSON with --json; exits 0 whether the goal was reached or not, and 1 (after printing the turns
// played) when a turn's model call failed.
import { join } from 'node:path';
import { loadLevelFile } from '../../core/benchmarks/babyai/levelFile';
import { babyaiPlayQuestion, preparedBabyaiEpisode } from '../../core/benchmarks/babyai/episode';
import { MissionError } from '../../core/benchmarks/babyai/mission';
import { readRecordFile } from '../../core/benchmarks/babyai/recordFiles';
import { loadRecord } from '../../core/benchmarks/babyai/records';
import { ModelCallCancelled, ModelCallError } from '../../core/eval/engine';
import type { EpisodeAnswer } from '../../core/eval/episodeQuestions';
import { formatTranscript } from '../../core/eval/episodes';
import { OpenAiCompatibleSource } from '../../core/eval/openaiProvider';
import { cliApiKey, cliKeyAdvice } from './keyAdvice';
import { answerPrepared } from '../../core/eval/pipeline';
import type { RunRecord, ScoringMode } from '../../core/eval/types';
import { graspPlayQuestion, preparedGraspEpisode } from '../../core/benchmarks/grasp/episode';
import { parseGraspGridFile } from '../../core/benchmarks/grasp/gridFile';
import { parseSettingsOption } from '../../core/benchmarks/grasp/questionSet';
import { parseEdgesFile } from '../../core/benchmarks/mango/walkthrough/gameFiles';
import { mangoPlayGame, mangoPlayQuestion, preparedMangoEpisode } from '../../core/benchmarks/mango/play/playQuestions';
import { NEVER } from '../../core/benchmarks/mango/types';
import type { PreparedQuestion } from '../../core/benchmark/registry';
import { QuestionOptionError } from '../../core/benchmark/registry';
import { escapeControls } from '../../core/util/text';
import { baseName } from '../../core/util/walk';
import type { Diagnostic } from '../../core/util/text';
import { nonNegativeInteger, parseArgs, positiveInteger, UsageError } from '../args';
import { MODEL_OPTIONS, profileOf } from './run';
import { cliStore, workspaceRoot } from './runFiles';
import { tryReadInputText } from '../input';

type Output = (text: string) => void;

const VALUE_OPTIONS = [...MODEL_OPTIONS, 'from', 'to', 'seed', 'max-steps', 'index', 'setting', 'mode'];
const FLAGS = ['json', 'no-cache'];

/** A file the user named could not be used: exit 1 with one line. */
class InputError extends Error {}

async function readInput(path: string): Promise<string> {
  const read = await tryReadInputText(path);
  if (!read.ok) throw new InputError(read.message);
  return read.value;
}

/**
 * `file:line:column: <first error>; ` when the file has lines that could not be read (the record
 * asked for may be among them), else `file: `: a missing record is never blamed on --index alone.
 */
function whereBroken(source: string, diagnostics: readonly Diagnostic[]): string {
  const error = diagnostics.find((diagnostic) => diagnostic.severity === 'error');
  return error
    ? `${source}:${error.range.start.line + 1}:${error.range.start.character + 1}: ${error.message.replace(/\.$/, '')}; `
    : `${source}: `;
}

async function mangoEpisode(source: string, options: Map<string, string>): Promise<PreparedQuestion> {
  const from = options.get('from');
  const to = options.get('to');
  if (from === undefined || to === undefined) throw new UsageError('play mango needs --from ROOM and --to ROOM');
  const folder = source.replace(/(?<=.)[\\/]+$/, '');
  const game = baseName(folder);
  const walkthrough = await readInput(join(folder, `${game}.walkthrough`));
  const edgesPath = join(folder, `${game}.edges.json`);
  const edges = parseEdgesFile(await readInput(edgesPath));
  const error = edges.diagnostics.find((diagnostic) => diagnostic.severity === 'error');
  if (error)
    throw new InputError(
      `${edgesPath}:${error.range.start.line + 1}:${error.range.start.character + 1}: ${error.message}`,
    );
  const playGame = mangoPlayGame(
    game,
    walkthrough,
    edges.edges.map((edge) => edge.record),
  );
  const room = (name: string, flag: string) => {
    const wanted = name.trim().replace(/\s+/g, ' ').toLowerCase();
    const found = playGame.graph.nodes.find((node) => node.toLowerCase() === wanted);
    if (found === undefined) throw new InputError(`${edgesPath}: --${flag} '${name}' is not a room of ${game}'s maze`);
    return found;
  };
  const maxSteps = options.has('max-steps') ? positiveInteger(options.get('max-steps'), 'max-steps') : undefined;
  const [src, dst] = [room(from, 'from'), room(to, 'to')];
  const question = mangoPlayQuestion(
    playGame,
    { sampleId: `play-${src}->${dst}`, src, dst, answerable: true, easy: false, cutoff: NEVER },
    maxSteps,
  );
  return preparedMangoEpisode(playGame, question);
}

async function babyaiEpisode(source: string, options: Map<string, string>): Promise<PreparedQuestion> {
  const text = await readInput(source);
  if (source.toLowerCase().endsWith('.level.json')) {
    if (options.has('index'))
      throw new UsageError('--index chooses a record of a record file; a level file has one level');
    const loaded = loadLevelFile(text);
    const error = loaded.diagnostics.find((diagnostic) => diagnostic.severity === 'error');
    if (!loaded.spec || error)
      throw new InputError(
        `${source}${error ? `:${error.range.start.line + 1}: ${error.message}` : ': the level cannot be built'}`,
      );
    return preparedBabyaiEpisode(babyaiPlayQuestion(source, null, baseName(source)), loaded.spec);
  }
  const index = options.has('index') ? nonNegativeInteger(options.get('index'), 'index') : 0;
  const file = readRecordFile(baseName(source), text);
  const raw = file.records[index];
  if (!raw)
    throw new InputError(
      `${whereBroken(source, file.diagnostics)}no record ${index} (the file has ${file.records.length}; --index counts from 0)`,
    );
  const loaded = loadRecord(raw);
  const error = loaded.diagnostics.find((diagnostic) => diagnostic.severity === 'error');
  if (!loaded.spec || error)
    throw new InputError(
      `${source}:${raw.range.start.line + 1}: ${error ? error.message : 'the level cannot be built from its env_description'}`,
    );
  return preparedBabyaiEpisode(
    babyaiPlayQuestion(source, index, loaded.record.levelName || baseName(source)),
    loaded.spec,
  );
}

async function graspEpisode(source: string, options: Map<string, string>): Promise<PreparedQuestion> {
  let settings;
  try {
    settings = parseSettingsOption(options.get('setting') ?? '8-none-0');
  } catch (error) {
    if (error instanceof QuestionOptionError) throw new UsageError(error.message.replace('--settings', '--setting'));
    throw error;
  }
  if (settings.length !== 1)
    throw new UsageError('--setting names one setting, <moves>-<carry>-<cost> such as 8-none-0.3');
  const file = parseGraspGridFile(await readInput(source), baseName(source));
  const index = options.has('index') ? nonNegativeInteger(options.get('index'), 'index') : 0;
  const entry = file.entries.find((candidate) => candidate.record.index === index);
  if (!entry) throw new InputError(`${whereBroken(source, file.diagnostics)}no grid with index ${index}`);
  return preparedGraspEpisode(
    graspPlayQuestion(baseName(source), source, index, settings[0]),
    entry.grid,
    entry.record.obstacle === 'block',
  );
}

interface EpisodeKind {
  build(source: string, options: Map<string, string>): Promise<PreparedQuestion>;
  /** What the positional source is, for the usage line. */
  source: string;
  /** Options only this benchmark's episodes take (of from, to, index, setting). */
  own: readonly string[];
  modes: readonly ScoringMode[];
}

const EPISODES: Record<string, EpisodeKind> = {
  mango: { build: mangoEpisode, source: 'a game folder', own: ['from', 'to'], modes: ['faithful'] },
  babyai: { build: babyaiEpisode, source: 'a level or record file', own: ['index'], modes: ['faithful'] },
  grasp: {
    build: graspEpisode,
    source: 'a grid file',
    own: ['index', 'setting'],
    modes: ['faithful', 'reference', 'pre2025', 'paper'],
  },
};
const OWN_OPTIONS = ['from', 'to', 'index', 'setting'];

/** Runs `waypoint play ...`; returns the exit code. */
export async function runPlay(argv: readonly string[], out: Output, err: Output): Promise<number> {
  const args = parseArgs(argv, FLAGS, VALUE_OPTIONS);
  const [benchmark, source, ...rest] = args.positionals;
  const kind = benchmark === undefined ? undefined : EPISODES[benchmark];
  if (!kind)
    throw new UsageError(`play needs mango, babyai or grasp${benchmark === undefined ? '' : `, not '${benchmark}'`}`);
  if (source === undefined) throw new UsageError(`play ${benchmark} needs ${kind.source}`);
  if (rest.length > 0) throw new UsageError(`unexpected argument '${rest[0]}'`);
  const foreign = OWN_OPTIONS.find((option) => args.options.has(option) && !kind.own.includes(option));
  if (foreign)
    throw new UsageError(
      `play ${benchmark} takes ${kind.own.map((option) => `--${option}`).join(', ')}, not --${foreign}`,
    );
  const profile = await profileOf(args.options, false);
  const seed = args.options.has('seed') ? nonNegativeInteger(args.options.get('seed'), 'seed') : 0;
  const mode = (args.options.get('mode') ?? 'faithful') as ScoringMode;
  if (!kind.modes.includes(mode))
    throw new UsageError(`--mode must be ${kind.modes.join(', ')} for ${benchmark} episodes, not '${mode}'`);

  let prepared: PreparedQuestion;
  try {
    prepared = await kind.build(source, args.options);
  } catch (error) {
    if (error instanceof InputError || error instanceof MissionError) {
      err(`waypoint play: ${escapeControls(error.message)}`);
      return 1;
    }
    throw error;
  }
  const controller = new AbortController();
  const onSigint = () => controller.abort();
  process.on('SIGINT', onSigint);
  const source_ =
    profile.provider === 'openai-compatible' ? new OpenAiCompatibleSource(cliApiKey, cliKeyAdvice) : undefined;
  try {
    const { record } = await answerPrepared(prepared, profile, benchmark, {
      source: source_,
      cache: args.flags.has('no-cache')
        ? null
        : cliStore(workspaceRoot(process.cwd()), (line) => err(escapeControls(line))),
      mode,
      seed,
      signal: controller.signal,
    });
    return printEpisode(record, args.flags.has('json'), out, err);
  } catch (error) {
    if (error instanceof ModelCallCancelled) {
      err('waypoint play: interrupted.');
      return 130;
    }
    if (error instanceof ModelCallError) {
      err(`waypoint play: ${escapeControls(error.message)}`);
      return 1;
    }
    throw error;
  } finally {
    process.off('SIGINT', onSigint);
  }
}

/** Prints the played episode (its transcript, or runs.md §7's JSON); exit 1 when a turn's call failed. */
function printEpisode(record: RunRecord, json: boolean, out: Output, err: Output): number {
  const answer = record.parsedAnswer as EpisodeAnswer;
  const failed = record.error ?? record.episode_error;
  // The first turn failed: nothing was played, and the failure is all there is to say.
  if (failed !== undefined && answer.moves === 0) {
    err(`waypoint play: ${escapeControls(failed)}`);
    return 1;
  }
  if (json) {
    const { reached, moves, start, steps } = answer;
    out(
      JSON.stringify({
        reached,
        moves,
        start,
        steps,
        end: answer.end,
        ...(answer.reason !== undefined ? { reason: answer.reason } : {}),
        ...(record.failure ? { failure: record.failure } : {}),
        scores: record.scores,
      }),
    );
  } else out(formatTranscript({ ...answer, steps: answer.steps }));
  // A turn's call failed: the turns before it are printed above, and the failure is the exit code's reason.
  if (failed === undefined) return 0;
  err(
    `waypoint play: the episode ended after ${answer.moves} ${answer.moves === 1 ? 'move' : 'moves'} because a turn failed: ${escapeControls(failed)}`,
  );
  return 1;
}
