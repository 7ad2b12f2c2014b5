// The zero-shot prompts of prompters/utils.py @ e9996c8 (spec §4), rendered as Python's
// str.format would: one user message, no system message. The missing spaces in the Plan template
// ("toggle.Begin", "leftPlease") are upstream's and are kept.

export type BabyTask = 'predict' | 'plan' | 'decompose';

export const ZERO_SHOT_TEMPLATES: Readonly<Record<BabyTask, string>> = {
  predict:
    "You are an intelligent agent. You are given the following environment description:\n{description}\n\nPredict the final state of the agent after executing the following action sequence:\n{str_action_seq}\n\nAt the end of your response, write the agent's final state in the following way '((x, y), dir)'. For dir (agent facing): chose 0 for east, 1 for south, 2 for west, 3 for north. Begin this section with the phrase: 'The agent's final state is: '. Please do not write a full stop mark at the end! ",
  plan: "You are an intelligent agent. You are given the following environment description:\n{description}\n\nSo, your goal is to reach the red ball, and you need to determine the sequence of actions to get there. At the end of your response, write the action sequence in the following way action1, action2, action3 The names of possible actions are again: left, right, forward, pickup, drop, toggle.Begin this section with the phrase: 'The LLM's action sequence is: '. Example: The LLM's action sequence is: forward, forward, leftPlease do not write a full stop mark at the end! ",
  decompose:
    "You are an intelligent agent. Given the environment description, decompose the task into a sequence of meaningful subgoals that you pick from:\n\n- OpenSubgoal: If the agent is next to a closed door, this subgoal will open it. \n\n- CloseSubgoal: If the agent is next to an open door, this subgoal will close it. \n\n- DropSubgoal: If the agent is carrying an object, this subgoal drops it. \n\n- PickupSubgoal: If the agent is not carrying any object and is next to an object, this subgoal picks it up. \n\n- GoNextToSubgoal, (x,y): If there is a clear, without any blocker, path between the agent and the cell of coordinates (x,y), this subgoal makes the agent go next to this cell. \n\nEnvironment Description:\n{description}\n\nOutput will be parsed by a strict program. Strictly respect the format given below or parsing will fail.\nAt the end of your answer, the last part of your answer will contain the sequence of subgoals presented using the following format:\n\n<START>\n(Subgoal_1)\n(Subgoal_2)\n... (Subgoal_n)\n<END>\n\nWhere (Subgoal_i) can either be (OpenSubgoal), (CloseSubgoal),(DropSubgoal),(PickupSubgoal) or (GoNextToSubgoal, (x,y)).\n\nThe list of subgoals should be in the chronological order, which means that the agent will follow Subgoal_1 then Subgoal_2 ...",
};

/** str.format(description=…, str_action_seq=…): substituted text is never re-scanned for fields. */
function pythonFormat(template: string, values: Readonly<Record<string, string>>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
}

/** The single user message sent for a task (temperature 1.0, max_tokens 8192 upstream). */
export function renderBabyPrompt(task: BabyTask, description: string, actions: readonly string[] = []): { role: 'user'; content: string }[] {
  const content = pythonFormat(ZERO_SHOT_TEMPLATES[task], { description, str_action_seq: actions.join(', ') });
  return [{ role: 'user', content }];
}
