// `waypoint grasp score|prompt <grids.jsonl> --index I --moves 4|8 --carry-limit none|2
// --step-cost 0|0.3 ...` (spec cli.md, "GRASP"). Choices the contract leaves open, made here:
// - --index I selects the record whose "index" field is I (upstream numbers records 0..99).
// - --actions "UP, TAKE" is split on ',' and each token trimmed of surrounding whitespace; the
//   tokens are otherwise scored as given. --answer <file> applies the spec's recommended,
//   non-official extraction rule, and the output says so.
// - A selected record with error diagnostics is not scored: the errors go to stderr as
//   file:line:col: message (1-based, like `validate`) and the exit code is 1.
// - prompt takes an extra --style chat|o1-mini (default chat: GPT-4o / GPT-3.5 messages).
// Usage errors are reported here (exit 2) so the function is complete on its own.
import { basename } from 'node:path';
import {
  EXTRACTION_RULES,
  extractActions,
  extractionDefaultsFor,
  type ExtractedAnswer,
  type ExtractionRule,
} from '../../core/benchmarks/grasp/answers';
import { parseGraspGridFile, type GraspGridEntry } from '../../core/benchmarks/grasp/gridFile';
import { PROMPT_STYLES, renderGraspPrompt, type PromptStyle } from '../../core/benchmarks/grasp/prompt';
import { customIdOf } from '../../core/benchmarks/grasp/settings';
import { simulate, type GraspSimulation } from '../../core/benchmarks/grasp/simulator';
import { SCORING_MODES, type GraspSettings, type GraspScoringMode } from '../../core/benchmarks/grasp/types';
import { nonNegativeInteger, parseArgs, UsageError, type ParsedArgs } from '../args';
import { runGraspGenerate } from './generate';
import { diagnosticLine } from '../output';
import { tryReadInputText } from '../input';

type Output = (text: string) => void;

const USAGE =
  'usage: waypoint grasp score|prompt <grids.jsonl> --index I --moves 4|8 --carry-limit none|2 --step-cost 0|0.3 [score: --answer FILE | --actions "UP,TAKE,..."] [--mode faithful|reference|pre2025|paper] [--extraction recommended|every-word] [prompt: --style chat|o1-mini] [--json]';
const SETTING_OPTIONS = ['index', 'moves', 'carry-limit', 'step-cost'];

/** Runs `waypoint grasp <score|prompt> ...`; returns the exit code. */
export async function runGrasp(argv: readonly string[], out: Output, err: Output): Promise<number> {
  try {
    const [command, ...rest] = argv;
    if (command === 'score')
      return await runScore(
        parseArgs(rest, ['json'], [...SETTING_OPTIONS, 'answer', 'actions', 'mode', 'extraction']),
        out,
        err,
      );
    if (command === 'prompt')
      return await runPrompt(parseArgs(rest, ['json'], [...SETTING_OPTIONS, 'style']), out, err);
    if (command === 'generate') return runGraspGenerate(rest, out, err);
    throw new UsageError(
      command === undefined
        ? 'grasp needs a command: score, prompt or generate'
        : `unknown grasp command '${command}' (score, prompt or generate)`,
    );
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    err(`waypoint grasp: ${error.message}`);
    for (const line of USAGE.split('\n')) err(line);
    return 2;
  }
}

function settingsOf(args: ParsedArgs): GraspSettings {
  const moves = args.options.get('moves');
  const carry = args.options.get('carry-limit');
  const cost = args.options.get('step-cost');
  if (moves !== '4' && moves !== '8') throw new UsageError(`--moves must be 4 or 8, not '${moves ?? ''}'`);
  if (carry !== 'none' && carry !== '2') throw new UsageError(`--carry-limit must be none or 2, not '${carry ?? ''}'`);
  if (cost === undefined || !['0', '0.3'].includes(cost))
    throw new UsageError(`--step-cost must be 0 or 0.3, not '${cost ?? ''}'`);
  return { moves: moves === '8' ? 8 : 4, carryLimit: carry === '2' ? 2 : 'none', stepCost: cost === '0.3' ? 0.3 : 0 };
}

/** `--extraction recommended|every-word` (both non-official); only meaningful with --answer. */
function extractionRuleOf(args: ParsedArgs): ExtractionRule {
  const rule = (args.options.get('extraction') ?? 'recommended') as ExtractionRule;
  if (!EXTRACTION_RULES.includes(rule))
    throw new UsageError(`--extraction must be recommended or every-word, not '${rule}'`);
  if (args.options.has('extraction') && args.options.has('actions'))
    throw new UsageError('--extraction applies to --answer text; --actions are scored as given');
  return rule;
}

function gridsPathOf(args: ParsedArgs, command: string): string {
  if (args.positionals.length !== 1)
    throw new UsageError(`grasp ${command} needs exactly one grid file, got ${args.positionals.length}`);
  if (!args.options.has('index')) throw new UsageError(`grasp ${command} needs --index I`);
  return args.positionals[0];
}

