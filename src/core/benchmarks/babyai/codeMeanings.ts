// What each LLM-BabyBench answer code means, shown beside the code in reports (docs/diagnostics.md).
import { BabyAnswerCodes as C } from './answerDiagnostics';

export const BABYAI_CODE_MEANINGS: Readonly<Record<string, string>> = {
  [C.noMarker]: 'the reply has no answer marker to read the answer after',
  [C.unparseableState]: 'Predict: no ((x, y), dir) state could be read',
  [C.looseState]: 'Predict: not written as ((x, y), dir); the parser took the first three integers (a note)',
  [C.wrongState]: 'Predict: the predicted state is not the one the actions reach',
  [C.unknownAction]: 'Plan: a token that is not one of the actions',
  [C.noOp]: 'Plan: an action that changes nothing (a wall ahead, nothing to pick up)',
  [C.afterSuccess]: 'Plan: actions after the mission was already achieved',
  [C.truncated]: 'Plan: actions beyond the step limit, ignored',
  [C.missionNotAchieved]: 'the actions or subgoals do not achieve the mission',
  [C.noEndMarker]: 'Decompose: the subgoal list has no end marker',
  [C.subgoalSyntax]: 'Decompose: a subgoal that does not parse',
  [C.botError]: 'Decompose: the bot fails while executing the subgoals',
  [C.expertError]: 'Decompose: the expert bot fails from the model’s subgoals',
  [C.notDone]: 'Decompose: the subgoals run out before the mission is done',
  [C.subgoalHelp]: 'Decompose: the bot pushed subgoals of its own while executing this one',
  [C.help]: 'Decompose: how much help the bot needed (PR needs none)',
  [C.unusedSubgoal]: 'Decompose: never executed, the mission was achieved before it',
  [C.aborted]: 'a reference run upstream would crash on; it records no score',
};
