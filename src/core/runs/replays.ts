// Replays for the HTML report's drill-down (runs.md §4 "maze/board replays"). Run records do not
// carry grids, levels or games, so the report is told where they are (--grids, --games, --levels)
// and each record's answer is scored again by the benchmark's own core to get the frames the
// board and maze views show: GRASP scoreGraspAnswer → graspTimeline, BabyAI scoreBabyaiAnswer →
// babyaiTimeline, MANGO answerTrajectory on the game's evaluator graph; a SmartPlay episode record
// carries its whole log in rawAnswer. Every record gets a replay or a sentence saying why not.
import { stripBom } from '../bom';
import type { BoardFrame, BoardTimeline } from '../board';
import { babyaiTimeline } from '../babyai/boardTimeline';
import { prepareBabyaiQuestion, scoreBabyaiAnswer, type BabyaiQuestionInput } from '../babyai/evaluation';
import { loadLevelFile } from '../babyai/levelFile';
import { readRecordFile } from '../babyai/recordFiles';
import { loadRecord } from '../babyai/records';
import type { BabyaiQuestion, GraspQuestion, MangoQuestion, RunRecord, SmartplayQuestion } from '../eval/types';
import { scoreGraspAnswer } from '../grasp/evaluation';
import { type GraspGridEntry, parseGraspGridFile } from '../grasp/gridFile';
import { graspTimeline } from '../grasp/boardTimeline';
import { createMangoScorer, type MangoScorer } from '../mango/evaluation';
import { parseEdgesFile, parseLocationsFile } from '../mango/gameFiles';
import { answerTrajectory } from '../mango/trajectory';
import type { Trajectory } from '../mango/mazeView';
import type { QuestionSetFiles } from '../registry';
import { smartplayTimelineOfFile } from '../smartplay/boardTimeline';
import { parseEpisodeLog } from '../smartplay/episodeLog';
import { baseName, describeFsError } from '../walk';
import { PACK_LEVELS } from './htmlData';
import { packTimeline, type ReplayResult } from './replayFrames';

/** Where the report finds the files records name (folders; relative paths resolve against the CLI's cwd). */
export interface ReplaySources {
  grids?: string;
  games?: string;
  levels?: string;
}

export type { ReplayResult } from './replayFrames';

const joinPath = (folder: string, name: string) => `${folder.replace(/[\\/]+$/, '')}/${name}`;
const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Reads each file once; a failure is remembered as its message. */
class FileCache<T> {
  private readonly cache = new Map<string, Promise<T | string>>();
  constructor(
    private readonly files: QuestionSetFiles,
    private readonly parse: (text: string, path: string) => T,
  ) {}

  get(path: string): Promise<T | string> {
    let entry = this.cache.get(path);
    if (!entry) {
      entry = this.files.readText(path).then(
        (text) => {
          try {
            return this.parse(text.replace(/^\uFEFF/, ''), path);
          } catch (error) {
            return `${path}: ${message(error)}`;
          }
        },
        (error) => `${path}: ${describeFsError(error)}`,
      );
      this.cache.set(path, entry);
    }
    return entry;
  }
}

/** The first candidate path that reads, else the last failure. */
async function firstFound<T>(cache: FileCache<T>, paths: readonly string[]): Promise<T | string> {
  let last: T | string = 'no file to look in';
  for (const path of paths) {
    last = await cache.get(path);
    if (typeof last !== 'string') return last;
  }
  return last;
}

/** Builds replays for many records, reading every grid, level and game file once. */
export class ReplayBuilder {
  private readonly grids: FileCache<Map<number, GraspGridEntry>>;
  private readonly babyFiles: FileCache<{ path: string; text: string }>;
  private readonly mazes = new Map<string, Promise<MangoScorer | string>>();

  constructor(
    private readonly sources: ReplaySources,
    private readonly files: QuestionSetFiles,
  ) {
    this.grids = new FileCache(files, (text, path) => new Map(parseGraspGridFile(text, baseName(path)).entries.map((entry) => [entry.record.index, entry])));
    this.babyFiles = new FileCache(files, (text, path) => ({ path, text }));
  }

