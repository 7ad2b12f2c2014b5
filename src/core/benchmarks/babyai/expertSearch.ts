// The OmniBot's searches (custom_babyai_bots/omniscient_fixed_plan_baby_ai_bot.py, spec §10),
// ported line by line: BFS order and tie-breaking decide the expert's actions, so the neighbour
// order (straight, the two sides, behind), the visit order that seeds the second "with
// blockers" pass, and every `not path` truthiness test are kept exactly. Full visibility.
import type { BabyAIEnv } from './env';
import type { ObjDesc } from './verifier';
import { addVec, type Color, sameVec, type Vec, type WorldObj } from './world';

/** A bot failure the reference raises (AssertionError, DisappearedBoxError, TypeError). */
export class BotError extends Error {
  constructor(
    readonly kind: 'assertion' | 'disappeared-box' | 'invalid-subgoal' | 'stuck',
    message: string,
  ) {
    super(message);
  }
}

type Accept = (pos: Vec, cell: WorldObj | null) => boolean;

interface Visit {
  pos: Vec;
  prev: Vec | null;
}

interface BfsResult {
  path: Vec[] | null;
  finish: Vec | null;
  previous: Map<number, Visit>;
}

interface PathResult {
  /** Without the start cell; [] when the start itself is accepted, null when nothing is. */
  path: Vec[] | null;
  finish: Vec | null;
  withBlockers: boolean;
}

/** Python `not path` for a path that may be None or empty. */
export function noPath(path: Vec[] | null): boolean {
  return path === null || path.length === 0;
}

const AGENT_VIEW_SIZE = 7;

export class ExpertSearch {
  bfsSteps = 0;

  constructor(private readonly env: BabyAIEnv) {}

  private key(x: number, y: number): number {
    return y * this.env.grid.width + x;
  }

  /** _breadth_first_search; `color` makes locked doors of that colour block (searching its key). */
  private bfs(
    initial: ReadonlyArray<readonly [number, number, number, number]>,
    accept: Accept,
    ignoreBlockers: boolean,
    color: Color | null,
  ): BfsResult {
    const grid = this.env.grid;
    const queue: Array<{ state: readonly [number, number, number, number]; prev: Vec | null }> = initial.map(
      (state) => ({ state, prev: null }),
    );
    const previous = new Map<number, Visit>();
    for (let head = 0; head < queue.length; head++) {
      const { state, prev } = queue[head];
      const [i, j, di, dj] = state;
      // Border cells are walls, so this only guards hand-made levels without an outer wall.
      if (!grid.inside(i, j)) continue;
      const key = this.key(i, j);
      if (previous.has(key)) continue;
      this.bfsSteps++;
      const cell = grid.get(i, j);
      previous.set(key, { pos: [i, j], prev });
      if (accept([i, j], cell)) {
        const path: Vec[] = [];
        for (let pos: Vec | null = [i, j]; pos; pos = previous.get(this.key(pos[0], pos[1]))?.prev ?? null)
          path.push(pos);
        return { path, finish: [i, j], previous };
      }
      if (cell) {
        if (cell.type === 'wall') continue;
        if (cell.type === 'door') {
          if (!cell.isLocked) {
            if (!cell.isOpen && !ignoreBlockers) continue;
          } else if (color !== null && cell.color === color) continue;
        } else if (!ignoreBlockers) continue;
      }
      for (const [k, l] of [
        [di, dj],
        [dj, di],
        [-dj, -di],
        [-di, -dj],
      ]) {
        queue.push({ state: [i + k, j + l, k, l], prev: [i, j] });
      }
    }
    return { path: null, finish: null, previous };
  }

  /** _shortest_path: prefers paths that avoid blockers for as long as possible. */
  shortestPath(accept: Accept, tryWithBlockers = false, color: Color | null = null): PathResult {
    const [ax, ay] = this.env.agentPos;
    const [dx, dy] = this.env.dirVec;
    const first = this.bfs([[ax, ay, dx, dy]], accept, false, color);
    let { path, finish } = first;
    let withBlockers = false;
    if (noPath(path) && tryWithBlockers) {
      withBlockers = true;
      const starts = [...first.previous.values()].map(({ pos }) => [pos[0], pos[1], 1, 0] as const);
      const second = this.bfs(starts, accept, true, color);
      path = second.path;
      finish = second.finish;
      if (path) {
        const extra: Vec[] = [];
        for (
          let pos: Vec | null = path[path.length - 1];
          pos;
          pos = first.previous.get(this.key(pos[0], pos[1]))?.prev ?? null
        )
          extra.push(pos);
        path = path.concat(extra.slice(1));
      }
    }
    if (path) path = path.reverse().slice(1);
    return { path, finish, withBlockers };
  }

