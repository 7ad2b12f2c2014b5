// The Narrative and JSON environment descriptions (formatters/narrative.py and
// formatters/json_formatter.py @ e9996c8), byte-exact, and readers that rebuild the description.
import { OffsetMapper, tooDeepDiagnostic } from '../../util/locatedJson';
import type { Diagnostic } from '../../util/text';
import { directionWord, type DescribedObject, type EnvDescription, frontOf, pyTuple } from './description';
import { STRUCTURED_HEADER } from './structured';
import { isColor, isObjectType, type Vec } from './world';

/** NarrativeFormatter.format. */
export function formatNarrative(d: EnvDescription): string {
  let context = '';
  if (d.numRows === 1 && d.numCols === 1) {
    context += `An agent is in a grid world made of 1 room, this room of size ${d.roomSize}x${d.roomSize}, including the surrounding walls, meaning that effectively, the room is of size ${d.roomSize - 2}x${d.roomSize - 2}. `;
    context += `The total grid size is thus ${d.height}x${d.width}. The room might contain objects such as keys, balls, and boxes of different colors. `;
  } else {
    context += `An agent is in a grid world made of ${d.numRows}x${d.numCols} rooms, each of size ${d.roomSize}x${d.roomSize}, including the surrounding walls, meaning that effectively, each room is of size ${d.roomSize - 2}x${d.roomSize - 2}. `;
    context += `The total grid size is thus ${d.height}x${d.width}. Rooms are separated by walls and might contain objects such as keys, balls, and boxes of different colors. `;
    context +=
      'Some walls, connecting two adjacent rooms, have doors. Some doors are unlocked, whereas others need to be unlocked with keys of the same color. ';
  }
  context +=
    'The agent can perform 6 actions: left (turn left), right (turn right), forward (move forward), pickup (pickup an object), drop (drop an object), and toggle (open/close a door or a box). ';
  context +=
    "Only the forward action changes the agent's position in the grid world. Turning left or right changes the agent's orientation only but not the position. ";
  context +=
    'The agent cannot move into a cell that is already occupied by an object, even if the object is one it is trying to interact with. ';
  context +=
    'Using a coordinate system where the (0, 0) position is the top-left corner of the grid world, necessarily corresponding to a wall, ';
  context +=
    'the coordinates follow the format (x, y), with x denoting the horizontal position in the grid and y denoting the vertical position in the grid, ';
  context += `and the agent is initially placed at ${pyTuple(d.agentPos)}, and is facing, ${directionWord(d.agentDir)}, the ${pyTuple(frontOf(d.agentPos, d.agentDir))} position. `;
  const article = (o: DescribedObject) => (o.type !== 'door' ? 'a' : o.locked ? 'a locked' : 'an unlocked');
  if (d.objects.length === 0) context += 'There are no objects in the environment. ';
  else {
    context += 'There is ';
    d.objects.forEach((o, t) => {
      const phrase = `${article(o)} ${o.color} ${o.type} at position ${pyTuple(o.pos)}`;
      if (t === d.objects.length - 1 && d.objects.length > 1) context += `and ${phrase}. `;
      else context += phrase + (d.objects.length > 1 ? ', ' : '. ');
    });
  }
  context += `The agent's mission is '${d.mission}'. `;
  return context;
}