/** The record with "index" I, or null after reporting why (file errors first). */
async function selectEntry(path: string, index: number, err: Output): Promise<GraspGridEntry | null> {
  const read = await tryReadInputText(path);
  if (!read.ok) {
    err(read.message);
    return null;
  }
  const text = read.value;
  const file = parseGraspGridFile(text, basename(path));
  const errors = file.diagnostics.filter((diagnostic) => diagnostic.severity === 'error');
  const entry = file.entries.find((candidate) => candidate.record.index === index);
  if (!entry) {
    for (const diagnostic of errors.slice(0, 5)) err(diagnosticLine(path, diagnostic, false));
    err(`${path}: no grid record with "index": ${index} (${file.entries.length} readable records)`);
    return null;
  }
  const own = errors.filter((diagnostic) => diagnostic.range.start.line === entry.line);
  for (const diagnostic of own) err(diagnosticLine(path, diagnostic, false));
  return own.length === 0 ? entry : null;
}

async function runScore(args: ParsedArgs, out: Output, err: Output): Promise<number> {
  const gridsPath = gridsPathOf(args, 'score');
  const index = nonNegativeInteger(args.options.get('index'), 'index');
  const settings = settingsOf(args);
  const mode = (args.options.get('mode') ?? 'faithful') as GraspScoringMode;
  if (!SCORING_MODES.includes(mode))
    throw new UsageError(`--mode must be faithful, reference, pre2025 or paper, not '${mode}'`);
  const rule = extractionRuleOf(args);
  const answerPath = args.options.get('answer');
  const actionsText = args.options.get('actions');
  if ((answerPath === undefined) === (actionsText === undefined))
    throw new UsageError('grasp score needs exactly one of --answer <text-file> and --actions "UP,TAKE,..."');
  let extraction: ExtractedAnswer | null = null;
  let tokens: string[];
  if (answerPath !== undefined) {
    const read = await tryReadInputText(answerPath);
    if (!read.ok) {
      err(read.message);
      return 1;
    }
    extraction = extractActions(read.value, { ...extractionDefaultsFor(mode), rule });
    tokens = extraction.tokens;
  } else
    tokens = actionsText === '' || actionsText === undefined ? [] : actionsText.split(',').map((token) => token.trim());
  const entry = await selectEntry(gridsPath, index, err);
  if (!entry) return 1;
  const simulation = simulate(entry.grid, tokens, settings, { mode });
  // The grid scored against is named in every result, so a score is never silently about another grid.
  const json = { ...scoreJson(simulation, tokens, extraction), grid: { file: gridsPath, index, line: entry.line + 1 } };
  if (args.flags.has('json')) out(JSON.stringify(json));
  else {
    const [row, col] = simulation.final.agentPos;
    out(
      `score ${simulation.score} (${mode}) · ${tokens.length} actions · ends at [${row}, ${col}] carrying ${simulation.final.carried} · start cell energy ${simulation.final.startCellEnergy} · grid ${gridsPath} #${index}`,
    );
    if (extraction) out(`actions from ${extraction.method} (${extraction.rule}): ${JSON.stringify(tokens)}`);
    for (const unknown of extraction?.unknown ?? [])
      out(
        `${answerPath}:${unknown.range.start.line + 1}:${unknown.range.start.character + 1}: token ${JSON.stringify(unknown.token)} is not a GRASP action; the scorer ignores it but it uses a step`,
      );
  }
  return 0;
}

/** The contract's JSON: score, actions, final, trajectory; then Waypoint's extra fields. */
function scoreJson(simulation: GraspSimulation, tokens: string[], extraction: ExtractedAnswer | null) {
  const { final } = simulation;
  return {
    score: simulation.score,
    actions: tokens,
    final: { agent_pos: final.agentPos, carried: final.carried, start_cell_energy: final.startCellEnergy },
    trajectory: simulation.steps.map((step) => ({
      t: step.index + 1,
      token: step.token,
      action: step.action,
      label: step.label,
      from: step.from,
      to: step.to,
      blocked: step.blocked,
      take: step.take,
      carried: step.carried,
      start_cell_energy: step.startCellEnergy,
      agent_cell_energy: step.agentCellEnergy,
      steps_left: step.stepsLeft,
      score: step.score,
    })),
    mode: simulation.mode,
    cost_term: simulation.costTerm,
    scored_cell: simulation.scoredCell,
    truncated: simulation.truncated,
    ...(extraction
      ? {
          extraction: {
            rule: extraction.rule,
            rule_id: extraction.ruleId,
            method: extraction.method,
            unknown: extraction.unknown.map(({ index, token, range }) => ({ index, token, range })),
          },
        }
      : {}),
  };
}

async function runPrompt(args: ParsedArgs, out: Output, err: Output): Promise<number> {
  const gridsPath = gridsPathOf(args, 'prompt');
  const index = nonNegativeInteger(args.options.get('index'), 'index');
  const settings = settingsOf(args);
  const style = (args.options.get('style') ?? 'chat') as PromptStyle;
  if (!PROMPT_STYLES.includes(style)) throw new UsageError(`--style must be chat or o1-mini, not '${style}'`);
  const entry = await selectEntry(gridsPath, index, err);
  if (!entry) return 1;
  const messages = renderGraspPrompt(entry.record, settings, style);
  if (args.flags.has('json'))
    out(JSON.stringify({ messages, style, custom_id: customIdOf(basename(gridsPath), index, settings) }));
  else for (const message of messages) out(`--- ${message.role}\n${message.content}`);
  return 0;
}
