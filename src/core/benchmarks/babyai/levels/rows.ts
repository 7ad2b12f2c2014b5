// LLM-BabyBench dataset rows for (level, seed), as generate/generate_{predict,plan,decompose}.py
// @ e9996c8 write them (spec §2): the Structured description of the exact level, the initial pose,
// and the expert's (OmniBot's) answer fields. The HF files' header (`level_name`) is used; pandas'
// to_csv quoting is RFC 4180 with '\n' line ends. Optional proof columns follow the upstream ones.
import { levelFromDescription, pyPose, pyTuple } from '../description';
import { BabyAIEnv, type LevelSpec } from '../env';
import { difficultyOf } from '../levelGenerator';
import { BotError, OmniBot, runExpert } from '../omnibot';
import { formatStructured } from '../structured';
import { actionName } from '../world';
import { generateExactLevel } from './catalog';

export const DATASET_TASKS = ['predict', 'plan', 'decompose'] as const;
export type DatasetTask = (typeof DATASET_TASKS)[number];

export const UPSTREAM_COLUMNS: Record<DatasetTask, readonly string[]> = {
  predict: ['level_name', 'seed', 'env_description', 'initial_state', 'action_sequence', 'target_state'],
  plan: ['level_name', 'seed', 'env_description', 'initial_state', 'target_subgoal', 'expert_action_sequence'],
  decompose: ['level_name', 'seed', 'env_description', 'initial_state', 'mission', 'help_count'],
};
/**
 * Waypoint's proof columns: whether the expert's actions verified the mission, how many there were,
 * the label they give, and the expert's help count (Predict/Plan) or actions (Decompose, whose
 * upstream row has none). Names avoid the ones the record reader uses to tell the tasks apart.
 */
export const PROOF_COLUMNS: Record<DatasetTask, readonly string[]> = {
  predict: ['expert_solved', 'solution_length', 'difficulty', 'expert_help_count'],
  plan: ['expert_solved', 'solution_length', 'difficulty', 'expert_help_count'],
  decompose: ['expert_solved', 'solution_length', 'difficulty', 'expert_solution'],
};

interface DatasetRow {
  level: string;
  seed: number;
  /** The upstream columns' values, in order. */
  upstream: string[];
  /** The proof columns' values, in order. */
  proof: string[];
  solved: boolean;
}

/** Why the upstream generator would have skipped this seed ("Failed on ..."). */
export class RowGenerationError extends Error {}

const joinActions = (actions: readonly number[]): string => actions.map(actionName).join(', ');

/** The row generate_<task>.py writes for (level, seed); throws RowGenerationError where it would print "Failed on". */
export function datasetRow(task: DatasetTask, level: string, seed: number): DatasetRow {
  const exact = generateExactLevel(level, seed);
  const description = formatStructured(exact.description);
  const spec = levelFromDescription(exact.description);
  const initial = pyPose(exact.description.agentPos, exact.description.agentDir);
  const head = [level, String(seed), description, initial];
  if (task === 'decompose') {
    const run = decomposeRun(spec, level, seed);
    return {
      level,
      seed,
      upstream: [...head, exact.description.mission, String(run.helpCount)],
      proof: [
        pyBool(run.solved),
        String(run.actions.length),
        difficultyOf(run.actions.length),
        joinActions(run.actions),
      ],
      solved: run.solved,
    };
  }
  // OmniscientBabyAIBotProcessor.process: replan() until terminated or truncated, at most 1000 actions.
  const run = runExpert(spec, { loop: 'generator', limit: 1000 });
  if (run.error) throw new RowGenerationError(`${level} seed ${seed}: the expert raised: ${run.error.message}`);
  const actions = run.steps.map((step) => step.action);
  const proof = [pyBool(run.done), String(actions.length), difficultyOf(actions.length), String(run.helpCount)];
  if (task === 'predict') {
    // clone_and_execute replays on a copy of the reset env; the expert's own run ended at the same step.
    const env = new BabyAIEnv(spec);
    for (const action of actions) {
      const result = env.step(action);
      if (result.terminated || result.truncated) break;
    }
    return {
      level,
      seed,
      upstream: [...head, joinActions(actions), pyPose(env.agentPos, env.agentDir)],
      proof,
      solved: run.done,
    };
  }
  const ball = redBall(spec);
  if (!ball) throw new RowGenerationError(`${level} seed ${seed}: Red ball not found (unexpected condition).`);
  return { level, seed, upstream: [...head, pyTuple(ball), joinActions(actions)], proof, solved: run.done };
}

/** generate_decompose.py: a fresh bot on the reset env, replan() and step 1000 times or until success (not truncation). */
function decomposeRun(
  spec: LevelSpec,
  level: string,
  seed: number,
): { helpCount: number; actions: number[]; solved: boolean } {
  const env = new BabyAIEnv(spec);
  const bot = new OmniBot(env);
  const actions: number[] = [];
  let solved = false;
  try {
    bot.provideInitialSubgoals();
    for (let i = 0; i < 1000; i++) {
      const action = bot.replan();
      actions.push(action);
      if (env.step(action).terminated) {
        solved = true;
        break;
      }
    }
  } catch (error) {
    if (error instanceof BotError)
      throw new RowGenerationError(`${level} seed ${seed}: the expert raised: ${error.message}`);
    throw error;
  }
  return { helpCount: bot.helpCount, actions, solved };
}

/** get_red_ball_pos: the first red ball scanning x outer, y inner. */
function redBall(spec: LevelSpec): [number, number] | null {
  const balls = spec.objects
    .filter((o) => o.type === 'ball' && o.color === 'red')
    .sort((a, b) => a.pos[0] - b.pos[0] || a.pos[1] - b.pos[1]);
  return balls.length > 0 ? [balls[0].pos[0], balls[0].pos[1]] : null;
}

function pyBool(value: boolean): string {
  return value ? 'True' : 'False';
}
