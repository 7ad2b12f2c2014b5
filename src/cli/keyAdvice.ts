// How the command line tells its user to set a model key: keys come from environment variables
// (never from arguments, which shells and process lists keep), named by --api-key-env or by the
// profile file's "apiKeyEnv". The editor says "Waypoint: Set API Key…" instead.
import type { KeyAdvice } from '../core/eval/apiKeyMessages';
import type { ModelProfile } from '../core/eval/types';

export const cliKeyAdvice: KeyAdvice = (profile) =>
  profile.apiKeyEnv ? `Set the environment variable ${profile.apiKeyEnv} to the key (export ${profile.apiKeyEnv}=…).` : 'Put the key in an environment variable and name it with --api-key-env VAR (or "apiKeyEnv" in the --profile file).';

/** The key of `profile` on the command line: the environment variable it names, if any. */
export const cliApiKey = async (profile: ModelProfile): Promise<string | undefined> => (profile.apiKeyEnv ? process.env[profile.apiKeyEnv] : undefined);
