// `waypoint smartplay replay|run|check` (spec cli.md, "SmartPlay"). Choices the contract leaves open:
// - replay treats every answer as a Q2 answer (upstream match_act, no match → action 0, reported
//   as "matched": false). Answers after the episode is done (upstream raises) or past the step
//   limit are listed under "ignored" and make the exit code 1; the JSON is printed all the same.
// - crafter is Waypoint's exact Crafter simulator (runs.md §8): --seed S is Crafter(seed=S).
// - bandits and rps draw their random outcomes from --seed (Waypoint's generator, not Python's);
//   rps --variant different-score builds the game upstream cannot build and says "reference": false.
// - messenger is exact for a seed under runs.md §8 (Python's generator, sorted level files).
// - run plays a built-in agent and prints the episode log (JSON Lines); check validates one.
import { crafterWoodAgent, hanoiSolverAgent, randomAgent } from '../../core/benchmarks/smartplay/agents';
import type { BanditVariant } from '../../core/benchmarks/smartplay/bandits';
import { validateEpisodeLog } from '../../core/benchmarks/smartplay/episodeChecks';
import { formatEpisodeLog } from '../../core/benchmarks/smartplay/episodeLog';
import { CrafterSmartPlayEnv } from '../../core/benchmarks/smartplay/crafter/smartplayEnv';
import { createSmartPlayEnv, SMARTPLAY_GAMES } from '../../core/benchmarks/smartplay/games';
import { MessengerEnv } from '../../core/benchmarks/smartplay/messenger/env';
import { replayAnswers, splitAnswers, type SmartPlayReplay } from '../../core/benchmarks/smartplay/replay';
import { runSmartPlayEpisode } from '../../core/benchmarks/smartplay/runner';
import { SmartPlayEnvError, type SmartPlayEnv } from '../../core/benchmarks/smartplay/types';
import { nonNegativeInteger, parseArgs, positiveInteger, UsageError } from '../args';
import { diagnosticLine } from '../output';
import { tryReadInputText } from '../input';
import { capDiagnostics, severityCounts } from '../../core/util/diagnosticCap';

type Output = (text: string) => void;

const BANDIT_VARIANTS: Readonly<Record<string, BanditVariant>> = {
  deterministic: 'Deterministic',
  'high-low': 'HighLow',
  'high-high': 'HighHigh',
  'low-low': 'LowLow',
};

/** Runs `waypoint smartplay <replay|run|check> ...`; returns the exit code. */
export async function runSmartplay(argv: readonly string[], out: Output, err: Output): Promise<number> {
  try {
    const [command, ...rest] = argv;
    if (command === 'replay') return runReplay(rest, out, err);
    if (command === 'run') return await runAgent(rest, out, err);
    if (command === 'check') return await runCheck(rest, out, err);
    throw new UsageError(
      command === undefined
        ? 'smartplay needs a command: replay, run or check'
        : `unknown smartplay command '${command}' (expected replay, run or check)`,
    );
  } catch (error) {
    if (error instanceof UsageError) {
      err(`waypoint smartplay: ${error.message}`);
      return 2;
    }
    if (error instanceof SmartPlayEnvError) {
      err(`waypoint smartplay: ${error.message}`);
      return 1;
    }
    throw error;
  }
}

function runReplay(argv: readonly string[], out: Output, err: Output): number {
  const args = parseArgs(
    argv,
    ['json', 'optional-period'],
    ['disks', 'actions', 'seed', 'variant', 'max-steps', 'level'],
  );
  if (args.positionals.length !== 1)
    throw new UsageError('smartplay replay needs one game: hanoi, bandits, rps, crafter or messenger');
  const [game] = args.positionals;
  const actions = args.options.get('actions');
  if (actions === undefined)
    throw new UsageError('smartplay replay needs --actions "<answer per line or ; separated>"');
  const seed = args.options.has('seed') ? nonNegativeInteger(args.options.get('seed'), 'seed') : 0;
  const { env, reference } = replayEnv(game, args.options, seed);
  const maxSteps = args.options.has('max-steps')
    ? positiveInteger(args.options.get('max-steps'), 'max-steps')
    : undefined;
  const result = replayAnswers(env, splitAnswers(actions), {
    maxSteps,
    match: { optionalFinalPeriod: args.flags.has('optional-period') },
  });
  const nonReference = !reference || args.flags.has('optional-period');
  // `reset` is runs.md §8's name for the observation after reset (`initial` stays for the earlier games' readers).
  if (args.flags.has('json'))
    out(
      JSON.stringify({
        ...result,
        reset: result.initial.observation,
        ...(game === 'hanoi' ? {} : { seed }),
        ...(nonReference ? { reference: false } : {}),
      }),
    );
  else printReplay(result, out);
  for (const ignored of result.ignored) {
    const why =
      ignored.reason === 'after-done'
        ? 'the episode was already done (upstream raises RuntimeError)'
        : `the step limit of ${env.defaultSteps} was reached`;
    err(`answer ${ignored.index + 1} ignored: ${why}`);
  }
  return result.ignored.length > 0 ? 1 : 0;
}

