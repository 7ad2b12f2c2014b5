// A MANGO record's replay for the report's drill-down: its answer walked again on the game's
// evaluator graph (the game folder under `--games DIR`), drawn as a list of steps growing frame by
// frame, each marked valid (✓), imputed (≈) or invalid (✗, ?).
import type { BoardFrame, BoardTimeline } from '../../benchmark/board';
import type { RunRecord } from '../../eval/types';
import type { MangoQuestion } from './questionSchema';
import type { ReplayContext } from '../../benchmark/registry';
import { describeFsError, joinPath } from '../../util/walk';
import { createMangoScorer, type MangoScorer } from './scoring/evaluation';
import { parseEdgesFile, parseLocationsFile } from './walkthrough/gameFiles';
import type { Trajectory } from '../../maze/mazeView';
import { answerTrajectory } from './maze/trajectory';
import { stripBom } from '../../util/bom';

export async function mangoReplay(
  record: RunRecord<MangoQuestion>,
  context: ReplayContext,
): Promise<BoardTimeline | string> {
  const question = record.question;
  const games = context.sources.games;
  if (!games) return 'replays need --games DIR (the folder of the MANGO game folders)';
  const scorer = await context.once(`mango-maze\u0000${question.game}`, () =>
    gameScorer(context, joinPath(games, question.game), question.game),
  );
  if (typeof scorer === 'string') return scorer;
  const mode = record.mode === 'reference' ? 'reference' : 'faithful';
  const trajectory = answerTrajectory(
    scorer.graph,
    record.rawAnswer,
    `${question.task.toUpperCase()} ${question.src} → ${question.dst}`,
    question.src,
    question.cutoff,
    mode,
  );
  return mangoTimeline(trajectory, question);
}

/** The game's evaluator, or why it cannot be built (named by file and line). */
async function gameScorer(context: ReplayContext, folder: string, game: string): Promise<MangoScorer | string> {
  const read = async (suffix: string) => context.readText(joinPath(folder, `${game}.${suffix}`)).then(stripBom);
  try {
    const edges = parseEdgesFile(await read('edges.json'));
    const errors = edges.diagnostics.filter((diagnostic) => diagnostic.severity === 'error');
    if (errors.length > 0)
      return `${folder}/${game}.edges.json:${errors[0].range.start.line + 1}: ${errors[0].message}`;
    const locations = await read('locations.json').then(parseLocationsFile, () => null);
    return createMangoScorer({
      game,
      records: edges.edges.map((edge) => edge.record),
      locations: locations?.names.map((name) => name.value) ?? [],
    });
  } catch (error) {
    return `game files not found: ${folder}/${game}.edges.json: ${describeFsError(error)}`;
  }
}

const VERDICT_MARKS: Record<string, string> = {
  valid: '✓',
  imputed: '≈',
  'hallucinated-edge': '✗',
  'unknown-location': '?',
};

function mangoTimeline(trajectory: Trajectory, question: MangoQuestion): BoardTimeline {
  const header = `${question.task === 'df' ? 'Destination finding' : 'Route finding'} from ${question.src}${question.task === 'rf' ? ` to ${question.dst}` : ''}`;
  const lines = [header, `  start: ${trajectory.start ?? question.src}`];
  const frames: BoardFrame[] = [
    {
      scene: { kind: 'text', text: [...lines, ...(trajectory.error ? [trajectory.error] : [])].join('\n') },
      action: null,
      facts: [{ label: 'answer steps', value: String(trajectory.steps.length) }],
    },
  ];
  const ok = trajectory.steps.filter((step) => step.verdict === 'valid' || step.verdict === 'imputed').length;
  trajectory.steps.forEach((step, index) => {
    lines.push(
      `${VERDICT_MARKS[step.verdict] ?? ' '} ${step.index + 1}. ${step.from} --${step.action}--> ${step.to}${step.chained ? '' : '  (does not start where the last step ended)'}`,
    );
    const invalid = step.verdict === 'hallucinated-edge' || step.verdict === 'unknown-location' || !step.chained;
    const last = index === trajectory.steps.length - 1;
    frames.push({
      scene: { kind: 'text', text: lines.join('\n') },
      action: `${step.from} --${step.action}--> ${step.to}`,
      flags: invalid ? ['invalid'] : [],
      note: step.message,
      facts: [
        { label: 'step', value: `${step.index + 1} of ${trajectory.steps.length}` },
        { label: 'verdict', value: step.verdict, tone: invalid ? 'bad' : 'good' },
        ...(last
          ? [
              { label: 'valid steps', value: `${ok} of ${trajectory.steps.length}` },
              { label: 'ends at', value: step.to, tone: step.to === question.dst ? ('good' as const) : undefined },
            ]
          : []),
      ],
    });
  });
  return { title: trajectory.title, frames };
}
