// What each MANGO answer code means, shown beside the code in reports (docs/diagnostics.md).
import { AnswerCodes as C } from './scoring/answerDiagnostics';

export const MANGO_CODE_MEANINGS: Readonly<Record<string, string>> = {
  [C.parseError]: 'the answer could not be read as a list of steps',
  [C.hallucinatedEdge]: 'a step that is no move of the maze',
  [C.unknownLocation]: 'a step names a room the maze does not have',
  [C.imputedEdge]: 'a step only the reverse of a known move supports (a note)',
  [C.brokenChain]: 'a step does not start where the previous one ended',
  [C.wrongStart]: 'the path does not start at the question’s source',
  [C.wrongDestination]: 'the path does not end at the question’s destination',
  [C.wrongAction]: 'DF: a step’s action is not the given action at that position',
  [C.actionCount]: 'DF: more or fewer steps than the given actions',
};
