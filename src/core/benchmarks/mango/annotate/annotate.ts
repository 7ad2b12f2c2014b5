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
import { type Step, stepsOf } from '../walkthrough/walkthrough';

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
function titleKey(title: string): string {
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
  const annotator = new Annotator(steps, sightings);
  steps.forEach((step, index) => annotator.visit(step, index));
  return {
    locations: annotator.rooms.map((room) => room.location),
    edges: [...annotator.edges.values()].sort((a, b) => a.step - b.step),
  };
}

/**
 * The titles a movement command lands on (as the first line of its observation), and whether the
 * game is in "brief" mode: there it prints a bare title on revisits, so a reprinted description is
 * a new room.
 */
function movementTitles(
  steps: readonly Step[],
  sightings: readonly TitleSighting[][],
): { roomKeys: Set<string>; briefMode: boolean } {
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
  return { roomKeys, briefMode: bare * 5 >= bare + described && bare > 0 };
}

/** Walks the steps in order, keeping the rooms met so far and the moves between them. */
class Annotator {
  readonly rooms: Room[] = [];
  readonly edges = new Map<string, ProposedEdge>();
  /** `${room}\u0000${action}` -> destination. */
  private readonly known = new Map<string, Room>();
  /**
   * A title counts as a room when some movement command lands on it; a title shown after other
   * commands ("Mystical Chants" when reading a prayer book) is a room only if a move shows it too,
   * an earlier command may have moved (a dark room), or a room description follows it.
   */
  private readonly roomKeys: Set<string>;
  private readonly briefMode: boolean;
  private current: Room | null = null;
  private previous: Room | null = null;
  private lastTitled = -1;

  constructor(
    private readonly steps: readonly Step[],
    private readonly sightings: readonly TitleSighting[][],
  ) {
    const titles = movementTitles(steps, sightings);
    this.roomKeys = titles.roomKeys;
    this.briefMode = titles.briefMode;
  }

