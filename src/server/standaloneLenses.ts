// "▶" lenses on the grid and game benchmarks' files, each running one question through the
// evaluation engine (the extension then asks only for what the lens does not say: the model, and
// for GRASP the agent setting): the three tasks above a BabyAI level, one lens per LLM-BabyBench
// record, per GRASP grid record and per row of a GRASP response file.
import type { CodeLens } from 'vscode-languageserver';
import { decodeUriSafely } from '../core/fileKinds';
import { readRecordFile } from '../core/babyai/recordFiles';
import { parseGraspGridFile } from '../core/grasp/gridFile';
import { parseGraspResultsFile } from '../core/grasp/resultsFile';
import { describeSettings } from '../core/grasp/settings';
import type { Range } from '../core/text';

/** At most this many lenses per file: beyond it VS Code spends more time drawing than it helps. */
const LENS_LIMIT = 5000;

const lens = (line: number, title: string, command: string, argument: Record<string, unknown>): CodeLens => ({
  range: { start: { line, character: 0 }, end: { line, character: 0 } },
  command: { title, command, arguments: [argument] },
});

function baseName(uri: string): string {
  return decodeUriSafely(uri.slice(uri.lastIndexOf('/') + 1));
}

/** The task a record's columns make it (spec §2), read without building the level. */
function recordTask(fields: ReadonlyMap<string, unknown>): string {
  if (fields.has('action_sequence')) return 'Predict';
  if (fields.has('expert_action_sequence')) return 'Plan';
  if (fields.has('help_count') || fields.has('mission')) return 'Decompose';
  return 'Question';
}

/** The lenses of a standalone file; none for a kind of a registered benchmark that declares no lenses yet. */
export function standaloneLenses(kind: string, uri: string, text: string): CodeLens[] {
  switch (kind) {
    case 'babyai-level':
      return [
        lens(0, '▶ Plan', 'waypoint.runBabyaiQuestion', { uri, task: 'plan' }),
        lens(0, '▶ Predict', 'waypoint.runBabyaiQuestion', { uri, task: 'predict' }),
        lens(0, '▶ Decompose', 'waypoint.runBabyaiQuestion', { uri, task: 'decompose' }),
        lens(0, 'Show Board', 'waypoint.showBoard', { uri }),
      ];
    case 'babyai-records':
      return readRecordFile(baseName(uri), text).records.slice(0, LENS_LIMIT).map((record, index) => {
        const level = record.fields.get('level_name')?.value ?? record.fields.get('env_name')?.value ?? `record ${index + 1}`;
        const seed = record.fields.get('seed')?.value;
        const start: Range['start'] = record.range.start;
        return lens(start.line, `▶ Run ${recordTask(record.fields)} · ${level}${seed ? ` (seed ${seed})` : ''}`, 'waypoint.runBabyaiQuestion', { uri, record: index });
      });
    case 'grasp-grids':
      return parseGraspGridFile(text, baseName(uri)).entries.slice(0, LENS_LIMIT).map((entry) => lens(entry.line, `▶ Run GRASP #${entry.record.index}`, 'waypoint.runGraspQuestion', { uri, index: entry.record.index }));
    case 'grasp-results':
      return parseGraspResultsFile(text).entries.slice(0, LENS_LIMIT).map((entry) => lens(entry.line, `▶ Score and step · ${entry.file} #${entry.index} · ${describeSettings(entry.settings)}`, 'waypoint.scoreGraspResponse', { uri, line: entry.line }));
    case 'smartplay-episode':
      return text.trim() === '' ? [] : [lens(0, 'Step Through Episode', 'waypoint.showBoard', { uri })];
    default:
      return [];
  }
}
