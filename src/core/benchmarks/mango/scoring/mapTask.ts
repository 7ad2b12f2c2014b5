// MANGO's "draw the map" task (issue 17) and the map implied by a run's route answers. The map
// question asks for every move of the walkthrough prefix in MANGO's answer format; its reply is read
// by mapAnswer.ts and diffed against the maze at the question's cutoff (mapDiff.ts), scored as
// precision, recall and F1 of the edges. The maze at the cutoff is the question's cutoff as the
// prompt was cut (the token cap may cut before --cutoff), so the model is judged on what it saw.
import type { ChatMessage, ModelProfile, QuestionBase, RunRecord, ScoringMode } from '../../../eval/types';
import type { MangoQuestion } from '../questionSchema';
import { type PreparedQuestion, QuestionOptionError, type ScoredReply } from '../../../benchmark/registry';
import type { Diagnostic } from '../../../util/text';
import { parseMangoAnswer } from './answers';
import { prepareMangoQuestion } from './evaluation';
import { parseMapAnswer } from './mapAnswer';
import { diffMap, type MapDiff, type MapMove, mazeAtCutoff } from './mapDiff';
import { pythonRepr } from '../../../util/pythonRepr';
import { seededRandom } from '../../../util/random';
import type { EdgeRecord } from '../types';

/** The cutoff of a map with none of its own (an answer file, a run's route answers): the CLI's `--cutoff` default and the editor's. */
export const DEFAULT_MAP_CUTOFF = 70;

/** The room the walkthrough starts in: the source of the earliest-known edge. */
function startRoom(records: readonly EdgeRecord[]): string {
  let best: EdgeRecord | null = null;
  for (const record of records) if (!best || record.edge_min_step < best.edge_min_step) best = record;
  return best?.src_node ?? '';
}

/** The one map question of a game at a cutoff; src and dst are the start room (the task has no route). Run records tell questions apart by sampleId across games, so it names the game. */
function mapTaskQuestion(game: string, records: readonly EdgeRecord[], cutoff: number): MangoQuestion {
  const start = startRoom(records);
  return {
    benchmark: 'mango',
    game,
    task: 'map',
    sampleId: `map-${game}-${cutoff}`,
    src: start,
    dst: start,
    actionList: [],
    answerable: true,
    easy: false,
    cutoff,
  };
}

/** A map in the format the prompt asks for. */
export function formatMap(moves: readonly MapMove[]): string {
  const lines = moves.map(
    (move) =>
      `  {'location_before': ${pythonRepr(move.src)}, 'action': ${pythonRepr(move.action)}, 'location_after': ${pythonRepr(move.dst)}}`,
  );
  return `[\n${lines.join(',\n')}\n]`;
}

/**
 * The built-in agents' maps: `oracle` writes the maze at the cutoff (F1 1, the ceiling); `random`
 * keeps each true move with probability ½ and redirects every other kept move to a random room
 * (a floor with both missing and hallucinated edges), seeded.
 */
function builtInMap(profile: ModelProfile, records: readonly EdgeRecord[], cutoff: number, seed: number): string {
  const maze = mazeAtCutoff(records, cutoff);
  if (profile.provider === 'oracle') return formatMap(maze);
  if (profile.provider !== 'random') throw new Error(`MANGO has no built-in agent for a ${profile.provider} profile`);
  const next = seededRandom(seed).next;
  const rooms = [...new Set(maze.flatMap((move) => [move.src, move.dst]))];
  const moves: MapMove[] = [];
  for (const move of maze) {
    if (next() < 0.5) continue;
    moves.push(next() < 0.5 ? move : { ...move, dst: rooms[Math.floor(next() * rooms.length)] });
  }
  return formatMap(moves);
}

const MapDiffCodes = {
  hallucinated: 'map/hallucinated-edge',
  wrongAction: 'map/wrong-action',
  unalignedRoom: 'map/unknown-room',
} as const;

