// The gate's verdict as Markdown a CI job can post on a pull request: the verdict first, then one
// table row per check (failed checks first), then what was not checked.
import { formatNumber } from './format';
import { type GateCheck, type GateJson, pValue } from './gate';

const cell = (text: string) => text.replace(/\|/g, '\\|');

/** The model as its rows name it: with its scoring mode when the benchmark's checks hold more than one. */
function modelCell(check: GateCheck, checks: readonly GateCheck[]): string {
  if (check.model === null) return '—';
  const modes = new Set(checks.filter((other) => other.benchmark === check.benchmark).map((other) => other.mode));
  return modes.size > 1 ? `${check.model} (${check.mode})` : check.model;
}

function row(check: GateCheck, checks: readonly GateCheck[]): string {
  const baseline =
    check.baseline === undefined ? '' : `${formatNumber(check.baseline)} (${check.baseline_model ?? ''})`;
  const p =
    check.p_value === undefined ? '' : `${pValue(check.p_value)} (${check.test ?? ''}, ${check.paired ?? 0} pairs)`;
  return `| ${check.passed ? 'pass' : '**FAIL**'} | ${cell(check.benchmark)} | ${cell(modelCell(check, checks))} | ${cell(check.metric)} | ${check.rule}${check.threshold === null ? '' : ` ${check.threshold}`} | ${formatNumber(check.value)} | ${cell(baseline)} | ${p} | ${cell(check.reason)} |`;
}

/** The verdict and its checks as Markdown. */
export function gateMarkdown(json: GateJson): string {
  const failed = json.checks.filter((check) => !check.passed);
  const lines = [
    `## Waypoint gate: ${json.verdict === 'pass' ? 'PASS' : 'FAIL'}`,
    '',
    json.verdict === 'pass'
      ? `All ${json.checks.length} checks passed.`
      : `${failed.length} of ${json.checks.length} checks failed.`,
    '',
    '| | benchmark | model | metric | rule | value | baseline | p | why |',
    '|---|---|---|---|---|---|---|---|---|',
    ...[...failed, ...json.checks.filter((check) => check.passed)].map((check) => row(check, json.checks)),
    '',
    `A drop fails when it is larger than \`max_drop\` and significant (p < ${json.alpha}: McNemar's exact test for 0/1 metrics, the paired bootstrap otherwise; pairs by question and epoch).`,
  ];
  if (json.unchecked_drops > 0)
    lines.push('', `${json.unchecked_drops} \`max_drop\` rules were not checked: no \`--baseline\` was given.`);
  if (json.ungated.length > 0) lines.push('', `Not in the policy, so not checked: ${json.ungated.join(', ')}.`);
  return `${lines.join('\n')}\n`;
}
