// `waypoint mango generate`: a new MANGO game in the release format (spec runs.md §7), built from a
// seed alone so that held-out data of controlled difficulty costs nothing to make.
//
// The maze is a random tree of rooms (each new room hangs off the previous one with probability
// `corridor`, else off any earlier room: long corridors make long paths). A link is a compass or
// up/down move whose reverse is the opposite direction, or with probability `passages` a
// non-compass passage ("enter gallery" / "exit"). Each room uses a direction at most once, so the
// evaluator's naive reverses never contradict an edge. The walkthrough is a depth-first tour.
// Between two children of a room it either walks back (covering the reverses) or takes a one-way
// move from the end of the first subtree straight into the next ("slide down chute"), never walking
// the way back; at the end it either stops or drops through a one-way trapdoor to some room (the
// start: every room keeps a walked way back; a room first reached late: the rooms finished before
// it have none). The trapdoor and the skipped returns are calibrated so that the share of reachable
// room pairs whose every route needs a reverse-only edge (RF questions answerable only through an
// imputed reverse) comes as close as the tree allows to `imputedShare`.
import type { Random } from '../../../util/random';
import { seededRandom } from '../../../util/random';
import { OPPOSITE_DIRECTIONS } from '../walkthrough/directions';
import {
  FEATURE_SENTENCES,
  IDLE_OBJECTS,
  ONE_WAY_ACTIONS,
  PASSAGE_PAIRS,
  ROOM_ADJECTIVES,
  ROOM_NOUNS,
} from './generateWords';
import { skeletonTextChunks } from '../skeletons/skeletonText';
import { NEVER, type EdgeRecord } from '../types';
import {
  formatWalkthrough,
  indentedJson,
  measureGame,
  routeMeasures,
  type GameMeasures,
  type WalkStep,
} from './generatedFiles';

interface GenerateOptions {
  /** The game's name: files are `<name>.edges.json` etc. */
  name: string;
  rooms: number;
  seed: string;
  /** Share of rooms whose name differs from another room's by one word (default 0.25). */
  confusable?: number;
  /** Target share of reachable room pairs that need a reverse-only edge (default 0.2). */
  imputedShare?: number;
  /** Share of links that are non-compass passages (default 0.2). */
  passages?: number;
  /** Probability that a room hangs off the previous one, making long paths (default 0.5). */
  corridor?: number;
  /** Probability of an idle step (examine something) on a first arrival (default 0.2). */
  idle?: number;
  /** Written into the walkthrough's opening banner and onto every skeleton line. */
  canary?: string;
  sha256Hex?: (text: string) => string;
}

interface GeneratedGame {
  /** File name → text, in the release's file set. */
  files: Array<{ name: string; text: string }>;
  stats: GameMeasures & { steps: number; oneWayEdges: number; targetImputedShare: number };
}

/** Input errors (the CLI turns them into exit 1 / usage errors). */
export class GenerateError extends Error {}

/** Names are "<adjective> <noun>" with every adjective used once: the lists bound the size. */
const MAX_GENERATED_ROOMS = Math.min(ROOM_ADJECTIVES.length, ROOM_NOUNS.length);
/** A game whose DF file would pass this many lines is refused (simple paths grow with cycles). */
const MAX_DF_LINES = 400_000;

const DIRECTION_POOL = [
  'north',
  'south',
  'east',
  'west',
  'northeast',
  'northwest',
  'southeast',
  'southwest',
  'north',
  'south',
  'east',
  'west',
  'up',
  'down',
];

interface Link {
  from: number;
  to: number;
  action: string;
  back: string;
}

interface Move {
  from: number;
  action: string;
  to: number;
}

/** One candidate tour, evaluated: its moves and the imputed share they give. */
type TourEvaluation = (variant: Maze, trapdoor: number | null) => (skipped: ReadonlySet<string>) => { share: number };

/**
 * The tour's ending: which branch of the start room comes last, and where the trapdoor at the end
 * leads (or none), the one whose share is closest to `target`. A trapdoor to a room first reached
 * late leaves every room finished before it without a walked way back, so its targets give shares
 * from 0 (the start) upwards.
 */