  async replay(record: RunRecord): Promise<ReplayResult> {
    try {
      const question = record.question;
      if (question.benchmark === 'grasp') return await this.grasp(record, question);
      if (question.benchmark === 'babyai') return await this.babyai(record, question);
      if (question.benchmark === 'mango') return await this.mango(record, question);
      if (question.benchmark === 'smartplay') return this.smartplay(record, question);
      return { note: 'this benchmark has no replay' };
    } catch (error) {
      return { note: `the replay could not be built: ${message(error)}` };
    }
  }

  private async grasp(record: RunRecord, question: GraspQuestion): Promise<ReplayResult> {
    const candidates = [...(question.gridPath ? [question.gridPath] : []), ...(this.sources.grids ? [joinPath(this.sources.grids, question.file)] : [])];
    if (candidates.length === 0) return { note: 'replays need --grids DIR (the folder of the GRASP grid files)' };
    const entries = await firstFound(this.grids, candidates);
    if (typeof entries === 'string') return { note: `grid file not found: ${entries}` };
    const entry = entries.get(question.index);
    if (!entry) return { note: `${question.file} has no grid with index ${question.index}` };
    const scored = scoreGraspAnswer({ grid: entry.grid, question }, record.rawAnswer, record.mode);
    return { replay: packTimeline(graspTimeline(entry.grid, scored.simulation, `${question.file} #${question.index} (${record.mode})`)) };
  }

  private async babyai(record: RunRecord, question: BabyaiQuestion): Promise<ReplayResult> {
    if (record.mode !== 'faithful' && record.mode !== 'reference') return { note: `BabyAI has no ${record.mode} scoring mode` };
    const candidates = this.sources.levels ? [joinPath(this.sources.levels, question.source), joinPath(this.sources.levels, baseName(question.source))] : [question.source];
    const file = await firstFound(this.babyFiles, candidates);
    if (typeof file === 'string') return { note: `level or record file not found: ${file}${this.sources.levels ? '' : ' (replays look for it relative to the current folder, or give --levels DIR)'}` };
    const input = babyaiInput(file.path, file.text, question);
    if (typeof input === 'string') return { note: input };
    const prepared = prepareBabyaiQuestion(input);
    if (prepared.question.sampleId !== question.sampleId) return { note: `${file.path} no longer asks this question (its sample id differs): the file changed after the run` };
    const scored = scoreBabyaiAnswer(prepared, record.rawAnswer, record.mode);
    return { replay: packTimeline(babyaiTimeline(prepared.spec, scored.timelineActions, `${question.levelName}: ${question.task} (${record.mode})`, { stacks: scored.stacks })) };
  }

  private async mango(record: RunRecord, question: MangoQuestion): Promise<ReplayResult> {
    if (!this.sources.games) return { note: 'replays need --games DIR (the folder of the MANGO game folders)' };
    const scorer = await this.maze(question.game);
    if (typeof scorer === 'string') return { note: scorer };
    const mode = record.mode === 'reference' ? 'reference' : 'faithful';
    const trajectory = answerTrajectory(scorer.graph, record.rawAnswer, `${question.task.toUpperCase()} ${question.src} → ${question.dst}`, question.src, question.cutoff, mode);
    return { replay: packTimeline(mangoTimeline(trajectory, question)) };
  }

  private maze(game: string): Promise<MangoScorer | string> {
    let entry = this.mazes.get(game);
    if (!entry) {
      const folder = joinPath(this.sources.games ?? '.', game);
      entry = (async () => {
        const read = async (suffix: string) => this.files.readText(joinPath(folder, `${game}.${suffix}`)).then(stripBom);
        try {
          const edges = parseEdgesFile(await read('edges.json'));
          const errors = edges.diagnostics.filter((diagnostic) => diagnostic.severity === 'error');
          if (errors.length > 0) return `${folder}/${game}.edges.json:${errors[0].range.start.line + 1}: ${errors[0].message}`;
          const locations = await read('locations.json').then(parseLocationsFile, () => null);
          return createMangoScorer({ game, records: edges.edges.map((edge) => edge.record), locations: locations?.names.map((name) => name.value) ?? [] });
        } catch (error) {
          return `game files not found: ${folder}/${game}.edges.json: ${describeFsError(error)}`;
        }
      })();
      this.mazes.set(game, entry);
    }
    return entry;
  }

