// What records cost, for report and compare: a total a reader can trust, so a cost nobody knows
// makes the total unknown (null) instead of adding 0. A record costs what the run that wrote it
// paid for it: a cache hit nothing (its costUsd is what the first asking cost, counted there), a
// built-in agent or a person nothing, a failed call what it is known to have cost (a refusal is
// not billed), the rest its costUsd. The preflight a run paid before its questions is counted with
// the record that carries it (`preflight_cost_usd`), so the groups add up to the run's cost.
import type { RunRecord } from '../eval/types';

const NO_MODEL = new Set(['oracle', 'random', 'human']);

/** Dollars `record` cost its run; null when nobody knows (no prices, no provider figure, an imported answer). */
function recordCost(record: RunRecord): number | null {
  const preflight = record.preflight_cost_usd ?? 0;
  if (record.cached) return preflight;
  if (record.error !== undefined || NO_MODEL.has(record.model.provider)) return (record.costUsd ?? 0) + preflight;
  return record.costUsd === null ? null : record.costUsd + preflight;
}

interface CostTotal {
  /** The records' dollars; null when any record's cost is unknown. */
  usd: number | null;
  /** How many records' costs are unknown. */
  unknown: number;
}

export function costTotal(records: Iterable<RunRecord>): CostTotal {
  let usd = 0;
  let unknown = 0;
  for (const record of records) {
    const cost = recordCost(record);
    if (cost === null) unknown++;
    else usd += cost;
  }
  return { usd: unknown > 0 ? null : usd, unknown };
}

/** Dollars as tables show them: `$0` for nothing, four decimals, `<$0.0001` for less; `unknown` when not known. */
export function formatUsd(usd: number | null): string {
  if (usd === null) return 'unknown';
  if (usd === 0) return '$0';
  if (usd < 0.00005) return '<$0.0001';
  return `$${usd.toFixed(4)}`;
}