function bestEnding(
  maze: Maze,
  names: readonly string[],
  target: number,
  evaluate: TourEvaluation,
): { variant: Maze; trapdoor: number | null } {
  let ending: { variant: Maze; trapdoor: number | null; share: number } | null = null;
  for (const last of maze.children[0]) {
    const variant: Maze = {
      ...maze,
      children: maze.children.map((list, room) =>
        room === 0 ? [...list.filter((link) => link !== last), last] : list,
      ),
    };
    for (const trapdoor of [null, ...names.keys()]) {
      const { share } = evaluate(variant, trapdoor)(new Set());
      if (ending === null || Math.abs(share - target) < Math.abs(ending.share - target) - 1e-12)
        ending = { variant, trapdoor, share };
    }
  }
  return ending as { variant: Maze; trapdoor: number | null };
}

/** Generates a game; same options, same bytes. */
export function generateGame(options: GenerateOptions): GeneratedGame {
  const count = options.rooms;
  if (!Number.isInteger(count) || count < 2 || count > MAX_GENERATED_ROOMS)
    throw new GenerateError(`--rooms must be an integer from 2 to ${MAX_GENERATED_ROOMS}, not ${count}`);
  const confusable = fraction(options.confusable ?? 0.25, 'confusable');
  const target = fraction(options.imputedShare ?? 0.2, 'imputed-share');
  const passages = fraction(options.passages ?? 0.2, 'passages');
  const corridor = fraction(options.corridor ?? 0.5, 'corridor');
  const idle = fraction(options.idle ?? 0.2, 'idle');
  // Separate streams: tuning one knob does not reshuffle what the others drew.
  const names = roomNames(seededRandom(`names:${options.seed}`), count, confusable);
  const maze = growTree(seededRandom(`maze:${options.seed}`), count, names, passages, corridor);
  const prose = seededRandom(`prose:${options.seed}`);
  const oneWay = names.map(() => prose.choice(ONE_WAY_ACTIONS));
  const candidates = seededRandom(`walk:${options.seed}`).shuffled(returnCandidates(maze.children));
  const evaluate = (variant: Maze, trapdoor: number | null) => (skipped: ReadonlySet<string>) => {
    const moves = tour(variant, skipped, oneWay, trapdoor);
    // Only the routes change from one candidate tour to the next: the rooms, names and their confusable share do not.
    return {
      moves,
      share: routeMeasures(
        edgeRecords(
          moves.map((move, index) => ({ move, step: index + 2 })),
          names,
        ),
        names,
      ).imputedShare,
    };
  };
  const { variant, trapdoor } = bestEnding(maze, names, target, evaluate);
  const chosen = calibrate(candidates, target, evaluate(variant, trapdoor));
  const steps = walkSteps(chosen.moves, maze, names, oneWay, prose, idle, options);
  const moveSteps = steps.flatMap((step) => (step.move ? [{ move: step.move, step: step.number }] : []));
  const records = edgeRecords(moveSteps, names);
  const measures = measureGame(records);
  const actions = [...new Set(records.map((record) => record.action))];
  const locations = [...new Set(records.flatMap((record) => [record.src_node, record.dst_node]))];
  const skeletonOptions = { sha256Hex: options.sha256Hex };
  const df = skeletonFile('df', records, skeletonOptions, options.canary);
  const rf = skeletonFile('rf', records, skeletonOptions, options.canary);
  const g = options.name;
  return {
    files: [
      { name: `${g}.walkthrough`, text: formatWalkthrough(steps) },
      { name: `${g}.edges.json`, text: indentedJson(records) },
      { name: `${g}.actions.json`, text: indentedJson(actions) },
      { name: `${g}.locations.json`, text: indentedJson(locations) },
      { name: `${g}.all2all.jsonl`, text: df },
      { name: `${g}.all_pairs.jsonl`, text: rf },
    ],
    stats: {
      ...measures,
      steps: steps.length,
      oneWayEdges: records.filter((record) => ONE_WAY_ACTIONS.includes(record.action)).length,
      targetImputedShare: target,
    },
  };
}

