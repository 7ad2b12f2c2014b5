// Waypoint exercised through the real VS Code API in a real extension host.
import { strict as assert } from 'node:assert';
import * as vscode from 'vscode';
import { restoreFiles } from './restoreFiles';
import { waitFor } from './wait';
import { chatRequests, startFakeOpenAi, type FakeOpenAi } from '../../support/fakeOpenAi';
import type { WaypointApi } from '../../../src/extension/extension';

const EXTENSION_ID = 'waypoint-bench.waypoint';

function metrics(): Record<string, number> {
  return (globalThis as { waypointE2eMetrics?: Record<string, number> }).waypointE2eMetrics ?? {};
}

export { waitFor } from './wait';

async function openSample(relativePath: string): Promise<vscode.TextDocument> {
  const [folder] = vscode.workspace.workspaceFolders ?? [];
  assert.ok(folder, 'the sample workspace is open');
  const document = await vscode.workspace.openTextDocument(vscode.Uri.joinPath(folder.uri, relativePath));
  await vscode.window.showTextDocument(document);
  return document;
}

function codesOf(uri: vscode.Uri): string[] {
  return vscode.languages
    .getDiagnostics(uri)
    .map((diagnostic) => String(typeof diagnostic.code === 'object' ? diagnostic.code.value : diagnostic.code));
}

/**
 * Runs `body` with a model profile 'local-test' pointing at a scripted OpenAI-compatible server,
 * then removes the profile (and whatever `cleanup` resets) and stops the server, pass or fail.
 */
export async function withLocalModel(
  body: (fake: FakeOpenAi, settings: vscode.WorkspaceConfiguration) => Promise<void>,
  cleanup?: (settings: vscode.WorkspaceConfiguration) => Promise<void>,
  profile: Record<string, unknown> = {},
): Promise<void> {
  const fake = await startFakeOpenAi();
  const settings = vscode.workspace.getConfiguration('waypoint');
  await settings.update(
    'models',
    [{ id: 'local-test', provider: 'openai-compatible', baseUrl: fake.url, model: 'scripted', retries: 0, ...profile }],
    vscode.ConfigurationTarget.Workspace,
  );
  try {
    await body(fake, settings);
  } finally {
    await cleanup?.(settings);
    await settings.update('models', undefined, vscode.ConfigurationTarget.Workspace);
    await fake.close();
  }
}

/** The open answer document showing `answer`, its diagnostics, and the text each code marks. */
async function answerDiagnostics(
  answer: string,
): Promise<{ answerDoc: vscode.TextDocument; marked: vscode.Diagnostic[]; textOf: (code: string) => string[] }> {
  const answerDoc = vscode.workspace.textDocuments.find(
    (document) => document.uri.scheme === 'waypoint-answer' && document.getText() === answer,
  );
  assert.ok(answerDoc, 'the answer is open');
  const marked = await waitFor('the answer diagnostics', () => {
    const found = vscode.languages.getDiagnostics(answerDoc.uri);
    return found.length > 0 ? found : undefined;
  });
  const textOf = (code: string) =>
    marked
      .filter((diagnostic) => String(diagnostic.code) === code)
      .map((diagnostic) => answerDoc.getText(diagnostic.range));
  return { answerDoc, marked, textOf };
}

interface ShownError {
  message: string;
  actions: string[];
}

/**
 * Runs `body` with the error notifications captured instead of shown (the test and the extension
 * share one `vscode` API object), and with every progress notification cancelled after
 * `cancelAfterMs` as a click on its Cancel button would.
 */
/**
 * Runs `body` with error messages recorded instead of shown; with `cancelWhen`, every progress
 * notification's Cancel is pressed as soon as that condition holds (polled, never on a timer).
 */
async function withEditorHooks<T>(body: (shown: ShownError[]) => Promise<T>, cancelWhen?: () => boolean): Promise<T> {
  const window = vscode.window as { showErrorMessage: unknown; withProgress: unknown };
  const { showErrorMessage, withProgress } = vscode.window;
  const shown: ShownError[] = [];
  window.showErrorMessage = async (message: string, ...actions: unknown[]) => {
    shown.push({ message, actions: actions.filter((action): action is string => typeof action === 'string') });
    return undefined;
  };
  if (cancelWhen !== undefined) {
    window.withProgress = <R>(
      options: vscode.ProgressOptions,
      task: (
        progress: vscode.Progress<{ message?: string; increment?: number }>,
        token: vscode.CancellationToken,
      ) => Thenable<R>,
    ) =>
      withProgress(options, (progress, token) => {
        const source = new vscode.CancellationTokenSource();
        token.onCancellationRequested(() => source.cancel());
        const poll = setInterval(() => {
          if (!cancelWhen()) return;
          clearInterval(poll);
          source.cancel();
        }, 50);
        return Promise.resolve(task(progress, source.token)).finally(() => clearInterval(poll));
      });
  }
  try {
    return await body(shown);
  } finally {
    window.showErrorMessage = showErrorMessage;
    window.withProgress = withProgress;
  }
}

/** The text of the Waypoint output channel so far. */
async function outputLog(): Promise<string> {
  const api = vscode.extensions.getExtension<{ logFile: vscode.Uri }>(EXTENSION_ID)?.exports;
  assert.ok(api, 'the extension is active');
  try {
    return new TextDecoder().decode(await vscode.workspace.fs.readFile(api.logFile));
  } catch {
    return '';
  }
}

/** The lighthouse game and its first RF question. */
async function firstLighthouseQuestion(): Promise<{ game: vscode.Uri; sampleId: string }> {
  const [folder] = vscode.workspace.workspaceFolders ?? [];
  const pairs = new TextDecoder().decode(
    await vscode.workspace.fs.readFile(vscode.Uri.joinPath(folder.uri, 'mango/lighthouse/lighthouse.all_pairs.jsonl')),
  );
  return {
    game: vscode.Uri.joinPath(folder.uri, 'mango/lighthouse/lighthouse.edges.json'),
    sampleId: (JSON.parse(pairs.split('\n')[0]) as { id: string }).id,
  };
}

