// The prompts of spec §5, byte-exact with the stored requests: the system prompt is fixed fragments
// joined with no separator (hence "by DROP.Each step costs"), the user message embeds the grid
// text verbatim. o1-mini got one user message, system + "\n\n" + user.
import { settingsFlags } from './settings';
import type { GraspSettings } from './types';

export const SYSTEM_FRAGMENTS: readonly string[] = [
  'You are an agent in a grid world. The grid world consists of cells. Each cell may have one unit of energy or no energy at all. ',
  'Some cells are blocked by obstacles. You cannot move to or through these cells. ',
  'The goal for you is to collect as much energy as possible and put the collected energy back in the cell where you started. You have 20 steps. For each step, you can choose ',
  'UP, DOWN, LEFT, RIGHT, TAKE, and DROP. UP allows you to move one cell up in one step. The other movements are similar. ',
  'UP, DOWN, LEFT, RIGHT, UPLEFT, UPRIGHT, DOWNLEFT, DOWNRIGHT, TAKE, and DROP. UPLEFT allows you to move diagonally one cell up and left in one step. The other movements are similar. ',
  'You can collect energy from a cell by being in the cell and TAKE the energy from the cell. If there is no energy in the cell, you cannot take any energy from it. ',
  'You can only carry two unit of energy at a time. ',
  'You can not move across the boundary of the grid world. You can drop all your energy by DROP.',
  'Each step costs you 0.3 unit of energy.',
  ' You can use less than 20 steps. Any invalid step will not cause any change in the grid world.',
];

/** chat: GPT-4o / GPT-3.5 (system + user messages); o1-mini: one user message. */
export type PromptStyle = 'chat' | 'o1-mini';
export const PROMPT_STYLES: readonly PromptStyle[] = ['chat', 'o1-mini'];

interface PromptMessage {
  role: 'system' | 'user';
  content: string;
}

/** Indices of the fragments used for a file's obstacle flag and a setting (spec §5 table). */
export function fragmentIndices(obstacles: boolean, settings: GraspSettings): number[] {
  const [m, e, c] = settingsFlags(settings);
  return [0, ...(obstacles ? [1] : []), 2, m === 1 ? 4 : 3, 5, ...(e === 1 ? [6] : []), 7, ...(c === 1 ? [8] : []), 9];
}

export function graspSystemPrompt(obstacles: boolean, settings: GraspSettings): string {
  return fragmentIndices(obstacles, settings)
    .map((index) => SYSTEM_FRAGMENTS[index])
    .join('');
}

function graspUserPrompt(gridText: string, obstacles: boolean): string {
  return `You are given the following as the representation of the grid world, where A is you, E is energy${obstacles ? ', O is an obstacle' : ''}:\n${gridText}Give your sequence of steps as a list. For example: [STEP, STEP, ...]`;
}

/** The messages sent for one grid (its `grid` text and `obstacle` flag) under one setting. */
export function renderGraspPrompt(
  record: { grid: string; obstacle: 'free' | 'block' },
  settings: GraspSettings,
  style: PromptStyle = 'chat',
): PromptMessage[] {
  const obstacles = record.obstacle === 'block';
  const system = graspSystemPrompt(obstacles, settings);
  const user = graspUserPrompt(record.grid, obstacles);
  return style === 'o1-mini'
    ? [{ role: 'user', content: `${system}\n\n${user}` }]
    : [
        { role: 'system', content: system },
        { role: 'user', content: user },
      ];
}
