// "Waypoint: Add Model Profile…" and "Waypoint: Test Connection": a person sets up a model without
// hand-writing `waypoint.models` JSON, and finds out in one request whether it answers. The profile
// goes into settings through the configuration API (user or workspace), the key into SecretStorage
// only; the test is core's testConnection, the one `waypoint models test` runs.
import * as vscode from 'vscode';
import { baseUrlProblem, type ConnectionReport, testConnection } from '../../core/eval/connectionTest';
import { ModelCallCancelled } from '../../core/eval/engine';
import { normaliseBaseUrl } from '../../core/eval/openaiProvider';
import { withoutUrlCredentials } from '../../core/eval/redact';
import type { ModelProfile } from '../../core/eval/types';
import { requireTrust } from './modelCall';
import { modelProfiles } from './profiles';
import { apiKeyLookup, editorKeyAdvice, secretName, storeApiKey } from './secrets';

/** Each field given skips its prompt (for scripts and tests); the palette asks for all of them. */
export interface AddProfileOptions {
  baseUrl?: string;
  model?: string;
  id?: string;
  /** The key; empty for none (a key already stored for the id is kept). */
  apiKey?: string;
  /** Dollars per million tokens; null for no prices. */
  pricePer1M?: { input: number; output: number } | null;
  target?: 'user' | 'workspace';
  /**
   * When no key is typed and the key stored for the id was for another server: true keeps it for
   * the new one, false removes it. Unset: a modal asks (the palette always asks).
   */
  keepKeyForNewServer?: boolean;
}

export interface AddProfileOutcome {
  id: string;
  target: 'user' | 'workspace';
  /** The entry as written to `waypoint.models` (never with the key). */
  entry: Record<string, unknown>;
  replaced: boolean;
  keyStored: boolean;
  /** The key stored for the id was removed: it was for another server than the profile's new one. */
  keyRemoved: boolean;
  /** Whether the profile is in the list this window uses (user settings are hidden by a workspace's own `waypoint.models`). */
  available: boolean;
}

const TITLE = 'Add Model Profile';
const BUILT_IN_IDS = new Set(['oracle', 'random']);

/** Two prices per million tokens ("0.15 0.60", "0.15, 0.60", "0.15/0.60"), null for none, or why not. */
function parsePrices(text: string): { input: number; output: number } | null | string {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const parts = trimmed.split(/[\s,/;]+/).filter(Boolean);
  const numbers = parts.map((part) => Number(part.replace(/^\$/, '')));
  if (parts.length !== 2 || numbers.some((value) => !Number.isFinite(value) || value < 0))
    return 'Two prices in USD per 1M tokens, input then output, e.g. 0.15 0.60 (or leave empty).';
  return { input: numbers[0], output: numbers[1] };
}

