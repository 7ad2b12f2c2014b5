// Add Model Profile… and Test Connection in a real extension host, against the fake llama-server
// that wants a key. The prompts are answered by replacing VS Code's showInputBox/showQuickPick for
// the test (as the other suites replace showErrorMessage), so every step a person sees runs: its
// title, its validation of what is typed, and what is written to settings and SecretStorage.
import { strict as assert } from 'node:assert';
import * as vscode from 'vscode';
import type { ConnectionReport } from '../../../src/core/eval/connectionTest';
import type { AddProfileOutcome } from '../../../src/extension/eval/profileCommands';
import { startFakeOpenAi, type FakeOpenAi } from '../../support/fakeOpenAi';
import { waitFor } from './extension.e2e';

const KEY = 'sk-e2e-profile-key-2718';
const PROFILE = 'e2e-llama';

interface Shown {
  kind: 'info' | 'error' | 'warning';
  message: string;
  actions: string[];
}

interface Prompts {
  /** The answer to an input box (undefined: Escape). */
  input?: (options: vscode.InputBoxOptions) => Promise<string | undefined> | string | undefined;
  /** The item picked from a quick pick (undefined: Escape). */
  pick?: (
    items: readonly vscode.QuickPickItem[],
    options: vscode.QuickPickOptions | undefined,
  ) => vscode.QuickPickItem | undefined;
  /** The button pressed on a warning (modal or not; undefined: Escape or closed). */
  warn?: (message: string, actions: string[]) => string | undefined;
}

/** Runs `body` with the window's prompts and messages answered and recorded here instead of on screen. */
async function withPrompts<T>(prompts: Prompts, body: (shown: Shown[]) => Promise<T>): Promise<T> {
  const window = vscode.window as unknown as Record<string, unknown>;
  const saved = {
    showInputBox: window.showInputBox,
    showQuickPick: window.showQuickPick,
    showInformationMessage: window.showInformationMessage,
    showErrorMessage: window.showErrorMessage,
    showWarningMessage: window.showWarningMessage,
  };
  const shown: Shown[] = [];
  const record =
    (kind: Shown['kind']) =>
    async (message: string, ...rest: unknown[]) => {
      const actions = rest.filter((action): action is string => typeof action === 'string');
      shown.push({ kind, message, actions });
      return kind === 'warning' ? prompts.warn?.(message, actions) : undefined;
    };
  window.showInformationMessage = record('info');
  window.showErrorMessage = record('error');
  window.showWarningMessage = record('warning');
  window.showInputBox = async (options: vscode.InputBoxOptions) => prompts.input?.(options);
  window.showQuickPick = async (
    items: readonly vscode.QuickPickItem[] | Thenable<readonly vscode.QuickPickItem[]>,
    options?: vscode.QuickPickOptions,
  ) => prompts.pick?.(await items, options);
  try {
    return await body(shown);
  } finally {
    Object.assign(window, saved);
  }
}

/** What an input box's validation says of `text` (null or undefined: accepted). */
async function validation(options: vscode.InputBoxOptions, text: string): Promise<string | null | undefined> {
  const result = await options.validateInput?.(text);
  return typeof result === 'object' && result !== null ? result.message : result;
}

