// The one place the extension reads `waypoint.*` settings: each read goes through its typed
// definition in settingDefinitions.ts (default as in package.json, shape checked).
import * as vscode from 'vscode';
import { readSetting, type SettingName, type SettingValue } from './settingDefinitions';

/** The current value of `waypoint.<name>`, typed, with the package.json default when unset or malformed. */
export function setting<K extends SettingName>(name: K): SettingValue<K> {
  const configuration = vscode.workspace.getConfiguration('waypoint');
  return readSetting((key) => configuration.get<unknown>(key), name);
}

/** `waypoint.mango.reversePairs`: extra pairs of mutually reverse actions, e.g. [["enter", "exit"]]. */
export function reversePairsSetting(): Array<[string, string]> {
  return setting('mango.reversePairs');
}

/** `waypoint.evaluation.scoringMode`: faithful (the paper) or reference (the released evaluator). */
export function scoringModeSetting(): 'faithful' | 'reference' {
  return setting('evaluation.scoringMode');
}