/**
 * Greedy: from no skipped return, keep adding the candidate that brings the share closest to the
 * target, as long as that is no farther than before. Candidates come in a seeded order, so ties break the same way.
 */
function calibrate(
  candidates: readonly string[],
  target: number,
  evaluate: (skipped: ReadonlySet<string>) => { moves: Move[]; share: number },
): { moves: Move[]; share: number } {
  const skipped = new Set<string>();
  let best = evaluate(skipped);
  for (;;) {
    let step: { candidate: string; result: { moves: Move[]; share: number } } | null = null;
    for (const candidate of candidates) {
      if (skipped.has(candidate)) continue;
      skipped.add(candidate);
      const result = evaluate(skipped);
      skipped.delete(candidate);
      const distance = Math.abs(result.share - target);
      // Ties are taken too: a jump that leaves the share as it is still adds a one-way move and
      // leaves edges unwalked, which is the point of a tour that does not cover the maze.
      if (
        distance <= Math.abs((step?.result ?? best).share - target) + 1e-12 &&
        (step === null || distance < Math.abs(step.result.share - target) - 1e-12)
      )
        step = { candidate, result };
    }
    if (step === null) return best;
    skipped.add(step.candidate);
    best = step.result;
  }
}

function fraction(value: number, option: string): number {
  if (!(value >= 0 && value <= 1)) throw new GenerateError(`--${option} must be a number from 0 to 1, not ${value}`);
  return value;
}

/** Skeleton lines as upstream writes them; a canary rides along as an extra field the schema ignores. */
export function skeletonFile(
  task: 'df' | 'rf',
  records: readonly EdgeRecord[],
  options: { sha256Hex?: (text: string) => string },
  canary?: string,
): string {
  let text = '';
  let lines = 0;
  for (const chunk of skeletonTextChunks(task, records, options)) {
    text += chunk;
    lines += chunk.split('\n').length - 1;
    if (lines > MAX_DF_LINES)
      throw new GenerateError(
        `the ${task === 'df' ? 'all2all' : 'all_pairs'} file would pass ${MAX_DF_LINES} lines: use fewer rooms or a lower --imputed-share (one-way moves add cycles)`,
      );
  }
  if (canary === undefined) return text;
  const field = `, "canary": ${JSON.stringify(canary)}}`;
  return text.replace(/}\n/g, `${field}\n`);
}

/** Two-word names; `confusable` of them share their noun with one or two others (one word apart). */
function roomNames(random: Random, count: number, confusable: number): string[] {
  const adjectives = random.shuffled(ROOM_ADJECTIVES);
  const nouns = random.shuffled(ROOM_NOUNS);
  let similar = Math.round(confusable * count);
  if (similar === 1) similar = 2;
  const names: string[] = [];
  let noun = 0;
  let left = similar;
  while (left > 0) {
    const size = left % 2 === 1 ? 3 : 2;
    for (let index = 0; index < size; index++) names.push(`${adjectives[names.length]} ${nouns[noun]}`);
    noun++;
    left -= size;
  }
  while (names.length < count) names.push(`${adjectives[names.length]} ${nouns[noun++]}`);
  return random.shuffled(names);
}

interface Maze {
  links: Link[];
  /** Per room, the links to its children in the order the tour takes them. */
  children: Link[][];
  /** Per room, the link from its parent (undefined for the start). */
  parentLink: Array<Link | undefined>;
  /** Per room, every action that leaves it. */
  exits: Array<Map<string, number>>;
}

