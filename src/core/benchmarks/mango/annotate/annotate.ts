// Assisted annotation (spec runs.md §7 `mango annotate`): from a raw walkthrough alone, propose the
// locations (room titles as the game prints them) and the move edges (which step moves from where to
// where), each with a confidence and the observation lines that named the room. Pure: the text in,
// proposals out. The human annotation of the shared games (bench and test) measures how close it gets.
//
// How a room is recognised: Jericho prints a room's title on a line of its own when the player
// arrives (or on `look`), followed by its description on a first visit. A step whose observation
// shows a title other than the current room's is a move; when the title only appears a few steps
// later (a dark room lit by `light lamp`, a cut-scene then `look`), the move is the last
// movement-like step since the previous title. One title can name several rooms (mazes, "Hall" on
// every floor): a title with a description never seen for it, or a full description reprinted in a
// game that abbreviates revisits, is a new room, named `title (2)`, `title (3)`…; a bare title is
// resolved through the map known so far (same move made before, its reverse, a neighbour).
import { OPPOSITE_DIRECTIONS, normaliseAction } from '../walkthrough/directions';
import { stepsOf } from '../walkthrough/walkthrough';

export interface AnnotationEvidence {
  step: number;
  /** Zero-based line of the walkthrough that named the room. */
  line: number;
  text: string;
}

export interface ProposedLocation {
  name: string;
  /** Other spellings merged into this room (case and leading-article variants), lower-cased. */
  aliases: string[];
  /** The title as the game prints it. */
  title: string;
  firstStep: number;
  evidence: AnnotationEvidence[];
}

export interface ProposedEdge {
  src: string;
  action: string;
  dst: string;
  /** The first step whose ACT makes this move. */
  step: number;
  /** Every step that makes it. */
  steps: number[];
  confidence: number;
  /** Why it is proposed, in a few words. */
  reason: string;
  evidence: AnnotationEvidence[];
}

export interface AnnotationProposals {
  locations: ProposedLocation[];
  edges: ProposedEdge[];
}

interface TitleSighting {
  title: string;
  /** Index into the observation. */
  index: number;
  /** The line after the title, whitespace-collapsed, or '' for a bare title. */
  description: string;
}

interface Room {
  name: string;
  key: string;
  descriptions: Set<string>;
  lastVisit: number;
  location: ProposedLocation;
}

