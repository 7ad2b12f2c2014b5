// A SmartPlay episode log as a board timeline: Tower of Hanoi as rods and disks, Bandits and
// Rock-Paper-Scissors as a running table of choices and payoffs, Messenger and Crafter as their grids
// when the log's seed re-plays them, other games (Minecraft logs) as their text observations. Each frame is the state after that step's action.
import type { BoardFact, BoardFrame, BoardScene, BoardTimeline } from '../../benchmark/board';
import { SMARTPLAY_GAMES } from './games';
import {
  HANOI_MOVES,
  HANOI_REWARD_INVALID,
  ROD_LETTERS,
  hanoiMoveAllowed,
  hanoiRods,
  parseHanoiConfiguration,
} from './hanoi';
import type { ParsedEpisodeLog } from './episodeLog';
import { crafterScenes } from './crafter/board';
import { messengerScenes } from './messenger/board';
import type { GlossaryEntry } from '../../runs/glossary';
import { SMARTPLAY_GLOSSARY } from './report';
import type { EpisodeLog, StepRecord } from './runner';

function hanoiScene(observation: string, disks: number): BoardScene | null {
  const state = parseHanoiConfiguration(observation);
  // hanoiRods lists each rod's disks smallest first; the board wants bottom (largest) first.
  return state ? { kind: 'hanoi', disks, rods: hanoiRods(state).map((rod) => [...rod].reverse()) } : null;
}

/** `A → C`: the rods of a Hanoi move, from its action index (the text may be a model's own wording). */
function hanoiMoveLabel(action: number, text: string): string {
  const move = HANOI_MOVES[action];
  return move ? `${ROD_LETTERS[move[0]]} → ${ROD_LETTERS[move[1]]}` : text;
}

/**
 * Why a Hanoi move was refused (the disks stayed put, reward −1, as upstream's move_allowed), or
 * null for a legal move. Read from the configuration the step was shown; a log whose observation
 * cannot be read falls back to the reward upstream gives a refused move.
 */
function illegalHanoiMove(observation: string, action: number, reward: number): string | null {
  const move = HANOI_MOVES[action];
  const state = parseHanoiConfiguration(observation);
  if (!move || !state)
    return reward === HANOI_REWARD_INVALID ? 'illegal move: the disks stay where they were (reward −1)' : null;
  if (hanoiMoveAllowed(state, action)) return null;
  const rods = hanoiRods(state);
  const [from, to] = move;
  const why =
    rods[from].length === 0
      ? `rod ${ROD_LETTERS[from]} is empty`
      : `disk ${Math.min(...rods[from])} cannot go onto the smaller disk ${Math.min(...rods[to])}`;
  return `illegal move: ${why}; the disks stay where they were (reward −1)`;
}

/**
 * What the side panel's reward and score mean for this game (spec smartplay.md §6–10): a bandit's
 * score counts good pulls, not payouts, which the rewards beside it do not tell.
 */
const GAME_TERMS: Readonly<Record<string, { score: string; reward?: string }>> = {
  bandits: {
    score:
      'How many times the player pulled the machine with the higher expected payout, one point each whatever it paid (the human baseline: 45 in 50 pulls).',
    reward: 'This pull: +1 when the machine paid, −1 when it did not.',
  },
  rps: {
    score: "Rounds in which the player chose the best move against the opponent's odds (the human baseline: 43 in 50).",
    reward: "This round: the winner's score for a win, its negative for a loss, 0 for a draw.",
  },
  hanoi: {
    score: 'Disks on rod C (the goal: all of them).',
    reward: '100 when every disk is on rod C, −1 for a refused move, otherwise 0.',
  },
  messenger: {
    score: "The last step's reward: 1 when the message was delivered, −1 when the episode failed.",
    reward:
      '1 on success (level 1: reaching the message; levels 2 and 3: bringing it to the goal, after 0.5 for picking it up), −1 for touching an enemy or the wrong target, otherwise 0.',
  },
  crafter: { score: 'Achievements unlocked so far, added up at every step (so it grows while they stay unlocked).' },
};

function smartplayGlossary(family: string | undefined): GlossaryEntry[] {
  const terms = family ? GAME_TERMS[family] : undefined;
  return [
    ...(terms ? [{ term: 'score', meaning: terms.score }] : []),
    ...(terms?.reward ? [{ term: 'reward', meaning: terms.reward }] : []),
    { term: 'total reward', meaning: 'The rewards of the episode so far, added up.' },
    { term: 'normalised score', meaning: SMARTPLAY_GLOSSARY.normalized_score },
  ];
}

