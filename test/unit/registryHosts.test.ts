// The hosts ask the benchmark registry instead of naming benchmarks: the built-ins' lenses and run
// labels come from their declarations (and read exactly as they did when each host switched over
// the names), the light declaration table agrees with the registered definitions, and a scan of
// the host layers finds no comparison with a benchmark id or a standalone kind id beyond the
// allow-list below.
import { strict as assert } from 'node:assert';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { benchmarks, findKind } from '../../src/core/benchmarks';
import { builtInDeclarations } from '../../src/core/benchmarks/declarations';
import { questionGroup, questionLabel, runDocumentName, runSucceeded } from '../../src/core/eval/runLabels';
import { replaysOnMaze } from '../../src/core/benchmarks/mango/maze/runView';
import type { ModelProfile } from '../../src/core/eval/types';
import type { EvalQuestion } from '../../src/core/benchmarks/declarations';
import { standaloneLenses } from '../../src/server/standaloneLenses';
import { repoRoot, samplesDir } from '../support/paths';

const model: ModelProfile = {
  id: 'gpt 4o',
  provider: 'oracle',
  temperature: 0,
  maxTokens: 10,
  timeoutMs: 1000,
  retries: 0,
};

const questions: EvalQuestion[] = [
  {
    benchmark: 'mango',
    game: 'zork1',
    task: 'df',
    sampleId: 'abcdef0123456789',
    src: 'West of House',
    dst: 'Attic',
    actionList: [],
    answerable: true,
    easy: true,
    cutoff: 10,
  },
  {
    benchmark: 'babyai',
    task: 'plan',
    source: 'levels/goto.level.json',
    record: 2,
    levelName: 'GoToObj',
    sampleId: 'h1',
    actions: [],
  },
  {
    benchmark: 'babyai',
    task: 'predict',
    source: 'goto.level.json',
    record: null,
    levelName: 'GoToObj',
    sampleId: 'h2',
    actions: [],
  },
  {
    benchmark: 'grasp',
    file: 'inner_cluster_free.jsonl',
    index: 7,
    settings: { moves: 8, carryLimit: 'none', stepCost: 0.3 },
    style: 'o1-mini',
    sampleId: 'inner_cluster_free.jsonl-7-8-0.3-1',
  },
  { benchmark: 'smartplay', game: 'Hanoi3Disk', step: 3, question: 2, sampleId: 'hanoi3-3-2' },
];

