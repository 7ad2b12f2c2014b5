// Whether a level can be solved at all (spec §9, paper B.3: the only key behind its own locked
// door). A fixpoint over reachability: the agent can walk through empty cells, doors it can open
// and movable objects; a locked door opens once a key of its colour (on the floor, in a box or
// carried) is reachable.
import type { BabyAIEnv } from './env';
import type { ActionInstrSpec, InstrSpec } from './mission';
import { ObjDesc } from './verifier';
import { type Color, DIR_TO_VEC, type Vec, type WorldObj } from './world';

interface Reachability {
  /** Cells the agent can stand on or clear (row-major index). */
  reachable: Set<number>;
  keys: Set<Color>;
  /** Locked doors that stay closed: no key of their colour can be reached. */
  sealedDoors: Array<{ pos: Vec; color: Color }>;
}

function keyColors(obj: WorldObj | null, into: Set<Color>): void {
  for (let current = obj; current; current = current.contains) if (current.type === 'key') into.add(current.color);
}

function reachability(env: BabyAIEnv): Reachability {
  const { grid } = env;
  const keys = new Set<Color>();
  keyColors(env.carrying, keys);
  let reachable = new Set<number>();
  for (let changed = true; changed; ) {
    reachable = new Set<number>();
    const queue: Vec[] = [env.agentPos];
    reachable.add(env.agentPos[1] * grid.width + env.agentPos[0]);
    for (let head = 0; head < queue.length; head++) {
      const [x, y] = queue[head];
      for (const [dx, dy] of DIR_TO_VEC) {
        const nx = x + dx;
        const ny = y + dy;
        const index = ny * grid.width + nx;
        if (!grid.inside(nx, ny) || reachable.has(index)) continue;
        const cell = grid.get(nx, ny);
        if (cell && (cell.type === 'wall' || (cell.type === 'door' && cell.isLocked && !keys.has(cell.color))))
          continue;
        reachable.add(index);
        queue.push([nx, ny]);
      }
    }
    const before = keys.size;
    for (const index of reachable) keyColors(grid.cells[index], keys);
    changed = keys.size !== before;
  }
  const sealedDoors: Reachability['sealedDoors'] = [];
  grid.cells.forEach((cell, index) => {
    if (cell?.type === 'door' && cell.isLocked && !keys.has(cell.color))
      sealedDoors.push({ pos: [index % grid.width, Math.floor(index / grid.width)], color: cell.color });
  });
  return { reachable, keys, sealedDoors };
}

interface UnsolvableClause {
  clause: ActionInstrSpec;
  message: string;
}

function actionClauses(instr: InstrSpec): ActionInstrSpec[] {
  if (instr.kind === 'goto' || instr.kind === 'pickup' || instr.kind === 'open' || instr.kind === 'putnext')
    return [instr];
  return [...actionClauses(instr.a), ...actionClauses(instr.b)];
}

/** The mission clauses that no sequence of actions can achieve from the initial state. */
export function unsolvableClauses(env: BabyAIEnv): UnsolvableClause[] {
  const reach = reachability(env);
  const width = env.grid.width;
  const standsOn = (pos: Vec) => reach.reachable.has(pos[1] * width + pos[0]);
  const nextTo = (pos: Vec) =>
    standsOn(pos) ||
    DIR_TO_VEC.some(([dx, dy]) => env.grid.inside(pos[0] + dx, pos[1] + dy) && standsOn([pos[0] + dx, pos[1] + dy]));
  const sealed = reach.sealedDoors
    .map(
      (door) => `the locked ${door.color} door at (${door.pos[0]}, ${door.pos[1]}) has no reachable ${door.color} key`,
    )
    .join('; ');
  const why = sealed ? ` (${sealed})` : '';
  const problems: UnsolvableClause[] = [];
  for (const clause of actionClauses(env.missionSpec)) {
    const matches = (spec: Parameters<typeof ObjDesc.of>[0]) => {
      const desc = ObjDesc.of(spec);
      desc.findMatchingObjs(env);
      return desc.objSet
        .map((obj, index) => ({ obj, pos: desc.objPoss[index] }))
        .filter(({ obj }) => obj.type !== 'wall');
    };
    if (clause.kind === 'goto') {
      if (!matches(clause.desc).some(({ pos }) => nextTo(pos)))
        problems.push({ clause, message: `no object the agent can reach matches the go-to target${why}` });
    } else if (clause.kind === 'open') {
      const doors = matches(clause.desc).filter(({ pos }) => nextTo(pos));
      if (doors.length === 0)
        problems.push({ clause, message: `no door the agent can reach matches the open target${why}` });
      else if (doors.every(({ obj }) => obj.isLocked && !reach.keys.has(obj.color)))
        problems.push({ clause, message: `the door to open is locked and no key of its colour can be reached${why}` });
    } else if (clause.kind === 'pickup') {
      if (!matches(clause.desc).some(({ pos }) => standsOn(pos)))
        problems.push({ clause, message: `no object the agent can reach matches the pick-up target${why}` });
    } else {
      if (!matches(clause.move).some(({ pos }) => standsOn(pos)))
        problems.push({ clause, message: `no object the agent can reach matches the object to move${why}` });
      else if (!matches(clause.fixed).some(({ pos }) => nextTo(pos)))
        problems.push({ clause, message: `no object the agent can reach matches the object to put it next to${why}` });
    }
  }
  return problems;
}