  private smartplay(record: RunRecord, question: SmartplayQuestion): ReplayResult {
    if (question.episode === undefined) return { note: 'only whole-episode records carry a replay (their answer is the episode log)' };
    const { log } = parseEpisodeLog(record.rawAnswer);
    const timeline = smartplayTimelineOfFile(log, `${question.game}, episode ${question.episode}`);
    return timeline ? { replay: packTimeline(timeline) } : { note: 'the episode log has no header line' };
  }
}

/** The question input of a level or record file, as the question set built it. */
function babyaiInput(path: string, text: string, question: BabyaiQuestion): BabyaiQuestionInput | string {
  const base = { task: question.task, source: question.source, prompt: question.prompt ?? 'zero_shot' } as const;
  if (question.record === null) {
    const loaded = loadLevelFile(text);
    if (!loaded.spec) return `${path}: the level cannot be built`;
    return { ...base, spec: loaded.spec, levelName: question.levelName, record: null };
  }
  const raw = readRecordFile(baseName(path), text).records[question.record];
  if (!raw) return `${path} has no record ${question.record + 1}`;
  const { record, spec } = loadRecord(raw);
  if (!spec) return `${path}: record ${question.record + 1}'s level cannot be built`;
  return {
    ...base, spec, levelName: question.levelName, record: question.record, description: record.description,
    predictActions: question.task === 'predict' ? record.actions : undefined,
    expertActions: question.task === 'plan' ? record.actions : undefined,
  };
}

const VERDICT_MARKS: Record<string, string> = { valid: '✓', imputed: '≈', 'hallucinated-edge': '✗', 'unknown-location': '?' };

/** A MANGO answer as a list of steps growing frame by frame, each marked valid (✓), imputed (≈) or invalid (✗, ?). */
function mangoTimeline(trajectory: Trajectory, question: MangoQuestion): BoardTimeline {
  const header = `${question.task === 'df' ? 'Destination finding' : 'Route finding'} from ${question.src}${question.task === 'rf' ? ` to ${question.dst}` : ''}`;
  const lines = [header, `  start: ${trajectory.start ?? question.src}`];
  const frames: BoardFrame[] = [{ scene: { kind: 'text', text: [...lines, ...(trajectory.error ? [trajectory.error] : [])].join('\n') }, action: null, facts: [{ label: 'answer steps', value: String(trajectory.steps.length) }] }];
  const ok = trajectory.steps.filter((step) => step.verdict === 'valid' || step.verdict === 'imputed').length;
  trajectory.steps.forEach((step, index) => {
    lines.push(`${VERDICT_MARKS[step.verdict] ?? ' '} ${step.index + 1}. ${step.from} --${step.action}--> ${step.to}${step.chained ? '' : '  (does not start where the last step ended)'}`);
    const invalid = step.verdict === 'hallucinated-edge' || step.verdict === 'unknown-location' || !step.chained;
    const last = index === trajectory.steps.length - 1;
    frames.push({
      scene: { kind: 'text', text: lines.join('\n') }, action: `${step.from} --${step.action}--> ${step.to}`, flags: invalid ? ['invalid'] : [], note: step.message,
      facts: [
        { label: 'step', value: `${step.index + 1} of ${trajectory.steps.length}` },
        { label: 'verdict', value: step.verdict, tone: invalid ? 'bad' : 'good' },
        ...(last ? [{ label: 'valid steps', value: `${ok} of ${trajectory.steps.length}` }, { label: 'ends at', value: step.to, tone: step.to === question.dst ? ('good' as const) : undefined }] : []),
      ],
    });
  });
  return { title: trajectory.title, frames };
}

/** Each record's replay, or why it has none; the files are read once each. Past the largest replay budget the rest are not built (the page could not hold them). */
export async function buildReplays(records: readonly RunRecord[], builder: ReplayBuilder): Promise<Map<RunRecord, ReplayResult>> {
  const replays = new Map<RunRecord, ReplayResult>();
  const budget = Math.max(...PACK_LEVELS.map((level) => level.replayBudget));
  let size = 0;
  for (const record of records) {
    if (size > budget) {
      replays.set(record, { omitted: true });
      continue;
    }
    const result = await builder.replay(record);
    if ('replay' in result) size += JSON.stringify(result.replay).length;
    replays.set(record, result);
  }
  return replays;
}