/** Parses and diffs a map reply: the run record's scores and diagnostics (faithful: there is no upstream map scorer). */
export function scoreMapReply(
  records: readonly EdgeRecord[],
  cutoff: number,
  reply: string,
): ScoredReply & { diff: MapDiff } {
  const parsed = parseMapAnswer(reply);
  const diff = diffMap(mazeAtCutoff(records, cutoff), parsed.edges, cutoff);
  const diagnostics: Diagnostic[] = [...parsed.diagnostics];
  diff.modelEdges.forEach((edge, index) => {
    const at = parsed.edges[index];
    const range = {
      start: { line: at.line, character: at.character },
      end: { line: at.line, character: at.character + 1 },
    };
    if (edge.status === 'hallucinated')
      diagnostics.push({
        severity: 'warning',
        code: MapDiffCodes.hallucinated,
        message: `${edge.src} --${edge.action}--> ${edge.dst} is not in the maze at step ${cutoff}`,
        range,
      });
    if (edge.status === 'wrong-action')
      diagnostics.push({
        severity: 'warning',
        code: MapDiffCodes.wrongAction,
        message: `${edge.alignedSrc} to ${edge.alignedDst} is '${edge.trueActions?.join("' or '")}' in the maze, not '${edge.action}'`,
        range,
      });
  });
  const { edges, rooms } = diff;
  return {
    diff,
    parsedAnswer: parsed.edges.map(({ src, action, dst }) => ({ location_before: src, action, location_after: dst })),
    scores: {
      parse_error: parsed.edges.length === 0,
      precision: edges.precision,
      recall: edges.recall,
      f1: edges.f1,
      edges_correct: edges.correct,
      edges_missing: edges.missing,
      edges_hallucinated: edges.hallucinated,
      edges_wrong_action: edges.wrongAction,
      rooms_correct: rooms.correct,
      rooms_missing: rooms.missing,
      rooms_hallucinated: rooms.hallucinated,
      rooms_merged: rooms.merged,
      rooms_split: rooms.split,
      mode: 'faithful',
    },
    diagnostics,
  };
}

interface ImpliedMap {
  moves: MapMove[];
  /** Route answers read (DF and RF records of the game and model). */
  answers: number;
  /** Of those, answers with no parseable list (left out). */
  unparsed: number;
}

/**
 * The map a model's route answers imply: every move its DF and RF answers walk, read from the raw
 * answers as the released evaluator reads them (faithful parsing), for one game and one model.
 */
export function impliedMap(runRecords: readonly RunRecord[], game: string, model: string): ImpliedMap {
  const moves: MapMove[] = [];
  let answers = 0;
  let unparsed = 0;
  for (const record of runRecords) {
    const { question } = record;
    if (
      !isMangoQuestion(question) ||
      question.game !== game ||
      question.task === 'map' ||
      record.model.id !== model ||
      record.error !== undefined
    )
      continue;
    answers++;
    const parsed = parseMangoAnswer(record.rawAnswer);
    if (!parsed.ok) {
      unparsed++;
      continue;
    }
    for (const step of parsed.steps)
      moves.push({ src: step.location_before.trim(), action: step.action.trim(), dst: step.location_after.trim() });
  }
  return { moves, answers, unparsed };
}

/** The models with route answers on a game in a run, in first-seen order. */
export function routeModels(runRecords: readonly RunRecord[], game: string): string[] {
  const models = new Set<string>();
  for (const record of runRecords)
    if (isMangoQuestion(record.question) && record.question.game === game && record.question.task !== 'map')
      models.add(record.model.id);
  return [...models];
}

/** What a map question needs of its game: the files as the question set read them, and the cut walkthrough. */
interface MapGame {
  game: string;
  walkthrough: string;
  actions: readonly string[];
  locations: readonly string[];
  records: readonly EdgeRecord[];
  template: 'release' | 'paper';
  cut: { text: string; modelCutoffNum: number };
}

/** The map question of a game, ready for the pipeline (`waypoint run mango --task map`, the editor's batch runs). */
export function preparedMapQuestion(
  game: MapGame,
  seedOf: (seed: number, sampleId: string) => number,
): PreparedQuestion<MangoQuestion> {
  const question = mapTaskQuestion(game.game, game.records, game.cut.modelCutoffNum);
  return {
    question,
    get messages(): ChatMessage[] {
      return prepareMangoQuestion({ ...game, question, cutoff: question.cutoff, walkthroughCut: game.cut }).messages;
    },
    builtInAnswer: (profile: ModelProfile, seed: number) =>
      builtInMap(profile, game.records, question.cutoff, seedOf(seed, question.sampleId)),
    score(reply: string, mode: ScoringMode): ScoredReply {
      // No upstream scorer exists for maps: the one definition here is the faithful one.
      if (mode !== 'faithful')
        throw new QuestionOptionError(`MANGO's map task scores in faithful mode only, not ${mode}`);
      const { diff: _diff, ...scored } = scoreMapReply(game.records, question.cutoff, reply);
      return scored;
    },
  };
}

/** Run files mix benchmarks' records; these read only MANGO's. */
function isMangoQuestion(question: QuestionBase): question is MangoQuestion {
  return question.benchmark === 'mango';
}
