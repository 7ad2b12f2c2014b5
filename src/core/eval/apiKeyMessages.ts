// What a server's 401/403 means for the user, said once for every host. A refusal when no key was
// sent is a missing key, not a wrong one: saying "refused the API key" then sends people hunting
// for a key they never set. How to set one differs by host (the editor's command, the CLI's
// --api-key-env), so the host passes that sentence in.
import type { ModelProfile } from './types';

/** A profile field a message may tell the user to change. */
export type ProfileSetting = 'timeoutMs' | 'retries' | 'maxTokens';

/**
 * The host's sentence on how to set (or replace) the key of `profile`; `setting` names a profile
 * field as the user changes it there: the command line's option (`--timeout-ms`) rather than the
 * field. Without it, messages name the field (`the profile's timeoutMs`), as the editor does.
 */
export interface KeyAdvice {
  (profile: ModelProfile): string;
  setting?: (field: ProfileSetting) => string;
}

/** How messages from `advice`'s host name `field`. */
export function settingName(advice: KeyAdvice, field: ProfileSetting): string {
  return advice.setting?.(field) ?? `the profile's ${field}`;
}

/** Used when a host gives no advice of its own (tests, library use): names both ways. */
export const GENERIC_KEY_ADVICE: KeyAdvice = (profile) =>
  profile.apiKeyEnv
    ? `Set the environment variable ${profile.apiKeyEnv} to the key.`
    : 'Set a key for the profile: "Waypoint: Set API Key…" in the editor, --api-key-env VAR on the command line.';

/** Whether a key goes out with the request: an empty or blank one is none. */
export function isKeySet(key: string | undefined): key is string {
  return key !== undefined && key.trim() !== '';
}

/** Why no key was sent: the profile names an environment variable that is not set, or it has no key at all. */
function missingKeyReason(profile: ModelProfile): string {
  // Not "named by the profile's apiKeyEnv": on the command line --api-key-env may have named it.
  return profile.apiKeyEnv
    ? `no API key is set (the environment variable ${profile.apiKeyEnv} is not set)`
    : 'no API key is set for this profile';
}

/**
 * The one sentence for an HTTP 401/403 from `where` (e.g. `gpt-4o at https://…/v1`), the verdict
 * first. `serverSays` is the server's own reason, already shortened and free of keys, when it gave one.
 */
export function keyRefusalMessage(
  where: string,
  status: number,
  profile: ModelProfile,
  keySent: boolean,
  advice: KeyAdvice,
  serverSays = '',
): string {
  const reason = serverSays ? `: ${serverSays}` : '';
  if (!keySent)
    return `${missingKeyReason(profile)}, and ${where} needs one (HTTP ${status}${reason}). ${advice(profile)}`;
  return `${where} refused the API key (HTTP ${status}${reason}). ${advice(profile)}`;
}
