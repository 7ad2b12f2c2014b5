// The results view bundle in headless Chromium behind the test host, fed models that core's
// buildResultsModel makes from run records (MANGO from the report tests' record builder, GRASP at
// 40,000 records from the bench's synthetic runs, SmartPlay episodes), with the test answering the
// view's detail and compare requests as the extension would (recordDetail, compareModels). It checks
// the numbers against the report, the plots, the failure bars' filter, the matrix's filters, the
// detail pane (markup as text), the inline replay, compare, and 40,000 records (drawn within the
// 2 s budget: measured by `npm run bench`).
import { strict as assert } from 'node:assert';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { syntheticGraspRecords } from '../../bench/syntheticRuns';
import '../../src/core/benchmarks';
import type { BoardTimeline, GridCell } from '../../src/core/benchmark/board';
import { parseRunRecords } from '../../src/core/eval/recordSchemas';
import type { RunRecord } from '../../src/core/eval/types';
import type { BabyaiQuestion } from '../../src/core/benchmarks/babyai/questionSchema';
import type { SmartplayQuestion } from '../../src/core/benchmarks/smartplay/questionSchema';
import { mergeRunFiles, type RecordSet } from '../../src/core/runs/records';
import { packTimeline } from '../../src/core/runs/replayFrames';
import { figureSvg } from '../../src/core/runs/figureSvg';
import { figuresOf } from '../../src/core/runs/figures';
import { buildReport, headlineRows, type ReportRow } from '../../src/core/runs/report';
import { formatInterval, formatMetricValue } from '../../src/core/runs/numbers';
import { buildResultsModel, compareModels, recordDetail } from '../../src/core/runs/resultsModel';
import type { HostToResultsMessage, ResultsModel } from '../../src/protocol/results';
import { postToView, useBrowserHost } from '../support/browser';
import { testResultsDir } from '../support/paths';
import { jsonl, mangoRecord, type MangoRow } from '../unit/runs/fixtures';

interface Sent {
  type: string;
  [key: string]: unknown;
}

const PLANTED = '<img src=x onerror="window.__pwned=1"> [north]';
const UNKNOWN = 'mango-answer/unknown-location';
const HALLUCINATED = 'mango-answer/hallucinated-edge';

/** Two models on 24 MANGO questions: right and wrong answers, diagnostics, an error, an unparseable answer, planted markup. */
function mangoSet(): RecordSet {
  const rows: MangoRow[] = [];
  for (const game of ['zork1', 'advent']) {
    for (let n = 0; n < 12; n++) {
      const alpha: MangoRow = {
        model: 'alpha',
        game,
        n,
        easy: n % 2 === 0,
        strict: n % 3 !== 0 ? 1 : 0,
        reasoning: n % 3 !== 0 ? 1 : 0,
        diagnostics: n % 4 === 0 ? [UNKNOWN] : [],
      };
      if (game === 'advent' && n === 5) alpha.parseError = true;
      if (game === 'zork1' && n === 1) alpha.raw = PLANTED;
      const beta: MangoRow = {
        model: 'beta',
        game,
        n,
        easy: n % 2 === 0,
        strict: n % 2,
        reasoning: n % 2,
        diagnostics: n % 5 === 0 ? [UNKNOWN, HALLUCINATED] : [],
      };
      if (game === 'zork1' && n === 7) beta.error = 'timeout after 60 s';
      rows.push(alpha, beta);
    }
  }
  const records = rows.map(mangoRecord);
  return mergeRunFiles([
    { file: 'run-mango.jsonl', records: parseRunRecords(jsonl(records), 'run-mango.jsonl').records },
  ]);
}

/** SmartPlay episodes of four games for two models: normalised scores for the radar. */
function smartplaySet(): RecordSet {
  const games: Array<[string, number]> = [
    ['BanditTwoArmedHighLowFixed', 45],
    ['Hanoi3Disk', 3],
    ['MessengerL1', 1],
    ['RockPaperScissorBasic', 43],
  ];
  const records: RunRecord[] = [];
  for (const [model, share] of [
    ['gpt-4', 0.8],
    ['llama-2', 0.35],
  ] as const) {
    games.forEach(([game, human], g) => {
      for (let episode = 0; episode < 3; episode++) {
        const base = mangoRecord({ model, game: 'x', n: 0 });
        const question: SmartplayQuestion = {
          benchmark: 'smartplay',
          game,
          step: 0,
          question: 1,
          episode,
          seed: episode,
          sampleId: `${game}-episode${episode}-seed${episode}`,
        };
        records.push({
          ...base,
          question,
          scores: { score: Math.round(human * share * (1 + 0.1 * ((g + episode) % 3)) * 100) / 100 },
          diagnostics: [],
        } as RunRecord);
      }
    });
  }
  return mergeRunFiles([{ file: 'run-smartplay.jsonl', records }]);
}

/** Decompose answers of two models on three levels: the CR, PR and ACI columns a reader must be told about. */
function babyaiDecomposeSet(): RecordSet {
  const records: RunRecord[] = [];
  for (const [model, done] of [
    ['gpt-4o', 0.7],
    ['llama-3', 0.3],
  ] as const) {
    ['BabyAI-GoToObj-v0', 'BabyAI-Pickup-v0', 'BabyAI-BossLevel-v0'].forEach((levelName, l) => {
      for (let seed = 0; seed < 6; seed++) {
        const base = mangoRecord({ model, game: 'x', n: 0 });
        const question: BabyaiQuestion = {
          benchmark: 'babyai',
          task: 'decompose',
          source: 'LLM_BABYBENCH_Decompose.csv',
          record: l * 6 + seed,
          levelName,
          sampleId: `${levelName}-${seed}`,
          actions: [],
        };
        const completed = (seed + l) / 8 < done;
        const help = completed ? seed % 3 : 5;
        records.push({
          ...base,
          question,
          scores: {
            mode: 'faithful',
            parse_error: false,
            bot_error: null,
            subgoals: 2,
            help,
            max_help: 4,
            k: 30,
            CR: completed ? 1 : 0,
            PR: completed && help === 0 ? 1 : 0,
            ACI: completed ? (30 - help) / 30 : 0,
            actions: 9,
          },
          diagnostics: [],
        } as RunRecord);
      }
    });
  }
  return mergeRunFiles([{ file: 'run-babyai.jsonl', records }]);
}