describe('hosts iterate the benchmark registry', () => {
  it('the built-ins name runs as before: group, label, document name', () => {
    assert.deepEqual(
      questions.map((question) => [
        questionGroup(question),
        questionLabel(question),
        runDocumentName({ question, model }),
      ]),
      [
        ['zork1', 'DF West of House → Attic', 'zork1-df-abcdef01-gpt-4o'],
        ['BabyAI · levels/goto.level.json', 'Plan · GoToObj (record 3)', 'GoToObj-plan-record3-gpt-4o'],
        ['BabyAI · goto.level.json', 'Predict · GoToObj', 'GoToObj-predict-gpt-4o'],
        [
          'GRASP · inner_cluster_free.jsonl',
          '#7 · 8 moves, carry unlimited, cost 0.3 · o1-mini prompt',
          'inner_cluster_free-7-8-0.3-1-gpt-4o',
        ],
        ['SmartPlay · Hanoi3Disk', 'step 3, question 2', 'hanoi3-3-2-gpt-4o'],
      ],
    );
  });

  it('the built-ins judge success as before', () => {
    const [mango, babyai, , grasp, smartplay] = questions;
    const judged = (question: EvalQuestion, scores: Record<string, number | boolean | null>) =>
      runSucceeded({ question, scores });
    assert.deepEqual(
      [judged(mango, { success_strict: 1 }), judged(mango, { success_strict: 0, success_easy: 1 })],
      [true, false],
    );
    assert.deepEqual(
      [
        judged(babyai, { success: true }),
        judged(babyai, { success: 1 }),
        judged(babyai, { CR: 1 }),
        judged(babyai, { success: 0, CR: 0.5 }),
      ],
      [true, true, true, false],
    );
    assert.deepEqual(
      [judged(grasp, { score: 3 }), judged(grasp, { score: 0 }), judged(grasp, { score: null })],
      [true, false, false],
    );
    assert.deepEqual([judged(smartplay, { completed: 1 }), judged(smartplay, { completed: 0 })], [true, false]);
  });

  it('the light declarations are the registered definitions without their validators', () => {
    const registered = benchmarks();
    assert.deepEqual(
      builtInDeclarations.map((declaration) => declaration.id),
      registered.map((definition) => definition.id),
    );
    for (const declaration of builtInDeclarations) {
      const definition = registered.find((candidate) => candidate.id === declaration.id);
      assert.equal(definition?.kinds, declaration.kinds, `${declaration.id}: the same kinds`);
      assert.equal(definition?.runLabel, declaration.runLabel, `${declaration.id}: the same runLabel`);
      assert.equal(definition?.succeeded, declaration.succeeded, `${declaration.id}: the same succeeded`);
      assert.equal(definition?.runView, declaration.runView, `${declaration.id}: the same runView`);
      assert.equal(definition?.reopenCommand, declaration.reopenCommand, `${declaration.id}: the same reopenCommand`);
    }
  });

  it("the server's lenses on built-in files come from the benchmarks' questions hooks", () => {
    const uri = 'file:///w/levels/go%20to.level.json';
    assert.deepEqual(
      standaloneLenses('babyai-level', uri, '{}').map((lens) => [
        lens.range.start.line,
        lens.command?.title,
        lens.command?.command,
        lens.command?.arguments,
      ]),
      [
        [0, '▶ Plan', 'waypoint.runBabyaiQuestion', [{ uri, task: 'plan' }]],
        [0, '▶ Predict', 'waypoint.runBabyaiQuestion', [{ uri, task: 'predict' }]],
        [0, '▶ Decompose', 'waypoint.runBabyaiQuestion', [{ uri, task: 'decompose' }]],
        [0, 'Show Board', 'waypoint.showBoard', [{ uri }]],
      ],
    );
    const episode = 'file:///w/hanoi.episode.jsonl';
    assert.deepEqual(
      standaloneLenses('smartplay-episode', episode, '{}\n').map((lens) => [
        lens.command?.title,
        lens.command?.arguments,
      ]),
      [['Step Through Episode', [{ uri: episode }]]],
    );
    assert.deepEqual(standaloneLenses('smartplay-episode', episode, ' \n'), []);
    assert.deepEqual(
      standaloneLenses('mango-edges', 'file:///w/zork1.edges.json', '[]'),
      [],
      'MANGO declares no questions hook',
    );
    assert.deepEqual(standaloneLenses('no-such-kind', 'file:///w/x', ''), []);
  });

  it("Show Board on a SmartPlay episode log draws the benchmark's fileTimeline hook (the board names no SmartPlay kind)", () => {
    const found = findKind('smartplay-episode');
    const text = readFileSync(join(samplesDir, 'smartplay/hanoi3-solver.episode.jsonl'), 'utf8');
    const timeline = found?.benchmark.fileTimeline?.(
      'smartplay-episode',
      text,
      'smartplay/hanoi3-solver.episode.jsonl',
    );
    assert.equal(timeline?.title, 'Episode: smartplay/hanoi3-solver.episode.jsonl');
    assert.equal(timeline?.frames.length, 8, 'the start and each of the seven moves');
    // Without its header line the log has nothing to draw: the board says so instead of drawing.
    assert.equal(
      found?.benchmark.fileTimeline?.('smartplay-episode', text.split('\n').slice(1).join('\n'), 'x.episode.jsonl'),
      null,
    );
  });

  it('which view replays a run is the runView hook: MANGO on the maze, the others (and unknown benchmarks) on the board', () => {
    assert.deepEqual(
      questions.map((question) => replaysOnMaze(question)),
      [true, false, false, false, false],
    );
    assert.equal(replaysOnMaze({ benchmark: 'no-such-benchmark', sampleId: 'x' }), false);
  });

  it("Show Board's scenes come from the benchmarks' hooks: the grid or record at the cursor, a live level, a kind's own command", () => {
    const gridText = readFileSync(join(samplesDir, 'grasp/inner_cluster_free.jsonl'), 'utf8');
    const grasp = findKind('grasp-grids')?.benchmark;
    const second = grasp?.fileScene?.('grasp-grids', gridText, 'grasp/inner_cluster_free.jsonl', 1);
    const secondIndex = (JSON.parse(gridText.split('\n')[1]) as { index: number }).index;
    assert.ok(second && 'scene' in second && second.scene.kind === 'grid');
    assert.equal(second.title, `GRASP grasp/inner_cluster_free.jsonl #${secondIndex}`, 'the record on the cursor line');
    assert.match(
      (grasp?.fileScene?.('grasp-grids', gridText, 'g.jsonl', undefined) as { title: string }).title,
      /^GRASP g\.jsonl #/,
    );
    assert.deepEqual(grasp?.fileScene?.('grasp-grids', '', 'g.jsonl', 0), {
      problem: 'no readable grid in this file (see Problems)',
    });
    assert.equal(
      grasp?.fileScene?.('grasp-results', gridText, 'x_output.jsonl', 0),
      null,
      'response rows are not drawn as a scene',
    );
    assert.equal(findKind('grasp-results')?.kind.boardCommand, 'waypoint.scoreGraspResponse');

    const recordsText = readFileSync(join(samplesDir, 'babyai/llm-babybench-sample.jsonl'), 'utf8');
    const babyai = findKind('babyai-records')?.benchmark;
    const record = babyai?.fileScene?.('babyai-records', recordsText, 'babyai/llm-babybench-sample.jsonl', 0);
    assert.ok(record && 'scene' in record && record.scene.kind === 'grid');
    assert.equal(record.title, 'Waypoint-PutNext-Sample · record 1 of babyai/llm-babybench-sample.jsonl');

    const live = findKind('babyai-level')?.benchmark.liveBoard;
    const levelText = readFileSync(join(samplesDir, 'babyai/goto-red-ball.level.json'), 'utf8');
    assert.deepEqual(live?.kinds, ['babyai-level']);
    assert.equal(live?.title('babyai/goto-red-ball.level.json'), 'Level: babyai/goto-red-ball.level.json');
    const scene = live?.scene('babyai-level', levelText);
    assert.ok(scene?.kind === 'grid');
    assert.equal(scene.mission, 'go to the red ball');
    assert.equal(live?.scene('babyai-level', '{ "width": '), null, 'a broken level draws nothing');
    // A gesture is edits of the text: the edited level draws the new mission.
    const edits = live?.edits('babyai-level', levelText, { type: 'editMission', text: 'go to the blue key' }) ?? [];
    const edited = [...edits]
      .sort((a, b) => b.offset - a.offset)
      .reduce(
        (text, edit) => text.slice(0, edit.offset) + edit.content + text.slice(edit.offset + edit.length),
        levelText,
      );
    assert.equal((live?.scene('babyai-level', edited) as { mission?: string }).mission, 'go to the blue key');
  });

  it('every command the registry names for the board is one the extension registers', () => {
    const extension = readFileSync(join(repoRoot, 'src/extension/extension.ts'), 'utf8');
    const named = benchmarks()
      .flatMap((definition) => [definition.reopenCommand, ...definition.kinds.map((kind) => kind.boardCommand)])
      .filter((command): command is string => command !== undefined);
    assert.deepEqual(named.sort(), [
      'waypoint.reopenBabyaiRun',
      'waypoint.reopenGraspRun',
      'waypoint.scoreGraspResponse',
    ]);
    for (const command of named)
      assert.ok(extension.includes(`registerCommand('${command}'`), `${command} is registered`);
  });

  /**
   * Comparisons with a benchmark id or a standalone kind id still in host code, per file: none. What
   * used to be compared is a registry hook now: which view replays a run (runView: the maze for
   * MANGO), Show Board's own command for a kind (boardCommand: a GRASP response row), a live board
   * (liveBoard: the BabyAI level the server's gridState draws), the scene at the cursor (fileScene:
   * a GRASP grid, an LLM-BabyBench record) and re-scored reopening (reopenCommand). Adding one: add
   * a hook instead. MANGO's own kinds (mango-df, mango-walkthrough, …) inside the MANGO game-folder
   * server modules are not counted: they are one benchmark's host code.
   */
  const ALLOWED = new Map<string, number>();

  it('server, extension and CLI compare no benchmark or standalone kind names beyond the allow-list', () => {
    const names = new Set<string>();
    for (const definition of benchmarks()) {
      names.add(definition.id);
      for (const kind of definition.kinds) if (kind.validation === 'standalone') names.add(kind.id);
    }
    const alternatives = [...names].map((name) => name.replace(/[-]/g, '\\-')).join('|');
    const comparison = new RegExp(
      `(?:[!=]==\\s*|case\\s+)(['"\`])(?:${alternatives})\\1|(['"\`])(?:${alternatives})\\2\\s*[!=]==`,
      'g',
    );
    const files = (directory: string): string[] =>
      readdirSync(directory, { withFileTypes: true }).flatMap((entry) =>
        entry.isDirectory()
          ? files(join(directory, entry.name))
          : entry.name.endsWith('.ts')
            ? [join(directory, entry.name)]
            : [],
      );
    const found = new Map<string, number>();
    for (const layer of ['src/server', 'src/extension', 'src/cli']) {
      for (const file of files(join(repoRoot, layer))) {
        const code = readFileSync(file, 'utf8')
          .split('\n')
          .filter((line) => !/^\s*(\/\/|\*|\/\*)/.test(line))
          .join('\n');
        const count = code.match(comparison)?.length ?? 0;
        if (count > 0) found.set(relative(repoRoot, file).split('\\').join('/'), count);
      }
    }
    assert.deepEqual(Object.fromEntries([...found].sort()), Object.fromEntries([...ALLOWED].sort()));
  });
});
