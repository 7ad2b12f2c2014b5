// Semantic checks of a parsed episode log: step order, actions against the game's action list,
// the observation chain, done and step limit, the end line, the exact prompt messages, and — for
// games Waypoint simulates — a replay of the recorded actions and outcomes against the log.
import type { EpisodeStepLine } from './logSchema';
import type { Diagnostic, Range } from '../../util/text';
import { EpisodeLogCodes, parseEpisodeLog, type LocatedRecord, type ParsedEpisodeLog } from './episodeLog';
import { createSmartPlayEnv, SMARTPLAY_GAMES } from './games';
import { matchAction } from './matchAction';
import { composeMessages, QUESTIONS } from './prompt';
import { SmartPlayEnvError, type SmartPlayEnv } from './types';

type Report = (code: string, message: string, range: Range, severity?: Diagnostic['severity']) => void;

/** Parses and checks a log text: every diagnostic, located. */
export function validateEpisodeLog(text: string): { log: ParsedEpisodeLog; diagnostics: Diagnostic[] } {
  const parsed = parseEpisodeLog(text);
  return { log: parsed.log, diagnostics: [...parsed.diagnostics, ...checkEpisodeLog(parsed.log)] };
}

/** Semantic checks; assumes every line already passed the schema. */
function checkEpisodeLog(log: ParsedEpisodeLog): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  const report: Report = (code, message, range, severity = 'error') =>
    diagnostics.push({ severity, code, message, range });
  const header = log.header;
  if (!header) return diagnostics;
  const game = SMARTPLAY_GAMES.get(header.record.game);
  if (!game)
    report(
      EpisodeLogCodes.unknownGame,
      `Unknown SmartPlay game '${header.record.game}'; observations and scores are shown as they are.`,
      header.rangeAt(['game']),
      'warning',
    );
  const actionList = header.record.actionList ?? game?.actionList;
  if (game && header.record.actionList && header.record.actionList.join('\n') !== game.actionList.join('\n')) {
    report(
      EpisodeLogCodes.actionText,
      `${game.game}'s actions are ${JSON.stringify(game.actionList)}.`,
      header.rangeAt(['actionList']),
    );
  }
  const maxSteps = header.record.settings?.maxSteps ?? game?.defaultSteps;
  const optionalFinalPeriod = header.record.settings?.optionalFinalPeriod ?? false;
  let previousObservation = header.record.reset?.observation;
  let doneAt: number | null = null;

  log.steps.forEach((step, index) => {
    const { record } = step;
    if (record.step !== index + 1)
      report(EpisodeLogCodes.stepSequence, `Expected step ${index + 1}, found ${record.step}.`, step.rangeAt(['step']));
    if (doneAt !== null && index === doneAt + 1)
      report(
        EpisodeLogCodes.stepAfterDone,
        `The episode ended at step ${doneAt + 1}; upstream raises on further steps.`,
        step.rangeAt([]),
      );
    if (record.done && doneAt === null) doneAt = index;
    if (maxSteps !== undefined && index === maxSteps)
      report(EpisodeLogCodes.stepLimit, `More steps than the limit of ${maxSteps}.`, step.rangeAt([]), 'warning');
    if (previousObservation !== undefined && record.observation !== previousObservation) {
      report(
        EpisodeLogCodes.observationChain,
        'This observation differs from the one the previous step (or the reset) produced.',
        step.rangeAt(['observation']),
      );
    }
    previousObservation = record.nextObservation;
    if (actionList) checkAction(step, actionList, optionalFinalPeriod, report);
    checkPrompts(header.record.manual, step, report);
  });
  checkEnd(log, report);
  if (game?.playable && diagnostics.every((diagnostic) => diagnostic.severity !== 'error')) replayLog(log, report);
  return diagnostics;
}

/** The step's action is one of the game's, its text is that action's, and the model's answer maps to it. */
function checkAction(
  step: LocatedRecord<EpisodeStepLine>,
  actionList: readonly string[],
  optionalFinalPeriod: boolean,
  report: Report,
): void {
  const { record } = step;
  if (record.action >= actionList.length)
    report(
      EpisodeLogCodes.actionRange,
      `Action ${record.action} is outside the ${actionList.length} actions.`,
      step.rangeAt(['action']),
    );
  else if (record.actionText !== undefined && record.actionText !== actionList[record.action]) {
    report(
      EpisodeLogCodes.actionText,
      `Action ${record.action} is '${actionList[record.action]}'.`,
      step.rangeAt(['actionText']),
    );
  }
  const answer = record.prompts?.[record.prompts.length - 1]?.answer;
  if (answer !== undefined) {
    const match = matchAction(answer, actionList, { optionalFinalPeriod });
    if (match.action !== record.action || (record.matched !== undefined && match.matched !== record.matched)) {
      report(
        EpisodeLogCodes.actionMismatch,
        `The answer maps to action ${match.action} (${match.matched ? `'${actionList[match.action]}'` : 'no match, action 0'}), not ${record.action}.`,
        step.rangeAt(['action']),
      );
    }
  }
}

/** The recorded messages must be exactly what the spec's loop sends for this step. */
function checkPrompts(manual: string | undefined, step: LocatedRecord<EpisodeStepLine>, report: Report): void {
  const { prompts, history, observation } = step.record;
  if (!prompts || manual === undefined || history === undefined) return;
  const past: Array<[string, string]> = [];
  prompts.forEach((prompt, index) => {
    const expected = composeMessages({ manual, history, obs: observation }, QUESTIONS[index] ?? '', past);
    if (JSON.stringify(expected) !== JSON.stringify(prompt.messages)) {
      report(
        EpisodeLogCodes.promptMismatch,
        `The messages of question ${index + 1} are not the ones the SmartPlay loop sends for this step.`,
        step.rangeAt(['prompts', index, 'messages']),
      );
    }
    past.push([QUESTIONS[index] ?? '', prompt.answer]);
  });
}

