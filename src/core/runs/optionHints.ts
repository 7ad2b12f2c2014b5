// What a host shows for each question option a benchmark declares (`questionOptions`): its values
// when they are a closed list, the value the question set uses when the option is not given, and
// one line of help. `waypoint run` takes the same options as flags; the editor's Run Benchmark
// offers them as quick picks or input boxes. An option without a hint is still offered (as free
// text), so a new benchmark's options work before they are described here.
import { BABY_TASKS, PROMPT_STRATEGIES } from '../babyai/promptTemplates';
import { EXTRACTION_RULES } from '../grasp/answers';
import { PROMPT_STYLES } from '../grasp/prompt';

export interface QuestionOptionHint {
  /** The values, when the option takes one of a list. */
  readonly choices?: readonly string[];
  /** What the question set uses when the option is not given; none with `required`. */
  readonly fallback?: string;
  /** The question set refuses to build without it. */
  readonly required?: boolean;
  readonly help: string;
}

const HINTS: Record<string, QuestionOptionHint> = {
  'mango/task': { choices: ['both', 'df', 'rf', 'map', 'play'], fallback: 'both', help: 'destination finding (DF), route finding (RF), both, draw the map (one question per game), or play (an interactive episode per RF pair)' },
  'mango/difficulty': { choices: ['all', 'easy', 'hard'], fallback: 'all', help: "the paper's easy/hard split" },
  'mango/cutoff': { fallback: '70', help: 'the walkthrough step the prompt cuts at (unless the token cap comes first)' },
  'mango/template': { choices: ['release', 'paper'], fallback: 'release', help: 'the prompt template' },
  'babyai/task': { choices: [...BABY_TASKS, 'play'], required: true, help: 'Predict, Plan, Decompose, or play (the level as an interactive episode)' },
  'babyai/prompt': { choices: PROMPT_STRATEGIES, fallback: 'zero_shot', help: 'the prompt strategy' },
  'grasp/settings': { fallback: 'all', help: "all, or a comma list of <moves>-<carry>-<cost> such as 8-none-0.3,4-2-0" },
  'grasp/style': { choices: PROMPT_STYLES, fallback: 'chat', help: 'chat (system + user) or o1-mini (one user message)' },
  'grasp/indices': { help: 'the grid indices to ask, A-B (inclusive) or one index; every grid when empty' },
  'grasp/task': { choices: ['play'], help: 'play: each grid as an interactive episode, one action a turn; empty: one reply per grid' },
  'grasp/extraction': { choices: EXTRACTION_RULES, fallback: 'recommended', help: 'how actions are read from a reply (both non-official)' },
  'smartplay/episodes': { fallback: '1', help: 'episodes per game' },
  'smartplay/seed': { fallback: '0', help: 'the seed of the first episode (each next episode adds 1)' },
};

/** The hint for `option` of `benchmark`; free text with no default when none is declared. */
export function questionOptionHint(benchmark: string, option: string): QuestionOptionHint {
  return HINTS[`${benchmark}/${option}`] ?? { help: `--${option} as \`waypoint run ${benchmark}\` takes it; empty for its default` };
}
