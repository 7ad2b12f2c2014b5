// Interactive episodes in the editor (issue 17) through the real VS Code API: "Waypoint: Play
// Episode…" on the sample MANGO game, played by a person (commands typed into the Play panel
// through the test-only waypoint.playType, the same handler the webview's Enter reaches) and by the
// oracle; each episode's run record is written to the workspace's run files, and the maze beside
// the panel shows the route walked so far.
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import * as vscode from 'vscode';
import type { EpisodeAnswer } from '../../../src/core/eval/episodeQuestions';
import type { RunRecord } from '../../../src/core/eval/types';
import type { Trajectory } from '../../../src/core/maze/mazeView';
import type { PlayState } from '../../../src/extension/play/playPanel';
import { waitFor, withLocalModel } from './extension.e2e';
import { chatRequests } from '../../support/fakeOpenAi';
import { restoreFiles } from './restoreFiles';

const playState = () => vscode.commands.executeCommand<PlayState | undefined>('waypoint.playState');

/** The record the panel wrote: the last line of its run file, which must equal the one it holds. */
function writtenRecord(state: PlayState): RunRecord {
  assert.ok(state.runFile, 'the episode was recorded');
  const lines = readFileSync(state.runFile, 'utf8').trim().split('\n');
  const record = JSON.parse(lines[lines.length - 1]) as RunRecord;
  assert.deepEqual(record.question, state.record?.question);
  return record;
}

/** The maze's trajectory once it shows `moves` steps of the route. */
async function mazeRoute(moves: number): Promise<Trajectory> {
  return waitFor(`the maze to show ${moves} moves`, async () => {
    const map = (await playState())?.map as Trajectory | null | undefined;
    return map && map.steps.length === moves ? map : undefined;
  });
}

function webviewTab(viewType: string): vscode.Tab | undefined {
  return vscode.window.tabGroups.all
    .flatMap((group) => group.tabs)
    .find((tab) => tab.input instanceof vscode.TabInputWebview && tab.input.viewType.endsWith(viewType));
}

