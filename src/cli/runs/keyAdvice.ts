// How the command line tells its user to set a model key: keys come from environment variables
// (never from arguments, which shells and process lists keep), named by --api-key-env or by the
// profile file's "apiKeyEnv". The editor says "Waypoint: Set API Key…" instead.
import type { KeyAdvice, ProfileSetting } from '../../core/eval/apiKeyMessages';
import type { ModelProfile } from '../../core/eval/types';

const CLI_OPTIONS: Record<ProfileSetting, string> = {
  timeoutMs: '--timeout-ms',
  retries: '--retries',
  maxTokens: '--max-tokens',
};

export const cliKeyAdvice: KeyAdvice = Object.assign(
  (profile: ModelProfile) =>
    profile.apiKeyEnv
      ? `Set the environment variable ${profile.apiKeyEnv} to the key (export ${profile.apiKeyEnv}=…).`
      : 'Put the key in an environment variable and name it with --api-key-env VAR (or "apiKeyEnv" in the --profile file).',
  // The option overrides the --profile file's field, so it is the one thing to name.
  { setting: (field: ProfileSetting) => CLI_OPTIONS[field] },
);

/** The key of `profile` on the command line: the environment variable it names, if any. */
export const cliApiKey = async (profile: ModelProfile): Promise<string | undefined> =>
  profile.apiKeyEnv ? process.env[profile.apiKeyEnv] : undefined;