function growTree(random: Random, count: number, names: readonly string[], passages: number, corridor: number): Maze {
  const maze: Maze = { links: [], children: names.map(() => []), parentLink: [], exits: names.map(() => new Map()) };
  for (let room = 1; room < count; room++) {
    let parent = random.next() < corridor ? room - 1 : random.integer(0, room - 1);
    for (let attempt = 0; ; attempt++) {
      const link = tryLink(random, maze, parent, room, names, passages);
      if (link) {
        maze.links.push(link);
        maze.children[parent].push(link);
        maze.parentLink[room] = link;
        maze.exits[parent].set(link.action, room);
        maze.exits[room].set(link.back, parent);
        break;
      }
      if (attempt > 1000) throw new GenerateError(`no free exit for room ${room + 1}`);
      parent = random.integer(0, room - 1);
    }
  }
  // The biggest branch goes last: stopping at its end leaves the most rooms without a walked way back,
  // which widens the range of imputed shares the tour can reach.
  const size = names.map(() => 1);
  for (let room = count - 1; room > 0; room--) size[(maze.parentLink[room] as Link).from] += size[room];
  for (const list of maze.children) {
    const order = random.shuffled(list);
    const biggest = order.reduce((top, link) => (size[link.to] > size[top.to] ? link : top), order[0]);
    list.splice(0, list.length, ...order.filter((link) => link !== biggest), ...(biggest ? [biggest] : []));
  }
  return maze;
}

function tryLink(
  random: Random,
  maze: Maze,
  parent: number,
  room: number,
  names: readonly string[],
  passages: number,
): Link | null {
  if (random.next() < passages) {
    const [there, back] = random.choice(PASSAGE_PAIRS);
    const action = there.replace('{noun}', names[room].split(' ')[1]);
    if (!maze.exits[parent].has(action)) return { from: parent, to: room, action, back };
  }
  for (const direction of random.shuffled(DIRECTION_POOL)) {
    if (!maze.exits[parent].has(direction))
      return { from: parent, to: room, action: direction, back: OPPOSITE_DIRECTIONS[direction] };
  }
  return null;
}

/** Candidate skipped returns: "the child after <room>" (jump there one-way instead of walking back). */
function returnCandidates(children: readonly Link[][]): string[] {
  const result: string[] = [];
  for (const list of children)
    for (let index = 0; index + 1 < list.length; index++) result.push(`jump:${list[index].to}`);
  return result;
}

/** The depth-first tour with the given returns skipped, ending with a trapdoor to `trapdoor` (null: none). */
function tour(maze: Maze, skipped: ReadonlySet<string>, oneWay: readonly string[], trapdoor: number | null): Move[] {
  const moves: Move[] = [];
  const climb = (from: number, to: number) => {
    for (let at = from; at !== to; ) {
      const link = maze.parentLink[at] as Link;
      moves.push({ from: at, action: link.back, to: link.from });
      at = link.from;
    }
  };
  const visit = (room: number): number => {
    let at = room;
    const kids = maze.children[room];
    for (let index = 0; index < kids.length; index++) {
      const link = kids[index];
      if (index > 0 && skipped.has(`jump:${kids[index - 1].to}`))
        moves.push({ from: at, action: oneWay[at], to: link.to });
      else {
        climb(at, room);
        moves.push({ from: room, action: link.action, to: link.to });
      }
      at = visit(link.to);
    }
    return at;
  };
  const end = visit(0);
  if (trapdoor !== null && trapdoor !== end) moves.push({ from: end, action: oneWay[end], to: trapdoor });
  return moves;
}

