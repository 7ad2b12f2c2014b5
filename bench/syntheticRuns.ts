// Run files at the scale of a whole benchmark, for the report bench and the HTML size test:
// GRASP-shaped records (5,000 grids × 8 settings over 20 grid files, each prompt a system message
// per setting and the grid's 1,152-character text) and MANGO-shaped ones (20 games, each prompt a
// walkthrough of about 14 KB, as the 3,600-token cap makes them, plus the question).
import type { RunRecord } from '../src/core/eval/types';
import type { GraspQuestion } from '../src/core/benchmarks/grasp/questionSchema';
import type { MangoQuestion } from '../src/core/benchmarks/mango/questionSchema';
import { ALL_SETTINGS, customIdOf, describeSettings } from '../src/core/benchmarks/grasp/settings';
import { seededRandom } from '../src/core/util/random';
import { sha256Hex } from '../src/core/util/sha256';

const MOVES = ['UP', 'DOWN', 'LEFT', 'RIGHT', 'TAKE', 'DROP'];
const CODES = [
  'grasp-answer/blocked-by-obstacle',
  'grasp-answer/take-empty',
  'grasp-answer/beyond-step-limit',
  'grasp-answer/not-back-at-start',
];
const base = {
  time: '2025-05-01T12:00:00.000Z',
  promptTokens: 900,
  completionTokens: 60,
  latencyMs: 800,
  cached: false,
  costUsd: null,
  run_id: 'bench',
};
const profile = (id: string) => ({
  id,
  provider: 'openai-compatible' as const,
  model: id,
  temperature: 0,
  maxTokens: 512,
  timeoutMs: 60000,
  retries: 2,
});

export function syntheticGraspRecords(count: number, model = 'gpt-4o'): RunRecord[] {
  const random = seededRandom('grasp-bench');
  const files = ['inner', 'outer'].flatMap((start) =>
    ['random', 'upDown', 'leftRight', 'cluster', 'spiral'].flatMap((energy) =>
      ['free', 'block'].map((obstacle) => `${start}_${energy}_${obstacle}.jsonl`),
    ),
  );
  const system = ALL_SETTINGS.map(
    (settings) =>
      `You are an agent in an 11x11 grid world collecting energy. Settings: ${describeSettings(settings)}. ${'Move with UP, DOWN, LEFT and RIGHT; TAKE energy; DROP it at the start. '.repeat(20)}`,
  );
  const records: RunRecord[] = [];
  let grid = '';
  for (let i = 0; i < count; i++) {
    const setting = i % 8;
    if (setting === 0)
      grid = Array.from({ length: 11 }, () =>
        Array.from({ length: 11 }, () => (random.next() < 0.2 ? ' E ' : random.next() < 0.1 ? ' O ' : ' . ')).join('|'),
      )
        .join('\n')
        .padEnd(1152, '.');
    const gridIndex = Math.floor(i / 8);
    const file = files[gridIndex % files.length];
    const index = Math.floor(gridIndex / files.length);
    const settings = ALL_SETTINGS[setting];
    const question: GraspQuestion = {
      benchmark: 'grasp',
      file,
      index,
      settings,
      style: 'chat',
      sampleId: customIdOf(file, index, settings),
    };
    const tokens = Array.from({ length: 10 + random.integer(0, 10) }, () => random.choice(MOVES));
    const diagnostics = Array.from({ length: random.integer(0, 3) }, (_, k) => ({
      code: random.choice(CODES),
      severity: 'warning' as const,
      line: 0,
      character: k * 4,
      message: 'The move is blocked.',
    }));
    records.push({
      ...base,
      question,
      model: profile(model),
      messages: [
        { role: 'system', content: system[setting] },
        { role: 'user', content: grid },
      ],
      rawAnswer: `Here is my plan: [${tokens.join(', ')}]`,
      parsedAnswer: tokens.map((token) => token.toLowerCase()),
      scores: {
        score: Math.round((random.next() * 6 - 3) * 10) / 10,
        mode: 'faithful',
        steps: tokens.length,
        tokens_extracted: tokens.length,
        units_taken: random.integer(0, 5),
        blocked_moves: diagnostics.length,
        extraction_method: 'bracket-list',
      },
      mode: 'faithful',
      diagnostics,
    });
  }
  return records;
}

export function syntheticMangoRecords(count: number, model = 'gpt-4o'): RunRecord[] {
  const random = seededRandom('mango-bench');
  const games = Array.from({ length: 20 }, (_, g) => `game${g}`);
  const walkthroughs = games.map((game) =>
    Array.from(
      { length: 70 },
      (_, step) =>
        `==>STEP NUM: ${step}\n==>ACT: north\n==>OBSERVATION: ${game} room ${step}. ${'You see a long corridor with doors on either side. '.repeat(3)}`,
    ).join('\n\n'),
  );
  const records: RunRecord[] = [];
  for (let i = 0; i < count; i++) {
    const g = Math.floor((i * games.length) / count);
    const task = i % 2 === 0 ? 'df' : 'rf';
    const length = 1 + random.integer(0, 8);
    const question: MangoQuestion = {
      benchmark: 'mango',
      game: games[g],
      task,
      sampleId: sha256Hex(`${g}/${i}`),
      src: `room ${i % 50}`,
      dst: `room ${(i * 7) % 50}`,
      actionList: task === 'df' ? Array.from({ length }, () => 'north') : [],
      answerable: random.next() < 0.9,
      easy: random.next() < 0.6,
      cutoff: 70,
    };
    const strict = random.next() < 0.5 ? 1 : 0;
    records.push({
      ...base,
      question,
      model: profile(model),
      messages: [
        {
          role: 'user',
          content: `${walkthroughs[g]}\n\nStarting from ${question.src}, which route leads to ${question.dst}? Answer with a list of steps.`,
        },
      ],
      rawAnswer: `[{'location_before': '${question.src}', 'action': 'north', 'location_after': '${question.dst}'}]`,
      parsedAnswer: [{ location_before: question.src, action: 'north', location_after: question.dst }],
      scores: {
        parse_error: false,
        success_strict: strict,
        success_loose: strict,
        reasoning: strict * (random.next() < 0.7 ? 1 : 0),
        mode: 'faithful',
      },
      mode: 'faithful',
      diagnostics: [],
    });
  }
  return records;
}