/** A profile id made from a model name: lower case, with runs of other characters as one hyphen. */
function suggestedId(model: string): string {
  const base = model.split('/').pop() ?? model;
  const id = base
    .toLowerCase()
    .replace(/\.gguf$/, '')
    .replace(/[^a-z0-9._-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40);
  return id === '' || BUILT_IN_IDS.has(id) ? `${id || 'model'}-api` : id;
}

/** Per-1M prices as the profile's per-1k fields, without binary noise (0.15 → 0.00015, not 0.00015000000000000001). */
const per1k = (perMillion: number) => Number((perMillion / 1000).toPrecision(12));

async function ask(step: number, steps: number, options: vscode.InputBoxOptions): Promise<string | undefined> {
  return vscode.window.showInputBox({
    ignoreFocusOut: true,
    ...options,
    title: `${TITLE} (${step}/${steps}): ${options.title}`,
  });
}

function configuredEntries(target: vscode.ConfigurationTarget): unknown[] {
  const inspected = vscode.workspace.getConfiguration('waypoint').inspect<unknown[]>('models');
  const value = target === vscode.ConfigurationTarget.Global ? inspected?.globalValue : inspected?.workspaceValue;
  return Array.isArray(value) ? value : [];
}

/** Whether the workspace has its own `waypoint.models`: then it replaces the user list in this window (arrays are not merged). */
function workspaceHasModels(): boolean {
  const inspected = vscode.workspace.getConfiguration('waypoint').inspect<unknown[]>('models');
  return inspected?.workspaceValue !== undefined || inspected?.workspaceFolderValue !== undefined;
}

const idOf = (entry: unknown) =>
  typeof entry === 'object' && entry !== null ? (entry as { id?: unknown }).id : undefined;

/** Which settings hold a profile `id` ("user settings", "workspace settings" or both), or null. */
function scopesHolding(id: string): string | null {
  const user = configuredEntries(vscode.ConfigurationTarget.Global).some((entry) => idOf(entry) === id);
  const workspace = configuredEntries(vscode.ConfigurationTarget.Workspace).some((entry) => idOf(entry) === id);
  return user && workspace
    ? 'user and workspace settings'
    : user
      ? 'user settings'
      : workspace
        ? 'workspace settings'
        : null;
}

/** The servers (scheme, host and port) the profiles named `id` point at, in any settings. */
function serversOf(id: string): Set<string> {
  const servers = new Set<string>();
  for (const target of [vscode.ConfigurationTarget.Global, vscode.ConfigurationTarget.Workspace]) {
    for (const entry of configuredEntries(target)) {
      const baseUrl = idOf(entry) === id ? (entry as { baseUrl?: unknown }).baseUrl : undefined;
      const server = typeof baseUrl === 'string' ? serverOf(baseUrl) : null;
      if (server) servers.add(server);
    }
  }
  return servers;
}

function serverOf(baseUrl: string): string | null {
  try {
    return new URL(baseUrl.trim()).origin;
  } catch {
    return null;
  }
}

/** Step 1: the server's API root, unless given; a given one that is no URL is an error. */
async function askBaseUrl(given: string | undefined, steps: number): Promise<string | undefined> {
  const baseUrl =
    given ??
    (await ask(1, steps, {
      title: 'base URL',
      value: 'http://127.0.0.1:8080/v1',
      valueSelection: [0, 'http://127.0.0.1:8080/v1'.length],
      prompt:
        "The server's API root. llama.cpp: http://127.0.0.1:8080/v1 · Ollama: http://127.0.0.1:11434/v1 · vLLM: http://127.0.0.1:8000/v1 · OpenAI: https://api.openai.com/v1",
      validateInput: (text) => baseUrlProblem(text),
    }));
  if (baseUrl === undefined) return undefined;
  const urlProblem = baseUrlProblem(baseUrl);
  if (urlProblem) throw new Error(`Waypoint: ${urlProblem}`);
  return baseUrl;
}

/** Step 2: the model name the server expects, unless given. */
async function askModel(given: string | undefined, steps: number): Promise<string | undefined> {
  return (
    given ??
    ask(2, steps, {
      title: 'model',
      placeHolder: 'e.g. llama3.2, gpt-4o-mini, Qwen/Qwen2.5-7B-Instruct',
      prompt:
        'The model name the server expects. llama-server serves the one model it loaded and ignores this name; Test Connection shows the name it serves.',
      validateInput: (text) =>
        text.trim() === '' ? 'The model name (any text for a server that ignores it, e.g. default).' : null,
    })
  );
}

/** Step 3: the profile id, suggested from the model name, unless given; a built-in agent's name is an error. */
async function askProfileId(given: string | undefined, steps: number, model: string): Promise<string | undefined> {
  const existingIds = new Set(modelProfiles().map((profile) => profile.id));
  const id =
    given ??
    (await ask(3, steps, {
      title: 'profile id',
      value: suggestedId(model.trim()),
      prompt: 'How the model is named in pickers, run files and `waypoint run --profile-id`.',
      validateInput: (text) => {
        const candidate = text.trim();
        if (candidate === '') return 'A name for the profile, e.g. local-llama.';
        if (BUILT_IN_IDS.has(candidate)) return `'${candidate}' is a built-in agent's name: choose another.`;
        const holding = existingIds.has(candidate) ? scopesHolding(candidate) : null;
        if (holding)
          return {
            message: `A profile '${candidate}' is in ${holding}: saving it there replaces it (its other settings kept).`,
            severity: vscode.InputBoxValidationSeverity.Warning,
          };
        return null;
      },
    }));
  if (id === undefined) return undefined;
  const profileId = id.trim();
  if (profileId === '' || BUILT_IN_IDS.has(profileId))
    throw new Error(`Waypoint: '${profileId}' cannot be a profile id.`);
  return profileId;
}

/** The key typed (empty for none) and what becomes of a key already stored for the id. */
interface KeyChoice {
  apiKey: string;
  hadKey: boolean;
  /** The stored key goes: it was for another server than the profile's new one. */
  removeKey: boolean;
  /** The profile's server (scheme, host and port). */
  newServer: string;
}

/** Whether a stored key may go to the profile's new server: `given` (scripts, tests), else a modal asks; undefined when dismissed. */
async function keepKeyForNewServer(
  given: boolean | undefined,
  profileId: string,
  oldServers: readonly string[],
  newServer: string,
): Promise<boolean | undefined> {
  if (given !== undefined) return given;
  const keep = 'Keep the Key';
  const remove = 'Remove the Key';
  const was =
    oldServers.length > 0 ? `was used with ${oldServers.join(', ')}` : 'is left from an earlier profile of that name';
  const choice = await vscode.window.showWarningMessage(
    `The API key stored for '${profileId}' ${was}. Send it to ${newServer} from now on?`,
    {
      modal: true,
      detail:
        'A key is only for the service that issued it. Keep it only if that service also runs at the new address.',
    },
    keep,
    remove,
  );
  return choice === undefined ? undefined : choice === keep;
}

/** Step 4: the API key, unless given. */
async function askKey(
  secrets: vscode.SecretStorage,
  options: AddProfileOptions,
  steps: number,
  profileId: string,
  baseUrl: string,
): Promise<KeyChoice | undefined> {
  const hadKey = (await secrets.get(secretName(profileId))) !== undefined;
  // A key stored for this id was sent to the server(s) the id pointed at: another server (an OpenAI
  // key, then a profile moved to someone else's host) gets it only when the person says so.
  const newServer = serverOf(baseUrl) ?? baseUrl.trim();
  const oldServers = [...serversOf(profileId)].filter((server) => server !== newServer);
  const keyForOtherServer = hadKey && (oldServers.length > 0 || serversOf(profileId).size === 0);
  const storedKeyNote = !hadKey
    ? ''
    : keyForOtherServer
      ? ` (a key is stored for '${profileId}' ${oldServers.length > 0 ? `for ${oldServers.join(', ')}` : 'from an earlier profile'}: leave empty and you are asked whether ${newServer} may have it)`
      : ` (the key already stored for '${profileId}' is kept)`;
  const apiKey =
    options.apiKey ??
    (await ask(4, steps, {
      title: 'API key',
      password: true,
      prompt: `Stored in VS Code's SecretStorage, never in settings. Leave empty for a local server that needs none${storedKeyNote}.`,
    }));
  if (apiKey === undefined) return undefined;
  if (apiKey.trim() !== '' || !keyForOtherServer) return { apiKey, hadKey, removeKey: false, newServer };
  const keep = await keepKeyForNewServer(options.keepKeyForNewServer, profileId, oldServers, newServer);
  return keep === undefined ? undefined : { apiKey, hadKey, removeKey: !keep, newServer };
}

type Prices = { input: number; output: number } | null;

/** Step 5: prices per million tokens (null for none) unless given; undefined when cancelled. */
async function askPrices(given: Prices | undefined, steps: number): Promise<Prices | undefined> {
  if (given !== undefined) return given;
  const text = await ask(5, steps, {
    title: 'prices (optional)',
    placeHolder: 'e.g. 0.15 0.60',
    prompt:
      'USD per 1M input tokens and per 1M output tokens, for the cost of runs and --max-cost. Leave empty to skip.',
    validateInput: (value) => {
      const parsed = parsePrices(value);
      return typeof parsed === 'string' ? parsed : null;
    },
  });
  if (text === undefined) return undefined;
  const parsed = parsePrices(text);
  return typeof parsed === 'string' ? undefined : parsed;
}

/** Step 6 (only with a folder open): user or workspace settings, unless given. */
async function askTarget(
  given: 'user' | 'workspace' | undefined,
  hasFolder: boolean,
  steps: number,
  profileId: string,
): Promise<'user' | 'workspace' | undefined> {
  if (given) return given;
  if (!hasFolder) return 'user';
  // A workspace with its own waypoint.models hides the user list in this window: Workspace comes first.
  const shadowed = workspaceHasModels();
  const userItem = {
    label: 'User settings',
    description: shadowed
      ? 'every workspace on this machine, but not this folder: its own waypoint.models replaces the user list here'
      : 'every workspace on this machine',
    target: 'user' as const,
  };
  const workspaceItem = {
    label: 'Workspace settings',
    description: "this folder's .vscode/settings.json, shared with whoever opens it (never the key)",
    target: 'workspace' as const,
  };
  const picked = await vscode.window.showQuickPick(shadowed ? [workspaceItem, userItem] : [userItem, workspaceItem], {
    title: `${TITLE} (${steps}/${steps}): save '${profileId}' where?`,
    ignoreFocusOut: true,
  });
  return picked?.target;
}

/** The profile as the person answered it. */
interface ProfileAnswers {
  profileId: string;
  baseUrl: string;
  model: string;
  prices: Prices;
  target: 'user' | 'workspace';
}

/** Writes the profile into the target's `waypoint.models` and the key into SecretStorage; what was written, and how to say it. */
async function writeProfile(
  secrets: vscode.SecretStorage,
  answers: ProfileAnswers,
  key: KeyChoice,
): Promise<{ entry: Record<string, unknown>; replaced: boolean; keyStored: boolean; keyNote: string }> {
  const { profileId, prices } = answers;
  const configurationTarget =
    answers.target === 'user' ? vscode.ConfigurationTarget.Global : vscode.ConfigurationTarget.Workspace;
  const entries = configuredEntries(configurationTarget);
  const index = entries.findIndex((entry) => idOf(entry) === profileId);
  const previous = index >= 0 && typeof entries[index] === 'object' ? (entries[index] as Record<string, unknown>) : {};
  // A replaced profile keeps what the person wrote into it (temperature, timeoutMs, …), except a key
  // variable when a key is typed: the variable would win over the key (apiKeyLookup) unnoticed.
  const keyStored = key.apiKey.trim() !== '';
  const { apiKeyEnv: previousKeyEnv, ...kept } = previous;
  const keyEnv = keyStored || typeof previousKeyEnv !== 'string' ? undefined : previousKeyEnv;
  const entry: Record<string, unknown> = {
    ...kept,
    id: profileId,
    provider: 'openai-compatible',
    baseUrl: answers.baseUrl.trim(),
    model: answers.model.trim(),
    ...(keyEnv ? { apiKeyEnv: keyEnv } : {}),
  };
  if (prices) Object.assign(entry, { costPer1kInput: per1k(prices.input), costPer1kOutput: per1k(prices.output) });
  const next = index >= 0 ? entries.map((existing, at) => (at === index ? entry : existing)) : [...entries, entry];
  await vscode.workspace.getConfiguration('waypoint').update('models', next, configurationTarget);
  if (keyStored) await storeApiKey(secrets, profileId, key.apiKey);
  if (key.removeKey) await storeApiKey(secrets, profileId, '');
  const keyNote = keyStored
    ? `, key in SecretStorage${typeof previousKeyEnv === 'string' ? ` (instead of the variable ${previousKeyEnv}, no longer named in the profile)` : ''}`
    : keyEnv
      ? `, key from the variable ${keyEnv}`
      : key.removeKey
        ? `, stored key removed (it was not for ${key.newServer})`
        : key.hadKey
          ? ', stored key kept'
          : ', no key';
  return { entry, replaced: index >= 0, keyStored, keyNote };
}

/** The toast after saving: Test Connection when the window uses the profile, else why not (and, for user settings, saving it in the workspace). */
function announceSaved(secrets: vscode.SecretStorage, answers: ProfileAnswers, done: string, available: boolean): void {
  const { profileId } = answers;
  if (available) {
    const testNow = 'Test Connection';
    void vscode.window.showInformationMessage(`${done}.`, testNow).then((action) => {
      if (action === testNow) void vscode.commands.executeCommand('waypoint.testConnection', { profileId });
    });
  } else if (answers.target === 'workspace') {
    // A multi-root workspace's folder settings can hide the workspace's list in turn.
    void vscode.window.showWarningMessage(
      `${done}, but a folder's own waypoint.models replaces the workspace list here: '${profileId}' is not available in this window.`,
    );
  } else {
    const saveThere = 'Save in Workspace Settings';
    void vscode.window
      .showWarningMessage(
        `${done}, but this folder's workspace settings have their own waypoint.models, which replaces the user list here: '${profileId}' is not available in this folder.`,
        saveThere,
      )
      .then(async (action) => {
        if (action === saveThere)
          await addModelProfileCommand(secrets, {
            baseUrl: answers.baseUrl,
            model: answers.model,
            id: profileId,
            apiKey: '',
            pricePer1M: answers.prices,
            target: 'workspace',
            keepKeyForNewServer: true,
          });
      });
  }
}

/** "Waypoint: Add Model Profile…": base URL, model, id, key, prices, where to save; undefined when cancelled. */
export async function addModelProfileCommand(
  secrets: vscode.SecretStorage,
  options: AddProfileOptions = {},
): Promise<AddProfileOutcome | undefined> {
  // Without a folder there is only user settings to save to: no sixth question.
  const hasFolder = (vscode.workspace.workspaceFolders?.length ?? 0) > 0;
  const steps = hasFolder ? 6 : 5;
  const baseUrl = await askBaseUrl(options.baseUrl, steps);
  if (baseUrl === undefined) return undefined;
  const model = await askModel(options.model, steps);
  if (model === undefined) return undefined;
  const profileId = await askProfileId(options.id, steps, model);
  if (profileId === undefined) return undefined;
  const key = await askKey(secrets, options, steps, profileId, baseUrl);
  if (key === undefined) return undefined;
  const prices = await askPrices(options.pricePer1M, steps);
  if (prices === undefined) return undefined;
  const target = await askTarget(options.target, hasFolder, steps, profileId);
  if (target === undefined) return undefined;

  const answers: ProfileAnswers = { profileId, baseUrl, model, prices, target };
  const { entry, replaced, keyStored, keyNote } = await writeProfile(secrets, answers, key);
  // What this window uses after the update: a user entry is hidden by a workspace's own list.
  const available = modelProfiles().some(
    (profile) => profile.id === profileId && profile.baseUrl === entry.baseUrl && profile.model === entry.model,
  );
  const where = target === 'user' ? 'user settings' : 'workspace settings';
  announceSaved(
    secrets,
    answers,
    `Waypoint: model profile '${profileId}' ${replaced ? 'replaced' : 'saved'} in ${where}${keyNote}`,
    available,
  );
  return { id: profileId, target, entry, replaced, keyStored, keyRemoved: key.removeKey, available };
}

/** What the Test Connection toast offers for each failure: the way out most likely to fix it. */
function actionsFor(report: ConnectionReport): string[] {
  if (report.verdict === 'no-key' || report.verdict === 'key-refused') return ['Set API Key…', 'Show Output'];
  if (
    report.verdict === 'wrong-path' ||
    report.verdict === 'model-not-found' ||
    report.verdict === 'not-configured' ||
    report.verdict === 'not-reachable'
  )
    return ['Open Settings', 'Show Output'];
  return ['Show Output'];
}

interface TestConnectionDeps {
  secrets: vscode.SecretStorage;
  log: vscode.LogOutputChannel;
}

/** The profile to test: the one named, else the only kind there is to pick from; undefined after saying why, or when cancelled. */
async function profileToTest(deps: TestConnectionDeps, wanted: string | undefined): Promise<ModelProfile | undefined> {
  const candidates = modelProfiles((message) => deps.log.warn(message)).filter(
    (profile) => profile.provider === 'openai-compatible',
  );
  if (wanted !== undefined) {
    const profile = candidates.find((candidate) => candidate.id === wanted);
    if (!profile)
      void vscode.window.showErrorMessage(
        `Waypoint: no model profile '${wanted}' with "provider": "openai-compatible" (see the setting waypoint.models).`,
      );
    return profile;
  }
  if (candidates.length === 0) {
    const add = 'Add Model Profile…';
    if ((await vscode.window.showInformationMessage('Waypoint: there is no model profile to test yet.', add)) === add)
      await vscode.commands.executeCommand('waypoint.addModelProfile');
    return undefined;
  }
  const picked = await vscode.window.showQuickPick(
    candidates.map((candidate) => ({
      label: candidate.id,
      description: `${candidate.model ?? ''} · ${candidate.baseUrl ?? ''}`,
      profile: candidate,
    })),
    { title: 'Test Connection: which model profile?' },
  );
  return picked?.profile;
}

/** "Waypoint: Test Connection": pick a profile, one tiny request, a verdict; the report, or undefined when cancelled. */
export async function testConnectionCommand(
  deps: TestConnectionDeps,
  options: { profileId?: string } | string = {},
): Promise<ConnectionReport | undefined> {
  if (!requireTrust()) return undefined;
  const profile = await profileToTest(deps, typeof options === 'string' ? options : options.profileId);
  if (!profile) return undefined;
  const chosen = profile;
  let report: ConnectionReport;
  try {
    report = await vscode.window.withProgress(
      {
        location: vscode.ProgressLocation.Notification,
        title: `Waypoint: testing ${chosen.id} (${chosen.baseUrl ? withoutUrlCredentials(normaliseBaseUrl(chosen.baseUrl)) : 'no base URL'})`,
        cancellable: true,
      },
      async (_progress, token) => {
        const controller = new AbortController();
        token.onCancellationRequested(() => controller.abort());
        return testConnection(chosen, await apiKeyLookup(deps.secrets)(chosen), {
          keyAdvice: editorKeyAdvice,
          signal: controller.signal,
        });
      },
    );
  } catch (error) {
    if (error instanceof ModelCallCancelled) return undefined;
    throw error;
  }
  const steps = report.steps.map((step) => `${step.name} ${step.status ?? 'no response'} in ${step.ms} ms`).join(', ');
  const line = `Test Connection '${report.profileId}' (${report.baseUrl}, model '${report.model}'): ${report.verdict}: ${report.message}${steps ? ` [${steps}]` : ''}`;
  if (report.ok) deps.log.info(line);
  else deps.log.error(line);
  const text = `Waypoint: ${report.profileId}: ${report.message}`;
  if (report.ok) void vscode.window.showInformationMessage(text);
  else
    void vscode.window.showErrorMessage(text, ...actionsFor(report)).then(async (action) => {
      if (action === 'Set API Key…') await vscode.commands.executeCommand('waypoint.setApiKey', report.profileId);
      else if (action === 'Open Settings')
        await vscode.commands.executeCommand('workbench.action.openSettings', 'waypoint.models');
      else if (action === 'Show Output') deps.log.show(true);
    });
  return report;
}