/** Edge records from the numbered moves: forward where walked, reversed where a compass move's opposite. */
function edgeRecords(moves: ReadonlyArray<{ move: Move; step: number }>, names: readonly string[]): EdgeRecord[] {
  const forward = new Map<string, number>();
  const reversed = new Map<string, number>();
  const triples = new Map<string, [string, string, string]>();
  const note = (map: Map<string, number>, src: string, action: string, dst: string, step: number) => {
    const key = JSON.stringify([src, action, dst]);
    triples.set(key, [src, action, dst]);
    if (!map.has(key)) map.set(key, step);
  };
  for (const { move, step } of moves) {
    note(forward, names[move.from], move.action, names[move.to], step);
    const opposite = OPPOSITE_DIRECTIONS[move.action];
    if (opposite !== undefined) note(reversed, names[move.to], opposite, names[move.from], step);
  }
  const records = [...triples].map(([key, [src, action, dst]]) => {
    const seenForward = forward.get(key) ?? NEVER;
    const seenReversed = reversed.get(key) ?? NEVER;
    const min = Math.min(seenForward, seenReversed);
    return {
      src_node: src,
      dst_node: dst,
      action,
      seen_in_forward: seenForward,
      seen_in_reversed: seenReversed,
      edge_min_step: min,
      seen_in_forward_answerable: seenForward,
      seen_in_reversed_answerable: seenReversed,
      edge_min_step_answerable: min,
    };
  });
  // Upstream's insertion order (see skeletons.ts upstreamEdgeOrder): forward edges by step, then reverse-only ones.
  const walked = records
    .filter((record) => record.seen_in_forward < NEVER)
    .sort((a, b) => a.seen_in_forward - b.seen_in_forward);
  const reverseOnly = records
    .filter((record) => record.seen_in_forward >= NEVER)
    .sort((a, b) => a.seen_in_reversed - b.seen_in_reversed);
  return [...walked, ...reverseOnly];
}

function titleCase(name: string): string {
  return name.replace(/(^|[\s-])([a-z])/g, (_, space: string, letter: string) => space + letter.toUpperCase());
}

function walkSteps(
  moves: readonly Move[],
  maze: Maze,
  names: readonly string[],
  oneWay: readonly string[],
  random: Random,
  idle: number,
  options: GenerateOptions,
): WalkStep[] {
  const features = names.map(() => random.choice(FEATURE_SENTENCES));
  // One-way exits the tour actually uses, so the prose can mention them.
  const oneWayUsed = new Set(moves.filter((move) => move.action === oneWay[move.from]).map((move) => move.from));
  const describe = (room: number): string => {
    const exits = [...maze.exits[room].entries()];
    const compass = exits.filter(([action]) => action in OPPOSITE_DIRECTIONS).map(([action]) => action);
    const other = exits.filter(([action]) => !(action in OPPOSITE_DIRECTIONS)).map(([action]) => action);
    if (oneWayUsed.has(room)) other.push(oneWay[room]);
    const sentences = [features[room]];
    if (compass.length > 0)
      sentences.push(`${compass.length === 1 ? 'An exit leads' : 'Exits lead'} ${listWords(compass)}.`);
    for (const action of other) sentences.push(`You could ${action} from here.`);
    const [direction, neighbour] = exits.find(([action]) => action in OPPOSITE_DIRECTIONS) ?? [];
    if (direction !== undefined && neighbour !== undefined) {
      const where = direction === 'up' ? 'above' : direction === 'down' ? 'below' : `to the ${direction}`;
      sentences.push(`The ${titleCase(names[neighbour])} lies ${where}.`);
    }
    return `${titleCase(names[room])}\n${sentences.join(' ')}`;
  };
  const banner = [
    titleCase(options.name),
    `A maze generated by Waypoint from seed ${options.seed}.`,
    ...(options.canary === undefined ? [] : [`Canary: ${options.canary}`]),
    'Release 1',
  ].join('\n');
  const steps: WalkStep[] = [
    { number: 0, action: 'Init', observation: `${banner}\n\n${describe(0)}` },
    { number: 1, action: 'look', observation: describe(0) },
  ];
  const seen = new Set([0]);
  for (const move of moves) {
    steps.push({ number: steps.length, action: move.action, observation: describe(move.to), move });
    if (!seen.has(move.to) && random.next() < idle) {
      const thing = random.choice(IDLE_OBJECTS);
      steps.push({
        number: steps.length,
        action: `examine ${thing}`,
        observation: `You see nothing unusual about the ${thing}.`,
      });
    }
    seen.add(move.to);
  }
  return steps;
}

function listWords(words: readonly string[]): string {
  return words.length === 1 ? words[0] : `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`;
}
