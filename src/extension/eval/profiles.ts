// Model profiles from settings (`waypoint.models`), plus the built-in offline agents, which are
// always there so everything works without a key. Settings are untrusted input: parsed, and a bad
// entry is reported by name instead of breaking the list.
import * as vscode from 'vscode';
import { BUILT_IN_PROFILES, parseProfile } from '../../core/eval/profiles';
import type { ModelProfile } from '../../core/eval/types';
import { setting } from '../settings';

/** All profiles: the built-ins, then the configured ones (a configured id replaces a built-in). */
export function modelProfiles(report: (message: string) => void = () => {}): ModelProfile[] {
  const configured = setting('models');
  const profiles = new Map(BUILT_IN_PROFILES.map((profile) => [profile.id, profile]));
  configured.forEach((entry, index) => {
    const parsed = parseProfile(entry, `waypoint.models[${index}]`);
    if (parsed.ok) profiles.set(parsed.profile.id, parsed.profile);
    else report(parsed.message);
  });
  return [...profiles.values()];
}

function defaultProfileId(): string {
  return setting('defaultModel');
}

/** What each built-in agent is for a benchmark, shown next to its name in the model pick. */
type BuiltInDescriptions = Partial<Record<ModelProfile['provider'], string>>;

/** A quick pick of the profiles, the default first; `preset` picks by id without asking. */
export async function pickProfile(
  title: string,
  preset?: string,
  builtIns: BuiltInDescriptions = {},
): Promise<ModelProfile | undefined> {
  const profiles = modelProfiles();
  if (preset) {
    const found = profiles.find((profile) => profile.id === preset);
    if (!found)
      void vscode.window.showErrorMessage(`Waypoint: no model profile '${preset}' (see the setting waypoint.models).`);
    return found;
  }
  const wanted = defaultProfileId();
  const ordered = [...profiles].sort((a, b) => Number(b.id === wanted) - Number(a.id === wanted));
  const describe = (profile: ModelProfile) =>
    profile.provider === 'openai-compatible'
      ? `${profile.model ?? ''} · ${profile.baseUrl ?? ''}`
      : `built-in: ${builtIns[profile.provider] ?? `${profile.provider} agent`}`;
  const picked = await vscode.window.showQuickPick(
    ordered.map((profile) => ({ label: profile.id, description: describe(profile), profile })),
    { title },
  );
  return picked?.profile;
}
