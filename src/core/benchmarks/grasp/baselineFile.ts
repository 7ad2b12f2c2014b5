// Upstream's baseline result files (spec §6): `results/{greedy,random}_results/<grid name>.jsonl`,
// rows {"baseline","index","answer","movement_prompt","energy_limit_prompt","cost_of_step_prompt"}
// with the answer as a list of lower-case tokens. Read line by line with every problem located at
// the offending value; lines are numbered from 0 like LSP and empty lines are not records.
import { splitLines, type Diagnostic } from '../../util/text';
import { GraspBaselineCodes } from './codes';
import { type LineReporter, parseObjectLine } from './lineReporter';
import { DiagnosticCap } from '../../util/diagnosticCap';

interface GraspBaselineEntry {
  /** 0-based line of the row. */
  line: number;
  /** `greedy` or `random` in upstream's files; any name is kept (it becomes the record's model). */
  baseline: string;
  index: number;
  answer: string[];
  movement: 4 | 8;
  energyLimit: 100 | 2;
  cost: 0 | 0.3;
}

interface GraspBaselineFile {
  entries: GraspBaselineEntry[];
  diagnostics: Diagnostic[];
}

const KEYS = ['baseline', 'index', 'answer', 'movement_prompt', 'energy_limit_prompt', 'cost_of_step_prompt'] as const;
const ALLOWED: Record<string, readonly number[]> = {
  movement_prompt: [4, 8],
  energy_limit_prompt: [100, 2],
  cost_of_step_prompt: [0, 0.3],
};

/** `limit` caps the problems kept (validation passes the per-file cap; readers keep them all). */
export function parseGraspBaselineFile(text: string, limit = Number.POSITIVE_INFINITY): GraspBaselineFile {
  const entries: GraspBaselineEntry[] = [];
  const diagnostics = new DiagnosticCap(limit);
  const seen = new Map<string, number>();
  splitLines(text).forEach((lineText, line) => {
    if (lineText.trim() === '') return;
    const { reporter, object: row } = parseObjectLine(
      lineText,
      line,
      GraspBaselineCodes.notObject,
      `A baseline row is a JSON object with the keys ${KEYS.join(', ')}.`,
    );
    if (row && checkRow(row, reporter)) {
      const entry: GraspBaselineEntry = {
        line,
        baseline: row.baseline as string,
        index: row.index as number,
        answer: row.answer as string[],
        movement: row.movement_prompt as 4 | 8,
        energyLimit: row.energy_limit_prompt as 100 | 2,
        cost: row.cost_of_step_prompt as 0 | 0.3,
      };
      const key = `${entry.baseline}/${entry.index}/${entry.movement}/${entry.energyLimit}/${entry.cost}`;
      const first = seen.get(key);
      if (first !== undefined)
        reporter.report(
          'warning',
          GraspBaselineCodes.duplicate,
          `The ${entry.baseline} answer for index ${entry.index} under this setting is already on line ${first + 1}.`,
          reporter.rangeOf(['index']),
          { firstLine: first },
        );
      else seen.set(key, line);
      entries.push(entry);
    }
    diagnostics.push(...reporter.diagnostics);
  });
  return { entries, diagnostics: diagnostics.list() };
}

/** Reports each key missing or of the wrong type, and each unknown key; true when the row can be an entry. */
function checkRow(row: Record<string, unknown>, reporter: LineReporter): boolean {
  let typed = true;
  const wrong = (key: string, expected: string) => {
    reporter.report(
      'error',
      GraspBaselineCodes.fieldType,
      `"${key}" must be ${expected}, found ${JSON.stringify(row[key])}.`,
      reporter.rangeOf([key]),
      { key },
    );
    typed = false;
  };
  for (const key of KEYS) {
    if (!(key in row)) {
      reporter.report('error', GraspBaselineCodes.fieldMissing, `Missing key "${key}".`, reporter.rangeOf([]), {
        key,
      });
      typed = false;
      continue;
    }
    const value = row[key];
    if (key === 'baseline' && typeof value !== 'string') wrong(key, 'the baseline name (a string)');
    else if (key === 'index' && !(typeof value === 'number' && Number.isInteger(value) && value >= 0))
      wrong(key, 'a non-negative integer');
    else if (key === 'answer' && !(Array.isArray(value) && value.every((token) => typeof token === 'string')))
      wrong(key, 'a list of action strings');
    else if (key in ALLOWED && !ALLOWED[key].includes(value as number)) {
      reporter.report(
        'error',
        GraspBaselineCodes.setting,
        `"${key}" must be ${ALLOWED[key].join(' or ')}, found ${JSON.stringify(value)}.`,
        reporter.rangeOf([key]),
        { key },
      );
      typed = false;
    }
  }
  for (const key of Object.keys(row)) {
    if (!(KEYS as readonly string[]).includes(key))
      reporter.report(
        'warning',
        GraspBaselineCodes.unknownField,
        `Unknown key "${key}"; upstream's baseline rows have only ${KEYS.join(', ')}.`,
        reporter.rangeOf([key]),
        { key },
      );
  }
  return typed;
}