  visit(step: Step, index: number): void {
    const isInit = step.action === 'Init' || this.current === null;
    if (this.sightings[index].length === 0) return;
    const mover = isInit || isMovement(step.action) ? undefined : this.moverBefore(index, step.action);
    const sighting = this.roomSighting(step, index, isInit, mover !== undefined);
    if (!sighting) return;
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
      } else if (!this.roomKeys.has(key) && !DESCRIPTION_OPENING.test(sighting.description)) {
        // A title after a command that moves nowhere, naming no room a move lands on and with no
        // room description below: a book's heading, a menu, not a room.
        return;
      }
    }
    this.lastTitled = index;
    const moveStep = this.steps[moveIndex];
    const action = normaliseAction(moveStep.action);

    const { room, ambiguous } = this.resolveRoom(
      action,
      sighting,
      key,
      moveIndex === index && isMovement(step.action),
      evidence,
    );
    this.noteSighting(room, sighting, evidence, step.number);
    if (this.current !== null && room !== this.current && !isInit)
      this.addMove(this.current, action, room, moveStep.number, {
        delayed,
        ambiguous,
        sighting,
        namedAt: step.number,
        evidence,
      });
    if (room !== this.current) {
      this.previous = this.current;
      this.current = room;
    }
  }

  /** The step since the previous title that made a move the title at `index` shows, if any. */
  /** The title of step `index` that may name a room (`moved`: an earlier step may have made the move), or null. */
  private roomSighting(step: Step, index: number, isInit: boolean, moved: boolean): TitleSighting | null {
    const candidates = this.sightings[index].filter(
      (sighting) =>
        isInit ||
        sighting.index === 0 ||
        isMovement(step.action) ||
        moved ||
        this.roomKeys.has(titleKey(sighting.title)) ||
        DESCRIPTION_OPENING.test(sighting.description),
    );
    if (candidates.length === 0) return null;
    // Init opens with the game's banner, so there the last title is the starting room.
    return isInit ? candidates[candidates.length - 1] : candidates[0];
  }

  private moverBefore(index: number, action: string): { candidate: Step; at: number } | undefined {
    const between = this.steps
      .slice(this.lastTitled + 1, index)
      .map((candidate, offset) => ({ candidate, at: this.lastTitled + 1 + offset }));
    return (
      [...between].reverse().find(({ candidate }) => isMovement(candidate.action)) ??
      (isObservation(action)
        ? [...between].reverse().find(({ candidate }) => !isObservation(candidate.action))
        : undefined)
    );
  }

  /** A room seen again: its visit, description, evidence (three at most) and the spelling used. */
  private noteSighting(room: Room, sighting: TitleSighting, evidence: AnnotationEvidence, stepNumber: number): void {
    room.lastVisit = stepNumber;
    if (sighting.description !== '') room.descriptions.add(sighting.description);
    if (room.location.evidence.length < 3 && !room.location.evidence.some((e) => e.step === stepNumber))
      room.location.evidence.push(evidence);
    const alias = roomName(sighting.title);
    if (alias !== room.name && !room.name.startsWith(`${alias} (`) && !room.location.aliases.includes(alias))
      room.location.aliases.push(alias);
  }

  /** The move from `from` to `room`: a new edge with its confidence and reason, or one more step of a known one. */
  private addMove(
    from: Room,
    action: string,
    room: Room,
    moveStepNumber: number,
    how: {
      delayed: boolean;
      ambiguous: boolean;
      sighting: TitleSighting;
      namedAt: number;
      evidence: AnnotationEvidence;
    },
  ): void {
    const { delayed, ambiguous, sighting, namedAt, evidence } = how;
    this.known.set(`${from.name}\u0000${action}`, room);
    const edgeKey = `${from.name}\u0000${action}\u0000${room.name}`;
    const existing = this.edges.get(edgeKey);
    if (existing) {
      existing.steps.push(moveStepNumber);
      return;
    }
    const compass = COMPASS.has(action);
    let confidence = compass ? 0.95 : isMovement(action) ? 0.85 : 0.7;
    if (delayed) confidence -= 0.15;
    if (sighting.index !== 0) confidence -= 0.05;
    if (ambiguous) confidence -= 0.2;
    const reason = `${delayed ? `room named at step ${namedAt}` : 'room title'}${ambiguous ? ', one of several rooms with this title' : ''}${compass ? '' : isMovement(action) ? ', non-compass move' : ', not a movement command'}`;
    this.edges.set(edgeKey, {
      src: from.name,
      action,
      dst: room.name,
      step: moveStepNumber,
      steps: [moveStepNumber],
      confidence: Math.round(confidence * 100) / 100,
      reason,
      evidence: [evidence],
    });
  }

  private newRoom(sighting: TitleSighting, key: string, evidence: AnnotationEvidence): Room {
    const same = this.rooms.filter((room) => room.key === key);
    const base = roomName(sighting.title);
    // `title (n)`, skipping a name a game's own title already took (a room really called `Hall (2)`).
    let name = base;
    for (let n = same.length + 1; this.rooms.some((room) => room.name === name); n++) name = `${base} (${n})`;
    const location: ProposedLocation = {
      name,
      aliases: [],
      title: sighting.title,
      firstStep: evidence.step,
      evidence: [evidence],
    };
    const room: Room = { name, key, descriptions: new Set(), lastVisit: evidence.step, location };
    this.rooms.push(room);
    return room;
  }

  private adjacent(a: Room, b: Room): boolean {
    return [...this.known].some(
      ([key, dst]) =>
        (key.startsWith(`${a.name}\u0000`) && dst === b) || (key.startsWith(`${b.name}\u0000`) && dst === a),
    );
  }

  /** Which room a title names: a known one (same move, its reverse, its description, a neighbour) or a new one. */
  private resolveRoom(
    action: string,
    sighting: TitleSighting,
    key: string,
    moved: boolean,
    evidence: AnnotationEvidence,
  ): { room: Room; ambiguous: boolean } {
    const from = this.current;
    const same = this.rooms.filter((room) => room.key === key);
    const fresh = () => ({ room: this.newRoom(sighting, key, { ...evidence }), ambiguous: false });
    if (same.length === 0) return fresh();
    if (from !== null) {
      const known = this.knownDestination(from, action, key, same);
      if (known) return { room: known, ambiguous: false };
    }
    const description = sighting.description;
    let pool = same;
    if (description !== '') {
      const matching = same.filter((room) => room.descriptions.has(description));
      if (matching.length === 0 && DESCRIPTION_OPENING.test(description)) return fresh();
      // A move that reprints a full description in a game that abbreviates revisits: a first visit.
      if (matching.length > 0 && this.briefMode && moved) return fresh();
      if (matching.length > 0) pool = matching;
    }
    if (moved && from !== null && pool.includes(from)) {
      if (pool.length === 1) return DESCRIPTION_OPENING.test(description) ? fresh() : { room: from, ambiguous: false };
      pool = pool.filter((room) => room !== from);
    }
    if (pool.length === 1) return { room: pool[0], ambiguous: false };
    const neighbours = from === null ? [] : pool.filter((room) => this.adjacent(room, from));
    const preferred = neighbours.filter((room) => room !== this.previous);
    const ranked = (preferred.length > 0 ? preferred : neighbours.length > 0 ? neighbours : pool).sort(
      (a, b) => b.lastVisit - a.lastVisit,
    );
    return { room: ranked[0], ambiguous: true };
  }

  /** The same move made before, then the reverse of a move made before, when it led to a room of this title. */
  private knownDestination(from: Room, action: string, key: string, same: readonly Room[]): Room | undefined {
    const forward = this.known.get(`${from.name}\u0000${action}`);
    if (forward && forward.key === key) return forward;
    // Not in a maze (rooms alike in title and description), whose passages need not lead back.
    const maze = same.some((room) =>
      same.some((other) => other !== room && [...room.descriptions].some((text) => other.descriptions.has(text))),
    );
    const opposite = OPPOSITE_DIRECTIONS[action];
    if (opposite && !maze) return same.find((room) => this.known.get(`${room.name}\u0000${opposite}`) === from);
    return undefined;
  }
}