/** Python json.dumps with ensure_ascii: non-ASCII characters become \uXXXX escapes. */
function pythonJsonDumps(value: unknown): string {
  return JSON.stringify(value, null, 2).replace(
    /[\u007f-\uffff]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/** JSONFormatter.format. */
export function formatJson(d: EnvDescription): string {
  const config = {
    num_rooms: d.numRows > 1 || d.numCols > 1 ? [d.numRows, d.numCols] : 1,
    room_size_incl_walls: [d.roomSize, d.roomSize],
    room_size_excl_walls: [d.roomSize - 2, d.roomSize - 2],
    grid_size: [d.height, d.width],
    agent_initial_pos: [...d.agentPos],
    agent_front_pos: [...frontOf(d.agentPos, d.agentDir)],
    agent_direction: { index: d.agentDir, name: directionWord(d.agentDir) },
    objects: d.objects.map((o) =>
      o.type === 'door'
        ? { type: o.type, color: o.color, position: [...o.pos], locked: !!o.locked }
        : { type: o.type, color: o.color, position: [...o.pos] },
    ),
    mission: d.mission,
  };
  return pythonJsonDumps({ context: STRUCTURED_HEADER, config });
}

interface DescriptionWithDiagnostics {
  description: EnvDescription | null;
  diagnostics: Diagnostic[];
}

function failure(
  text: string,
  offset: number,
  length: number,
  code: string,
  message: string,
): DescriptionWithDiagnostics {
  const mapper = new OffsetMapper(text);
  return {
    description: null,
    diagnostics: [{ severity: 'error', code, message, range: mapper.range(offset, length) }],
  };
}

/** Reads a Narrative description back. */
export function parseNarrative(text: string): DescriptionWithDiagnostics {
  const single = /made of 1 room, this room of size (\d+)x\d+/.exec(text);
  const multi = /made of (\d+)x(\d+) rooms, each of size (\d+)x\d+/.exec(text);
  const grid = /The total grid size is thus (\d+)x(\d+)\./.exec(text);
  const agent = /initially placed at \((-?\d+), (-?\d+)\), and is facing, (\w+), the/.exec(text);
  const mission = /The agent's mission is '(.*)'\. ?$/s.exec(text);
  if (!single && !multi)
    return failure(text, 0, 1, 'babyai/description-missing', 'the narrative does not say how many rooms the grid has');
  if (!grid)
    return failure(text, 0, 1, 'babyai/description-missing', 'the narrative does not give the total grid size');
  if (!agent)
    return failure(
      text,
      0,
      1,
      'babyai/description-missing',
      'the narrative does not give the agent position and direction',
    );
  if (!mission)
    return failure(
      text,
      Math.max(0, text.length - 1),
      1,
      'babyai/description-missing',
      "the narrative does not end with the agent's mission",
    );
  const dir = ['east', 'south', 'west', 'north'].indexOf(agent[3]);
  if (dir < 0)
    return failure(text, agent.index, agent[0].length, 'babyai/description-syntax', `unknown direction '${agent[3]}'`);
  const objects: DescribedObject[] = [];
  const objectPattern = /(a|a locked|an unlocked) (\w+) (\w+) at position \((-?\d+), (-?\d+)\)/g;
  const listed = text.slice(0, mission.index);
  for (let m = objectPattern.exec(listed); m; m = objectPattern.exec(listed)) {
    const [, article, color, type, x, y] = m;
    if (!isColor(color) || !isObjectType(type))
      return failure(text, m.index, m[0].length, 'babyai/unknown-type', `unknown object '${color} ${type}'`);
    const pos: Vec = [Number(x), Number(y)];
    objects.push(type === 'door' ? { type, color, pos, locked: article === 'a locked' } : { type, color, pos });
  }
  const roomSize = Number(single ? single[1] : multi![3]);
  const description: EnvDescription = {
    numRows: single ? 1 : Number(multi![1]),
    numCols: single ? 1 : Number(multi![2]),
    roomSize,
    height: Number(grid[1]),
    width: Number(grid[2]),
    agentPos: [Number(agent[1]), Number(agent[2])],
    agentDir: dir,
    objects,
    mission: mission[1],
  };
  return { description, diagnostics: [] };
}

const isPair = (value: unknown): value is [number, number] =>
  Array.isArray(value) && value.length === 2 && value.every((n) => Number.isInteger(n));

/** Reads a JSON-formatter description back (the {"context", "config"} object). */
export function parseJsonDescription(text: string): DescriptionWithDiagnostics {
  // Messages below re-serialise parts of the value, which recurses per nesting level.
  const tooDeep = tooDeepDiagnostic(text);
  if (tooDeep) return { description: null, diagnostics: [tooDeep] };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return failure(text, 0, 1, 'json/syntax', `JSON syntax: ${error instanceof Error ? error.message : String(error)}`);
  }
  const config = (value as { config?: Record<string, unknown> } | null)?.config;
  if (!config || typeof config !== 'object')
    return failure(text, 0, 1, 'babyai/description-missing', 'the JSON description has no "config" object');
  const rooms = config.num_rooms === 1 ? [1, 1] : config.num_rooms;
  const size = config.room_size_incl_walls;
  const grid = config.grid_size;
  const pos = config.agent_initial_pos;
  const dir = (config.agent_direction as { index?: unknown } | undefined)?.index;
  if (
    !isPair(rooms) ||
    !isPair(size) ||
    !isPair(grid) ||
    !isPair(pos) ||
    typeof dir !== 'number' ||
    typeof config.mission !== 'string' ||
    !Array.isArray(config.objects)
  )
    return failure(
      text,
      0,
      1,
      'babyai/description-syntax',
      'the JSON description config lacks num_rooms, room_size_incl_walls, grid_size, agent_initial_pos, agent_direction, objects or mission',
    );
  const objects: DescribedObject[] = [];
  for (const item of config.objects as Array<Record<string, unknown>>) {
    const { type, color, position, locked } = item ?? {};
    if (!isObjectType(type) || !isColor(color) || !isPair(position))
      return failure(text, 0, 1, 'babyai/unknown-type', `invalid object ${JSON.stringify(item)}`);
    objects.push(
      type === 'door' ? { type, color, pos: position, locked: locked === true } : { type, color, pos: position },
    );
  }
  const description: EnvDescription = {
    numRows: rooms[0],
    numCols: rooms[1],
    roomSize: size[0],
    height: grid[0],
    width: grid[1],
    agentPos: pos,
    agentDir: dir,
    objects,
    mission: config.mission,
  };
  return { description, diagnostics: [] };
}
