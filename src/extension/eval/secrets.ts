// API keys: in SecretStorage, or in an environment variable a profile names. Never in settings,
// logs, run records or messages.
import * as vscode from 'vscode';
import type { ModelProfile } from '../../core/eval/types';
import { modelProfiles } from './profiles';

const secretName = (profileId: string) => `waypoint.apiKey.${profileId}`;

export function apiKeyLookup(secrets: vscode.SecretStorage): (profile: ModelProfile) => Promise<string | undefined> {
  return async (profile) => {
    if (profile.apiKeyEnv) return process.env[profile.apiKeyEnv];
    return secrets.get(secretName(profile.id));
  };
}

/** "Waypoint: Set API Key…": asks for the profile and the key (masked) and stores it. */
export async function setApiKeyCommand(secrets: vscode.SecretStorage, profileId?: string): Promise<void> {
  const candidates = modelProfiles().filter((profile) => profile.provider === 'openai-compatible');
  if (candidates.length === 0) {
    void vscode.window.showInformationMessage('Waypoint: add a profile with "provider": "openai-compatible" to the waypoint.models setting first.');
    return;
  }
  const id = profileId ?? (await vscode.window.showQuickPick(candidates.map((profile) => ({ label: profile.id, description: `${profile.model ?? ''} · ${profile.baseUrl ?? ''}` })), { title: 'Set the API key of which model profile?' }))?.label;
  if (!id) return;
  const key = await vscode.window.showInputBox({ title: `API key for ${id}`, password: true, ignoreFocusOut: true, prompt: 'Stored in VS Code SecretStorage, never in settings.' });
  if (key === undefined) return;
  if (key === '') await secrets.delete(secretName(id));
  else await secrets.store(secretName(id), key);
  vscode.window.setStatusBarMessage(`Waypoint: API key for ${id} ${key === '' ? 'removed' : 'saved'}.`, 4000);
}