/** 40,000 GRASP records: 20,000 questions answered by two models that disagree on some. */
function bigSet(): RecordSet {
  const first = syntheticGraspRecords(20_000, 'gpt-4o');
  const second = syntheticGraspRecords(20_000, 'o1-mini').map((record, i) =>
    i % 7 === 0 ? { ...record, scores: { ...record.scores, score: -1 } } : record,
  );
  return mergeRunFiles([
    { file: 'gpt-4o.jsonl', records: first },
    { file: 'o1-mini.jsonl', records: second },
  ]);
}

/** A small GRASP grid timeline (core's board shapes), packed as the host packs replays. */
function graspReplay() {
  const cells = (taken: number): GridCell[] => [
    { x: 1, y: 1, kind: 'obstacle' },
    { x: 2, y: 0, kind: 'energy', value: Math.max(0, 3 - taken) },
    { x: 0, y: 2, kind: 'energy', value: 2 },
  ];
  const scene = (x: number, y: number, taken: number) => ({
    kind: 'grid' as const,
    width: 3,
    height: 3,
    cells: cells(taken),
    agent: { x, y },
    start: { x: 0, y: 0 },
    coordinateSystem: 'rowcol' as const,
  });
  const timeline: BoardTimeline = {
    title: 'GRASP grid 3 · gpt-4o',
    frames: [
      { scene: scene(0, 0, 0), action: null, facts: [{ label: 'carried', value: '0' }] },
      { scene: scene(1, 0, 0), action: 'RIGHT', facts: [{ label: 'carried', value: '0' }] },
      { scene: scene(2, 0, 0), action: 'RIGHT', facts: [{ label: 'carried', value: '0' }] },
      {
        scene: scene(2, 0, 1),
        action: 'TAKE',
        flags: ['takeSucceeded'],
        facts: [{ label: 'carried', value: '1', tone: 'good' }],
      },
    ],
  };
  return packTimeline(timeline);
}

const LIGHT = `:root { --vscode-foreground: #3b3b3b; --vscode-editor-background: #ffffff; --vscode-descriptionForeground: #717171; --vscode-panel-border: #e5e5e5; --vscode-list-hoverBackground: #f2f2f2; --vscode-list-activeSelectionBackground: #e4e6f1; --vscode-list-activeSelectionForeground: #000; --vscode-button-secondaryBackground: #e5e5e5; --vscode-button-secondaryForeground: #3b3b3b; --vscode-button-background: #005fb8; --vscode-button-foreground: #fff; --vscode-focusBorder: #005fb8; --vscode-charts-blue: #1a85ff; --vscode-charts-red: #e51400; --vscode-charts-green: #388a34; --vscode-charts-orange: #d18616; --vscode-charts-yellow: #bf8803; --vscode-charts-purple: #652d90; --vscode-input-background: #fff; --vscode-input-foreground: #3b3b3b; --vscode-input-border: #cecece; --vscode-badge-background: #cccccc; --vscode-badge-foreground: #3b3b3b; --vscode-textCodeBlock-background: #f3f3f3; }`;