const MAX_TITLE_LENGTH = 50;
const MAX_TITLE_WORDS = 8;
const TITLE_SEARCH_LINES = 40;
/** How a room's description opens ("You are in…", "This is…"), as opposed to a line listing objects. */
const DESCRIPTION_OPENING = /^(you|you're|you've|this|here|it's|it is)\b/i;
const COMPASS = new Set([
  'north',
  'south',
  'east',
  'west',
  'northeast',
  'northwest',
  'southeast',
  'southwest',
  'up',
  'down',
  'in',
  'out',
]);
const MOVE_VERBS = new Set([
  'go',
  'walk',
  'run',
  'enter',
  'exit',
  'leave',
  'climb',
  'follow',
  'jump',
  'swim',
  'crawl',
  'board',
  'cross',
  'descend',
  'ascend',
  'dive',
  'slide',
  'ride',
  'drive',
]);
/** Commands that only look or pass time: a new title they show belongs to an earlier command when there is one. */
const OBSERVE_VERBS = new Set(['look', 'l', 'wait', 'z']);
const DARK_TITLES = new Set(['darkness', 'dark', 'dark place', 'it is pitch dark']);

function looksLikeRoomTitle(line: string): boolean {
  const text = line.trim();
  if (text.length === 0 || text.length > MAX_TITLE_LENGTH) return false;
  if (!/^[A-Z0-9]/.test(text)) return false;
  if (/[.!?,;:"'\]>)]$/.test(text) && !/\)$/.test(text)) return false;
  if (text.includes(':') || /[.!?]\s/.test(text)) return false;
  const words = text.split(/\s+/);
  if (words.length > MAX_TITLE_WORDS) return false;
  // Title case: most words of four letters or more start with a capital; a parenthesised
  // qualifier may be in lower case (`Hallway (near your quarters)`).
  const long = text
    .replace(/\(.*\)/g, ' ')
    .split(/\s+/)
    .filter((word) => /^[A-Za-z]{4,}/.test(word));
  return long.length === 0 || long.filter((word) => /^[A-Z]/.test(word)).length * 2 >= long.length;
}

/** Case, spacing and a leading article do not make another room name. */
export function titleKey(title: string): string {
  return roomName(title).replace(/^(the|a|an) /, '');
}

/**
 * The release's name for a title: lower case, spacing collapsed, without Inform's posture
 * qualifier (`Bedroom (in bed)`, `Hall (on the sofa)`), which says where the player is in the room.
 */
function roomName(title: string): string {
  return title
    .trim()
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .replace(/\s*\((in|on|sitting|lying|standing|seated)\b[^)]*\)$/, '');
}

function actionWords(action: string): string[] {
  return normaliseAction(action).split(/\s+/).filter(Boolean);
}

function isMovement(action: string): boolean {
  const words = actionWords(action);
  return words.length > 0 && (COMPASS.has(normaliseAction(action)) || MOVE_VERBS.has(words[0]));
}

function isObservation(action: string): boolean {
  return OBSERVE_VERBS.has(actionWords(action)[0] ?? '');
}

/** Titles shown by an observation: the first line, or a line set off by a blank line above. */
function titlesIn(lines: readonly string[]): TitleSighting[] {
  const found: TitleSighting[] = [];
  const limit = Math.min(lines.length, TITLE_SEARCH_LINES);
  for (let index = 0; index < limit; index++) {
    const previous = index === 0 ? '' : lines[index - 1].trim();
    // After a blank line, or after a lead-in that trails off ("You follow the mouse...").
    if (index > 0 && previous !== '' && !previous.endsWith('...')) continue;
    if (!looksLikeRoomTitle(lines[index])) continue;
    const title = lines[index].trim();
    if (DARK_TITLES.has(title.toLowerCase())) continue;
    // The description's first sentence: later sentences change with the state of the room.
    const next = (lines[index + 1] ?? '').trim().replace(/\s+/g, ' ');
    found.push({ title, index, description: /^.*?[.!?](?=\s|$)/.exec(next)?.[0] ?? next });
  }
  return found;
}

/** Proposes the locations and moves of a walkthrough from its text alone. */
export function annotateWalkthrough(text: string): AnnotationProposals {
  const steps = stepsOf(text);
  const sightings = steps.map((step) => titlesIn(step.observation));
  // A title counts as a room when some movement command lands on it; a title shown after other
  // commands ("Mystical Chants" when reading a prayer book) is a room only if a move shows it too,
  // an earlier command may have moved (a dark room), or a room description follows it.
  const roomKeys = new Set<string>();
  let bare = 0;
  let described = 0;
  steps.forEach((step, index) => {
    const first = sightings[index][0];
    if (!isMovement(step.action) || first === undefined || first.index !== 0) return;
    roomKeys.add(titleKey(first.title));
    if (first.description === '') bare++;
    else described++;
  });
  // Games in "brief" mode print a bare title on revisits; there a reprinted description is a new room.
  const briefMode = bare * 5 >= bare + described && bare > 0;

  const rooms: Room[] = [];
  const edges = new Map<string, ProposedEdge>();
  const known = new Map<string, Room>(); // `${room}\u0000${action}` -> destination
  const adjacent = (a: Room, b: Room) =>
    [...known].some(
      ([key, dst]) =>
        (key.startsWith(`${a.name}\u0000`) && dst === b) || (key.startsWith(`${b.name}\u0000`) && dst === a),
    );

  const newRoom = (sighting: TitleSighting, key: string, evidence: AnnotationEvidence): Room => {
    const same = rooms.filter((room) => room.key === key);
    const base = roomName(sighting.title);
    // `title (n)`, skipping a name a game's own title already took (a room really called `Hall (2)`).
    let name = base;
    for (let n = same.length + 1; rooms.some((room) => room.name === name); n++) name = `${base} (${n})`;
    const location: ProposedLocation = {
      name,
      aliases: [],
      title: sighting.title,
      firstStep: evidence.step,
      evidence: [evidence],
    };
    const room: Room = { name, key, descriptions: new Set(), lastVisit: evidence.step, location };
    rooms.push(room);
    return room;
  };

  let current: Room | null = null;
  let previous: Room | null = null;
  let lastTitled = -1;
  steps.forEach((step, index) => {
    const isInit = step.action === 'Init' || current === null;
    if (sightings[index].length === 0) return;
    const between = steps
      .slice(lastTitled + 1, index)
      .map((candidate, offset) => ({ candidate, at: lastTitled + 1 + offset }));
    const mover =
      isInit || isMovement(step.action)
        ? undefined
        : ([...between].reverse().find(({ candidate }) => isMovement(candidate.action)) ??
          (isObservation(step.action)
            ? [...between].reverse().find(({ candidate }) => !isObservation(candidate.action))
            : undefined));
    const candidates = sightings[index].filter(
      (sighting) =>
        isInit ||
        sighting.index === 0 ||
        isMovement(step.action) ||
        mover !== undefined ||
        roomKeys.has(titleKey(sighting.title)) ||
        DESCRIPTION_OPENING.test(sighting.description),
    );
    if (candidates.length === 0) return;
    // Init opens with the game's banner, so there the last title is the starting room.
    const sighting = isInit ? candidates[candidates.length - 1] : candidates[0];
    const key = titleKey(sighting.title);
    const evidence: AnnotationEvidence = {
      step: step.number,
      line: step.firstLine + sighting.index,
      text: sighting.title,
    };
    if (sighting.description !== '') evidence.text = `${sighting.title} / ${sighting.description.slice(0, 120)}`;

    // Which step made the move: this one, or the last movement-like step since the previous title.
    let moveIndex = index;
    let delayed = false;
    if (!isInit && !isMovement(step.action)) {
      if (mover) {
        moveIndex = mover.at;
        delayed = true;
      } else if (!roomKeys.has(key) && !DESCRIPTION_OPENING.test(sighting.description)) {
        // A title after a command that moves nowhere, naming no room a move lands on and with no
        // room description below: a book's heading, a menu, not a room.
        return;
      }
    }
    lastTitled = index;
    const moveStep = steps[moveIndex];
    const action = normaliseAction(moveStep.action);

    const { room, ambiguous } = resolveRoom(
      current,
      previous,
      action,
      sighting,
      key,
      moveIndex === index && isMovement(step.action),
      evidence,
    );
    room.lastVisit = step.number;
    if (sighting.description !== '') room.descriptions.add(sighting.description);
    if (room.location.evidence.length < 3 && !room.location.evidence.some((e) => e.step === step.number))
      room.location.evidence.push(evidence);
    const alias = roomName(sighting.title);
    if (alias !== room.name && !room.name.startsWith(`${alias} (`) && !room.location.aliases.includes(alias))
      room.location.aliases.push(alias);

    if (current !== null && room !== current && !isInit) {
      known.set(`${current.name}\u0000${action}`, room);
      const edgeKey = `${current.name}\u0000${action}\u0000${room.name}`;
      const existing = edges.get(edgeKey);
      if (existing) existing.steps.push(moveStep.number);
      else {
        const compass = COMPASS.has(action);
        let confidence = compass ? 0.95 : isMovement(action) ? 0.85 : 0.7;
        if (delayed) confidence -= 0.15;
        if (sighting.index !== 0) confidence -= 0.05;
        if (ambiguous) confidence -= 0.2;
        const reason = `${delayed ? `room named at step ${step.number}` : 'room title'}${ambiguous ? ', one of several rooms with this title' : ''}${compass ? '' : isMovement(action) ? ', non-compass move' : ', not a movement command'}`;
        edges.set(edgeKey, {
          src: current.name,
          action,
          dst: room.name,
          step: moveStep.number,
          steps: [moveStep.number],
          confidence: Math.round(confidence * 100) / 100,
          reason,
          evidence: [evidence],
        });
      }
    }
    if (room !== current) {
      previous = current;
      current = room;
    }
  });

  function resolveRoom(
    from: Room | null,
    came: Room | null,
    action: string,
    sighting: TitleSighting,
    key: string,
    moved: boolean,
    evidence: AnnotationEvidence,
  ): { room: Room; ambiguous: boolean } {
    const same = rooms.filter((room) => room.key === key);
    const fresh = () => ({ room: newRoom(sighting, key, { ...evidence }), ambiguous: false });
    if (same.length === 0) return fresh();
    if (from !== null) {
      // The same move made before, then the reverse of a move made before.
      const forward = known.get(`${from.name}\u0000${action}`);
      if (forward && forward.key === key) return { room: forward, ambiguous: false };
      // Not in a maze (rooms alike in title and description), whose passages need not lead back.
      const maze = same.some((room) =>
        same.some((other) => other !== room && [...room.descriptions].some((text) => other.descriptions.has(text))),
      );
      const opposite = OPPOSITE_DIRECTIONS[action];
      if (opposite && !maze) {
        const back = same.find((room) => known.get(`${room.name}\u0000${opposite}`) === from);
        if (back) return { room: back, ambiguous: false };
      }
    }
    const description = sighting.description;
    let pool = same;
    if (description !== '') {
      const matching = same.filter((room) => room.descriptions.has(description));
      if (matching.length === 0 && DESCRIPTION_OPENING.test(description)) return fresh();
      // A move that reprints a full description in a game that abbreviates revisits: a first visit.
      if (matching.length > 0 && briefMode && moved) return fresh();
      if (matching.length > 0) pool = matching;
    }
    if (moved && from !== null && pool.includes(from)) {
      if (pool.length === 1) return DESCRIPTION_OPENING.test(description) ? fresh() : { room: from, ambiguous: false };
      pool = pool.filter((room) => room !== from);
    }
    if (pool.length === 1) return { room: pool[0], ambiguous: false };
    const neighbours = from === null ? [] : pool.filter((room) => adjacent(room, from));
    const preferred = neighbours.filter((room) => room !== came);
    const ranked = (preferred.length > 0 ? preferred : neighbours.length > 0 ? neighbours : pool).sort(
      (a, b) => b.lastVisit - a.lastVisit,
    );
    return { room: ranked[0], ambiguous: true };
  }

  return {
    locations: rooms.map((room) => room.location),
    edges: [...edges.values()].sort((a, b) => a.step - b.step),
  };
}
