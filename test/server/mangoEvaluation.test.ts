// One MANGO evaluation pipeline: the editor's Run Question (the server's scoreAnswer) and the CLI's
// `mango score` score through core/benchmarks/mango/scoring/evaluation.ts and must agree on every answer; and an
// answer stepped through in the maze is checked on the graph scoring uses (the evaluator's, five
// default reverse pairs), even when the user's reverse pairs draw more edges in the view.
import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { MangoQuestion } from '../../src/core/benchmarks/mango/questionSchema';
import {
  AnswerTrajectoryRequest,
  ListQuestionsRequest,
  MazeGraphRequest,
  ScoreAnswerRequest,
} from '../../src/protocol/lsp';
import { TestLspClient } from '../support/lspClient';
import { distDir, repoRoot, samplesDir, sharedDataDir, sharedDataMissingReason } from '../support/paths';

const COMPARED = {
  faithful: ['parse_error', 'success_strict', 'success_loose', 'reasoning'],
  reference: ['parse_error', 'step_error', 'success_strict', 'success_loose', 'reasoning'],
} as const;

type AnswerRecord = Record<string, unknown> & {
  sample_id: string;
  task: 'desti_finding' | 'route_finding';
  response: string;
  model_cutoff_num: number;
};

function cliScores(
  gameDir: string,
  answers: string,
  mode: 'faithful' | 'reference',
): Map<string, Record<string, unknown>> {
  const result = spawnSync(
    process.execPath,
    [join(distDir, 'cli.js'), 'mango', 'score', gameDir, '--answers', answers, '--mode', mode, '--json'],
    { cwd: repoRoot, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  );
  assert.equal(result.status, 0, result.stderr);
  const report = JSON.parse(result.stdout) as {
    results: Array<Record<string, unknown> & { sample_id: string; id_error: boolean }>;
  };
  assert.ok(
    report.results.every((entry) => !entry.id_error),
    'every answer names a question of the game',
  );
  return new Map(report.results.map((entry) => [entry.sample_id, entry]));
}

/** Scores every record through the server as Run Question does (question from the skeleton picker) and compares with the CLI, in both modes. */
async function assertAgreement(
  client: TestLspClient,
  workspaceGame: string,
  answers: string,
  records: readonly AnswerRecord[],
): Promise<number> {
  const uri = pathToFileURL(
    join(workspaceGame, `${workspaceGame.slice(workspaceGame.lastIndexOf('/') + 1)}.edges.json`),
  ).toString();
  const questions = new Map<string, MangoQuestion>();
  for (const cutoff of new Set(records.map((record) => record.model_cutoff_num))) {
    for (const task of ['df', 'rf'] as const) {
      const list = await client.request(ListQuestionsRequest, { uri, task, cutoff, limit: Number.MAX_SAFE_INTEGER });
      assert.ok(list);
      for (const summary of list.questions)
        questions.set(`${cutoff}/${summary.sampleId}`, { benchmark: 'mango', game: list.game, ...summary, cutoff });
    }
  }
  let compared = 0;
  for (const mode of ['faithful', 'reference'] as const) {
    const cli = cliScores(workspaceGame, answers, mode);
    for (const record of records) {
      const question = questions.get(`${record.model_cutoff_num}/${record.sample_id}`);
      assert.ok(question, `${record.sample_id} is a question of the game`);
      const server = await client.request(ScoreAnswerRequest, { uri, question, response: record.response, mode });
      assert.ok(server);
      const fromCli = cli.get(record.sample_id);
      assert.ok(fromCli, `the CLI scored ${record.sample_id}`);
      for (const key of COMPARED[mode])
        assert.equal(
          server.scores[key],
          fromCli[key],
          `${mode} ${key} of ${record.sample_id}: server ${String(server.scores[key])}, CLI ${String(fromCli[key])}`,
        );
      compared++;
    }
  }
  return compared;
}

/** An answer path as a Python literal, as models write it (double quotes where a name has an apostrophe, as repr does). */
function pythonAnswer(steps: ReadonlyArray<{ prev_node: string; action: string; node: string }>): string {
  const text = (value: string) => (value.includes("'") ? JSON.stringify(value) : `'${value}'`);
  return `[${steps.map((step) => `{'location_before': ${text(step.prev_node)}, 'action': ${text(step.action)}, 'location_after': ${text(step.node)}}`).join(', ')}]`;
}

describe('language server: one MANGO evaluation pipeline', () => {
  let client: TestLspClient;
  let workspace: string;

  before(async () => {
    workspace = mkdtempSync(join(tmpdir(), 'waypoint-mango-eval-'));
    cpSync(join(samplesDir, 'mango/lighthouse'), join(workspace, 'lighthouse'), { recursive: true });
    const examples905 = join(sharedDataDir, 'mango', '905');
    if (existsSync(examples905)) cpSync(examples905, join(workspace, '905'), { recursive: true });
    client = new TestLspClient();
    await client.initialize(workspace);
  });
  after(() => client.dispose());

  it('scores answers to the sample game as the CLI does, in both modes', async () => {
    const game = join(workspace, 'lighthouse');
    type Line = {
      id: string;
      src_node: string;
      dst_node: string;
      path_details?: Array<{ prev_node: string; action: string; node: string }>;
      min_step_total_answerable: number;
      diff_shortest?: number;
    };
    const read = (name: string) =>
      readFileSync(join(game, name), 'utf8')
        .split('\n')
        .filter((line) => line.trim() !== '')
        .map((line) => JSON.parse(line) as Line);
    const df = read('lighthouse.all2all.jsonl');
    const rf = read('lighthouse.all_pairs.jsonl');
    const locations = JSON.parse(readFileSync(join(game, 'lighthouse.locations.json'), 'utf8')) as string[];
    // Right answers, answers ending in the wrong room, and unparseable ones, over both tasks.
    const answerOf = (path: NonNullable<Line['path_details']>, index: number) => {
      if (index % 7 === 3 || path.length === 0) return 'I would walk north, then up.';
      if (index % 3 === 1)
        return pythonAnswer([
          ...path.slice(0, -1),
          { ...path[path.length - 1], node: locations[index % locations.length] },
        ]);
      return pythonAnswer(path);
    };
    const records: AnswerRecord[] = [
      ...df
        .filter((_, index) => index % 5 === 0)
        .map(
          (line, index): AnswerRecord => ({
            sample_id: line.id,
            game_name: 'lighthouse',
            task: 'desti_finding',
            src_node: line.src_node,
            dst_node: line.dst_node,
            action_list: line.path_details?.map((step) => step.action),
            model_cutoff_num: 70,
            min_step_total_answerable: line.min_step_total_answerable,
            answerable: line.min_step_total_answerable <= 70,
            response: answerOf(line.path_details ?? [], index),
          }),
        ),
      ...rf
        .filter((_, index) => index % 4 === 0)
        .map((line, index): AnswerRecord => {
          const path =
            df.find((candidate) => candidate.src_node === line.src_node && candidate.dst_node === line.dst_node)
              ?.path_details ?? [];
          return {
            sample_id: line.id,
            game_name: 'lighthouse',
            task: 'route_finding',
            src_node: line.src_node,
            dst_node: line.dst_node,
            model_cutoff_num: 70,
            min_step_total_answerable: line.min_step_total_answerable,
            answerable: line.min_step_total_answerable <= 70,
            response: answerOf(path, index + 1),
          };
        }),
    ];
    const answers = join(workspace, 'lighthouse-answers.jsonl');
    writeFileSync(answers, records.map((record) => JSON.stringify(record)).join('\n'));
    const compared = await assertAgreement(client, game, answers, records);
    assert.equal(compared, 2 * records.length);
    assert.ok(records.length > 60, `${records.length} answers`);
  });

  it("scores upstream's shared example outputs as the CLI does, in both modes", async function () {
    const examples = join(sharedDataDir, 'mango', 'examples');
    if (!existsSync(examples) || !existsSync(join(workspace, '905'))) {
      console.log(`      skipped: ${sharedDataMissingReason}`);
      this.skip();
    }
    // One directory of result files per run; the CLI reads a directory, so each run is compared on its own.
    let compared = 0;
    for (const run of readdirSync(examples)) {
      const directory = join(examples, run, '905');
      if (!existsSync(directory)) continue;
      const records = readdirSync(directory)
        .filter((name) => name.endsWith('.json'))
        .map((name) => JSON.parse(readFileSync(join(directory, name), 'utf8')) as AnswerRecord);
      compared += await assertAgreement(client, join(workspace, '905'), directory, records);
    }
    assert.ok(compared >= 2 * 30, `${compared} scores compared`);
  });

  it('steps an answer in the maze on the graph scoring uses, not on the user reverse pairs the view draws', async () => {
    const uri = pathToFileURL(join(workspace, 'lighthouse', 'lighthouse.edges.json')).toString();
    const userPairs: Array<[string, string]> = [['enter', 'exit']];
    // With enter/exit, the view draws quay —enter→ rowing boat (the reverse of step 15's exit); the evaluator has no such move.
    const viewGraph = await client.request(MazeGraphRequest, { uri, extraPairs: userPairs });
    assert.ok(
      viewGraph?.edges.some(
        (edge) => edge.src === 'quay' && edge.action === 'enter' && edge.dst === 'rowing boat' && !edge.explicit,
      ),
      'the view draws the user pair edge',
    );
    const response = pythonAnswer([
      { prev_node: 'harbour road', action: 'east', node: 'quay' },
      { prev_node: 'quay', action: 'enter', node: 'rowing boat' },
    ]);
    const question: MangoQuestion = {
      benchmark: 'mango',
      game: 'lighthouse',
      task: 'rf',
      sampleId: 'user-pair',
      src: 'harbour road',
      dst: 'rowing boat',
      actionList: [],
      answerable: true,
      easy: true,
      cutoff: 39,
    };
    const scored = await client.request(ScoreAnswerRequest, { uri, question, response, mode: 'faithful' });
    const shown = await client.request(AnswerTrajectoryRequest, {
      uri,
      response,
      title: 'RF harbour road → rowing boat',
      start: 'harbour road',
      cutoff: 39,
      extraPairs: userPairs,
    });
    assert.ok(scored && shown);
    assert.equal(scored.scores.success_strict, 0, 'the evaluator does not accept the enter move');
    assert.deepEqual(
      shown.steps.map((step) => step.verdict),
      ['valid', 'hallucinated-edge'],
    );
    assert.deepEqual(shown.steps, scored.trajectory.steps, 'the maze steps through what was scored');
    assert.deepEqual(shown.graph.reversePairs, scored.trajectory.graph.reversePairs);
    assert.ok(
      !shown.graph.reversePairs.some(([a, b]) => a === 'enter' || b === 'enter'),
      'the stated graph has the five default pairs only',
    );
    assert.equal(shown.graph.reversePairs.length, 5);
    assert.match(shown.graph.note ?? '', /evaluator's graph.*enter\/exit/);
    assert.equal(scored.trajectory.graph.note, null);
    // A default-pair reverse keeps its id in the view drawn with user pairs, so the walked edge is the drawn one.
    const plain = await client.request(MazeGraphRequest, { uri, extraPairs: [] });
    const imputedIds = (graph: typeof plain) =>
      (graph?.edges ?? [])
        .filter((edge) => !edge.explicit)
        .map((edge) => `${edge.id} ${edge.src} ${edge.action} ${edge.dst}`);
    assert.deepEqual(imputedIds(viewGraph).slice(0, imputedIds(plain).length), imputedIds(plain));
  });
});
