// API keys: in SecretStorage, or in an environment variable a profile names. Never in settings,
// logs, run records or messages.
import * as vscode from 'vscode';
import type { KeyAdvice } from '../../core/eval/apiKeyMessages';
import type { ModelProfile } from '../../core/eval/types';
import { modelProfiles } from './profiles';

/** Where the key of a profile lives in SecretStorage: one entry per profile id. */
export const secretName = (profileId: string) => `waypoint.apiKey.${profileId}`;

/** How the editor tells its user to set a key: the command, or the variable a profile names instead. */
export const editorKeyAdvice: KeyAdvice = (profile) =>
  profile.apiKeyEnv
    ? `Set ${profile.apiKeyEnv} in the environment VS Code's extension host runs in, or remove "apiKeyEnv" from the profile and use "Waypoint: Set API Key…".`
    : 'Set it with "Waypoint: Set API Key…".';

/** Stores (a trimmed key) or, for an empty one, removes the key of `profileId`. */
export async function storeApiKey(secrets: vscode.SecretStorage, profileId: string, key: string): Promise<void> {
  if (key.trim() === '') await secrets.delete(secretName(profileId));
  else await secrets.store(secretName(profileId), key.trim());
}

export function apiKeyLookup(secrets: vscode.SecretStorage): (profile: ModelProfile) => Promise<string | undefined> {
  return async (profile) => {
    if (profile.apiKeyEnv) return process.env[profile.apiKeyEnv];
    return secrets.get(secretName(profile.id));
  };
}

/**
 * "Waypoint: Set API Key…": asks for the profile and the key (masked) and stores it. `key` is for
 * scripts and tests (an empty one removes the stored key); the palette always asks.
 */
export async function setApiKeyCommand(secrets: vscode.SecretStorage, profileId?: string, key?: string): Promise<void> {
  if (profileId !== undefined && key !== undefined) return storeApiKey(secrets, profileId, key);
  const candidates = modelProfiles().filter((profile) => profile.provider === 'openai-compatible');
  if (candidates.length === 0) {
    const add = 'Add Model Profile…';
    if (
      (await vscode.window.showInformationMessage('Waypoint: there is no model profile to set a key for yet.', add)) ===
      add
    )
      await vscode.commands.executeCommand('waypoint.addModelProfile');
    return;
  }
  const id =
    profileId ??
    (
      await vscode.window.showQuickPick(
        candidates.map((profile) => ({
          label: profile.id,
          description: `${profile.model ?? ''} · ${profile.baseUrl ?? ''}`,
        })),
        { title: 'Set the API key of which model profile?' },
      )
    )?.label;
  if (!id) return;
  const typed = await vscode.window.showInputBox({
    title: `API key for ${id}`,
    password: true,
    ignoreFocusOut: true,
    prompt: 'Stored in VS Code SecretStorage, never in settings. Leave empty to remove the stored key.',
  });
  if (typed === undefined) return;
  await storeApiKey(secrets, id, typed);
  vscode.window.setStatusBarMessage(`Waypoint: API key for ${id} ${typed.trim() === '' ? 'removed' : 'saved'}.`, 4000);
}
