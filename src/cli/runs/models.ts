// `waypoint models test`: does this model profile work? The same check as the editor's "Waypoint:
// Test Connection" (core/eval/connectionTest.ts): the server's model list, one one-token request,
// and a verdict. The model is named as `waypoint run` names it (--profile F --profile-id ID, or
// --base-url URL --model NAME), with the key from the environment variable --api-key-env names.
import { type ConnectionReport, testConnection } from '../../core/eval/connectionTest';
import { ModelCallCancelled } from '../../core/eval/engine';
import { escapeControls } from '../../core/util/text';
import { parseArgs, UsageError } from '../args';
import { cliApiKey, cliKeyAdvice } from './keyAdvice';
import { MODEL_OPTIONS, profileOf } from './run';

type Output = (text: string) => void;

const VALUE_OPTIONS = MODEL_OPTIONS;
const FLAGS = ['json'];

/** The one line a person reads: the profile (with the server when the verdict does not name it) and the verdict's sentence. */
function line(report: ConnectionReport): string {
  return escapeControls(`${report.profileId}${report.ok ? ` (${report.baseUrl})` : ''}: ${report.message}`);
}

async function runTest(argv: readonly string[], out: Output, err: Output): Promise<number> {
  const args = parseArgs(argv, FLAGS, VALUE_OPTIONS);
  if (args.positionals.length > 0)
    throw new UsageError(
      `models test takes no arguments, not '${args.positionals[0]}' (name the model with --profile F --profile-id ID or --base-url URL --model NAME)`,
    );
  const profile = await profileOf(args.options, false);
  if (profile.provider !== 'openai-compatible')
    throw new UsageError(`'${profile.id}' is a built-in agent: there is no connection to test`);
  const controller = new AbortController();
  const onSigint = () => controller.abort();
  process.on('SIGINT', onSigint);
  let report: ConnectionReport;
  try {
    report = await testConnection(profile, await cliApiKey(profile), {
      keyAdvice: cliKeyAdvice,
      signal: controller.signal,
    });
  } catch (error) {
    if (error instanceof ModelCallCancelled) {
      err('waypoint models test: interrupted.');
      return 130;
    }
    throw error;
  } finally {
    process.off('SIGINT', onSigint);
  }
  if (args.flags.has('json')) out(JSON.stringify(report));
  else if (report.ok) out(line(report));
  else err(`waypoint models test: ${line(report)}`);
  // A failure already says the variable is not set; a server that took no key does not.
  if (report.ok && profile.apiKeyEnv && !report.keySent)
    err(
      `waypoint models test: the environment variable ${profile.apiKeyEnv} is not set, and this server answered without a key.`,
    );
  return report.ok ? 0 : 1;
}

/** `waypoint models <subcommand> ...`; returns the exit code. */
export async function runModels(argv: readonly string[], out: Output, err: Output): Promise<number> {
  const [subcommand, ...rest] = argv;
  if (subcommand === 'test') return runTest(rest, out, err);
  throw new UsageError(
    subcommand === undefined
      ? 'models needs a subcommand: test'
      : `unknown models subcommand '${subcommand}' (there is: test)`,
  );
}
