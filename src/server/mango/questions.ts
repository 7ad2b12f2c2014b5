// Questions for "Run Question": the skeleton lines of a game, labelled answerable/easy at the
// cutoff, read line by line (a skeleton file can be megabytes) and capped; and the answers of the
// built-in offline agents, which need the game's edges.
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { parseSkeletonLine } from '../../core/benchmarks/mango/skeletons/skeletonLines';
import { questionFromSkeleton } from '../../core/benchmarks/mango/skeletons/skeletons';
import { splitLines } from '../../core/util/text';
import type { ListQuestionsResult, QuestionSummary } from '../../protocol/lsp';
import type { DocumentStore } from '../documents';
import { gameNameOf, type LoadedGame } from './games';

function summaryOf(game: string, line: string, task: 'df' | 'rf', cutoff: number): QuestionSummary | null {
  // A line the schema rejects is no question (validation reports it), so nothing unchecked runs.
  const parsed = parseSkeletonLine(task, line);
  if (!parsed.ok) return null;
  const { sampleId, src, dst, actionList, answerable, easy } = questionFromSkeleton(game, task, parsed.value, cutoff);
  return { sampleId, task, src, dst, actionList, answerable, easy };
}

export async function listQuestions(
  game: LoadedGame,
  documents: DocumentStore,
  task: 'df' | 'rf',
  cutoff: number,
  limit: number,
): Promise<ListQuestionsResult> {
  const name = gameNameOf(game);
  const member = game.members.find((candidate) => candidate.kind === (task === 'df' ? 'mango-df' : 'mango-rf'));
  const result: ListQuestionsResult = { game: name, questions: [], truncated: false };
  if (!member) return result;
  const open = documents.get(member.uri);
  const lines: AsyncIterable<string> | Iterable<string> = open
    ? splitLines(open.text.getText())
    : createInterface({ input: createReadStream(fileURLToPath(member.uri), 'utf8'), crlfDelay: Infinity });
  for await (const line of lines) {
    if (line.trim() === '') continue;
    if (result.questions.length === limit) {
      result.truncated = true;
      break;
    }
    const summary = summaryOf(name, line, task, cutoff);
    if (summary) result.questions.push(summary);
  }
  return result;
}
