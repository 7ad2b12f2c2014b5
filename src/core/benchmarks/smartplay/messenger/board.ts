// Messenger's 10×10 grid on the board: the state of Waypoint's simulator (re-played from the log's
// seed), the text observation above it. Entities are drawn with the board's existing symbols and a
// legend naming their roles: the message as a key, the goal as a box, enemies and decoys as balls.
import type { BoardColor, BoardLegendEntry, GridCell, GridScene } from '../../../benchmark/board';
import type { StepRecord } from '../runner';
import { MessengerEnv } from './env';
import type { EntityRole, MessengerState } from './stageOne';
import { WITH_MESSAGE_ID } from './text';

const SYMBOLS: Readonly<Record<EntityRole, { kind: 'key' | 'ball' | 'box'; color: BoardColor; label: string }>> = {
  enemy: { kind: 'ball', color: 'red', label: 'enemy' },
  message: { kind: 'key', color: 'yellow', label: 'message' },
  goal: { kind: 'box', color: 'green', label: 'goal' },
  decoy_message: { kind: 'ball', color: 'purple', label: 'enemy (looks like the message)' },
  decoy_goal: { kind: 'ball', color: 'blue', label: 'enemy (looks like the goal)' },
};

/** The grid scene of a state; `observation` is shown above it. */
function messengerScene(state: MessengerState, observation: string): GridScene {
  const cells: GridCell[] = [];
  const legend: BoardLegendEntry[] = [];
  const taken = new Set<string>();
  for (const entity of state.entities) {
    const symbol = SYMBOLS[entity.role];
    legend.push({ symbol: symbol.kind, color: symbol.color, label: `${symbol.label}: ${entity.name}` });
    // The board holds one entry per cell; an entity standing on another is named in the legend.
    if (taken.has(`${entity.x},${entity.y}`)) continue;
    taken.add(`${entity.x},${entity.y}`);
    cells.push({ x: entity.x, y: entity.y, kind: symbol.kind, color: symbol.color });
  }
  const avatar = state.avatar;
  legend.push({
    symbol: 'agent',
    label:
      avatar === null
        ? 'you (gone)'
        : avatar.id === WITH_MESSAGE_ID
          ? 'you, with the message'
          : 'you, without the message',
  });
  return {
    kind: 'grid',
    width: 10,
    height: 10,
    cells,
    agent: avatar
      ? { x: avatar.x, y: avatar.y, carrying: avatar.id === WITH_MESSAGE_ID ? { kind: 'key', color: 'yellow' } : null }
      : null,
    coordinateSystem: 'rowcol',
    mission: observation,
    missionLabel: 'Observation',
    legend,
  };
}

/**
 * The grid after reset and after each step, re-played from the seed; null when the log has no
 * seed or the simulation stops matching the log's observations (a log from another simulator).
 */
export function messengerScenes(
  game: string,
  seed: number | null | undefined,
  steps: readonly Pick<StepRecord, 'action' | 'observation'>[],
  resetObservation: string,
): GridScene[] | null {
  const level = Number(game.slice('MessengerL'.length));
  if (seed === null || seed === undefined || (level !== 1 && level !== 2 && level !== 3)) return null;
  const env = new MessengerEnv(level, seed);
  const reset = env.reset().info.obs;
  if (reset !== resetObservation) return null;
  const scenes = [messengerScene(env.state, reset)];
  for (const [index, step] of steps.entries()) {
    if (index > 0 && step.observation !== scenes[index].mission) return null;
    const result = env.step(step.action);
    scenes.push(messengerScene(env.state, result.info.obs));
    if (result.done) break;
  }
  return scenes;
}
