// Built-in offline agents for BabyAI questions. `oracle` answers from the simulator and the OmniBot
// expert (the upper bound the benchmark's own expert reaches); `random` is a seeded floor. Both
// write the exact answer format the prompt asks for, so their replies go through the same
// extraction, parsing and scoring as a model's.
import { type BotTrace, traceBot } from './botTrace';
import { frontOf, pyPose } from './description';
import { BabyAIEnv, type LevelSpec, runActions } from './env';
import type { PreparedBabyaiQuestion } from './evaluation';
import type { SubgoalCall } from './omnibot';
import { seededRandom } from '../../util/random';
import { actionName } from './world';

/** One subgoal line of the <START>…<END> block, in the prompt's "(GoNextToSubgoal, (x,y))" form. */
function subgoalLine(call: SubgoalCall): string {
  return call.args ? `(${call.name}, (${call.args.join(',')}))` : `(${call.name})`;
}

function decomposeReply(calls: readonly SubgoalCall[]): string {
  return `<START>\n${calls.map(subgoalLine).join('\n')}\n<END>`;
}

/**
 * The subgoals a fresh expert executes, written as a model could: every stretch of actions chosen
 * by one subgoal becomes one line, and a GoNextTo becomes "GoNextToSubgoal, (x,y)" with the cell
 * the agent faces when the stretch ends (a model cannot name objects or reasons, only cells). The
 * expert's own pushes (opening a door on the way, fetching a key) become lines of their own, so
 * the bot executing the list needs no help.
 */
export function expertSubgoalCalls(spec: LevelSpec): { calls: SubgoalCall[]; trace: BotTrace } {
  const trace = traceBot(spec, null);
  const env = new BabyAIEnv(spec);
  const stretches: Array<{ call: SubgoalCall; facesLockedDoor: boolean }> = [];
  let previous: unknown = null;
  for (const step of trace.steps) {
    env.step(step.action);
    const [fx, fy] = env.frontPos;
    const ahead = env.grid.get(fx, fy);
    const facesLockedDoor =
      !!ahead &&
      ahead.type === 'door' &&
      ahead.isLocked &&
      !(env.carrying?.type === 'key' && env.carrying.color === ahead.color);
    if (!step.producer) {
      // The stack ran dry and the bot said `done` (the agent started facing its target): a
      // GoNextTo the faced cell pops at once, which empties the stack the same way.
      stretches.push({ call: { name: 'GoNextToSubgoal', args: [fx, fy] }, facesLockedDoor: false });
      previous = null;
      continue;
    }
    const name = step.producer.name as SubgoalCall['name'];
    const stretch = {
      call: name === 'GoNextToSubgoal' ? { name, args: [fx, fy] } : { name, args: null },
      facesLockedDoor,
    };
    // A stretch continues while the same subgoal instance keeps choosing actions; its target is
    // where the stretch ends, so the latest call replaces the previous one.
    if (step.producer === previous) stretches[stretches.length - 1] = stretch;
    else stretches.push(stretch);
    previous = step.producer;
  }
  // The expert sometimes walks up to a locked door before finding out it lacks the key, and a
  // GoNextTo a locked door's cell makes the bot fetch the key itself (help). Leaving those walks
  // out usually gives a list that needs no help; when the mission needs the agent at that door
  // ("go to the locked door, then …") it fails, so the complete list is tried as well.
  const complete = stretches.map((stretch) => stretch.call);
  const last = stretches.length - 1;
  const withoutDetours = stretches
    .filter((stretch, index) => !(stretch.call.name === 'GoNextToSubgoal' && stretch.facesLockedDoor && index < last))
    .map((stretch) => stretch.call);
  const candidates = (withoutDetours.length < complete.length ? [complete, withoutDetours] : [complete]).map((calls) =>
    shielded(spec, calls),
  );
  const outcomes = candidates.map((calls) => ({ calls, run: traceBot(spec, calls) }));
  // Success first, then fewer helps; on a tie the complete list (the first) stays.
  const rank = ({ run }: (typeof outcomes)[number]) => (run.done && !run.error ? 0 : 1_000_000) + run.helps.length;
  const best = outcomes.reduce((a, b) => (rank(b) < rank(a) ? b : a));
  return { calls: best.calls, trace };
}

/**
 * The evaluator's first replan passes no last action, which makes Pickup, Drop, Open and Close pop
 * without acting; the fresh bot is shielded by its GoNextTo on top. A GoNextTo the cell the agent
 * starts facing shields the list the same way: it pops at once.
 */
function shielded(spec: LevelSpec, calls: SubgoalCall[]): SubgoalCall[] {
  if (calls.length === 0 || calls[0].name === 'GoNextToSubgoal') return calls;
  const front = frontOf(spec.agent.pos, spec.agent.dir);
  return [{ name: 'GoNextToSubgoal', args: [front[0], front[1]] }, ...calls];
}

function oracleAnswer(prepared: PreparedBabyaiQuestion): string {
  const { spec } = prepared;
  switch (prepared.question.task) {
    case 'predict': {
      const { env } = runActions(spec, prepared.predictActions);
      return `Simulating the ${prepared.predictActions.length} actions from the initial state.\nThe agent's final state is: ${pyPose(env.agentPos, env.agentDir)}`;
    }
    case 'plan':
      return `The LLM's action sequence is: ${prepared.expertActions.map(actionName).join(', ')}`;
    case 'decompose': {
      const { calls, trace } = expertSubgoalCalls(spec);
      // Say so when the expert itself fails: the oracle is only as good as the OmniBot.
      const note = trace.error
        ? `The expert stopped with an error: ${trace.error.message}.\n`
        : !trace.done
          ? 'The expert did not achieve the mission.\n'
          : '';
      return `${note}The subgoals the expert executes:\n${decomposeReply(calls)}`;
    }
  }
}

function randomAnswer(prepared: PreparedBabyaiQuestion, seed: number): string {
  const random = seededRandom(seed);
  const below = (count: number) => random.integer(0, count - 1);
  const { width, height } = prepared.spec;
  // Interior cells only: the outer wall can never be the answer.
  const cell = () => [1 + below(Math.max(1, width - 2)), 1 + below(Math.max(1, height - 2))];
  switch (prepared.question.task) {
    case 'predict':
      return `The agent's final state is: ${pyPose(cell(), below(4))}`;
    case 'plan': {
      const length = Math.max(1, prepared.expertActions.length);
      const moves = Array.from({ length }, () => ['left', 'right', 'forward'][below(3)]);
      return `The LLM's action sequence is: ${moves.join(', ')}`;
    }
    case 'decompose': {
      const calls = Array.from(
        { length: 1 + below(4) },
        (): SubgoalCall => ({ name: 'GoNextToSubgoal', args: cell() }),
      );
      return decomposeReply(calls);
    }
  }
}

/** Built-in offline agents' reply texts, in the exact answer format the prompt asks for so they go through the same parser and scorer; deterministic for a given seed. */
export function builtInBabyaiAnswer(
  prepared: PreparedBabyaiQuestion,
  agent: 'oracle' | 'random',
  seed: number,
): string {
  return agent === 'oracle' ? oracleAnswer(prepared) : randomAnswer(prepared, seed);
}
