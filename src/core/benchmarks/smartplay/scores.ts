// Score normalisation and capability scores (spec §10, upstream eval.py and evaluation.yml).
import { SMARTPLAY_GAMES, type GameFamily } from './games';

interface RecordedSetting {
  iter: number;
  steps: number;
  human: number;
  min: number;
}

export const RECORDED_SETTINGS: Readonly<Record<string, RecordedSetting>> = {
  BanditTwoArmedHighLowFixed: { iter: 20, steps: 50, human: 45, min: 0 },
  RockPaperScissorBasic: { iter: 20, steps: 50, human: 43, min: 0 },
  Hanoi3Disk: { iter: 10, steps: 30, human: 3, min: 0 },
  MessengerL1: { iter: 100, steps: 4, human: 1, min: -1 },
  MessengerL2: { iter: 100, steps: 64, human: 1, min: -1 },
  Crafter: { iter: 10, steps: 10000, human: 2680, min: 0 },
  MinedojoCreative0: { iter: 20, steps: 200, human: 1, min: 0 },
};

/**
 * (score − min) / (human − min); may exceed 1. A game without recorded settings gives null in
 * faithful mode (show the raw score) and throws, as upstream's ValueError, in reference mode.
 */
export function normalizeScore(
  game: string,
  score: number,
  mode: 'faithful' | 'reference' = 'faithful',
): number | null {
  const setting = RECORDED_SETTINGS[game];
  if (setting) return (score - setting.min) / (setting.human - setting.min);
  if (mode === 'reference') throw new Error(`Environment \`${game}\` does not have recorded settings.`);
  return null;
}

export const CAPABILITIES: readonly string[] = [
  'Error/Mistake Handling',
  'Generalization',
  'Instruction Following',
  'Learning from Interactions',
  'Long Text Understanding',
  'Planning',
  'Understanding the Odds',
  'Reasoning',
  'Spatial Reasoning',
];

/** Challenge levels per game, in CAPABILITIES order. */
const LEVELS: Readonly<Record<GameFamily | 'messengerL1', readonly number[]>> = {
  bandits: [1, 2, 1, 2, 1, 1, 3, 1, 1],
  rps: [1, 2, 3, 3, 2, 1, 3, 1, 1],
  hanoi: [2, 1, 2, 1, 2, 3, 1, 3, 1],
  messengerL1: [1, 2, 2, 1, 3, 1, 2, 1, 2],
  messenger: [1, 2, 2, 1, 3, 2, 2, 2, 2],
  crafter: [3, 3, 3, 4, 4, 3, 2, 3, 2],
  minedojo: [2, 3, 2, 1, 1, 1, 2, 1, 3],
};

/** The challenge levels of a game (MessengerL1 has its own row). */
export function challengeLevels(game: string): readonly number[] {
  if (game === 'MessengerL1') return LEVELS.messengerL1;
  const info = SMARTPLAY_GAMES.get(game);
  if (!info) throw new Error(`unknown SmartPlay game '${game}'`);
  return LEVELS[info.family];
}

/** Σ w·s / Σ w per capability with w = level − 1, over the given normalised scores; NaN at zero weight. */
export function analyzeCapabilities(normalizedScores: Readonly<Record<string, number>>): Record<string, number> {
  const games = Object.keys(normalizedScores);
  const result: Record<string, number> = {};
  CAPABILITIES.forEach((capability, row) => {
    let weighted = 0;
    let total = 0;
    for (const game of games) {
      const weight = challengeLevels(game)[row] - 1;
      weighted += weight * normalizedScores[game];
      total += weight;
    }
    result[capability] = weighted / total;
  });
  return result;
}