function replayEnv(
  game: string,
  options: ReadonlyMap<string, string>,
  seed: number,
): { env: SmartPlayEnv; reference: boolean } {
  const onlyFor = (option: string, games: string) => {
    if (options.has(option)) throw new UsageError(`--${option} applies to ${games} only`);
  };
  if (game === 'messenger') return messengerReplayEnv(options, seed, onlyFor);
  onlyFor('level', 'messenger');
  if (game === 'hanoi') {
    onlyFor('variant', 'bandits and rps');
    onlyFor('seed', 'bandits, rps and crafter');
    const disks = options.get('disks');
    if (disks !== '3' && disks !== '4')
      throw new UsageError(
        disks === undefined
          ? 'smartplay replay hanoi needs --disks 3 or --disks 4'
          : `--disks must be 3 or 4, not '${disks}'`,
      );
    return { env: createSmartPlayEnv(`Hanoi${disks}Disk`), reference: true };
  }
  onlyFor('disks', 'hanoi');
  if (game === 'bandits') {
    const variant = BANDIT_VARIANTS[options.get('variant') ?? 'high-low'];
    if (!variant) throw new UsageError(`--variant must be one of ${Object.keys(BANDIT_VARIANTS).join(', ')}`);
    return { env: createSmartPlayEnv(`BanditTwoArmed${variant}Fixed`, { seed }), reference: true };
  }
  if (game === 'crafter') {
    onlyFor('variant', 'bandits and rps');
    // runs.md §8: --seed S is Crafter(seed=S), deterministic with Waypoint's chunk-order choice.
    return { env: new CrafterSmartPlayEnv(seed), reference: true };
  }
  if (game === 'rps') {
    const variant = options.get('variant') ?? 'basic';
    if (variant !== 'basic' && variant !== 'different-score')
      throw new UsageError(`--variant must be basic or different-score, not '${variant}'`);
    const name = variant === 'basic' ? 'RockPaperScissorBasic' : 'RockPaperScissorDifferentScore';
    return { env: createSmartPlayEnv(name, { seed, allowNonReference: true }), reference: variant === 'basic' };
  }
  throw new UsageError(`unknown game '${game}' (expected hanoi, bandits, rps, crafter or messenger)`);
}

/** Messenger (runs.md §8): `--level 1|2|3`, `--seed S` meaning `random.seed(S)` before the level's reset. */
function messengerReplayEnv(
  options: ReadonlyMap<string, string>,
  seed: number,
  onlyFor: (option: string, games: string) => void,
): { env: SmartPlayEnv; reference: boolean } {
  onlyFor('disks', 'hanoi');
  onlyFor('variant', 'bandits and rps');
  const level = options.get('level');
  if (level !== '1' && level !== '2' && level !== '3')
    throw new UsageError(
      level === undefined
        ? 'smartplay replay messenger needs --level 1, 2 or 3'
        : `--level must be 1, 2 or 3, not '${level}'`,
    );
  return { env: new MessengerEnv(Number(level) as 1 | 2 | 3, seed), reference: true };
}

function printReplay(result: SmartPlayReplay, out: Output): void {
  out(`${result.game}, step 0 (score ${result.initial.score}):\n${result.initial.observation}`);
  for (const step of result.steps) {
    const matched = step.matched ? '' : ' (no action matched; action 0)';
    out(
      `step ${step.t}: ${step.actionText}${matched} -> reward ${step.reward}, score ${step.score}${step.done ? ', done' : ''}\n${step.observation}`,
    );
  }
  const normalized = result.final.normalizedScore === null ? '' : `, normalised ${result.final.normalizedScore}`;
  out(
    `score ${result.final.score}${normalized}, total reward ${result.final.totalReward}${result.final.done ? ', done' : ''}`,
  );
}

async function runAgent(argv: readonly string[], out: Output, err: Output): Promise<number> {
  const args = parseArgs(argv, [], ['agent', 'seed', 'max-steps', 'mode']);
  if (args.positionals.length !== 1) throw new UsageError('smartplay run needs one game name, e.g. Hanoi3Disk');
  const [game] = args.positionals;
  if (!SMARTPLAY_GAMES.get(game)?.playable)
    throw new UsageError(
      `'${game}' is not a game Waypoint can play (${[...SMARTPLAY_GAMES.values()]
        .filter((info) => info.playable)
        .map((info) => info.game)
        .join(', ')})`,
    );
  const seed = args.options.has('seed') ? nonNegativeInteger(args.options.get('seed'), 'seed') : 0;
  const mode = args.options.get('mode') ?? 'faithful';
  if (mode !== 'faithful' && mode !== 'reference')
    throw new UsageError(`--mode must be faithful or reference, not '${mode}'`);
  const agentName = args.options.get('agent') ?? 'random';
  if (agentName !== 'random' && agentName !== 'hanoi-solver' && agentName !== 'crafter-wood')
    throw new UsageError(`--agent must be random, hanoi-solver or crafter-wood, not '${agentName}'`);
  const maxSteps = args.options.has('max-steps')
    ? positiveInteger(args.options.get('max-steps'), 'max-steps')
    : undefined;
  const env = createSmartPlayEnv(game, { seed, mode });
  const agent =
    agentName === 'random' ? randomAgent(seed) : agentName === 'crafter-wood' ? crafterWoodAgent() : hanoiSolverAgent();
  const log = await runSmartPlayEpisode(env, agent, { maxSteps, mode, seed, agentName });
  out(formatEpisodeLog(log).trimEnd());
  if (log.end?.reason === 'error') {
    err(`the agent failed: ${log.end.error ?? ''}`);
    return 1;
  }
  return 0;
}

async function runCheck(argv: readonly string[], out: Output, err: Output): Promise<number> {
  const args = parseArgs(argv, ['json'], []);
  if (args.positionals.length !== 1) throw new UsageError('smartplay check needs one episode log file');
  const [path] = args.positionals;
  const read = await tryReadInputText(path);
  if (!read.ok) {
    err(read.message);
    return 1;
  }
  const found = validateEpisodeLog(read.value).diagnostics;
  // Shown as `validate` and the editor show them: the first of a file's problems, then how many more.
  const diagnostics = capDiagnostics(found);
  if (args.flags.has('json')) out(JSON.stringify({ path, diagnostics }));
  else for (const d of diagnostics) err(diagnosticLine(path, d));
  return severityCounts(found).error > 0 ? 1 : 0;
}