export function definePlayTests(): void {
  describe('Play Episode', () => {
    const game = () => {
      const [folder] = vscode.workspace.workspaceFolders ?? [];
      assert.ok(folder, 'the sample workspace is open');
      return vscode.Uri.joinPath(folder.uri, 'mango', 'lighthouse');
    };

    it('before the first move the maze beside the panel stands at the start, with no parse error', async function () {
      this.timeout(60_000);
      await vscode.commands.executeCommand('waypoint.playEpisode', {
        source: game(),
        from: 'harbour road',
        to: 'lamp room',
        player: 'human',
      });
      const state = await waitFor('the panel to wait for the first command, the maze drawn', async () => {
        const current = await playState();
        return current?.waitingForHuman && current.steps.length === 0 && current.map ? current : undefined;
      });
      const map = state.map as Trajectory;
      assert.deepEqual(
        { steps: map.steps.length, error: map.error, start: map.start },
        { steps: 0, error: null, start: 'harbour road' },
      );
      // The next test's episode replaces this one; stopped before any move, it is not recorded.
    });

    it('lists the SmartPlay games: Hanoi3Disk chosen in Play Episode is played by the solver on the board', async function () {
      this.timeout(60_000);
      const outcome = await vscode.commands.executeCommand<{
        game: string;
        agent: string;
        reason: string;
        steps: number;
        normalizedScore: number;
      }>('waypoint.playEpisode', { smartplay: 'Hanoi3Disk', player: 'hanoi-solver' });
      assert.deepEqual(
        [outcome?.game, outcome?.agent, outcome?.reason, outcome?.steps, outcome?.normalizedScore],
        ['Hanoi3Disk', 'hanoi-solver', 'done', 7, 1],
      );
      const board = await waitFor('the board to show the episode', async () => {
        const current = await vscode.commands.executeCommand<{ frames: number; title: string } | undefined>(
          'waypoint.boardState',
        );
        return current?.title.includes('Hanoi3Disk') ? current : undefined;
      });
      assert.equal(board.frames, 8, 'the reset and seven moves');
    });

    it('a person types the commands of lighthouse to the goal: refused moves marked, the record written, the maze following', async function () {
      await vscode.commands.executeCommand('waypoint.playEpisode', {
        source: game(),
        from: 'Harbour Road',
        to: 'lamp room',
        player: 'human',
      });
      for (const command of ['east', 'dance', 'enter boat', 'row to island', 'north', 'north', 'up']) {
        await waitFor(`the panel to wait for "${command}"`, async () => (await playState())?.waitingForHuman);
        await vscode.commands.executeCommand('waypoint.playType', command);
      }
      const state = await waitFor('the episode to end', async () => {
        const current = await playState();
        return current?.end ? current : undefined;
      });
      assert.equal(state.end, 'success');
      assert.deepEqual(
        state.steps.map((step) => [step.command, step.valid, step.location]),
        [
          ['east', true, 'quay'],
          ['dance', false, 'quay'],
          ['enter boat', true, 'rowing boat'],
          ['row to island', true, 'island landing'],
          ['north', true, 'cliff path'],
          ['north', true, 'lighthouse base'],
          ['up', true, 'lamp room'],
        ],
      );
      assert.equal(state.steps[1].observation, "You can't go that way.");
      const record = writtenRecord(state);
      assert.equal(record.model.provider, 'human');
      assert.equal(record.question.sampleId, 'play-harbour road->lamp room');
      assert.equal(record.mode, 'faithful');
      assert.deepEqual(record.scores, {
        reached: 1,
        success_strict: 1,
        success_loose: 1,
        moves: 7,
        shortest: 6,
        optimal: 0,
        invalid_moves: 1,
        parse_error: false,
      });
      assert.equal((record.parsedAnswer as EpisodeAnswer).end, 'success');
      // The maze shows the six moves the maze has (the refused one is no edge), all on real edges.
      const route = await mazeRoute(6);
      assert.deepEqual(
        route.steps.map((step) => step.to),
        ['quay', 'rowing boat', 'island landing', 'cliff path', 'lighthouse base', 'lamp room'],
      );
      assert.ok(
        route.steps.every((step) => step.verdict === 'valid'),
        JSON.stringify(route.steps.map((step) => step.verdict)),
      );
      // Play panel and maze side by side: two groups, not the maze behind the panel.
      // The panels settle asynchronously (the map is placed beside the panel after the first turns).
      const tabsNow = () =>
        JSON.stringify(
          vscode.window.tabGroups.all.map((group) =>
            group.tabs.map((tab) => (tab.input instanceof vscode.TabInputWebview ? tab.input.viewType : tab.label)),
          ),
        );
      const [play, maze] = await waitFor(`the Play panel and the maze both open (tabs now: ${tabsNow()})`, () => {
        const found = [webviewTab('waypoint.play'), webviewTab('waypoint.maze')] as const;
        return found[0] && found[1] ? ([found[0], found[1]] as const) : undefined;
      });
      assert.notEqual(play.group.viewColumn, maze.group.viewColumn);
      // Replayed from the record (the Runs view's Show in Maze, the results view's replay): the route it walked.
      const replayed = await vscode.commands.executeCommand<Trajectory | null>('waypoint.showRunInMaze', { record });
      assert.deepEqual(
        replayed?.steps.map((step) => step.to),
        route.steps.map((step) => step.to),
      );
    });

    it('the oracle plays the same episode in the shortest number of moves, recorded and drawn', async function () {
      await vscode.commands.executeCommand('waypoint.playEpisode', {
        source: game(),
        from: 'harbour road',
        to: 'lamp room',
        player: 'oracle',
      });
      const state = await waitFor('the oracle to finish', async () => {
        const current = await playState();
        return current?.player === 'oracle' && current.end ? current : undefined;
      });
      assert.equal(state.end, 'success');
      assert.deepEqual(
        state.steps.map((step) => step.command),
        ['east', 'enter boat', 'row to island', 'north', 'north', 'up'],
      );
      const record = writtenRecord(state);
      assert.equal(record.model.id, 'oracle');
      assert.equal(record.scores.optimal, 1);
      assert.equal(record.scores.moves, 6);
      const route = await mazeRoute(6);
      assert.equal(route.steps[5].to, 'lamp room');
    });

    it('plays the game as the editor has it: an unsaved edit to edges.json is in the maze it plays', async function () {
      const edgesUri = vscode.Uri.joinPath(game(), 'lighthouse.edges.json');
      const document = await vscode.workspace.openTextDocument(edgesUri);
      const saved = document.getText();
      await vscode.window.showTextDocument(document);
      // A room only the unsaved text has: Play Episode read the file from disk before, so it was not a room of the maze.
      const record = {
        src_node: 'harbour road',
        dst_node: 'chapel',
        action: 'west',
        seen_in_forward: 1,
        seen_in_reversed: 9999,
        edge_min_step: 1,
        seen_in_forward_answerable: 1,
        seen_in_reversed_answerable: 9999,
        edge_min_step_answerable: 1,
      };
      const edit = new vscode.WorkspaceEdit();
      edit.insert(edgesUri, new vscode.Position(1, 0), `    ${JSON.stringify(record)},\n`);
      assert.ok(await vscode.workspace.applyEdit(edit));
      assert.ok(document.isDirty);
      try {
        await vscode.commands.executeCommand('waypoint.playEpisode', {
          source: edgesUri,
          from: 'harbour road',
          to: 'chapel',
          player: 'oracle',
        });
        const state = await waitFor('the oracle to reach the chapel', async () => {
          const current = await playState();
          return current?.player === 'oracle' && current.end && current.title.includes('chapel') ? current : undefined;
        });
        assert.equal(state.end, 'success');
        assert.deepEqual(
          state.steps.map((step) => step.command),
          ['west'],
        );
      } finally {
        await restoreFiles([[edgesUri, new TextEncoder().encode(saved)]]);
      }
      assert.equal((await vscode.workspace.openTextDocument(edgesUri)).getText(), saved, 'the sample is back as saved');
    });

    it('a scripted local model plays a BabyAI level and a GRASP grid from Play Episode: the turns it sends are played and recorded', async function () {
      const [folder] = vscode.workspace.workspaceFolders ?? [];
      assert.ok(folder, 'the sample workspace is open');
      const cases = [
        { source: vscode.Uri.joinPath(folder.uri, 'babyai', 'four-rooms-sequence.level.json'), options: {} },
        {
          source: vscode.Uri.joinPath(folder.uri, 'grasp', 'inner_cluster_free.jsonl'),
          options: { index: 1, setting: '4-none-0.3' },
        },
      ];
      for (const { source, options } of cases) {
        // The oracle's commands first, from the same panel, then a model that answers with them, chattily.
        await vscode.commands.executeCommand('waypoint.playEpisode', { source, ...options, player: 'oracle' });
        const oracle = await waitFor(`the oracle on ${source.path}`, async () => {
          const current = await playState();
          return current?.player === 'oracle' && current.end ? current : undefined;
        });
        const commands = oracle.steps.map((step) => step.command);
        assert.ok(commands.length > 0);
        await withLocalModel(async (fake) => {
          fake.script.push(...commands.map((command) => ({ content: `> ${command}.` })));
          await vscode.commands.executeCommand('waypoint.playEpisode', { source, ...options, player: 'local-test' });
          const played = await waitFor(`the model on ${source.path}`, async () => {
            const current = await playState();
            return current?.player === 'local-test' && current.end ? current : undefined;
          });
          assert.deepEqual(
            played.steps.map((step) => step.command),
            commands,
          );
          assert.equal(played.end, oracle.end);
          assert.equal(played.reached, oracle.reached);
          assert.equal(chatRequests(fake).length, commands.length, 'one request a turn');
          const record = writtenRecord(played);
          assert.equal(record.model.id, 'local-test');
          assert.equal(record.question.benchmark, oracle.benchmark);
        });
      }
    });
  });
}