  /** _find_drop_pos: a free cell whose 8-neighbourhood stays connected after dropping there. */
  findDropPos(exceptPos: Vec | null = null): Vec | null {
    const grid = this.env.grid;
    const agentPos = this.env.agentPos;
    const matchUnblock: Accept = (pos) => {
      const [i, j] = pos;
      if (sameVec(pos, agentPos)) return false;
      if (exceptPos && sameVec(pos, exceptPos)) return false;
      if (grid.get(i, j)) return false;
      const cellClass: number[] = [];
      for (const [k, l] of [
        [-1, -1],
        [0, -1],
        [1, -1],
        [1, 0],
        [1, 1],
        [0, 1],
        [-1, 1],
        [-1, 0],
      ]) {
        const nb: Vec = [i + k, j + l];
        const cell = grid.get(nb[0], nb[1]);
        if (cell && cell.type === 'wall') cellClass.push(1);
        else if ((!cell || (cell.type === 'door' && cell.isOpen) || sameVec(nb, agentPos)) && !sameVec(nb, exceptPos))
          cellClass.push(0);
        else cellClass.push(2);
      }
      let changes = 0;
      for (let n = 0; n < 8; n++) if (!!cellClass[(n + 1) % 8] !== !!cellClass[n]) changes++;
      for (let n = 0; n < 8; n++)
        if (cellClass[n] === 2 && cellClass[(n + 7) % 8] !== 0 && cellClass[(n + 1) % 8] !== 0) return false;
      return changes <= 2;
    };
    const matchEmpty: Accept = (pos) => {
      if (sameVec(pos, agentPos)) return false;
      if (exceptPos && sameVec(pos, exceptPos)) return false;
      return !grid.get(pos[0], pos[1]);
    };
    return (
      this.shortestPath(matchUnblock).finish ??
      this.shortestPath(matchEmpty).finish ??
      this.shortestPath(matchUnblock, true).finish ??
      this.shortestPath(matchEmpty, true).finish
    );
  }

  /** _find_obj_pos: the closest match by path length (+4, or +7 when carrying, through blockers). */
  findObjPos(desc: ObjDesc, adjacent: boolean): { obj: WorldObj | null; pos: Vec | null } {
    if (desc.objSet.length === 0) throw new BotError('assertion', 'no object matches the description');
    let best = 999;
    let bestPos: Vec | null = null;
    let bestObj: WorldObj | null = null;
    const carrying = this.env.carrying;
    desc.objSet.forEach((obj, index) => {
      if (obj.type === 'wall' || obj === carrying) return;
      // After a drop refresh obj_poss can be shorter than obj_set; the reference skips (IndexError).
      const objPos = desc.objPoss[index];
      if (!objPos) return;
      const accept: Accept = (pos) => sameVec(pos, objPos);
      const found =
        obj.type === 'key' && desc.color !== null
          ? this.shortestPath(accept, true, desc.color)
          : this.shortestPath(accept, true);
      if (found.path === null) return;
      let distance = found.path.length;
      if (found.withBlockers) distance = found.path.length + (carrying ? 7 : 4);
      if (distance === 0) distance = adjacent ? 3 : 2;
      if (adjacent && distance === 1) distance = 3;
      if (distance < best) {
        best = distance;
        bestPos = objPos;
        bestObj = obj;
      }
    });
    return { obj: bestObj, pos: bestPos };
  }

  /** _closest_wall_or_door_given_dir, limited to the 7×7 view in front of the agent. */
  closestWallOrDoor(position: Vec, direction: Vec): number {
    for (let distance = 1; ; distance++) {
      const at = addVec(position, direction, distance);
      if (!this.inView(at)) return distance - 1;
      const cell = this.env.grid.get(at[0], at[1]);
      if (cell && (cell.type === 'door' || cell.type === 'wall')) return distance;
    }
  }

  /** MiniGridEnv.in_view: the square agent_view_size cells ahead, centred on the agent's column. */
  private inView(pos: Vec): boolean {
    const [ax, ay] = this.env.agentPos;
    const [dx, dy] = this.env.dirVec;
    const [rx, ry] = this.env.rightVec;
    const half = Math.floor(AGENT_VIEW_SIZE / 2);
    const tx = ax + dx * (AGENT_VIEW_SIZE - 1) - rx * half;
    const ty = ay + dy * (AGENT_VIEW_SIZE - 1) - ry * half;
    const lx = pos[0] - tx;
    const ly = pos[1] - ty;
    const vx = rx * lx + ry * ly;
    const vy = -(dx * lx + dy * ly);
    return vx >= 0 && vy >= 0 && vx < AGENT_VIEW_SIZE && vy < AGENT_VIEW_SIZE;
  }
}
