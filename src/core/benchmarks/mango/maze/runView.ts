// Which runs the maze view replays: those of a benchmark whose runView is `maze`. Their questions
// are walks between rooms of a game, shaped as MANGO's, so the maze view, Compare Runs' step
// verdicts and the server's re-check take them; other runs step on the board.
import type { QuestionBase } from '../../../eval/types';
import { findDeclaration } from '../../../benchmark/registry';
import type { MangoQuestion } from '../questionSchema';

export function replaysOnMaze(question: QuestionBase): question is MangoQuestion {
  return findDeclaration(question.benchmark)?.runView === 'maze';
}