/** What the timeline needs of a step: runner records have all of it, converted logs may not. */
type TimelineStep = Pick<StepRecord, 'step' | 'observation' | 'reward' | 'done' | 'score'> &
  Partial<Pick<StepRecord, 'actionText' | 'matched' | 'totalReward' | 'completed'>> & {
    action: number;
    nextObservation?: string;
  };

interface TimelineEpisode {
  header: {
    game: string;
    seed?: number | null;
    actionList?: readonly string[];
    reset?: { observation: string; score: number };
  };
  steps: readonly TimelineStep[];
  end?: { normalizedScore: number | null } | null;
}

function stepFacts(record: TimelineStep, normalizedScore?: number | null): BoardFact[] {
  const facts: BoardFact[] = [
    {
      label: 'reward',
      value: String(record.reward),
      tone: record.reward > 0 ? 'good' : record.reward < 0 ? 'bad' : undefined,
    },
    ...(record.totalReward !== undefined ? [{ label: 'total reward', value: String(record.totalReward) }] : []),
    { label: 'score', value: String(record.score) },
  ];
  if (record.done)
    facts.push({
      label: 'done',
      value: record.completed ? 'completed' : 'ended',
      tone: record.completed ? 'good' : undefined,
    });
  if (normalizedScore !== undefined && normalizedScore !== null)
    facts.push({
      label: 'normalised score',
      value: Number(normalizedScore.toFixed(3)).toString(),
      tone: normalizedScore >= 1 ? 'good' : undefined,
    });
  return facts;
}

/**
 * The state after step i is the observation the next step was shown; after the last step it is
 * `finalObservation` when the caller has it (a replay), else the last step's own observation.
 */
export function smartplayTimeline(
  log: EpisodeLog | TimelineEpisode,
  title: string,
  finalObservation?: string,
): BoardTimeline {
  const family = SMARTPLAY_GAMES.get(log.header.game)?.family;
  const disks = log.header.game === 'Hanoi4Disk' ? 4 : 3;
  const observationAfter = (index: number) =>
    log.steps[index].nextObservation ??
    log.steps[index + 1]?.observation ??
    finalObservation ??
    log.steps[index].observation;
  const actionText = (record: TimelineStep) =>
    record.actionText ?? log.header.actionList?.[record.action] ?? `action ${record.action}`;
  const sceneFor = (observation: string, rows: string[][]): BoardScene => {
    if (family === 'hanoi') return hanoiScene(observation, disks) ?? { kind: 'text', text: observation };
    if (family === 'bandits' || family === 'rps')
      return { kind: 'table', columns: ['step', 'choice', 'reward', 'score'], rows };
    return { kind: 'text', text: observation };
  };
  const rows: string[][] = [];
  const reset = log.header.reset ?? { observation: log.steps[0]?.observation ?? '', score: 0 };
  // Messenger and Crafter: the grid re-played from the log's seed, when it reproduces the log's texts.
  const grids =
    family === 'messenger'
      ? messengerScenes(log.header.game, log.header.seed, log.steps, reset.observation)
      : family === 'crafter'
        ? crafterScenes(log.header.seed, log.steps, reset.observation)
        : null;
  const frames: BoardFrame[] = [
    {
      scene: grids?.[0] ?? sceneFor(reset.observation, []),
      action: null,
      facts: [{ label: 'score', value: String(reset.score) }],
    },
  ];
  log.steps.forEach((record, index) => {
    rows.push([String(record.step), actionText(record), String(record.reward), String(record.score)]);
    const last = index === log.steps.length - 1;
    const unmatched =
      record.matched === false ? 'no action matched the answer; action 0 was taken, as upstream does' : null;
    const illegal = family === 'hanoi' ? illegalHanoiMove(record.observation, record.action, record.reward) : null;
    const notes = [unmatched, illegal].filter((note): note is string => note !== null);
    frames.push({
      scene:
        grids?.[index + 1] ??
        sceneFor(
          observationAfter(index),
          rows.map((row) => [...row]),
        ),
      action: actionText(record),
      ...(family === 'hanoi' ? { label: hanoiMoveLabel(record.action, actionText(record)) } : {}),
      flags: notes.length > 0 ? ['invalid'] : [],
      note: notes.length > 0 ? notes.join('; ') : undefined,
      facts: stepFacts(record, last ? log.end?.normalizedScore : undefined),
    });
  });
  return { title, frames, glossary: smartplayGlossary(family) };
}

/** The timeline of a validated log file; null without a header line. */
export function smartplayTimelineOfFile(parsed: ParsedEpisodeLog, title: string): BoardTimeline | null {
  if (!parsed.header) return null;
  return smartplayTimeline(
    { header: parsed.header.record, steps: parsed.steps.map((step) => step.record), end: parsed.end?.record },
    title,
  );
}