export function defineExtensionTests(): void {
  describe('Waypoint in a real VS Code', () => {
    it('activates, and times its activation (its 150 ms budget is measured by `npm run bench`)', async () => {
      const extension = vscode.extensions.getExtension<WaypointApi>(EXTENSION_ID);
      assert.ok(extension, `${EXTENSION_ID} is installed`);
      const api = await extension.activate();
      metrics().activationMs = api.activationMs;
      metrics().activationLoadingMs = api.activationPhases.codeLoadingMs;
      metrics().activationCallMs = api.activationPhases.activateMs;
      metrics().activationHostWaitMs = api.activationPhases.hostWaitMs;
      // The parts add up, and loading (reading, compiling and evaluating the bundle) is really counted.
      assert.equal(api.activationMs, api.activationPhases.codeLoadingMs + api.activationPhases.activateMs);
      assert.ok(api.activationPhases.codeLoadingMs > 0, 'code loading was timed');
    });

    it('gives .walkthrough files the MANGO walkthrough language', async () => {
      const document = await openSample('mango/lighthouse/lighthouse.walkthrough');
      assert.equal(document.languageId, 'mango-walkthrough');
    });

    it('shows located diagnostics for the broken sample', async () => {
      const document = await openSample('mango/broken/lighthouse-typos.walkthrough');
      const diagnostics = await waitFor('diagnostics', () => {
        const found = vscode.languages.getDiagnostics(document.uri);
        return found.length === 4 ? found : undefined;
      });
      const sequence = diagnostics.find((diagnostic) => String(diagnostic.code) === 'walkthrough/step-sequence');
      assert.ok(sequence);
      assert.equal(sequence.severity, vscode.DiagnosticSeverity.Error);
      assert.equal(sequence.source, 'waypoint');
      assert.deepEqual(
        [sequence.range.start.line, sequence.range.start.character, sequence.range.end.character],
        [38, 13, 14],
      );
    });

    it('outlines and folds every step', async () => {
      const document = await openSample('mango/lighthouse/lighthouse.walkthrough');
      const outline = await vscode.commands.executeCommand<vscode.DocumentSymbol[]>(
        'vscode.executeDocumentSymbolProvider',
        document.uri,
      );
      assert.equal(outline.length, 40);
      assert.equal(outline[2].name, '2 · north → Fish Market');
      const folds = await vscode.commands.executeCommand<vscode.FoldingRange[]>(
        'vscode.executeFoldingRangeProvider',
        document.uri,
      );
      assert.equal(folds.length, 40);
    });

    it('validates every file on disk from the command', async () => {
      const result = await vscode.commands.executeCommand<{ files: number; errors: number }>(
        'waypoint.validateWorkspace',
      );
      assert.equal(result.files, 21);
      assert.equal(result.errors, 7);
    });

    it('re-validates after an undoable edit, and again after undo', async () => {
      const document = await openSample('mango/broken/lighthouse-typos.walkthrough');
      const edit = new vscode.WorkspaceEdit();
      edit.replace(document.uri, new vscode.Range(38, 13, 38, 14), '6');
      const started = Date.now();
      assert.ok(await vscode.workspace.applyEdit(edit));
      await waitFor('the fix to clear two errors', () => codesOf(document.uri).length === 2);
      metrics().editToDiagnosticsMs = Date.now() - started;
      assert.deepEqual(codesOf(document.uri).sort(), ['walkthrough/act-missing', 'walkthrough/separator-malformed']);
      await vscode.commands.executeCommand('undo');
      await waitFor('undo to bring the errors back', () => codesOf(document.uri).length === 4);
      assert.equal(document.getText().split('\n')[38], '==>STEP NUM: 7');
    });

    it('offers quick fixes from the light bulb, applied as undoable edits', async () => {
      const document = await openSample('mango/broken/lighthouse-typos.walkthrough');
      const separator = await waitFor('the separator diagnostic', () =>
        vscode.languages.getDiagnostics(document.uri).find((d) => String(d.code) === 'walkthrough/separator-malformed'),
      );
      const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>(
        'vscode.executeCodeActionProvider',
        document.uri,
        separator.range,
        vscode.CodeActionKind.QuickFix.value,
      );
      const fix = actions.find((action) => action.title === 'Replace with ===========');
      assert.ok(fix?.edit, `actions: ${actions.map((action) => action.title).join(', ')}`);
      assert.ok(await vscode.workspace.applyEdit(fix.edit));
      await waitFor(
        'the separator problem to go',
        () => !codesOf(document.uri).includes('walkthrough/separator-malformed'),
      );
      await vscode.window.showTextDocument(document);
      await vscode.commands.executeCommand('undo');
      await waitFor('undo to bring it back', () => codesOf(document.uri).includes('walkthrough/separator-malformed'));
    });

    it('marks and unmarks a step as a move with undoable edits to the game files', async () => {
      const walkthrough = await openSample('mango/lighthouse/lighthouse.walkthrough');
      const edgesUri = vscode.Uri.joinPath(walkthrough.uri, '..', 'lighthouse.edges.json');
      const edges = await vscode.workspace.openTextDocument(edgesUri);
      const locations = await vscode.workspace.openTextDocument(
        vscode.Uri.joinPath(walkthrough.uri, '..', 'lighthouse.locations.json'),
      );
      const original = edges.getText();
      const originalLocations = locations.getText();
      const onDisk = await Promise.all(
        [edges, locations].map((document) => vscode.workspace.fs.readFile(document.uri)),
      );
      const restore = () =>
        restoreFiles([
          [edges, onDisk[0]],
          [locations, onDisk[1]],
        ]);
      try {
        const stepLine = walkthrough.getText().split('\n').indexOf('==>STEP NUM: 7');
        assert.ok(
          await vscode.commands.executeCommand<boolean>(
            'waypoint.unmarkStepMove',
            walkthrough.uri.toString(),
            stepLine,
          ),
        );
        const unmarked = JSON.parse(edges.getText()) as Array<{
          src_node: string;
          action: string;
          seen_in_forward: number;
        }>;
        assert.equal(
          unmarked.find((edge) => edge.src_node === 'fish market' && edge.action === 'northwest')?.seen_in_forward,
          9999,
        );
        assert.ok(edges.isDirty, 'the edit is in the editor buffer, not silently saved');
        await vscode.window.showTextDocument(edges);
        await vscode.commands.executeCommand('undo');
        assert.equal(edges.getText(), original);

        assert.ok(
          await vscode.commands.executeCommand<boolean>(
            'waypoint.markStepAsMove',
            walkthrough.uri.toString(),
            stepLine + 1,
            { source: 'fish market', action: 'northwest', destination: 'chapel vestry' },
          ),
        );
        assert.ok((JSON.parse(locations.getText()) as string[]).includes('chapel vestry'));
        assert.ok(
          (JSON.parse(edges.getText()) as Array<{ dst_node: string }>).some(
            (edge) => edge.dst_node === 'chapel vestry',
          ),
        );
        await restore();

        // Unmark removes exactly what Mark added (edge, reversal label, new location): the files come back byte for byte.
        const step8 = walkthrough.getText().split('\n').indexOf('==>STEP NUM: 8');
        assert.ok(
          await vscode.commands.executeCommand<boolean>(
            'waypoint.markStepAsMove',
            walkthrough.uri.toString(),
            step8 + 1,
            { source: 'chapel ruins', action: 'southeast', destination: 'crypt' },
          ),
        );
        assert.notEqual(edges.getText(), original);
        assert.ok(
          await vscode.commands.executeCommand<boolean>(
            'waypoint.unmarkStepMove',
            walkthrough.uri.toString(),
            step8 + 1,
          ),
        );
        assert.equal(edges.getText(), original);
        assert.equal(locations.getText(), originalLocations);
      } finally {
        // Whatever failed, later tests get the sample as it was.
        await restore();
      }
    });

    it('generates skeletons with progress, and replaces a changed file only as an undoable edit', async () => {
      const walkthrough = await openSample('mango/lighthouse/lighthouse.walkthrough');
      const target = vscode.Uri.joinPath(walkthrough.uri, '..', 'lighthouse.all_pairs.jsonl');
      const same = await vscode.commands.executeCommand<{ action: string; lines: number }>(
        'waypoint.generateSkeletons',
        walkthrough.uri,
        { task: 'rf', replace: true },
      );
      assert.deepEqual([same.action, same.lines], ['unchanged', 156]);
      const original = new TextDecoder().decode(await vscode.workspace.fs.readFile(target));
      const tampered = original.replace('"num_paths": 1', '"num_paths": 7');
      await vscode.workspace.fs.writeFile(target, new TextEncoder().encode(tampered));
      const replaced = await vscode.commands.executeCommand<{ action: string }>(
        'waypoint.generateSkeletons',
        walkthrough.uri,
        { task: 'rf', replace: true },
      );
      assert.equal(replaced.action, 'replaced');
      const document = await vscode.workspace.openTextDocument(target);
      assert.equal(document.getText(), original);
      await vscode.window.showTextDocument(document);
      await vscode.commands.executeCommand('undo');
      assert.equal(document.getText(), tampered);
      await restoreFiles([[document, new TextEncoder().encode(original)]]);
    });

    it('replaces a skeleton file too large to undo only after its own confirmation, keeping the old file under a new backup name', async () => {
      const walkthrough = await openSample('mango/lighthouse/lighthouse.walkthrough');
      const target = vscode.Uri.joinPath(walkthrough.uri, '..', 'lighthouse.all_pairs.jsonl');
      const backup = (suffix: string) => target.with({ path: `${target.path}${suffix}` });
      const original = new TextDecoder().decode(await vscode.workspace.fs.readFile(target));
      const tampered = original.replace('"num_paths": 1', '"num_paths": 7');
      await vscode.workspace.fs.writeFile(target, new TextEncoder().encode(tampered));
      await vscode.workspace.fs.writeFile(backup('.bak'), new TextEncoder().encode('an older backup\n'));
      // The size limit is lowered so the 156-line sample counts as "too large" (instead of writing 64 MB).
      const asked: string[] = [];
      const options = (answer: boolean) => ({
        task: 'rf',
        replace: true,
        maxEditableBytes: 1000,
        confirmLarge: async (message: string, detail: string) => (asked.push(`${message} ${detail}`), answer),
      });
      try {
        const declined = await vscode.commands.executeCommand<{ action: string }>(
          'waypoint.generateSkeletons',
          walkthrough.uri,
          options(false),
        );
        assert.equal(declined.action, 'declined', '"replace" alone never replaces a large file');
        assert.equal(asked.length, 1);
        assert.match(asked[0], /too large to replace as an undoable edit/);
        assert.match(
          asked[0],
          /kept as mango\/lighthouse\/lighthouse\.all_pairs\.jsonl\.bak\.1 .*To undo, restore that copy/,
        );
        assert.equal(new TextDecoder().decode(await vscode.workspace.fs.readFile(target)), tampered);
        const replaced = await vscode.commands.executeCommand<{ action: string; backup: string; message: string }>(
          'waypoint.generateSkeletons',
          walkthrough.uri,
          options(true),
        );
        assert.equal(replaced.action, 'replaced');
        assert.equal(replaced.backup, backup('.bak.1').fsPath, 'the existing .bak is not overwritten');
        assert.match(replaced.message, /previous file is kept as .*\.bak\.1: to undo, restore it/);
        assert.equal(new TextDecoder().decode(await vscode.workspace.fs.readFile(target)), original);
        assert.equal(new TextDecoder().decode(await vscode.workspace.fs.readFile(backup('.bak.1'))), tampered);
        assert.equal(new TextDecoder().decode(await vscode.workspace.fs.readFile(backup('.bak'))), 'an older backup\n');
      } finally {
        for (const suffix of ['.bak', '.bak.1', '.bak.2'])
          await vscode.workspace.fs.delete(backup(suffix)).then(undefined, () => undefined);
        // Later tests edit it in the editor: the file and its open document as they were.
        await restoreFiles([[await vscode.workspace.openTextDocument(target), new TextEncoder().encode(original)]]);
      }
    });

    it('renames a location across the game files, skeleton ids included', async () => {
      const walkthrough = await openSample('mango/lighthouse/lighthouse.walkthrough');
      const file = (suffix: string) => vscode.Uri.joinPath(walkthrough.uri, '..', `lighthouse${suffix}`);
      // VS Code saves the files a rename touches that were not open (files.refactoring.autoSave),
      // so the test renames a room no later test walks through, and puts the files back.
      const originals = await Promise.all(
        ['.edges.json', '.locations.json', '.all2all.jsonl', '.all_pairs.jsonl'].map(
          async (suffix) => [file(suffix), await vscode.workspace.fs.readFile(file(suffix))] as const,
        ),
      );
      const edges = await vscode.workspace.openTextDocument(file('.edges.json'));
      const position = edges.positionAt(edges.getText().indexOf('"herb garden"') + 2);
      const edit = await vscode.commands.executeCommand<vscode.WorkspaceEdit>(
        'vscode.executeDocumentRenameProvider',
        edges.uri,
        position,
        'Kitchen Garden',
      );
      assert.deepEqual(
        edit
          .entries()
          .map(([uri]) => uri.path.split('/').pop())
          .sort(),
        [
          'lighthouse.all2all.jsonl',
          'lighthouse.all_pairs.jsonl',
          'lighthouse.edges.json',
          'lighthouse.locations.json',
        ],
      );
      const pairsUri = file('.all_pairs.jsonl');
      // The server checks the game again after the edit and publishes the pairs file's diagnostics
      // (an empty list too): wait for that publication instead of a fixed time.
      let rechecked = false;
      const listening = vscode.languages.onDidChangeDiagnostics((event) => {
        if (event.uris.some((uri) => uri.toString() === pairsUri.toString())) rechecked = true;
      });
      try {
        assert.ok(await vscode.workspace.applyEdit(edit));
        await waitFor('the pairs file checked again after the rename', () => rechecked);
      } finally {
        listening.dispose();
      }
      // VS Code saves the renamed files itself: wait until each is saved (not dirty, its text on
      // disk), so that putting the originals back below does not race a save still being written.
      await waitFor('the renamed files saved by VS Code', async () => {
        for (const [uri] of edit.entries()) {
          const document = await vscode.workspace.openTextDocument(uri);
          if (
            document.isDirty ||
            new TextDecoder().decode(await vscode.workspace.fs.readFile(uri)) !== document.getText()
          )
            return false;
        }
        return true;
      });
      const pairs = await vscode.workspace.openTextDocument(pairsUri);
      assert.ok(pairs.getText().includes('"kitchen garden"') && !pairs.getText().includes('"herb garden"'));
      const diagnostics = vscode.languages.getDiagnostics(pairs.uri);
      assert.deepEqual(
        diagnostics.filter((d) => d.severity === vscode.DiagnosticSeverity.Error),
        [],
        'ids were recomputed, so the skeletons still check',
      );
      for (const [uri, bytes] of originals) {
        const document = await vscode.workspace.openTextDocument(uri);
        await vscode.window.showTextDocument(document);
        await vscode.commands.executeCommand('workbench.action.files.revert');
        await vscode.workspace.fs.writeFile(uri, bytes);
      }
      // Later tests read these files: wait until VS Code's documents hold the originals again.
      await waitFor('the sample files back as they were', async () => {
        for (const [uri, bytes] of originals) {
          const document = await vscode.workspace.openTextDocument(uri);
          if (document.isDirty || document.getText() !== new TextDecoder().decode(bytes)) return false;
        }
        return true;
      });
    });

    it('previews and accepts imputed reverse edges from a user reverse pair', async () => {
      const walkthrough = await openSample('mango/lighthouse/lighthouse.walkthrough');
      const settings = vscode.workspace.getConfiguration('waypoint');
      await settings.update('mango.reversePairs', [['enter', 'exit']], vscode.ConfigurationTarget.Workspace);
      try {
        const edgesUri = vscode.Uri.joinPath(walkthrough.uri, '..', 'lighthouse.edges.json');
        const onDisk = await vscode.workspace.fs.readFile(edgesUri);
        const accepted = await vscode.commands.executeCommand<number>('waypoint.previewImputedEdges', edgesUri, true);
        assert.equal(accepted, 1);
        const edges = await vscode.workspace.openTextDocument(edgesUri);
        const added = (
          JSON.parse(edges.getText()) as Array<{
            src_node: string;
            action: string;
            seen_in_forward: number;
            seen_in_reversed: number;
          }>
        ).at(-1);
        assert.deepEqual(added && [added.src_node, added.action, added.seen_in_forward, added.seen_in_reversed], [
          'quay',
          'enter',
          9999,
          15,
        ]);
        // The next tests lay out this game: they must see the file as on disk, not the accepted edge.
        await restoreFiles([[edges, onDisk]]);
      } finally {
        await settings.update('mango.reversePairs', undefined, vscode.ConfigurationTarget.Workspace);
      }
    });

    it('opens the maze view, which lays out the game in its webview', async () => {
      const walkthrough = await openSample('mango/lighthouse/lighthouse.walkthrough');
      const panel = await vscode.commands.executeCommand<{
        lastLayout?: { nodes: number; edges: number; milliseconds: number };
      }>('waypoint.showMaze', walkthrough.uri);
      const layout = await waitFor('the maze layout report', () => panel.lastLayout);
      assert.deepEqual([layout.nodes, layout.edges], [13, 25]);
      metrics().mazeLayoutMs = layout.milliseconds;
    });

    it('checks a model answer against the maze for trajectory stepping', async () => {
      const [folder] = vscode.workspace.workspaceFolders ?? [];
      const answer = vscode.Uri.joinPath(folder.uri, 'mango/answers/result_sample_id_lighthouse_rf_demo.json');
      const trajectory = await vscode.commands.executeCommand<{ title: string; steps: Array<{ verdict: string }> }>(
        'waypoint.showAnswerInMaze',
        answer,
      );
      assert.equal(trajectory.title, 'RF harbour road → lamp room');
      assert.deepEqual(
        trajectory.steps.map((step) => step.verdict),
        ['valid', 'valid', 'valid', 'hallucinated-edge', 'valid'],
      );
    });

    it('runs a question with the built-in oracle and no key: success, recorded, no problems', async () => {
      const [folder] = vscode.workspace.workspaceFolders ?? [];
      const game = vscode.Uri.joinPath(folder.uri, 'mango/lighthouse/lighthouse.edges.json');
      const pairs = new TextDecoder().decode(
        await vscode.workspace.fs.readFile(
          vscode.Uri.joinPath(folder.uri, 'mango/lighthouse/lighthouse.all_pairs.jsonl'),
        ),
      );
      const sampleId = (
        pairs
          .split('\n')
          .map((line) => (line ? (JSON.parse(line) as { id: string; src_node: string; dst_node: string }) : null))
          .find((line) => line?.src_node === 'harbour road' && line.dst_node === 'lamp room') as { id: string }
      ).id;
      const outcome = await vscode.commands.executeCommand<{
        scores: Record<string, number>;
        problems: number;
        runFile: string;
      }>('waypoint.runQuestion', { game, task: 'rf', sampleId, profileId: 'oracle' });
      assert.equal(outcome.scores.success_strict, 1);
      assert.equal(outcome.problems, 0);
      const runs = new TextDecoder().decode(await vscode.workspace.fs.readFile(vscode.Uri.file(outcome.runFile)));
      const record = JSON.parse(runs.trim().split('\n').at(-1) as string) as {
        question: { sampleId: string };
        model: { id: string };
      };
      assert.deepEqual([record.question.sampleId, record.model.id], [sampleId, 'oracle']);
      // The result stays in sight: the run is a row of the Runs view (re-read, then revealed and selected).
      assert.equal(await vscode.commands.executeCommand<boolean>('waypoint.revealRun', record), true);
    });

    it('runs the question of a skeleton line from its "▶ Run" CodeLens', async () => {
      const skeletons = await openSample('mango/lighthouse/lighthouse.all2all.jsonl');
      const lenses = await waitFor('the ▶ Run lenses', async () => {
        const found = await vscode.commands.executeCommand<vscode.CodeLens[]>(
          'vscode.executeCodeLensProvider',
          skeletons.uri,
        );
        return found.length > 0 ? found : undefined;
      });
      const lens = lenses.find((candidate) => candidate.range.start.line === 2);
      assert.ok(lens?.command, 'a lens on the third line');
      assert.match(lens.command.title, /^▶ Run DF /);
      const [options] = lens.command.arguments as [{ game: string; task: string; sampleId: string }];
      const line = JSON.parse(skeletons.lineAt(2).text) as { id: string };
      assert.equal(options.sampleId, line.id);
      // The lens leaves the model to a quick pick; the test names it instead.
      const outcome = await vscode.commands.executeCommand<{ scores: Record<string, number> }>(lens.command.command, {
        ...options,
        profileId: 'oracle',
      });
      assert.equal(outcome.scores.success_strict, 1);
    });

    it('compares two runs of a question side by side, step by step with verdicts', async () => {
      const [folder] = vscode.workspace.workspaceFolders ?? [];
      const game = vscode.Uri.joinPath(folder.uri, 'mango/lighthouse/lighthouse.edges.json');
      const pairs = new TextDecoder().decode(
        await vscode.workspace.fs.readFile(
          vscode.Uri.joinPath(folder.uri, 'mango/lighthouse/lighthouse.all_pairs.jsonl'),
        ),
      );
      const sampleId = (JSON.parse(pairs.split('\n')[3]) as { id: string }).id;
      const records = [];
      for (const profileId of ['oracle', 'random']) {
        const outcome = await vscode.commands.executeCommand<{ runFile: string }>('waypoint.runQuestion', {
          game,
          task: 'rf',
          sampleId,
          profileId,
        });
        const lines = new TextDecoder()
          .decode(await vscode.workspace.fs.readFile(vscode.Uri.file(outcome.runFile)))
          .trim()
          .split('\n');
        records.push(JSON.parse(lines.at(-1) as string) as { model: { id: string } });
      }
      const opened = await vscode.commands.executeCommand<{ left: vscode.Uri; right: vscode.Uri }>(
        'waypoint.compareRuns',
        undefined,
        records.map((record) => ({ record })),
      );
      const [left, right] = await Promise.all(
        [opened.left, opened.right].map((uri) => vscode.workspace.openTextDocument(uri)),
      );
      assert.match(left.lineAt(1).text, /^# oracle · faithful/);
      assert.match(right.lineAt(1).text, /^# random · faithful/);
      assert.match(left.lineAt(3).text, /^ 1\. .+ —.+→ .+ {3}valid$/);
      assert.notEqual(left.getText(), right.getText());
      const diffTab = await waitFor('the diff editor', () =>
        vscode.window.tabGroups.all
          .flatMap((group) => group.tabs)
          .find(
            (tab) =>
              tab.input instanceof vscode.TabInputTextDiff && tab.input.modified.toString() === opened.right.toString(),
          ),
      );
      assert.match(diffTab.label, /oracle ↔ random/);
    });

    it('runs a question against an OpenAI-compatible server and marks the hallucinated step', async () => {
      await withLocalModel(async (fake) => {
        const [folder] = vscode.workspace.workspaceFolders ?? [];
        const game = vscode.Uri.joinPath(folder.uri, 'mango/lighthouse/lighthouse.edges.json');
        const pairs = new TextDecoder().decode(
          await vscode.workspace.fs.readFile(
            vscode.Uri.joinPath(folder.uri, 'mango/lighthouse/lighthouse.all_pairs.jsonl'),
          ),
        );
        const first = JSON.parse(pairs.split('\n')[0]) as { id: string; src_node: string; dst_node: string };
        const sampleId = first.id;
        fake.script.push({
          content: `Sure: [{'location_before': '${first.src_node}', 'action': 'swim', 'location_after': '${first.dst_node}'}]`,
        });
        const outcome = await vscode.commands.executeCommand<{ problems: number; answer: string; runFile: string }>(
          'waypoint.runQuestion',
          { game, task: 'rf', sampleId, profileId: 'local-test' },
        );
        assert.ok(outcome.problems >= 1);
        const sent = chatRequests(fake).at(-1)?.body.messages as Array<{ content: string }>;
        assert.ok(sent.at(-1)?.content.includes(`Can you find a path from "${first.src_node}" to "${first.dst_node}"`));
        const answerDoc = vscode.workspace.textDocuments.find(
          (document) => document.uri.scheme === 'waypoint-answer' && document.getText() === outcome.answer,
        );
        assert.ok(answerDoc);
        const hallucinated = vscode.languages
          .getDiagnostics(answerDoc.uri)
          .find((d) => String(d.code) === 'answer/hallucinated-edge');
        assert.ok(hallucinated, 'a diagnostic on the hallucinated step');
        assert.equal(
          answerDoc.getText(hallucinated.range),
          `{'location_before': '${first.src_node}', 'action': 'swim', 'location_after': '${first.dst_node}'}`,
        );
        const hovers = await vscode.commands.executeCommand<vscode.Hover[]>(
          'vscode.executeHoverProvider',
          answerDoc.uri,
          hallucinated.range.start.translate(0, 2),
        );
        const hoverText = hovers
          .flatMap((hover) => hover.contents.map((content) => (typeof content === 'string' ? content : content.value)))
          .join('\n')
          .replace(/&nbsp;/g, ' ');
        assert.match(hoverText, /Expected:/);
        assert.ok(hoverText.includes(`Moves from '${first.src_node}':`), hoverText);
        // The recorded run steps through the maze view with the hallucinated step marked.
        const runs = new TextDecoder().decode(await vscode.workspace.fs.readFile(vscode.Uri.file(outcome.runFile)));
        const record = JSON.parse(runs.trim().split('\n').at(-1) as string) as { rawAnswer: string };
        assert.equal(record.rawAnswer, outcome.answer);
        const trajectory = await vscode.commands.executeCommand<{ steps: Array<{ verdict: string }> }>(
          'waypoint.showRunInMaze',
          { record },
        );
        assert.deepEqual(
          trajectory.steps.map((step) => step.verdict),
          ['hallucinated-edge'],
        );
      });
    });

    it('scores by the scoring-mode setting: the released evaluator credits a DF answer that ends in the wrong room', async () => {
      await withLocalModel(
        async (fake, settings) => {
          const [folder] = vscode.workspace.workspaceFolders ?? [];
          const game = vscode.Uri.joinPath(folder.uri, 'mango/lighthouse/lighthouse.edges.json');
          const all2all = new TextDecoder().decode(
            await vscode.workspace.fs.readFile(
              vscode.Uri.joinPath(folder.uri, 'mango/lighthouse/lighthouse.all2all.jsonl'),
            ),
          );
          const line = JSON.parse(all2all.split('\n')[0]) as {
            id: string;
            src_node: string;
            path_details: Array<{ prev_node: string; action: string; node: string }>;
          };
          // The right actions, but the last room named wrongly.
          const steps = line.path_details.map((step, index) => ({
            location_before: step.prev_node,
            action: step.action,
            location_after: index === line.path_details.length - 1 ? 'the moon' : step.node,
          }));
          const scores: Record<string, Record<string, number | string>> = {};
          for (const mode of ['faithful', 'reference'] as const) {
            await settings.update('evaluation.scoringMode', mode, vscode.ConfigurationTarget.Workspace);
            fake.script.push({ content: JSON.stringify(steps) });
            const outcome = await vscode.commands.executeCommand<{ scores: Record<string, number | string> }>(
              'waypoint.runQuestion',
              { game, task: 'df', sampleId: line.id, profileId: 'local-test' },
            );
            scores[mode] = outcome.scores;
          }
          assert.deepEqual([scores.faithful.success_strict, scores.faithful.mode], [0, 'faithful']);
          assert.deepEqual(
            [scores.reference.success_strict, scores.reference.success_loose, scores.reference.mode],
            [1, 1, 'reference'],
          );
          assert.match(String(scores.reference.note), /ignores the answer/);
        },
        async (settings) => {
          await settings.update('evaluation.scoringMode', undefined, vscode.ConfigurationTarget.Workspace);
        },
      );
    });

    it('opens a BabyAI level in the grid view, which follows text edits of the level', async () => {
      const level = await openSample('babyai/goto-red-ball.level.json');
      await vscode.commands.executeCommand('waypoint.showBoard', level.uri);
      type Scene = { kind: string; agent?: { x: number; y: number } };
      const sceneNow = async () =>
        (await vscode.commands.executeCommand<{ scene?: Scene }>('waypoint.boardState'))?.scene;
      const state = await waitFor('the level on the board', sceneNow);
      assert.equal(state.kind, 'grid');
      assert.deepEqual([state.agent?.x, state.agent?.y], [2, 2]);
      const line = level
        .getText()
        .split('\n')
        .findIndex((text) => text.includes('"agent"'));
      const edit = new vscode.WorkspaceEdit();
      const start = level.lineAt(line).text.indexOf('[2, 2]');
      edit.replace(level.uri, new vscode.Range(line, start, line, start + 6), '[3, 4]');
      assert.ok(await vscode.workspace.applyEdit(edit));
      await waitFor('the board redrawn after the edit', async () => {
        const scene = await sceneNow();
        return scene?.agent?.x === 3 && scene.agent.y === 4;
      });
      await vscode.commands.executeCommand('undo');
      await waitFor('the board back after undo', async () => (await sceneNow())?.agent?.x === 2);
    });

    it('runs a BabyAI Plan question with the oracle: success 1, recorded, and stepping moves the agent', async () => {
      const [folder] = vscode.workspace.workspaceFolders ?? [];
      const uri = vscode.Uri.joinPath(folder.uri, 'babyai/goto-red-ball.level.json');
      const outcome = await vscode.commands.executeCommand<{
        CR: number;
        llm_efficiency: number;
        problems: number;
        runFile: string;
      }>('waypoint.runBabyaiQuestion', { uri, task: 'plan', profileId: 'oracle' });
      assert.deepEqual([outcome.CR, outcome.llm_efficiency, outcome.problems], [1, 1, 0]);
      const board = await vscode.commands.executeCommand<{
        timeline: { frames: Array<{ scene: { agent: { x: number; y: number; dir: number } } }> };
      }>('waypoint.boardState');
      const poses = board.timeline.frames.map(
        (frame) => `${frame.scene.agent.x},${frame.scene.agent.y},${frame.scene.agent.dir}`,
      );
      assert.ok(new Set(poses).size > 2, `the agent moves: ${poses.join(' ')}`);
      const lines = new TextDecoder()
        .decode(await vscode.workspace.fs.readFile(vscode.Uri.file(outcome.runFile)))
        .trim()
        .split('\n');
      const record = JSON.parse(lines.at(-1) as string) as {
        question: { benchmark: string; task: string };
        messages: Array<{ role: string; content: string }>;
      };
      assert.deepEqual([record.question.benchmark, record.question.task], ['babyai', 'plan']);
      assert.ok(
        record.messages[0].content.startsWith(
          'You are an intelligent agent. You are given the following environment description:\n',
        ),
      );
      // The recorded run reopens on the board, and compares with a run of the random agent.
      assert.equal(await vscode.commands.executeCommand<boolean>('waypoint.showRunInMaze', { record }), true);
      const other = await vscode.commands.executeCommand<{ runFile: string }>('waypoint.runBabyaiQuestion', {
        uri,
        task: 'plan',
        profileId: 'random',
      });
      const randomRecord = JSON.parse(
        new TextDecoder()
          .decode(await vscode.workspace.fs.readFile(vscode.Uri.file(other.runFile)))
          .trim()
          .split('\n')
          .at(-1) as string,
      ) as object;
      const opened = await vscode.commands.executeCommand<{ left: vscode.Uri; right: vscode.Uri }>(
        'waypoint.compareRuns',
        undefined,
        [{ record }, { record: randomRecord }],
      );
      const [left, right] = await Promise.all(
        [opened.left, opened.right].map((doc) => vscode.workspace.openTextDocument(doc)),
      );
      assert.match(left.lineAt(0).text, /^# Plan · goto-red-ball/);
      assert.equal(left.lineAt(3).text, ' 1. left');
      assert.notEqual(left.getText(), right.getText());
    });

    it('runs Predict and Decompose with the oracle on the four-rooms level: both succeed', async () => {
      const [folder] = vscode.workspace.workspaceFolders ?? [];
      const uri = vscode.Uri.joinPath(folder.uri, 'babyai/four-rooms-sequence.level.json');
      const predict = await vscode.commands.executeCommand<{ success: boolean; manhattan_distance: number }>(
        'waypoint.runBabyaiQuestion',
        { uri, task: 'predict', profileId: 'oracle' },
      );
      assert.deepEqual([predict.success, predict.manhattan_distance], [true, 0]);
      const decompose = await vscode.commands.executeCommand<{ CR: number; ACI: number }>(
        'waypoint.runBabyaiQuestion',
        { uri, task: 'decompose', profileId: 'oracle' },
      );
      assert.deepEqual([decompose.CR, decompose.ACI], [1, 1]);
      const board = await vscode.commands.executeCommand<{ timeline: { frames: Array<{ subgoals?: string[] }> } }>(
        'waypoint.boardState',
      );
      assert.ok(
        board.timeline.frames.some((frame) => (frame.subgoals ?? []).length > 0),
        'the subgoal stack is shown while stepping',
      );
    });

    it('runs a BabyAI Plan question against an OpenAI-compatible server and marks the unknown token and the blocked move', async () => {
      await withLocalModel(async (fake) => {
        const [folder] = vscode.workspace.workspaceFolders ?? [];
        const uri = vscode.Uri.joinPath(folder.uri, 'babyai/goto-red-ball.level.json');
        // The agent starts at (2, 2) facing south; the grey box at (2, 5) blocks the third forward.
        fake.script.push({ content: "Walk south.\nThe LLM's action sequence is: forward, fly, forward, forward" });
        const outcome = await vscode.commands.executeCommand<{ CR: number; answer: string }>(
          'waypoint.runBabyaiQuestion',
          { uri, task: 'plan', profileId: 'local-test', mode: 'reference' },
        );
        assert.equal(outcome.CR, 0);
        const sent = chatRequests(fake).at(-1)?.body.messages as Array<{ role: string; content: string }>;
        assert.deepEqual(
          sent.map((message) => message.role),
          ['user'],
        );
        const { answerDoc, marked, textOf } = await answerDiagnostics(outcome.answer);
        assert.deepEqual(textOf('babyai-answer/unknown-action'), ['fly']);
        const noOp = marked.find((diagnostic) => String(diagnostic.code) === 'babyai-answer/no-op');
        assert.ok(noOp, 'the blocked forward is marked');
        assert.equal(answerDoc.getText(noOp.range), 'forward');
        assert.equal(answerDoc.offsetAt(noOp.range.start), outcome.answer.lastIndexOf('forward'));
        assert.equal(textOf('babyai-answer/mission-not-achieved').length, 1);
      });
    });

    it('runs the question of an LLM-BabyBench record from its lens', async () => {
      const records = await openSample('babyai/llm-babybench-sample.jsonl');
      const lenses = await waitFor('the record lenses', async () => {
        const found = await vscode.commands.executeCommand<vscode.CodeLens[]>(
          'vscode.executeCodeLensProvider',
          records.uri,
        );
        return found.length > 0 ? found : undefined;
      });
      assert.deepEqual(
        lenses.map((lens) => lens.command?.title),
        [
          '▶ Run Predict · Waypoint-PutNext-Sample (seed 1)',
          '▶ Run Plan · Waypoint-GoToRedBall-Sample (seed 1)',
          '▶ Run Decompose · Waypoint-FourRooms-Sample (seed 1)',
        ],
      );
      const [options] = lenses[0].command?.arguments as [Record<string, unknown>];
      const outcome = await vscode.commands.executeCommand<{ task: string; success: boolean; expected_state: string }>(
        'waypoint.runBabyaiQuestion',
        { ...options, profileId: 'oracle' },
      );
      assert.deepEqual([outcome.task, outcome.success, outcome.expected_state], ['predict', true, '((2, 4), 1)']);
    });

    it('runs a GRASP question with the built-in oracle (the greedy baseline): scored, recorded, path drawn', async () => {
      const [folder] = vscode.workspace.workspaceFolders ?? [];
      const uri = vscode.Uri.joinPath(folder.uri, 'grasp/inner_cluster_free.jsonl');
      const outcome = await vscode.commands.executeCommand<{ score: number; steps: number; runFile: string }>(
        'waypoint.runGraspQuestion',
        { uri, index: 0, profileId: 'oracle', settings: { moves: 4, carryLimit: 'none', stepCost: 0 } },
      );
      assert.ok(outcome.steps > 0 && outcome.score > 0, JSON.stringify(outcome));
      const board = await vscode.commands.executeCommand<{ timeline: { path: Array<{ mark: string }> } }>(
        'waypoint.boardState',
      );
      assert.ok(board.timeline.path.some((mark) => mark.mark === 'arrow'));
      assert.ok(board.timeline.path.some((mark) => mark.mark === 'star'));
      const lines = new TextDecoder()
        .decode(await vscode.workspace.fs.readFile(vscode.Uri.file(outcome.runFile)))
        .trim()
        .split('\n');
      const record = JSON.parse(lines.at(-1) as string) as {
        question: { benchmark: string; sampleId: string };
        model: { id: string };
        scores: { score: number };
      };
      assert.deepEqual(
        [record.question.benchmark, record.question.sampleId, record.model.id, record.scores.score],
        ['grasp', 'inner_cluster_free.jsonl-0-0-0-0', 'oracle', outcome.score],
      );
    });

    it('runs a GRASP question against an OpenAI-compatible server and marks the junk and the diagonal on the answer', async () => {
      await withLocalModel(async (fake) => {
        const [folder] = vscode.workspace.workspaceFolders ?? [];
        const uri = vscode.Uri.joinPath(folder.uri, 'grasp/inner_cluster_free.jsonl');
        fake.script.push({
          content: 'I will go left first.\n["LEFT", "TAKE ENERGY", "UPLEFT", "TAKE", "RIGHT", "DROP"]',
        });
        const outcome = await vscode.commands.executeCommand<{ answer: string; diagnostics: string[] }>(
          'waypoint.runGraspQuestion',
          { uri, index: 1, profileId: 'local-test', settings: { moves: 4, carryLimit: 2, stepCost: 0.3 } },
        );
        const sent = chatRequests(fake).at(-1)?.body.messages as Array<{ role: string; content: string }>;
        assert.deepEqual(
          sent.map((message) => message.role),
          ['system', 'user'],
        );
        assert.ok(sent[0].content.includes('You can only carry two unit of energy at a time.'));
        const { answerDoc, textOf } = await answerDiagnostics(outcome.answer);
        assert.deepEqual(textOf('grasp-answer/unknown-token'), ['TAKE ENERGY']);
        assert.deepEqual(textOf('grasp-answer/diagonal-not-allowed'), ['UPLEFT']);
        // Closing the answer takes its problems out of the Problems view (they used to pile up).
        const answerTabs = vscode.window.tabGroups.all
          .flatMap((group) => group.tabs)
          .filter(
            (tab) => tab.input instanceof vscode.TabInputText && tab.input.uri.toString() === answerDoc.uri.toString(),
          );
        assert.ok(answerTabs.length > 0, 'the answer is shown in a tab');
        await vscode.window.tabGroups.close(answerTabs);
        await waitFor(
          'the closed answer to leave Problems',
          () => vscode.languages.getDiagnostics(answerDoc.uri).length === 0,
        );
      });
    });

    it('scores a row of a GRASP response file from its lens and steps through it on the board', async () => {
      const grids = await openSample('grasp/inner_cluster_free.jsonl');
      const gridLenses = await waitFor('the grid lenses', async () => {
        const found = await vscode.commands.executeCommand<vscode.CodeLens[]>(
          'vscode.executeCodeLensProvider',
          grids.uri,
        );
        return found.length > 0 ? found : undefined;
      });
      assert.deepEqual(
        gridLenses.map((lens) => lens.command?.title),
        ['▶ Run GRASP #0', '▶ Run GRASP #1', '▶ Run GRASP #2', '▶ Run GRASP #3', '▶ Run GRASP #4'],
      );
      const responses = await openSample('grasp/results/waypoint_sample_output.jsonl');
      const lenses = await waitFor('the response lenses', async () => {
        const found = await vscode.commands.executeCommand<vscode.CodeLens[]>(
          'vscode.executeCodeLensProvider',
          responses.uri,
        );
        return found.length > 0 ? found : undefined;
      });
      const first = lenses.find((lens) => lens.range.start.line === 0);
      assert.ok(first?.command, 'a lens on the first row');
      assert.match(first.command.title, /^▶ Score and step · inner_cluster_free\.jsonl #0/);
      const outcome = await vscode.commands.executeCommand<{
        customId: string;
        score: number;
        extraction_method: string;
      }>(first.command.command, ...(first.command.arguments ?? []));
      assert.equal(outcome.customId, 'inner_cluster_free.jsonl-0-0-0-0');
      assert.equal(outcome.extraction_method, 'bracket-list');
      assert.ok(outcome.score > 0);
      const board = await vscode.commands.executeCommand<{ title: string; frames: number }>('waypoint.boardState');
      assert.match(board.title, /inner_cluster_free\.jsonl-0-0-0-0/);
      assert.equal(board.frames, 21);
    });

    it('scores a response row only against a grid the evidence supports, and names it (issue 12, defect 2)', async () => {
      const [folder] = vscode.workspace.workspaceFolders ?? [];
      assert.ok(folder);
      // Outside upstream's layout: the only inner_leftRight_free.jsonl is the sample's, found by a search.
      const uri = vscode.Uri.joinPath(folder.uri, 'o1-elsewhere', 'gpt_o1_mini_output.jsonl');
      const rows = [
        {
          custom_id: 'inner_leftRight_free.jsonl-0-0-0-0',
          response: 'Back to the starting position (7,5): ["UP", "DROP"]',
        },
        {
          custom_id: 'inner_leftRight_free.jsonl-0-0-0-1',
          response: 'From the starting position (3,6): ["RIGHT", "TAKE", "LEFT", "DROP"]',
        },
        { custom_id: 'inner_leftRight_free.jsonl-0-0-1-0', response: '["RIGHT", "TAKE", "LEFT", "DROP"]' },
      ];
      await vscode.workspace.fs.writeFile(
        uri,
        new TextEncoder().encode(rows.map((row) => JSON.stringify(row)).join('\n')),
      );
      try {
        const score = (line: number) =>
          vscode.commands.executeCommand<{ grid: { path: string; index: number; verdict: string } } | undefined>(
            'waypoint.scoreGraspResponse',
            { uri: uri.toString(), line },
          );
        assert.equal(await score(0), undefined, 'the answer starts at (7,5); the sample grid starts at (3,6)');
        const consistent = await score(1);
        assert.deepEqual(consistent?.grid, {
          path: 'grasp/inner_leftRight_free.jsonl',
          index: 0,
          verdict: 'consistent',
          reason: "the answer's start cell (3,6) is this grid's start (3,6)",
        });
        const { textOf } = await answerDiagnostics(rows[1].response);
        assert.deepEqual(textOf('grasp-answer/grid'), ['']);
        assert.equal(await score(2), undefined, 'no evidence and not in the layout: refused');
      } finally {
        await vscode.workspace.fs.delete(vscode.Uri.joinPath(folder.uri, 'o1-elsewhere'), { recursive: true });
      }
    });

    it('plays Tower of Hanoi with the built-in solver to completion: normalised score 1, log written', async () => {
      const outcome = await vscode.commands.executeCommand<{
        reason: string;
        steps: number;
        normalizedScore: number;
        file: string;
      }>('waypoint.playSmartplay', { game: 'Hanoi3Disk', agent: 'hanoi-solver' });
      assert.deepEqual([outcome.reason, outcome.steps, outcome.normalizedScore], ['done', 7, 1]);
      const log = await vscode.workspace.openTextDocument(vscode.Uri.file(outcome.file));
      await vscode.window.showTextDocument(log);
      await waitFor(
        'the episode log validated clean',
        () => vscode.languages.getDiagnostics(log.uri).length === 0 && log.lineCount >= 9,
      );
    });

    for (const { game, maxSteps, width, height } of [
      { game: 'Crafter', maxSteps: 6, width: 9, height: 7 },
      { game: 'MessengerL1', maxSteps: 4, width: 10, height: 10 },
    ]) {
      it(`plays ${game} with the random player from the palette: drawn on the board as a grid, recorded as a run (issue 19)`, async () => {
        const outcome = await vscode.commands.executeCommand<{ steps: number; file: string; runFile?: string }>(
          'waypoint.playSmartplay',
          { game, agent: 'random', seed: 3, maxSteps },
        );
        assert.ok(outcome.steps >= 1 && outcome.steps <= maxSteps, `${outcome.steps} steps`);
        type Scene = {
          kind: string;
          width?: number;
          height?: number;
          cells?: Array<{ kind: string }>;
          agent?: { x: number; y: number } | null;
          mission?: string;
        };
        const board = await vscode.commands.executeCommand<{
          title: string;
          frames: number;
          timeline: { frames: Array<{ scene: Scene }> };
        }>('waypoint.boardState');
        assert.equal(board.title, `${game} · random`);
        assert.equal(board.frames, outcome.steps + 1);
        // Every frame is the simulator's grid re-played from the log's seed, with the step's text above it.
        for (const { scene } of board.timeline.frames) {
          assert.deepEqual([scene.kind, scene.width, scene.height], ['grid', width, height]);
          assert.ok(scene.mission && scene.mission.length > 0);
        }
        const first = board.timeline.frames[0].scene;
        if (game === 'Crafter') {
          assert.deepEqual([first.agent?.x, first.agent?.y], [4, 3]);
          assert.equal(first.cells?.length, 63, 'the whole 9×7 view around the world centre is terrain');
          assert.ok(first.cells?.every((cell) => cell.kind === 'terrain'));
        } else
          assert.ok(
            first.cells?.some((cell) => cell.kind === 'key'),
            'the message is drawn as a key',
          );
        // Recorded as a run: the episode's record is the last line of the run file.
        assert.ok(outcome.runFile, 'a run file');
        const runs = new TextDecoder().decode(await vscode.workspace.fs.readFile(vscode.Uri.file(outcome.runFile)));
        const record = JSON.parse(runs.trim().split('\n').at(-1) as string) as {
          question: { sampleId: string };
          model: { id: string };
        };
        assert.deepEqual([record.question.sampleId, record.model.id], [`${game}-episode0-seed3`, 'random']);
      });
    }

    it('plays Tower of Hanoi against an OpenAI-compatible model, two questions a step, to completion', async () => {
      await withLocalModel(async (fake) => {
        // The optimal moves for three disks from rod A to rod C, as the model's Q2 answers.
        const moves = [
          'A to the top of rod C',
          'A to the top of rod B',
          'C to the top of rod B',
          'A to the top of rod C',
          'B to the top of rod A',
          'B to the top of rod C',
          'A to the top of rod C',
        ];
        for (const move of moves)
          fake.script.push(
            { content: 'Think: smallest disk moves every other turn.' },
            { content: `Move the top disk of rod ${move}` },
          );
        const outcome = await vscode.commands.executeCommand<{
          reason: string;
          steps: number;
          normalizedScore: number;
          unmatched: number;
          file: string;
        }>('waypoint.playSmartplay', { game: 'Hanoi3Disk', agent: 'local-test' });
        assert.deepEqual(
          [outcome.reason, outcome.steps, outcome.normalizedScore, outcome.unmatched],
          ['done', 7, 1, 0],
        );
        assert.equal(chatRequests(fake).length, 14);
        const lastQuestion = chatRequests(fake).at(-1)?.body.messages as Array<{ role: string; content: string }>;
        assert.equal(
          lastQuestion.at(-1)?.content,
          'Choose the best executable action from the list of all actions. Write the exact chosen action.',
        );
        assert.equal(lastQuestion[0].content, 'You\u2019re a player trying to play the game.');
      });
    });

    it('a model whose body drips times out at timeoutMs, with an error naming the profile and offering Open Settings', async () => {
      await withEditorHooks(async (shown) => {
        await withLocalModel(
          async (fake) => {
            const { game, sampleId } = await firstLighthouseQuestion();
            fake.script.push({ content: 'far too slow', dripMs: 300 });
            // Timed out by the profile's timeoutMs, not ended by the slow body: the error says so.
            const outcome = await vscode.commands.executeCommand('waypoint.runQuestion', {
              game,
              task: 'rf',
              sampleId,
              profileId: 'local-test',
            });
            assert.equal(outcome, undefined);
            const error = await waitFor('the error notification', () => shown[0]);
            assert.match(
              error.message,
              /^Waypoint: model profile 'local-test': scripted at .+ did not answer within 0\.8 s/,
            );
            assert.ok(error.actions.includes('Open Settings'), error.actions.join(', '));
            assert.ok(error.actions.includes('Show Output'), error.actions.join(', '));
            const logged = await waitFor('the error in the output channel', async () =>
              (await outputLog())
                .split('\n')
                .find((line) => line.includes("Model call failed: model profile 'local-test'")),
            );
            assert.match(logged, /\[error\].*did not answer within 0\.8 s.*timeoutMs 800/);
          },
          undefined,
          { timeoutMs: 800 },
        );
      });
    });

    it('a key the server quotes back is shown nowhere: not in the error, not in the SmartPlay episode log', async () => {
      const key = 'e2e-gateway-key-31415926';
      process.env.WAYPOINT_E2E_KEY = key;
      try {
        await withEditorHooks(async (shown) => {
          await withLocalModel(
            async (fake) => {
              const { game, sampleId } = await firstLighthouseQuestion();
              fake.script.push({ status: 500, errorMessage: 'upstream refused {key}' });
              await vscode.commands.executeCommand('waypoint.runQuestion', {
                game,
                task: 'rf',
                sampleId,
                profileId: 'local-test',
              });
              assert.equal(chatRequests(fake).at(-1)?.authorization, `Bearer ${key}`);
              const error = await waitFor('the error notification', () => shown[0]);
              assert.match(error.message, /HTTP 500: upstream refused \[redacted\]/);
              assert.ok(!error.message.includes(key));
              fake.script.push({ content: 'Think first.', sseError: 'bad key {key}' });
              const episode = await vscode.commands.executeCommand<{ reason: string; error: string; file: string }>(
                'waypoint.playSmartplay',
                { game: 'Hanoi3Disk', agent: 'local-test' },
              );
              assert.equal(episode.reason, 'error');
              assert.match(episode.error, /bad key \[redacted\]/);
              const written = new TextDecoder().decode(
                await vscode.workspace.fs.readFile(vscode.Uri.file(episode.file)),
              );
              assert.ok(written.includes('[redacted]') && !written.includes(key), 'the episode log has no key');
              await waitFor(
                'the SmartPlay error notification',
                () => shown.length >= 2 && shown.every((entry) => !entry.message.includes(key)),
              );
              const log = await waitFor('both errors in the output channel', async () => {
                const text = await outputLog();
                return text.includes('upstream refused [redacted]') && text.includes('bad key [redacted]')
                  ? text
                  : undefined;
              });
              assert.ok(!log.includes(key), 'the output channel has no key');
            },
            undefined,
            { apiKeyEnv: 'WAYPOINT_E2E_KEY', stream: true },
          );
        });
      } finally {
        delete process.env.WAYPOINT_E2E_KEY;
      }
    });

    it('Cancel during a Retry-After wait returns without a retry or an error', async () => {
      // Cancel is pressed once the server has answered the first request with its 429, so during
      // the wait it asked for. Had the wait run out instead, the retry would be a second request,
      // answered with a route: an outcome, not undefined.
      let server: FakeOpenAi | undefined;
      await withEditorHooks(
        async (shown) => {
          await withLocalModel(
            async (fake) => {
              server = fake;
              const { game, sampleId } = await firstLighthouseQuestion();
              fake.script.push({ status: 429, headers: { 'retry-after': '20' } }, { content: '[]' });
              const outcome = await vscode.commands.executeCommand('waypoint.runQuestion', {
                game,
                task: 'rf',
                sampleId,
                profileId: 'local-test',
              });
              assert.equal(fake.answered, 1, 'the server answered the first request with its 429');
              assert.equal(outcome, undefined);
              assert.equal(chatRequests(fake).length, 1, 'no retry after Cancel');
              assert.deepEqual(shown, [], 'a cancelled call shows no error');
            },
            undefined,
            { retries: 2, timeoutMs: 60_000 },
          );
        },
        () => (server?.answered ?? 0) >= 1,
      );
    });

    it('opens the walkthrough overview webview', async () => {
      await openSample('mango/lighthouse/lighthouse.walkthrough');
      await vscode.commands.executeCommand('waypoint.showWalkthroughOverview');
      const tab = await waitFor('the overview tab', () =>
        vscode.window.tabGroups.all
          .flatMap((group) => group.tabs)
          .find(
            (candidate) =>
              candidate.input instanceof vscode.TabInputWebview &&
              candidate.input.viewType.endsWith('waypoint.walkthroughOverview'),
          ),
      );
      assert.equal(tab.label, 'Walkthrough Overview');
    });
  });
}
