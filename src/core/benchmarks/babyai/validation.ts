// Semantic checks of a level, whichever file it came from (level file, record description):
// geometry, placement, the agent, the mission and solvability. A locator turns the parts of the
// LevelSpec into ranges of the source file.
import type { Diagnostic, Range } from '../../util/text';
import { BabyAIEnv, type LevelSpec } from './env';
import { MissionError, missionDescs, parseMission, type Span } from './mission';
import { unsolvableClauses } from './solvability';
import { ObjDesc } from './verifier';
import { gridHeight, gridWidth, isWallLine } from './world';

export interface LevelLocator {
  whole: Range;
  size?: Range;
  agent?: Range;
  object(index: number): Range;
  /** A span of the mission text. */
  mission(span: Span): Range;
}

const BabyCodes = {
  size: 'babyai/size',
  outOfBounds: 'babyai/out-of-bounds',
  overlap: 'babyai/overlap',
  inWall: 'babyai/object-in-wall',
  doorNotInWall: 'babyai/door-not-in-wall',
  agent: 'babyai/agent-position',
  agentFacing: 'babyai/agent-facing',
  mission: 'babyai/mission',
  absent: 'babyai/mission-object-absent',
  article: 'babyai/mission-article',
  unsolvable: 'babyai/unsolvable',
} as const;

/** Adds one diagnostic to the level's list. */
type Report = (severity: Diagnostic['severity'], code: string, message: string, range: Range) => void;

/** Every problem of a level; an error-free level can be simulated and solved. */
export function validateLevel(spec: LevelSpec, at: LevelLocator): Diagnostic[] {
  const out: Diagnostic[] = [];
  const add: Report = (severity, code, message, range) => out.push({ severity, code, message, range });
  const { width, height, layout } = spec;
  if (width !== gridWidth(layout) || height !== gridHeight(layout))
    add(
      'error',
      BabyCodes.size,
      `${layout.numRows}x${layout.numCols} rooms of size ${layout.roomSize} make a ${gridWidth(layout)}x${gridHeight(layout)} grid (width x height), not ${width}x${height}`,
      at.size ?? at.whole,
    );
  const taken = checkObjects(spec, at, add);
  checkAgent(spec, at, taken, add);
  try {
    parseMission(spec.mission);
  } catch (error) {
    if (!(error instanceof MissionError)) throw error;
    add('error', BabyCodes.mission, `mission: ${error.message}`, at.mission(error.span));
  }
  if (out.some((d) => d.severity === 'error')) return out;
  checkMissionObjects(spec, at, add);
  // Spec §3: the Structured text must rebuild this very level; boxes with contents and open doors cannot be described.
  if (spec.objects.some((o) => (o.type === 'box' && o.contains) || (o.type === 'door' && o.open)) || spec.carrying)
    add(
      'information',
      'babyai/not-describable',
      'open doors, box contents and a carried object are not part of the LLM-BabyBench descriptions; prompts built from this level omit them',
      at.whole,
    );
  return out;
}

const insideGrid = (spec: LevelSpec, x: number, y: number) => x >= 0 && y >= 0 && x < spec.width && y < spec.height;

/**
 * Each object inside the grid, on a cell of its own, a door in a wall between rooms and anything
 * else off the walls. Returns the cells taken (y * width + x → the first object's index).
 */
function checkObjects(spec: LevelSpec, at: LevelLocator, add: Report): Map<number, number> {
  const { width, height, layout } = spec;
  const border = (x: number, y: number) => x === 0 || y === 0 || x === width - 1 || y === height - 1;
  const taken = new Map<number, number>();
  spec.objects.forEach((object, index) => {
    const [x, y] = object.pos;
    const range = at.object(index);
    if (!insideGrid(spec, x, y))
      return add('error', BabyCodes.outOfBounds, `(${x}, ${y}) is outside the ${width}x${height} grid`, range);
    const previous = taken.get(y * width + x);
    if (previous !== undefined)
      add(
        'error',
        BabyCodes.overlap,
        `(${x}, ${y}) already holds the ${spec.objects[previous].color} ${spec.objects[previous].type}`,
        range,
      );
    else taken.set(y * width + x, index);
    const onLine = isWallLine(layout, x, y);
    const step = layout.roomSize - 1;
    if (object.type === 'door') {
      if (!onLine || border(x, y) || (x % step === 0 && y % step === 0))
        add(
          'error',
          BabyCodes.doorNotInWall,
          `a door must sit in a wall between two rooms; (${x}, ${y}) is not such a wall cell`,
          range,
        );
    } else if (onLine)
      add('error', BabyCodes.inWall, `the ${object.color} ${object.type} at (${x}, ${y}) is inside a wall`, range);
  });
  return taken;
}

/** The agent inside the grid, on a free cell off the walls, facing a cell inside the grid. */
function checkAgent(spec: LevelSpec, at: LevelLocator, taken: ReadonlyMap<number, number>, add: Report): void {
  const [ax, ay] = spec.agent.pos;
  const agentRange = at.agent ?? at.whole;
  const cell = ay * spec.width + ax;
  if (!insideGrid(spec, ax, ay))
    add('error', BabyCodes.agent, `the agent at (${ax}, ${ay}) is outside the grid`, agentRange);
  else if (taken.has(cell))
    add(
      'error',
      BabyCodes.agent,
      `the agent stands on the ${spec.objects[taken.get(cell)!].type} at (${ax}, ${ay})`,
      agentRange,
    );
  else if (isWallLine(spec.layout, ax, ay))
    add('error', BabyCodes.agent, `the agent at (${ax}, ${ay}) is inside a wall`, agentRange);
  const front = [ax + [1, 0, -1, 0][spec.agent.dir], ay + [0, 1, 0, -1][spec.agent.dir]];
  if (insideGrid(spec, ax, ay) && !insideGrid(spec, front[0], front[1]))
    add('error', BabyCodes.agentFacing, `the agent faces (${front[0]}, ${front[1]}), outside the grid`, agentRange);
}

/**
 * Of a well-formed level: each object the mission names is in the level (and its article matches
 * how many are), and then the mission can be achieved.
 */
function checkMissionObjects(spec: LevelSpec, at: LevelLocator, add: Report): void {
  const env = new BabyAIEnv(spec);
  let absent = false;
  for (const descSpec of missionDescs(env.missionSpec)) {
    const desc = ObjDesc.of(descSpec);
    desc.findMatchingObjs(env);
    const count = desc.objSet.filter((obj) => obj.type !== 'wall').length;
    const text = spec.mission.slice(descSpec.span.start, descSpec.span.end);
    if (count === 0) {
      absent = true;
      add('error', BabyCodes.absent, `no object in the level matches '${text}'`, at.mission(descSpec.span));
    } else if ((descSpec.article === 'the') !== (count === 1))
      add(
        'warning',
        BabyCodes.article,
        `BabyAI writes 'the' when exactly one object matches and 'a' otherwise; ${count} match '${text}'`,
        at.mission(descSpec.span),
      );
  }
  if (!absent)
    for (const problem of unsolvableClauses(env))
      add('error', BabyCodes.unsolvable, `unsolvable: ${problem.message}`, at.mission(problem.clause.span));
}
