// Settings read in more than one place. Settings are user input: shapes are checked, not assumed.
import * as vscode from 'vscode';

/** `waypoint.mango.reversePairs`: extra pairs of mutually reverse actions, e.g. [["enter", "exit"]]. */
export function reversePairsSetting(): Array<[string, string]> {
  const configured = vscode.workspace.getConfiguration('waypoint').get<unknown>('mango.reversePairs', []);
  return Array.isArray(configured) ? configured.filter((pair): pair is [string, string] => Array.isArray(pair) && pair.length === 2 && pair.every((item) => typeof item === 'string')) : [];
}

/** `waypoint.evaluation.scoringMode`: faithful (the paper) or reference (the released evaluator). */
export function scoringModeSetting(): 'faithful' | 'reference' {
  return vscode.workspace.getConfiguration('waypoint').get<unknown>('evaluation.scoringMode') === 'reference' ? 'reference' : 'faithful';
}