export function defineProfileTests(): void {
  describe('model profiles and keys (Add Model Profile…, Test Connection)', () => {
    let fake: FakeOpenAi;
    before(async () => {
      fake = await startFakeOpenAi();
      fake.apiKey = KEY;
      fake.servedModel = 'qwen2.5-0.5b-instruct-q4_k_m.gguf';
    });
    after(async () => {
      await vscode.workspace
        .getConfiguration('waypoint')
        .update('models', undefined, vscode.ConfigurationTarget.Workspace);
      await vscode.workspace
        .getConfiguration('waypoint')
        .update('models', undefined, vscode.ConfigurationTarget.Global);
      delete process.env.WAYPOINT_E2E_PROFILE_KEY;
      await vscode.commands.executeCommand('waypoint.setApiKey', PROFILE, '');
      await fake.close();
    });

    it('Add Model Profile… asks six steps, checks the URL and prices as typed, and writes the profile but never the key to settings', async () => {
      const titles: string[] = [];
      const rejected: Record<string, string | null | undefined> = {};
      const outcome = await withPrompts(
        {
          async input(options) {
            const title = options.title ?? '';
            titles.push(title);
            if (title.endsWith('base URL')) {
              rejected.endpoint = await validation(options, 'http://127.0.0.1:8080/v1/chat/completions');
              rejected.noScheme = await validation(options, '127.0.0.1:8080');
              rejected.good = await validation(options, `${fake.url}/v1`);
              return `${fake.url}/v1`;
            }
            if (title.endsWith('model')) {
              rejected.emptyModel = await validation(options, '  ');
              return 'default';
            }
            if (title.endsWith('profile id')) {
              rejected.suggested = options.value;
              rejected.builtIn = await validation(options, 'oracle');
              return PROFILE;
            }
            if (title.endsWith('API key')) {
              assert.equal(options.password, true, 'the key is typed masked');
              return KEY;
            }
            if (title.endsWith('prices (optional)')) {
              rejected.onePrice = await validation(options, '0.15');
              rejected.empty = await validation(options, '');
              return '0.15, 0.60';
            }
            throw new Error(`unexpected input box ${title}`);
          },
          pick(items, options) {
            titles.push(options?.title ?? '');
            return items.find((item) => item.label === 'Workspace settings');
          },
        },
        async (shown) => {
          const added = await vscode.commands.executeCommand<AddProfileOutcome>('waypoint.addModelProfile');
          const saved = await waitFor('the saved message', () => shown.find((entry) => entry.kind === 'info'));
          assert.equal(
            saved.message,
            `Waypoint: model profile '${PROFILE}' saved in workspace settings, key in SecretStorage.`,
          );
          assert.deepEqual(saved.actions, ['Test Connection']);
          return added;
        },
      );
      assert.deepEqual(titles, [
        'Add Model Profile (1/6): base URL',
        'Add Model Profile (2/6): model',
        'Add Model Profile (3/6): profile id',
        'Add Model Profile (4/6): API key',
        'Add Model Profile (5/6): prices (optional)',
        `Add Model Profile (6/6): save '${PROFILE}' where?`,
      ]);
      assert.equal(
        rejected.endpoint,
        'That is the chat/completions endpoint, not the API root: use http://127.0.0.1:8080/v1.',
      );
      assert.match(String(rejected.noScheme), /is not a URL/);
      assert.equal(rejected.good, null);
      assert.ok(rejected.emptyModel, 'an empty model name is refused');
      assert.equal(rejected.suggested, 'default', 'the id is proposed from the model name');
      assert.match(String(rejected.builtIn), /built-in agent/);
      assert.match(String(rejected.onePrice), /Two prices/);
      assert.equal(rejected.empty, null, 'prices are optional');

      assert.deepEqual(outcome, {
        id: PROFILE,
        target: 'workspace',
        entry: {
          id: PROFILE,
          provider: 'openai-compatible',
          baseUrl: `${fake.url}/v1`,
          model: 'default',
          costPer1kInput: 0.00015,
          costPer1kOutput: 0.0006,
        },
        replaced: false,
        keyStored: true,
        keyRemoved: false,
        available: true,
      });
      const written = vscode.workspace.getConfiguration('waypoint').inspect<unknown[]>('models')?.workspaceValue;
      assert.deepEqual(written, [outcome.entry]);
      const [folder] = vscode.workspace.workspaceFolders ?? [];
      const settingsText = new TextDecoder().decode(
        await vscode.workspace.fs.readFile(vscode.Uri.joinPath(folder.uri, '.vscode', 'settings.json')),
      );
      assert.ok(settingsText.includes(PROFILE), 'the profile is in the workspace settings file');
      assert.ok(!settingsText.includes(KEY), 'the key is not');
    });

    it('Test Connection picks among the configured profiles, sends the stored key and says OK with the served model', async () => {
      let offered: string[] = [];
      const report = await withPrompts(
        {
          pick(items) {
            offered = items.map((item) => item.label);
            return items.find((item) => item.label === PROFILE);
          },
        },
        async (shown) => {
          const tested = await vscode.commands.executeCommand<ConnectionReport>('waypoint.testConnection');
          const ok = await waitFor('the OK message', () => shown.find((entry) => entry.kind === 'info'));
          assert.equal(
            ok.message,
            `Waypoint: ${PROFILE}: OK in ${tested.latencyMs} ms: 'qwen2.5-0.5b-instruct-q4_k_m.gguf' answered (asked for 'default'). The server does not tell its context length; prompt tokens are estimated with cl100k (the server does not count them).`,
          );
          return tested;
        },
      );
      assert.ok(offered.includes(PROFILE) && !offered.includes('oracle'), `offered ${offered.join(', ')}`);
      assert.equal(report.verdict, 'ok');
      assert.equal(report.keySent, true);
      assert.equal(report.servedModel, 'qwen2.5-0.5b-instruct-q4_k_m.gguf');
      assert.equal(
        fake.requests.filter((request) => request.path === '/v1/chat/completions').at(-1)?.authorization,
        `Bearer ${KEY}`,
      );
    });

    it('without a key, Test Connection and Run Question say that no key is set and offer Set API Key…; a wrong key is "refused"', async () => {
      await vscode.commands.executeCommand('waypoint.setApiKey', PROFILE, '');
      await withPrompts({}, async (shown) => {
        const missing = await vscode.commands.executeCommand<ConnectionReport>('waypoint.testConnection', {
          profileId: PROFILE,
        });
        assert.equal(missing.verdict, 'no-key');
        const error = await waitFor('the no-key message', () => shown.find((entry) => entry.kind === 'error'));
        assert.equal(
          error.message,
          `Waypoint: ${PROFILE}: no API key is set for this profile, and the server at ${fake.url}/v1 needs one (HTTP 401: Invalid API Key). Set it with "Waypoint: Set API Key…".`,
        );
        assert.deepEqual(error.actions, ['Set API Key…', 'Show Output']);

        const [folder] = vscode.workspace.workspaceFolders ?? [];
        const pairs = new TextDecoder().decode(
          await vscode.workspace.fs.readFile(
            vscode.Uri.joinPath(folder.uri, 'mango/lighthouse/lighthouse.all_pairs.jsonl'),
          ),
        );
        const sampleId = (JSON.parse(pairs.split('\n')[0]) as { id: string }).id;
        const game = vscode.Uri.joinPath(folder.uri, 'mango/lighthouse/lighthouse.edges.json');
        const outcome = await vscode.commands.executeCommand('waypoint.runQuestion', {
          game,
          task: 'rf',
          sampleId,
          profileId: PROFILE,
        });
        assert.equal(outcome, undefined);
        const runError = await waitFor(
          'the Run Question error',
          () => shown.filter((entry) => entry.kind === 'error')[1],
        );
        assert.equal(
          runError.message,
          `Waypoint: model profile '${PROFILE}': no API key is set for this profile, and default at ${fake.url}/v1 needs one (HTTP 401). Set it with "Waypoint: Set API Key…".`,
        );
        assert.ok(runError.actions.includes('Set API Key…'), runError.actions.join(', '));
        assert.doesNotMatch(runError.message, /refused/);

        await vscode.commands.executeCommand('waypoint.setApiKey', PROFILE, 'sk-e2e-wrong-key-0000');
        const wrong = await vscode.commands.executeCommand<ConnectionReport>('waypoint.testConnection', {
          profileId: PROFILE,
        });
        assert.equal(wrong.verdict, 'key-refused');
        assert.match(
          wrong.message,
          /refused the API key \(HTTP 401: Invalid API Key\)\. Set it with "Waypoint: Set API Key…"\.$/,
        );
        assert.ok(!wrong.message.includes('sk-e2e-wrong-key-0000'));
      });
    });

    it('Test Connection says the model is loading while the server answers 503 "Loading model"', async () => {
      await vscode.commands.executeCommand('waypoint.setApiKey', PROFILE, KEY);
      fake.loading = true;
      try {
        await withPrompts({}, async (shown) => {
          const report = await vscode.commands.executeCommand<ConnectionReport>('waypoint.testConnection', {
            profileId: PROFILE,
          });
          assert.equal(report.verdict, 'loading');
          const error = await waitFor('the loading message', () => shown.find((entry) => entry.kind === 'error'));
          assert.match(
            error.message,
            /^Waypoint: e2e-llama: the server is up but not ready \(HTTP 503: Loading model\)/,
          );
        });
      } finally {
        fake.loading = false;
      }
    });

    it('a key typed for a profile that named a key variable replaces the variable: Test Connection sends the typed key', async () => {
      const workspace = vscode.ConfigurationTarget.Workspace;
      // The variable holds a wrong key: were it still named, it would win over the stored one and be refused.
      process.env.WAYPOINT_E2E_PROFILE_KEY = 'sk-e2e-variable-key-0000';
      await vscode.workspace.getConfiguration('waypoint').update(
        'models',
        [
          {
            id: PROFILE,
            provider: 'openai-compatible',
            baseUrl: `${fake.url}/v1`,
            model: 'default',
            apiKeyEnv: 'WAYPOINT_E2E_PROFILE_KEY',
            timeoutMs: 30_000,
          },
        ],
        workspace,
      );
      await withPrompts({}, async (shown) => {
        const outcome = await vscode.commands.executeCommand<AddProfileOutcome>('waypoint.addModelProfile', {
          baseUrl: `${fake.url}/v1`,
          model: 'default',
          id: PROFILE,
          apiKey: KEY,
          pricePer1M: null,
          target: 'workspace',
        });
        assert.deepEqual(
          outcome.entry,
          {
            id: PROFILE,
            provider: 'openai-compatible',
            baseUrl: `${fake.url}/v1`,
            model: 'default',
            timeoutMs: 30_000,
          },
          'the variable is gone, the rest kept',
        );
        const saved = await waitFor('the saved message', () => shown.find((entry) => entry.kind === 'info'));
        assert.equal(
          saved.message,
          `Waypoint: model profile '${PROFILE}' replaced in workspace settings, key in SecretStorage (instead of the variable WAYPOINT_E2E_PROFILE_KEY, no longer named in the profile).`,
        );
        const report = await vscode.commands.executeCommand<ConnectionReport>('waypoint.testConnection', {
          profileId: PROFILE,
        });
        assert.equal(report.verdict, 'ok', report.message);
        assert.equal(
          fake.requests.filter((request) => request.path === '/v1/chat/completions').at(-1)?.authorization,
          `Bearer ${KEY}`,
        );
      });
    });

    it('moving a profile with a stored key to another server asks first: Escape saves nothing, Remove the Key drops it', async () => {
      const port = new URL(fake.url).port;
      const elsewhere = `http://localhost:${port}/v1`;
      const modelsNow = () =>
        vscode.workspace.getConfiguration('waypoint').inspect<unknown[]>('models')?.workspaceValue;
      const before = modelsNow();
      let answer: string | undefined;
      await withPrompts({ warn: () => answer }, async (shown) => {
        const move = () =>
          vscode.commands.executeCommand<AddProfileOutcome | undefined>('waypoint.addModelProfile', {
            baseUrl: elsewhere,
            model: 'default',
            id: PROFILE,
            apiKey: '',
            pricePer1M: null,
            target: 'workspace',
          });
        assert.equal(await move(), undefined, 'Escape on the question cancels');
        assert.deepEqual(shown, [
          {
            kind: 'warning',
            message: `The API key stored for '${PROFILE}' was used with http://127.0.0.1:${port}. Send it to http://localhost:${port} from now on?`,
            actions: ['Keep the Key', 'Remove the Key'],
          },
        ]);
        assert.deepEqual(modelsNow(), before, 'nothing was saved');

        answer = 'Remove the Key';
        const moved = await move();
        assert.equal(moved?.keyRemoved, true);
        assert.equal(moved?.entry.baseUrl, elsewhere);
        const saved = await waitFor('the saved message', () => shown.find((entry) => entry.kind === 'info'));
        assert.equal(
          saved.message,
          `Waypoint: model profile '${PROFILE}' replaced in workspace settings, stored key removed (it was not for http://localhost:${port}).`,
        );

        // Back on the fake server: no key is stored any more, so nothing to ask, and the server says so.
        shown.length = 0;
        const back = await vscode.commands.executeCommand<AddProfileOutcome>('waypoint.addModelProfile', {
          baseUrl: `${fake.url}/v1`,
          model: 'default',
          id: PROFILE,
          apiKey: '',
          pricePer1M: null,
          target: 'workspace',
        });
        assert.equal(back.keyRemoved, false);
        assert.ok(!shown.some((entry) => entry.kind === 'warning'), 'no question without a stored key');
        const report = await vscode.commands.executeCommand<ConnectionReport>('waypoint.testConnection', {
          profileId: PROFILE,
        });
        assert.equal(report.verdict, 'no-key', report.message);

        // The same server again with a stored key: kept without a question.
        await vscode.commands.executeCommand('waypoint.setApiKey', PROFILE, KEY);
        shown.length = 0;
        await vscode.commands.executeCommand<AddProfileOutcome>('waypoint.addModelProfile', {
          baseUrl: `${fake.url}/v1`,
          model: 'default',
          id: PROFILE,
          apiKey: '',
          pricePer1M: null,
          target: 'workspace',
        });
        const kept = await waitFor('the saved message', () => shown.find((entry) => entry.kind === 'info'));
        assert.equal(
          kept.message,
          `Waypoint: model profile '${PROFILE}' replaced in workspace settings, stored key kept.`,
        );
        assert.ok(!shown.some((entry) => entry.kind === 'warning'), 'no question for the same server');
      });
    });

    it("with the workspace's own waypoint.models, Workspace is offered first, the id warning names the settings holding it, and a profile saved to User is reported hidden, with Save in Workspace Settings", async () => {
      const other = 'e2e-user-only';
      let idWarning: string | null | undefined;
      let offered: string[] = [];
      await withPrompts(
        {
          async input(options) {
            if (!(options.title ?? '').endsWith('profile id')) throw new Error(`unexpected input box ${options.title}`);
            idWarning = await validation(options, PROFILE);
            return other;
          },
          pick(items) {
            offered = items.map((item) => item.label);
            return items.find((item) => item.label === 'User settings');
          },
          warn: () => 'Save in Workspace Settings',
        },
        async (shown) => {
          const outcome = await vscode.commands.executeCommand<AddProfileOutcome>('waypoint.addModelProfile', {
            baseUrl: `${fake.url}/v1`,
            model: 'default',
            apiKey: '',
            pricePer1M: null,
          });
          assert.equal(
            idWarning,
            `A profile '${PROFILE}' is in workspace settings: saving it there replaces it (its other settings kept).`,
          );
          assert.deepEqual(offered, ['Workspace settings', 'User settings']);
          assert.equal(outcome.target, 'user');
          assert.equal(outcome.available, false);
          const ids = (scope: 'globalValue' | 'workspaceValue') =>
            (
              (vscode.workspace.getConfiguration('waypoint').inspect<unknown[]>('models')?.[scope] ?? []) as Array<{
                id: string;
              }>
            ).map((entry) => entry.id);
          assert.deepEqual(ids('globalValue'), [other], 'saved where asked');
          const warning = await waitFor('the hidden-profile warning', () =>
            shown.find((entry) => entry.kind === 'warning'),
          );
          assert.equal(
            warning.message,
            `Waypoint: model profile '${other}' saved in user settings, no key, but this folder's workspace settings have their own waypoint.models, which replaces the user list here: '${other}' is not available in this folder.`,
          );
          assert.deepEqual(warning.actions, ['Save in Workspace Settings']);
          assert.ok(
            !shown.some((entry) => entry.kind === 'info'),
            'no "saved" toast for a profile this window cannot use',
          );
          // The offer taken: the profile is in the workspace list too, and usable here.
          await waitFor('the profile in workspace settings', () => ids('workspaceValue').includes(other));
          const usable = await waitFor('the saved message of the workspace copy', () =>
            shown.find((entry) => entry.kind === 'info'),
          );
          assert.equal(usable.message, `Waypoint: model profile '${other}' saved in workspace settings, no key.`);
          assert.deepEqual(ids('workspaceValue'), [PROFILE, other], 'the workspace profile is kept beside it');
        },
      );
    });
  });
}
