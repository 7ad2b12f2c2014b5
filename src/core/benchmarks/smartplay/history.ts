// utils.HistoryTracker and describe_act of upstream SmartPlay (spec §5): the rolling window of
// observations shown to the model, and the numbered action list ending every manual.

/** "List of all actions:\n1. ...\n2. ..." exactly as upstream's describe_act. */
export function describeActions(actionList: readonly string[]): string {
  return 'List of all actions:\n' + actionList.map((action, index) => `${index + 1}. ${action}`).join('\n');
}

/** Python's str.strip() for the whitespace upstream texts can contain. */
export function pythonStrip(text: string): string {
  return text.replace(/^[\s\u001c-\u001f\u0085]+|[\s\u001c-\u001f\u0085]+$/g, '');
}

/** The rolling observation window; `describe` is called before the new observation is pushed. */
export class HistoryTracker {
  private observations: string[] = [];
  private gameStep = 0;

  /** How many observations describe() shows (upstream's max_steps); a profile's historyTurns may change it before an episode. */
  constructor(public windowSize: number) {}

  reset(): void {
    this.observations = [];
    this.gameStep = 0;
  }

  push(observation: string): void {
    this.observations.push(observation);
    while (this.observations.length > this.windowSize) this.observations.shift();
    this.gameStep++;
  }

  /** The history text, "" when empty; step numbers are gameStep − window length + i. */
  describe(): string {
    const count = this.observations.length;
    if (count === 0) return '';
    let result = `Most recent ${count} steps of the player's in-game observation:\n\n`;
    this.observations.forEach((observation, index) => {
      result += `Player Observation Step ${this.gameStep - count + index}:\n${observation}\n\n`;
    });
    return pythonStrip(result);
  }
}