describe('results view webview', function () {
  const host = useBrowserHost();
  const mango = mangoSet();
  const mangoBuilt = buildResultsModel(mango, ['.waypoint/runs/batch/run-mango.jsonl'], 'MANGO · sample run');

  const sent = (page: Page) => page.evaluate(() => (window as unknown as { __sent: Sent[] }).__sent);
  const sentOf = async (page: Page, type: string) => (await sent(page)).filter((message) => message.type === type);
  const post = (page: Page, message: HostToResultsMessage) => postToView(page, message);
  async function waitFor(page: Page, type: string, count = 1): Promise<Sent> {
    await page.waitForFunction(
      ({ kind, n }) =>
        (window as unknown as { __sent: Sent[] }).__sent.filter((message) => message.type === kind).length >= n,
      { kind: type, n: count },
    );
    return (await sentOf(page, type))[count - 1];
  }

  async function openResults(
    model: ResultsModel,
    options: { light?: boolean; viewport?: { width: number; height: number } } = {},
  ): Promise<Page> {
    const page = await host.browser.newPage({ viewport: options.viewport ?? { width: 1280, height: 820 } });
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    await page.goto(`${host.server.url}/test/webview/host.html`);
    if (options.light) {
      await page.addStyleTag({ content: LIGHT });
      await page.evaluate(() => document.body.classList.add('vscode-light'));
    }
    await page.addScriptTag({ url: `${host.server.url}/dist/webview/results.js` });
    await waitFor(page, 'ready');
    await post(page, { type: 'results', model });
    await waitFor(page, 'rendered');
    assert.deepEqual(problems, []);
    return page;
  }

  /** The host's side of a cell click: the record's detail (and a replay when given). */
  async function answerDetail(
    page: Page,
    rows: readonly ReportRow[],
    count: number,
    replay?: ReturnType<typeof graspReplay>,
  ): Promise<number> {
    const request = await waitFor(page, 'detail', count);
    const index = Number(request.index);
    await post(page, {
      type: 'detail',
      index,
      detail: recordDetail(rows[index]),
      ...(replay ? { replay } : { replayNote: 'MANGO answers replay on the maze view' }),
    });
    return index;
  }

  it('shows the report’s numbers: overall per model and the --by groups, with intervals, n, valid and errors', async () => {
    const { model } = mangoBuilt;
    // The same records reported by game, as `waypoint report --by game --json` would give them.
    const byGame = { ...model, report: buildReport(mango, { by: 'game' }).json };
    const page = await openResults(byGame);
    assert.equal(await page.locator('.results-title').innerText(), 'MANGO · sample run');
    assert.match(await page.locator('#results-modes').innerText(), /scoring mode\s*faithful 48/);
    assert.match(await page.locator('#results-bootstrap').innerText(), /resamples clustered by game/);
    const rendered = (await sentOf(page, 'rendered'))[0];
    assert.equal(rendered.rows, 48);
    const tables = page.locator('.results-tables .results-table');
    assert.equal(await tables.count(), 2);
    for (const [t, groups, keys] of [
      [0, model.overall, ['model']],
      [1, byGame.report.groups, byGame.report.by],
    ] as const) {
      const rows = tables.nth(t).locator('tbody tr');
      assert.equal(await rows.count(), groups.length);
      for (const [g, group] of groups.entries()) {
        const cells = await rows.nth(g).locator('td').allInnerTexts();
        assert.deepEqual(
          cells.slice(0, keys.length),
          keys.map((key) => String(group.key[key])),
        );
        assert.deepEqual(cells.slice(keys.length, keys.length + 3), [
          String(group.n),
          String(group.valid),
          String(group.errors),
        ]);
        for (const [name, summary] of Object.entries(group.metrics)) {
          const text = await rows.nth(g).locator(`td[data-metric="${name}"]`).innerText();
          assert.ok(text.startsWith(summary.mean === null ? '—' : formatMetricValue(summary.mean)), `${name}: ${text}`);
          if (summary.ci95) assert.ok(text.includes(formatInterval(summary.ci95)), `${name}: ${text}`);
        }
      }
    }
    await page.screenshot({ path: join(testResultsDir, 'webview-results-tables.png') });
    await page.close();
  });

  it('counts cut records in their own columns, says how the means treat them, and switches as --include-truncated', async () => {
    // Record 4 failed after a cut turn: an error, not a third cut.
    const records = mango.records.map((record, index) =>
      index === 0
        ? { ...record, truncated: true, finish_reason: 'length' }
        : index === 2
          ? { ...record, context_truncated: true }
          : index === 4
            ? { ...record, error: 'HTTP 500', truncated: true }
            : record,
    );
    const cutSet = { ...mango, records };
    const excluded = buildResultsModel(cutSet, ['run-mango.jsonl'], 'MANGO · cut');
    const page = await openResults(excluded.model);
    const treatment = page.locator('#truncated-treatment');
    assert.match(
      await treatment.innerText(),
      /^Means exclude truncated records \(counted in their own columns\): 1 reply cut at the token limit, 1 answer to prompts the server cut\./,
    );
    assert.match(await page.locator('#results-truncated').innerText(), /truncated \(not in means\)\s*2/);
    const overall = page.locator('.results-table').first();
    const head = await overall.locator('thead th').allInnerTexts();
    assert.deepEqual(head.slice(1, 6), ['n', 'valid', 'errors', 'truncated', 'context_truncated']);
    const alpha = excluded.model.overall.find((group) => group.key.model === 'alpha');
    assert.ok(alpha);
    const cells = await overall.locator('tbody tr').first().locator('td').allInnerTexts();
    assert.deepEqual(cells.slice(0, 6), [
      'alpha',
      String(alpha.n),
      String(alpha.valid),
      String(alpha.errors),
      String(alpha.truncated),
      String(alpha.context_truncated),
    ]);
    // The metric's own n says how many records its mean is over.
    assert.match(
      await overall.locator('tbody tr').first().locator('td[data-metric="success_strict"]').innerText(),
      new RegExp(`n=${alpha.metrics.success_strict.n}$`),
    );
    await page.locator('#include-truncated').check();
    assert.deepEqual((await waitFor(page, 'includeTruncated')) as unknown, { type: 'includeTruncated', include: true });
    const included = buildResultsModel(cutSet, ['run-mango.jsonl'], 'MANGO · cut', { includeTruncated: true });
    await post(page, { type: 'results', model: included.model });
    await waitFor(page, 'rendered', 2);
    assert.match(
      await page.locator('#truncated-treatment').innerText(),
      /^Means include truncated records, scored as given/,
    );
    assert.ok(await page.locator('#include-truncated').isChecked());
    assert.match(await page.locator('#results-truncated').innerText(), /truncated \(in means\)/);
    // A cut record's detail says so, and whether the means count it.
    await page.locator('#tab-questions').click();
    await page.locator('.matrix-cell[data-row="0"]').click();
    await answerDetail(page, included.rows, 1);
    assert.match(await page.locator('.cut-note').innerText(), /cut at the token limit.*Counted in the means\./);
    await page.close();
  });

  it('reports questions without a correct answer at their cutoff apart, and switches as --include-unanswerable', async () => {
    // Four questions of each model whose route the walkthrough shown does not contain.
    const records = mango.records.map((record, index) =>
      index % 6 === 0 ? { ...record, question: { ...record.question, answerable: false } } : record,
    );
    const apartSet = { ...mango, records };
    const excluded = buildResultsModel(apartSet, ['run-mango.jsonl'], 'MANGO · unanswerable');
    const count = records.filter((record) => (record.question as { answerable?: boolean }).answerable === false).length;
    assert.equal(excluded.model.report.unanswerable, count);
    const page = await openResults(excluded.model);
    assert.equal(
      (await page.locator('#unanswerable-treatment > span').innerText()).trim(),
      `${count} records whose question has no correct answer at its cutoff: out of the means, in their own table below.`,
    );
    const apartRows = page.locator('#unanswerable-table tbody tr');
    assert.equal(await apartRows.count(), excluded.model.report.unanswerable_groups.length);
    const alpha = excluded.model.overall.find((group) => group.key.model === 'alpha');
    const overallCells = await page
      .locator('.results-table')
      .first()
      .locator('tbody tr')
      .first()
      .locator('td')
      .allInnerTexts();
    assert.equal(overallCells[1], String(alpha?.n), 'the overall row is over the answerable questions');
    await page.screenshot({ path: join(testResultsDir, 'webview-results-unanswerable.png'), fullPage: true });
    // The matrix mutes those questions and says why.
    const apartIds = new Set(
      records
        .filter((record) => (record.question as { answerable?: boolean }).answerable === false)
        .map((record) => record.question.sampleId),
    );
    await page.locator('#tab-questions').click();
    const muted = page.locator('.matrix-row.unanswerable');
    const shownMuted = await muted.evaluateAll((rows) => rows.map((row) => (row as HTMLElement).dataset.question));
    assert.ok(shownMuted.length > 0);
    assert.ok(
      shownMuted.every((id) => apartIds.has(String(id))),
      shownMuted.join(' '),
    );
    const allShown = await page
      .locator('.matrix-row')
      .evaluateAll((rows) =>
        rows.map((row) => [(row as HTMLElement).dataset.question, row.classList.contains('unanswerable')]),
      );
    for (const [id, isMuted] of allShown) if (id) assert.equal(isMuted, apartIds.has(String(id)), String(id));
    assert.match(
      (await muted.first().locator('.matrix-q').getAttribute('title')) ?? '',
      /No correct answer at its cutoff: left out of the headline means/,
    );
    await page.screenshot({ path: join(testResultsDir, 'webview-results-unanswerable-matrix.png') });
    // Compare says how many such questions it left out of the pairs.
    await page.locator('#tab-compare').click();
    await page.selectOption('#compare-a', 'alpha');
    await page.selectOption('#compare-b', 'beta');
    await page.locator('#compare-run').click();
    await waitFor(page, 'compare');
    const compared = compareModels(apartSet, 'alpha', 'beta');
    assert.equal(compared.unanswerable, apartIds.size);
    await post(page, { type: 'compared', a: 'alpha', b: 'beta', result: compared });
    assert.match(
      await page.locator('.compare-summary').innerText(),
      new RegExp(`left out: ${apartIds.size} questions without a correct answer at the cutoff`),
    );
    await page.locator('#tab-tables').click();
    await page.locator('#include-unanswerable').check();
    assert.deepEqual((await waitFor(page, 'includeUnanswerable')) as unknown, {
      type: 'includeUnanswerable',
      include: true,
    });
    const included = buildResultsModel(apartSet, ['run-mango.jsonl'], 'MANGO · unanswerable', {
      includeUnanswerable: true,
    });
    await post(page, { type: 'results', model: included.model });
    await waitFor(page, 'rendered', 2);
    assert.ok(await page.locator('#include-unanswerable').isChecked());
    assert.equal(await page.locator('#unanswerable-table').count(), 0);
    await page.close();
  });

  it('shows what each model cost, last, as `waypoint report` does: dollars, or unknown with its count', async () => {
    // alpha's answers were priced; beta's came from a server without prices (cost nobody knows).
    const records = mango.records.map((record) =>
      record.model.id === 'alpha' ? { ...record, costUsd: 0.0015 } : record,
    );
    const priced = buildResultsModel({ ...mango, records }, ['run-mango.jsonl'], 'MANGO · priced');
    const page = await openResults(priced.model);
    const overall = page.locator('.results-table').first();
    const head = await overall.locator('thead th').allInnerTexts();
    assert.equal(head.at(-1), 'cost');
    const rows = await Promise.all(
      (await overall.locator('tbody tr').all()).map((row) => row.locator('td').allInnerTexts()),
    );
    const alpha = priced.model.overall.find((group) => group.key.model === 'alpha');
    const beta = priced.model.overall.find((group) => group.key.model === 'beta');
    assert.ok(alpha && beta);
    // beta's failed call is known to have cost nothing (a refusal is not billed); its other answers are unknown.
    assert.equal(beta.cost_unknown, beta.n - 1);
    assert.deepEqual(
      rows.map((cells) => [cells[0], cells.at(-1)]),
      [
        ['alpha', `$${(0.0015 * alpha.n).toFixed(4)}`],
        ['beta', `unknown (${beta.cost_unknown} of ${beta.n})`],
      ],
    );
    // Runs of built-in agents cost nothing to show: no column.
    const builtIn = mango.records.map((record) => ({
      ...record,
      model: { ...record.model, provider: 'oracle' as const },
    }));
    const free = await openResults(buildResultsModel({ ...mango, records: builtIn }, ['run.jsonl'], 'oracle').model);
    assert.ok(!(await free.locator('.results-table').first().locator('thead th').allInnerTexts()).includes('cost'));
    await page.close();
    await free.close();
  });

  it('explains CR, PR, ACI, μ1/μ2 and the SmartPlay score: tooltips on the columns and a legend under tables and plots', async () => {
    // BabyAI Decompose: each metric's head says what it is, and the legend lists the three.
    const babyai = buildResultsModel(babyaiDecomposeSet(), ['run-babyai.jsonl'], 'BabyAI · Decompose').model;
    assert.deepEqual(babyai.metrics, ['cr', 'pr', 'aci']);
    const page = await openResults(babyai);
    const head = (metric: string) =>
      page.locator('.results-table').first().locator('th.metric', { hasText: metric }).getAttribute('title');
    assert.match(
      (await head('cr')) ?? '',
      /^cr: CR, the completion rate \(Decompose\): the expert bot, starting from the model's subgoals, completed the mission/,
    );
    assert.match((await head('pr')) ?? '', /^pr: PR, the precision rate .*no help/);
    assert.match((await head('aci')) ?? '', /^aci: ACI, the assistance curve integral/);
    const legend = page.locator('#panel-tables .results-glossary');
    assert.equal(await legend.locator('h3').innerText(), 'What the terms mean');
    assert.deepEqual(await legend.locator('dt').allInnerTexts(), ['cr', 'pr', 'aci']);
    assert.ok(await legend.isVisible());
    await page.setViewportSize({ width: 1100, height: 900 });
    await page.screenshot({ path: join(testResultsDir, 'webview-results-glossary-babyai.png'), fullPage: true });
    // The Compare tab's metric names carry the same tooltips.
    await page.locator('#tab-compare').click();
    await page.locator('#compare-run').click();
    const request = await waitFor(page, 'compare');
    await post(page, {
      type: 'compared',
      a: String(request.a),
      b: String(request.b),
      result: compareModels(babyaiDecomposeSet(), String(request.a), String(request.b)),
    });
    assert.match(
      (await page.locator('.compare-table tr[data-metric="aci"] td.key').first().getAttribute('title')) ?? '',
      /^aci: ACI/,
    );
    await page.close();

    // GRASP: the settings on the plot's axis (μ1 (4 moves), …) are explained under the plot.
    const grasp = buildResultsModel(
      mergeRunFiles([{ file: 'grasp.jsonl', records: syntheticGraspRecords(400, 'gpt-4o') }]),
      ['grasp.jsonl'],
      'GRASP',
    ).model;
    const graspPage = await openResults(grasp);
    await graspPage.locator('#tab-plots').click();
    const plotTerms = graspPage.locator('#panel-plots .results-glossary');
    assert.deepEqual(await plotTerms.locator('dt').allInnerTexts(), ['energy', 'μ1', 'μ2', 'moves']);
    assert.match(
      await plotTerms.locator('dd').nth(2).innerText(),
      /^Movement set μ2: 8 moves, μ1 plus the diagonals UPLEFT, UPRIGHT, DOWNLEFT and DOWNRIGHT\.$/,
    );
    await graspPage.setViewportSize({ width: 1100, height: 1400 });
    await graspPage.screenshot({ path: join(testResultsDir, 'webview-results-glossary-grasp.png'), fullPage: true });
    await graspPage.close();

    // SmartPlay: what a bandit's score counts (good pulls, not payouts).
    const smartplay = buildResultsModel(smartplaySet(), ['run-smartplay.jsonl'], 'SmartPlay').model;
    const smartplayPage = await openResults(smartplay);
    const terms = smartplayPage.locator('#panel-tables .results-glossary');
    assert.deepEqual(await terms.locator('dt').allInnerTexts(), ['score', 'normalized_score']);
    assert.match(
      await terms.locator('dd').first().innerText(),
      /Bandits: how many times the player pulled the machine with the higher expected payout \(whatever it paid that time\)/,
    );
    assert.match(
      (await smartplayPage
        .locator('.results-table')
        .first()
        .locator('th.metric', { hasText: 'normalized_score' })
        .getAttribute('title')) ?? '',
      /human baseline/,
    );
    await smartplayPage.close();
  });

  it('shows one paper figure per declared plot, as report --plots draws it, and saves it as SVG and PNG', async () => {
    const { model } = mangoBuilt;
    const declared = mango.report.plots.map((plot) => plot.title);
    assert.deepEqual(
      model.figures.map((figure) => figure.title),
      declared,
      'the MANGO sample has data for every declared plot',
    );
    const page = await openResults(model, { light: true });
    await page.locator('#tab-plots').click();
    const figures = page.locator('figure.paper-figure');
    assert.equal(await figures.count(), declared.length);
    for (const [f, figure] of model.figures.entries()) {
      const shown = figures.nth(f);
      assert.equal(await shown.getAttribute('data-title'), figure.title);
      assert.equal(await shown.locator('.plot-file').innerText(), `${figure.name}.svg`);
      // The inline figure is figureSvg's document itself: its first text is the title, every mark keeps its tooltip.
      assert.equal(await shown.locator('svg.paper-svg > text').first().textContent(), figure.title);
      const marks = (figure.svg.match(/<title>/g) ?? []).length;
      assert.ok(marks > 0);
      assert.equal(await shown.locator('svg.paper-svg title').count(), marks);
    }
    // Success by path length is drawn as lines with bands, as the MANGO paper draws it.
    const byLength = model.figures.findIndex((figure) => figure.svg.includes('<polyline'));
    assert.ok(byLength >= 0, 'a figure of lines');
    assert.ok((await figures.nth(byLength).locator('svg polygon').count()) > 0, 'with 95% bands');

    await figures.nth(0).locator('button.plot-save', { hasText: 'Save SVG' }).click();
    const svgSave = await waitFor(page, 'saveFigure');
    assert.deepEqual(svgSave, {
      type: 'saveFigure',
      name: model.figures[0].name,
      title: model.figures[0].title,
      format: 'svg',
      data: model.figures[0].svg,
    });
    await figures.nth(byLength).locator('button.plot-save', { hasText: 'Save PNG' }).click();
    const pngSave = await waitFor(page, 'saveFigure', 2);
    assert.equal(pngSave.format, 'png');
    assert.equal(pngSave.name, model.figures[byLength].name);
    assert.match(String(pngSave.data), /^data:image\/png;base64,[A-Za-z0-9+/]+=*$/);
    // Drawn at twice the figure's size, as `report --plots` draws its PNG.
    const size = await page.evaluate(async (url) => {
      const image = new Image();
      image.src = url;
      await image.decode();
      return [image.naturalWidth, image.naturalHeight];
    }, String(pngSave.data));
    const [, width, height] = /width="(\d+)" height="(\d+)"/.exec(model.figures[byLength].svg) ?? [];
    assert.deepEqual(size, [Number(width) * 2, Number(height) * 2]);
    // The very text `report --plots` writes: figureSvg over the headline's rows.
    const cli = figuresOf(mango.benchmark, mango.report, headlineRows(mangoBuilt.rows)).map(figureSvg);
    assert.deepEqual(
      model.figures.map((figure) => figure.svg),
      cli,
    );
    await page.setViewportSize({ width: 1280, height: 1000 });
    await page.screenshot({ path: join(testResultsDir, 'webview-results-plots.png') });
    await page.close();

    const smartplay = buildResultsModel(smartplaySet(), ['run-smartplay.jsonl'], 'SmartPlay').model;
    const radar = await openResults(smartplay, { light: true });
    await radar.locator('#tab-plots').click();
    assert.equal(await radar.locator('svg.radar').count(), 1);
    assert.equal(await radar.locator('svg.radar .radar-series').count(), 2);
    assert.equal(await radar.locator('svg.radar .radar-series[data-bar="gpt-4"] circle').count(), 4);
    // The scale's values are painted over the models' polygons (SVG paints in document order).
    const ticksOnTop = await radar.locator('svg.radar').evaluate((chart) => {
      const ticks = [...chart.querySelectorAll('.plot-tick')];
      const series = [...chart.querySelectorAll('.radar-series')];
      return (
        ticks.length >= 4 &&
        ticks.every((tick) =>
          series.every((group) => group.compareDocumentPosition(tick) & Node.DOCUMENT_POSITION_FOLLOWING),
        )
      );
    });
    assert.ok(ticksOnTop, 'the ring values are drawn above the series');
    assert.ok((await radar.locator('svg.radar .plot-tick').allTextContents()).includes('1 (human)'));
    await radar.setViewportSize({ width: 1280, height: 1000 });
    await radar.screenshot({ path: join(testResultsDir, 'webview-results-radar.png') });
    await radar.close();
  });

  it('a failure bar filters the matrix to exactly the records with its code; wrong-only and flipped count right', async () => {
    const { model, rows } = mangoBuilt;
    const page = await openResults(model);
    await page.locator('#tab-failures').click();
    // A bar per code of each model, the informational notes apart.
    const perModel = model.report.failures_by_model.flatMap((entry) =>
      entry.failures.map((failure) => ({ ...failure, model: entry.model, of: entry.records })),
    );
    assert.equal(await page.locator('.failure-bar').count(), perModel.length + model.report.notes.length);
    // Errors (failed calls) are listed by kind above the answer diagnostics: beta's timeout, kept before failures had kinds.
    assert.deepEqual(await page.locator('#error-kinds tbody tr td').allInnerTexts(), [
      'unrecorded',
      '—',
      '—',
      '1 record',
      'timeout after 60 s',
    ]);
    // Both counts say what they count (a bare "12×" beside "12 records" did not).
    for (const failure of perModel) {
      const bar = page.locator(`.failure-bar[data-code="${failure.code}"][data-model="${failure.model}"]`);
      const text = await bar.innerText();
      const share = ((failure.records / failure.of) * 100).toFixed(1);
      assert.ok(
        text.includes(`${failure.records} record${failure.records === 1 ? '' : 's'} · ${share}% of ${failure.model}`),
        text,
      );
      assert.match(text, new RegExp(`${failure.count} occurrences?`), text);
      // The code's meaning is its tooltip and in the legend.
      const meaning = failure.meaning ?? `e.g. ${failure.example}`;
      assert.ok((await bar.getAttribute('title'))?.startsWith(`${failure.code}: ${meaning}`));
      assert.ok((await page.locator('#code-legend dd').allInnerTexts()).includes(meaning));
    }
    await page.screenshot({ path: join(testResultsDir, 'webview-results-failures.png') });
    for (const code of [UNKNOWN, HALLUCINATED]) {
      await page.locator('#tab-failures').click();
      await page.locator(`.failure-bar[data-code="${code}"]`).first().click();
      assert.ok(await page.locator('#panel-questions').isVisible());
      const withCode = rows.filter((row) => row.record.diagnostics?.some((diagnostic) => diagnostic.code === code));
      const summary = page.locator('#matrix-summary');
      assert.equal(Number(await summary.getAttribute('data-records')), withCode.length);
      assert.equal(
        Number(await summary.getAttribute('data-questions')),
        new Set(withCode.map((row) => row.record.question.sampleId)).size,
      );
      const hits = await page
        .locator('.matrix-row:not([hidden]) .matrix-cell.hit')
        .evaluateAll((cells) => cells.map((cell) => Number((cell as HTMLElement).dataset.row)).sort((a, b) => a - b));
      assert.deepEqual(
        hits,
        withCode.map((row) => rows.indexOf(row)).sort((a, b) => a - b),
      );
    }
    await page.selectOption('#filter-code', '-1');

    // Independent expectations from the report rows: wrong = error, unparseable or success_strict ≠ 1.
    const bySample = new Map<string, ReportRow[]>();
    for (const row of rows)
      bySample.set(row.record.question.sampleId, [...(bySample.get(row.record.question.sampleId) ?? []), row]);
    const strict = (row: ReportRow) => row.metrics.success_strict ?? 0;
    const wrong = [...bySample.values()].filter((group) =>
      group.some((row) => row.record.error !== undefined || !row.valid || strict(row) !== 1),
    ).length;
    const answered = (group: ReportRow[]) => group.filter((row) => row.record.error === undefined);
    const flipped = [...bySample.values()].filter((group) => new Set(answered(group).map(strict)).size > 1).length;
    await page.locator('#filter-wrong').check();
    assert.equal(Number(await page.locator('#matrix-summary').getAttribute('data-questions')), wrong);
    assert.equal(await page.locator('.matrix-spacer .matrix-row:not([hidden])').count(), wrong);
    await page.locator('#filter-wrong').uncheck();
    await page.locator('#filter-flipped').check();
    assert.equal(Number(await page.locator('#matrix-summary').getAttribute('data-questions')), flipped);
    assert.equal(flipped, compareModels(mango, 'alpha', 'beta').flips.length, 'the same flips as waypoint compare');
    // A field value and the text search narrow further.
    await page.selectOption('#filter-field', { label: 'game' });
    await page.selectOption('#filter-value', { label: 'advent' });
    const advent = [...bySample.values()].filter(
      (group) => group[0].fields.game === 'advent' && new Set(answered(group).map(strict)).size > 1,
    ).length;
    assert.equal(Number(await page.locator('#matrix-summary').getAttribute('data-questions')), advent);
    await page.locator('#filter-flipped').uncheck();
    await page.selectOption('#filter-field', '-1');
    const someId = rows[10].record.question.sampleId;
    await page.locator('#filter-text').fill(someId.slice(0, 12));
    assert.equal(await page.locator('.matrix-spacer .matrix-row:not([hidden])').getAttribute('data-question'), someId);
    // Questions are named by their meaning (the sample id in the tooltip), and found by its words.
    const firstQuestion = page.locator('.matrix-spacer .matrix-row:not([hidden]) .matrix-q').first();
    assert.equal(await firstQuestion.textContent(), 'DF West of House → Kitchen');
    assert.match((await firstQuestion.getAttribute('title')) ?? '', new RegExp(`sample id ${someId}`));
    await page.locator('#filter-text').fill('kitchen');
    assert.equal(Number(await page.locator('#matrix-summary').getAttribute('data-questions')), bySample.size);
    // Errors and unparseable answers have their own marks.
    await page.locator('#filter-text').fill('');
    assert.equal(await page.locator('.matrix-row:not([hidden]) .matrix-cell.cell-error').count(), 1);
    assert.equal(await page.locator('.matrix-row:not([hidden]) .matrix-cell.cell-invalid').count(), 1);
    await page.close();
  });

  it('opens a record’s detail: planted markup as text, scores with their mode, diagnostics, replay note, open buttons', async () => {
    const { model, rows } = mangoBuilt;
    const page = await openResults(model);
    await page.locator('#tab-questions').click();
    const planted = rows.findIndex((row) => row.record.model.id === 'alpha' && row.record.rawAnswer === PLANTED);
    await page.locator(`.matrix-cell[data-row="${planted}"]`).click();
    assert.equal(await answerDetail(page, rows, 1), planted);
    assert.equal(await page.locator('.raw-answer').innerText(), PLANTED);
    assert.equal(await page.locator('img').count(), 0);
    assert.equal(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned), undefined);
    assert.match(await page.locator('.mode-badge').innerText(), /faithful/);
    assert.match(await page.locator('.detail').innerText(), /Scores \(faithful\)/i);
    assert.ok(
      await page.locator(`.matrix-cell[data-row="${planted}"]`).evaluate((cell) => cell.classList.contains('selected')),
    );
    assert.match(await page.locator('.replay-none').innerText(), /maze view/);
    // Diagnostics as line:col code message (1-based), the prompt collapsed until opened.
    const withDiagnostic = rows.findIndex(
      (row) => row.record.model.id === 'beta' && (row.record.diagnostics?.length ?? 0) === 2,
    );
    await page.locator(`.matrix-cell[data-row="${withDiagnostic}"]`).click();
    await answerDetail(page, rows, 2);
    assert.deepEqual(await page.locator('.detail-diagnostics .diag-pos').allInnerTexts(), ['1:1', '1:2']);
    assert.deepEqual(await page.locator('.detail-diagnostics .diag-code').allInnerTexts(), [UNKNOWN, HALLUCINATED]);
    assert.ok(await page.locator('.prompt-message pre').first().isHidden());
    await page.locator('.prompt-message summary').first().click();
    assert.match(await page.locator('.prompt-message pre').first().innerText(), /Walkthrough of/);
    await page.locator('#open-answer').click();
    await page.locator('#open-replay').click();
    assert.deepEqual((await sent(page)).slice(-2), [
      { type: 'openAnswer', index: withDiagnostic },
      { type: 'openReplay', index: withDiagnostic },
    ]);
    await post(page, { type: 'status', text: 'Replay opened on the maze.' });
    assert.equal(await page.locator('#results-status').innerText(), 'Replay opened on the maze.');
    await page.screenshot({ path: join(testResultsDir, 'webview-results-detail.png') });
    // A narrow panel (beside an editor) stacks the detail under the matrix.
    await page.setViewportSize({ width: 700, height: 900 });
    const [matrixBox, detailBox] = await Promise.all([
      page.locator('#matrix').boundingBox(),
      page.locator('#detail').boundingBox(),
    ]);
    assert.ok(
      matrixBox && detailBox && detailBox.y >= matrixBox.y + matrixBox.height - 1,
      'the detail pane sits below the matrix',
    );
    await page.screenshot({ path: join(testResultsDir, 'webview-results-narrow.png') });
    // Narrow and short (an editor group beside another, the panel open): nothing overlaps the
    // detail's buttons, which a click would otherwise land on the matrix through.
    await page.setViewportSize({ width: 520, height: 460 });
    for (const id of ['#open-answer', '#open-replay']) {
      const button = page.locator(id);
      await button.scrollIntoViewIfNeeded();
      const onTop = await button.evaluate((element) => {
        const box = element.getBoundingClientRect();
        const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
        return hit === element || element.contains(hit) ? 'the button' : (hit?.className ?? 'nothing');
      });
      assert.equal(onTop, 'the button', `${id} is covered at its centre`);
      await button.click();
    }
    assert.deepEqual((await sent(page)).slice(-2), [
      { type: 'openAnswer', index: withDiagnostic },
      { type: 'openReplay', index: withDiagnostic },
    ]);
    const [shortMatrix, shortDetail] = await Promise.all([
      page.locator('section.matrix').boundingBox(),
      page.locator('#detail').boundingBox(),
    ]);
    assert.ok(
      shortMatrix && shortDetail && shortDetail.y >= shortMatrix.y + shortMatrix.height - 1,
      'the detail pane starts below the whole matrix section',
    );
    await page.screenshot({ path: join(testResultsDir, 'webview-results-short.png') });
    await page.close();
  });

  it('keeps every model column in view beside the detail in a 1000 px editor; labels keep their distinguishing end', async () => {
    const page = await openResults(mangoBuilt.model, { viewport: { width: 1000, height: 800 } });
    await page.locator('#tab-questions').click();
    await page.locator('.matrix-cell').first().click();
    await answerDetail(page, mangoBuilt.rows, 1);
    const scroller = (await page.locator('#matrix').boundingBox()) as { x: number; width: number };
    for (const name of mangoBuilt.model.models) {
      const head = (await page.locator('.matrix-head .matrix-model', { hasText: name }).boundingBox()) as {
        x: number;
        width: number;
      };
      assert.ok(
        head.x + head.width <= scroller.x + scroller.width + 0.5,
        `the ${name} column ends at ${head.x + head.width}, the matrix at ${scroller.x + scroller.width}`,
      );
    }
    // A label too long for its cell is cut in the middle: its last characters are on screen.
    const first = page.locator('.matrix-spacer .matrix-row:not([hidden])').first();
    const label = 'DF West of House → Kitchen';
    assert.equal(await first.locator('.matrix-q').textContent(), label, 'the cell holds the whole label');
    const [cell, tail] = await Promise.all([
      first.locator('.matrix-q').boundingBox(),
      first.locator('.matrix-q .q-tail').boundingBox(),
    ]);
    assert.ok(
      cell && tail && tail.width > 0 && tail.x + tail.width <= cell.x + cell.width + 0.5,
      'the end of the label is shown',
    );
    assert.equal(await first.locator('.matrix-q .q-tail').innerText(), Array.from(label).slice(-14).join(''));
    // The detail beside it fits its pane: a long diagnostic code wraps instead of pushing the
    // buttons and the id out of sight; its timing says what it measures.
    const overflow = await page.locator('#detail').evaluate((element) => element.scrollWidth - element.clientWidth);
    assert.ok(overflow <= 1, `the detail is ${overflow} px wider than its pane`);
    assert.match(await page.locator('#detail').innerText(), /model latency \d+ ms/);
    await page.screenshot({ path: join(testResultsDir, 'webview-results-1000.png') });
    await page.close();
  });

  it('compares two models, shows the paired statistics and opens a flip in the matrix', async () => {
    const { model, rows } = mangoBuilt;
    const page = await openResults(model, { light: true });
    await page.locator('#tab-compare').click();
    await page.selectOption('#compare-a', 'beta');
    await page.selectOption('#compare-b', 'alpha');
    await page.locator('#compare-run').click();
    assert.deepEqual(await waitFor(page, 'compare'), { type: 'compare', a: 'beta', b: 'alpha' });
    const result = compareModels(mango, 'beta', 'alpha');
    await post(page, { type: 'compared', a: 'beta', b: 'alpha', result });
    // Coloured by each metric's declared direction: a significant rise in parse_error (lower is
    // better) is bad for B, the same rise in a success rate good; an insignificant one neither.
    assert.equal(model.better.parse_error, 'lower');
    const significant = { ...result.metrics.parse_error, diff: 0.2, p_value: 0.01 };
    await post(page, {
      type: 'compared',
      a: 'beta',
      b: 'alpha',
      result: {
        ...result,
        metrics: {
          ...result.metrics,
          parse_error: significant,
          success_loose: { ...result.metrics.success_loose, diff: 0.2, p_value: 0.01 },
          reasoning: { ...result.metrics.reasoning, diff: 0.2, p_value: 0.5 },
        },
      },
    });
    const diffCell = (metric: string) => page.locator(`.compare-table tr[data-metric="${metric}"] td`).nth(3);
    assert.equal(await diffCell('parse_error').getAttribute('class'), 'num bad');
    assert.equal(
      await diffCell('parse_error').getAttribute('title'),
      'p < 0.05: A is better (lower parse_error is better)',
    );
    assert.equal(await diffCell('success_loose').getAttribute('class'), 'num good');
    assert.equal(
      await diffCell('success_loose').getAttribute('title'),
      'p < 0.05: B is better (higher success_loose is better)',
    );
    assert.equal(await diffCell('reasoning').getAttribute('class'), 'num ');
    await post(page, { type: 'compared', a: 'beta', b: 'alpha', result });
    // beta's failed call on zork1 question 7 drops that pair, and the summary says so.
    assert.deepEqual(result.dropped, { errors: 1, truncated: 0 });
    assert.match(
      await page.locator('.compare-summary').innerText(),
      /· dropped: 1 pair for errors, 0 for truncation \(answers from cuts are not paired\) ·/,
    );
    const strict = result.metrics.success_strict;
    const cells = await page.locator('.compare-table tr[data-metric="success_strict"] td').allInnerTexts();
    assert.deepEqual(cells.slice(0, 4), [
      'success_strict',
      formatMetricValue(strict.a),
      formatMetricValue(strict.b),
      `${strict.diff > 0 ? '+' : ''}${formatMetricValue(strict.diff)}`,
    ]);
    assert.equal(cells[6], strict.test);
    assert.equal(cells[7], String(strict.n));
    assert.equal(cells[8], `${strict.discordant?.a_only} / ${strict.discordant?.b_only}`);
    assert.equal(await page.locator('#flip-list button.flip').count(), result.flips.length);
    await page.screenshot({ path: join(testResultsDir, 'webview-results-compare.png') });
    const flip = result.flips[2];
    await page.locator(`button.flip[data-sample="${flip.sampleId}"]`).click();
    assert.ok(await page.locator('#panel-questions').isVisible());
    assert.equal(await page.locator('.matrix-row.selected-question').getAttribute('data-question'), flip.sampleId);
    const request = await waitFor(page, 'detail');
    assert.equal(rows[Number(request.index)].record.question.sampleId, flip.sampleId);
    assert.equal(rows[Number(request.index)].record.model.id, 'beta');
    await page.locator('#tab-compare').click();
    // "Side by side" asks the host for both answers side by side.
    await page.locator(`button.flip[data-sample="${flip.sampleId}"] + button.flip-both`).click();
    assert.deepEqual(await waitFor(page, 'compareQuestion'), {
      type: 'compareQuestion',
      sampleId: flip.sampleId,
      a: 'beta',
      b: 'alpha',
    });
    await post(page, { type: 'compared', a: 'beta', b: 'beta', error: 'Pick two different models.' });
    assert.equal(await page.locator('#compare-output .error-line').innerText(), 'Pick two different models.');
    await page.close();
  });

  it('renders 40,000 records with a bounded DOM, scrolls to the last question, and replays a record', async () => {
    // The 2 s budget for drawing these records (and 1 s for two filter changes) is measured by
    // `npm run bench` (bench/webviewBench.ts), on the same records.
    const set = bigSet();
    const { model, rows } = buildResultsModel(set, ['gpt-4o.jsonl', 'o1-mini.jsonl'], 'GRASP · 40,000 records');
    assert.equal(model.rows.length, 40_000);
    const page = await host.browser.newPage({ viewport: { width: 1280, height: 820 } });
    await page.goto(`${host.server.url}/test/webview/host.html`);
    await page.addScriptTag({ url: `${host.server.url}/dist/webview/results.js` });
    await waitFor(page, 'ready');
    await post(page, { type: 'results', model });
    const rendered = await waitFor(page, 'rendered');
    assert.equal(rendered.rows, 40_000);

    await page.locator('#tab-questions').click();
    assert.equal(await page.locator('#tab-questions').innerText(), 'Questions (20,000)');
    const matrixElements = await page.locator('#matrix *').count();
    const allElements = await page.evaluate(() => document.querySelectorAll('*').length);
    assert.ok(
      matrixElements < 2000 && allElements < 4000,
      `${matrixElements} elements in the matrix, ${allElements} in the page`,
    );
    const lastQuestion = model.rows[model.rows.length - 1].q;
    await page.locator('#filter-wrong').check();
    await page.locator('#filter-wrong').uncheck();
    // The matrix redraws in its scroll listener; scroll events are dispatched before the next
    // frame's animation callbacks, so the redraw has happened by the second of them.
    await page.locator('#matrix').evaluate(
      (element) =>
        new Promise((resolve) => {
          element.scrollTop = element.scrollHeight;
          requestAnimationFrame(() => requestAnimationFrame(resolve));
        }),
    );
    const bottom = await page.locator('#matrix').evaluate((element) => {
      const box = element.getBoundingClientRect();
      const shown = [...element.querySelectorAll<HTMLElement>('.matrix-spacer .matrix-row:not([hidden])')].filter(
        (row) => {
          const r = row.getBoundingClientRect();
          return r.top >= box.top && r.bottom <= box.bottom + 0.5;
        },
      );
      return shown.map((row) => row.dataset.question).at(-1);
    });
    assert.equal(bottom, lastQuestion);
    assert.ok((await page.locator('#matrix *').count()) < 2000);

    // A record of the last question opens with its replay, stepped with ▶.
    const cell = page.locator(`.matrix-row[data-question="${lastQuestion}"] .matrix-cell`).first();
    await cell.click();
    const index = await answerDetail(page, rows, 1, graspReplay());
    assert.equal(model.rows[index].q, lastQuestion);
    assert.equal(await page.locator('.replay-step').innerText(), 'start · 3 steps');
    assert.equal(await page.locator('.replay-grid td.rg-agent').count(), 1);
    await page.locator('.replay-next').click();
    await page.locator('.replay-next').click();
    assert.equal(await page.locator('.replay-step').innerText(), 'step 2 of 3');
    assert.equal(await page.locator('.replay-action code').innerText(), 'RIGHT');
    await page.locator('.replay-next').click();
    assert.ok(await page.locator('.replay-next').isDisabled());
    assert.match(await page.locator('.replay-action').innerText(), /TAKE\s*takeSucceeded/);
    await page.screenshot({ path: join(testResultsDir, 'webview-results-40k.png') });
    await page.close();
  });
});