function checkEnd(log: ParsedEpisodeLog, report: Report): void {
  if (!log.end) return;
  const { record } = log.end;
  const last = log.steps[log.steps.length - 1]?.record;
  if (record.steps !== log.steps.length)
    report(
      EpisodeLogCodes.endMismatch,
      `The log has ${log.steps.length} steps, not ${record.steps}.`,
      log.end.rangeAt(['steps']),
    );
  const score = last?.score ?? log.header?.record.reset?.score;
  if (score !== undefined && record.score !== score)
    report(
      EpisodeLogCodes.endMismatch,
      `The episode score is the last step's score, ${score}.`,
      log.end.rangeAt(['score']),
    );
  const total = log.steps.reduce((sum, step) => sum + step.record.reward, 0);
  if (Math.abs(record.totalReward - total) > 1e-9)
    report(EpisodeLogCodes.endMismatch, `The rewards add up to ${total}.`, log.end.rangeAt(['totalReward']));
}

type Header = NonNullable<ParsedEpisodeLog['header']>;

/** Re-plays the actions (and recorded outcomes) and compares every produced value with the log. */
function replayLog(log: ParsedEpisodeLog, report: Report): void {
  const header = log.header;
  if (!header) return;
  try {
    const env = replayEnvironment(log, header, report);
    if (env) compareReplay(env, log, header, report);
  } catch (error) {
    if (!(error instanceof SmartPlayEnvError)) throw error;
    report(EpisodeLogCodes.replayMismatch, `Replay failed: ${error.message}`, header.rangeAt(['reset']));
  }
}

/**
 * The game rebuilt as the log's was; null when the log lacks what rebuilding it needs (said, as information, when it
 * matters).
 */
function replayEnvironment(log: ParsedEpisodeLog, header: Header, report: Report): SmartPlayEnv | null {
  // Crafter's world is its seed (Crafter(seed=S), runs.md §8): a log without one cannot be replayed.
  if (header.record.game === 'Crafter' && typeof header.record.seed !== 'number') {
    report(
      EpisodeLogCodes.replayImpossible,
      'Without the seed the Crafter world cannot be rebuilt; rewards and scores are not checked.',
      header.rangeAt(['game']),
      'information',
    );
    return null;
  }
  // Messenger is exact only for a seed with Waypoint's meaning; logs without one (upstream's) are not replayed.
  const messenger = header.record.game.startsWith('Messenger');
  const seed = header.record.seed ?? undefined;
  if (messenger && seed === undefined) return null;
  const seeded = header.record.game === 'Crafter' ? (header.record.seed ?? 0) : messenger ? seed : undefined;
  const env = createSmartPlayEnv(header.record.game, {
    mode: header.record.settings?.mode,
    allowNonReference: true,
    ...(seeded !== undefined ? { seed: seeded } : {}),
  });
  const needsOutcomes = env.game.startsWith('Bandit') || env.game.startsWith('RockPaper');
  const setup = header.record.reset?.setup;
  if (needsOutcomes && (!setup || log.steps.some((step) => !step.record.outcome))) {
    report(
      EpisodeLogCodes.replayImpossible,
      'Without the recorded setup and per-step outcomes the random draws cannot be replayed; rewards and scores are not checked.',
      header.rangeAt(['reset']),
      'information',
    );
    return null;
  }
  return env;
}

/** Resets `env` and steps it through the log, reporting the first value that differs (it explains the rest). */
function compareReplay(env: SmartPlayEnv, log: ParsedEpisodeLog, header: Header, report: Report): void {
  const reset = env.reset(header.record.reset?.setup);
  const compare = (actual: unknown, expected: unknown, range: () => Range, what: string): boolean => {
    if (actual === undefined || actual === expected) return true;
    report(EpisodeLogCodes.replayMismatch, `Replaying gives ${what} ${JSON.stringify(expected)}.`, range());
    return false;
  };
  if (!compare(header.record.manual, reset.info.manual, () => header.rangeAt(['manual']), 'the manual')) return;
  if (
    !compare(
      header.record.reset?.observation,
      reset.info.obs,
      () => header.rangeAt(['reset', 'observation']),
      'the reset observation',
    )
  )
    return;
  let shown = reset.info;
  for (const step of log.steps) {
    const { record } = step;
    if (!compare(record.observation, shown.obs, () => step.rangeAt(['observation']), 'the shown observation')) return;
    if (!compare(record.history, shown.history, () => step.rangeAt(['history']), 'the history')) return;
    const result = env.step(record.action, record.outcome);
    const checks: Array<[keyof EpisodeStepLine, unknown, string]> = [
      ['nextObservation', result.info.obs, 'the observation'],
      ['reward', result.reward, 'the reward'],
      ['done', result.done, 'done ='],
      ['score', result.info.score, 'the score'],
      ['completed', result.info.completed, 'completed ='],
    ];
    // The first difference explains the rest; later steps would only repeat it.
    for (const [field, expected, what] of checks)
      if (!compare(record[field], expected, () => step.rangeAt([field]), what)) return;
    shown = result.info;
    if (result.done) return;
  }
}
