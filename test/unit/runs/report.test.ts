// `waypoint report` in core: hand-computed means, valid and error counts, failure breakdown,
// clustered intervals, shard merging, --by/--where, and the CSV, Markdown and HTML renderings.
import { strict as assert } from 'node:assert';
import '../../../src/core/benchmarks';
import { parseRunRecords } from '../../../src/core/eval/recordSchemas';
import type { RunRecord } from '../../../src/core/eval/types';
import { reportCsv, reportMarkdown } from '../../../src/core/runs/format';
import { reportHtml } from '../../../src/core/runs/html';
import { mergeRunFiles, ReportUsageError } from '../../../src/core/runs/records';
import { buildReport } from '../../../src/core/runs/report';
import { jsonl, mangoRecord } from './fixtures';

/** Records through the file format, as the CLI reads them. */
const viaFile = (records: RunRecord[], file = 'run.jsonl') => ({
  file,
  records: parseRunRecords(jsonl(records), file).records,
});

// gpt-x on two games: zork1 3/4 strict (one errored), detective 1/2 (one unparseable); easy and hard.
const gptX = [
  mangoRecord({ model: 'gpt-x', game: 'zork1', n: 1, strict: 1, reasoning: 1 }),
  mangoRecord({
    model: 'gpt-x',
    game: 'zork1',
    n: 2,
    strict: 1,
    reasoning: 0,
    diagnostics: ['mango-answer/unknown-action'],
  }),
  mangoRecord({ model: 'gpt-x', game: 'zork1', n: 3, strict: 1, reasoning: 1, easy: false }),
  mangoRecord({ model: 'gpt-x', game: 'zork1', n: 4, error: 'HTTP 500 from the server' }),
  mangoRecord({ model: 'gpt-x', game: 'detective', n: 1, strict: 1, reasoning: 1 }),
  mangoRecord({
    model: 'gpt-x',
    game: 'detective',
    n: 2,
    parseError: true,
    diagnostics: ['mango-answer/not-a-list', 'mango-answer/unknown-action', 'mango-answer/unknown-action'],
  }),
];

describe('report (core)', () => {
  it('computes means over every record, errors and unparseable answers scoring 0', () => {
    const { json } = buildReport(mergeRunFiles([viaFile(gptX)]), { by: 'game' });
    assert.equal(json.benchmark, 'mango');
    assert.equal(json.records, 6);
    assert.equal(json.errors, 1);
    assert.deepEqual(json.modes, { faithful: 6 });
    assert.deepEqual(json.bootstrap, { seed: 1, resamples: 2000, cluster: 'game', interval: 'percentile' });
    assert.deepEqual(
      json.groups.map((group) => group.key),
      [
        { model: 'gpt-x', game: 'detective' },
        { model: 'gpt-x', game: 'zork1' },
      ],
    );
    const [detective, zork] = json.groups;
    assert.equal(zork.n, 4);
    assert.equal(zork.valid, 3);
    assert.equal(zork.errors, 1);
    assert.equal(zork.metrics.success_strict.mean, 3 / 4);
    assert.equal(zork.metrics.reasoning.mean, 2 / 4);
    // The errored record is an error (its own count), never a parse error: parse_error is over the 3 answers.
    assert.deepEqual([zork.metrics.parse_error.mean, zork.metrics.parse_error.n], [0, 3]);
    assert.deepEqual([detective.metrics.parse_error.mean, detective.errors], [1 / 2, 0]);
    assert.equal(detective.valid, 1);
    assert.equal(detective.metrics.success_strict.mean, 1 / 2);
    // One game per group: no between-game variation to resample, so single records are.
    assert.equal(zork.clusters, 1);
    assert.deepEqual(json.failures, [
      { code: 'mango-answer/unknown-action', count: 3, records: 2 },
      { code: 'mango-answer/not-a-list', count: 1, records: 1 },
    ]);
  });

  it('gives one row per model by default over the paper table fields, with clustered intervals', () => {
    const { json } = buildReport(mergeRunFiles([viaFile(gptX)]), { by: 'model' });
    assert.equal(json.groups.length, 1);
    const overall = json.groups[0];
    assert.equal(overall.metrics.success_strict.mean, 4 / 6);
    // Two games, means 1/2 (detective) and 3/4 (zork1): resampling two clusters gives a resample mean
    // of 1/2 (both detective), 2/3 (one of each) or 3/4 (both zork1), weighted by record counts.
    assert.deepEqual(overall.metrics.success_strict.ci95, [0.5, 0.75]);
    const byDefault = buildReport(mergeRunFiles([viaFile(gptX)])).json;
    assert.deepEqual(byDefault.by, ['model', 'task', 'difficulty']);
    assert.deepEqual(
      byDefault.groups.map((group) => [group.key.difficulty, group.n]),
      [
        ['easy', 5],
        ['hard', 1],
      ],
    );
  });

  it('merges shards, counts a question answered twice once, and filters with --where', () => {
    const gptY = [
      mangoRecord({ model: 'gpt-y', game: 'zork1', n: 1, strict: 0 }),
      mangoRecord({ model: 'gpt-y', game: 'zork1', n: 2, strict: 1 }),
    ];
    // The retried question: the error first, then the answer (a resumed run that retried its errors).
    const retried = mangoRecord({ model: 'gpt-x', game: 'zork1', n: 4, strict: 1, reasoning: 1 });
    const set = mergeRunFiles([
      viaFile(gptX.slice(0, 3), 'shard-1.jsonl'),
      viaFile([...gptX.slice(3), retried], 'shard-2.jsonl'),
      viaFile(gptY, 'gpt-y.jsonl'),
    ]);
    assert.equal(set.superseded, 1);
    const { json } = buildReport(set, { by: 'model' });
    assert.deepEqual(
      json.groups.map((group) => [group.key.model, group.n, group.errors, group.metrics.success_strict.mean]),
      [
        ['gpt-x', 6, 0, 5 / 6],
        ['gpt-y', 2, 0, 1 / 2],
      ],
    );
    const only = buildReport(set, { by: 'game', where: 'game=zork1,model=gpt-y' }).json;
    assert.equal(only.records, 2);
    assert.deepEqual(only.where, { game: ['zork1'], model: ['gpt-y'] });
    const either = buildReport(set, { by: 'model', where: 'game=zork1,game=detective,difficulty=hard' }).json;
    assert.equal(either.records, 1);
  });

  it('refuses mixed benchmarks and unknown fields as usage errors naming them', () => {
    const babyai = JSON.parse(JSON.stringify(gptX[0])) as Record<string, unknown>;
    babyai.question = {
      benchmark: 'babyai',
      task: 'predict',
      source: 'a.jsonl',
      record: 0,
      levelName: 'BabyAI-GoToObj-v0',
      sampleId: 'x',
      actions: [],
    };
    const mixed = parseRunRecords(`${JSON.stringify(gptX[0])}\n${JSON.stringify(babyai)}\n`, 'mixed.jsonl').records;
    assert.throws(
      () => mergeRunFiles([{ file: 'mixed.jsonl', records: mixed }]),
      (error: Error) =>
        error instanceof ReportUsageError && /mango \(mixed\.jsonl\) and babyai \(mixed\.jsonl\)/.test(error.message),
    );
    const set = mergeRunFiles([viaFile(gptX)]);
    assert.throws(
      () => buildReport(set, { by: 'colour' }),
      /--by: mango has no field 'colour' \(fields: model, mode, question, id, game, task, difficulty, path_length\)/,
    );
    assert.throws(() => buildReport(set, { where: 'game' }), /--where: 'game' is not FIELD=VALUE/);
  });

  it('renders CSV and Markdown tables with one row per group', () => {
    const { json } = buildReport(mergeRunFiles([viaFile(gptX)]), { by: 'game' });
    const csv = reportCsv(json).trimEnd().split('\n');
    assert.equal(csv.length, 3);
    // The cut records' columns and the treatment come last: the columns before keep their places.
    assert.equal(
      csv[0],
      'model,game,n,valid,errors,success_strict_mean,success_strict_ci95_low,success_strict_ci95_high,success_strict_n,success_loose_mean,success_loose_ci95_low,success_loose_ci95_high,success_loose_n,reasoning_mean,reasoning_ci95_low,reasoning_ci95_high,reasoning_n,parse_error_mean,parse_error_ci95_low,parse_error_ci95_high,parse_error_n,truncated,context_truncated,truncated_treatment,cost_usd,cost_unknown,questions',
    );
    // A cost nobody knows (no prices in the profile) is an empty cell and a count, never 0: the 3 answers (the failed call was not billed).
    assert.match(csv[2], /^gpt-x,zork1,4,3,1,0\.75,.*,0,0,excluded,,3,answerable$/);
    const markdown = reportMarkdown(json).split('\n');
    assert.ok(
      markdown.includes(
        '| model | game | n | valid | errors | success_strict | success_loose | reasoning | parse_error | cost |',
      ),
      markdown.join('\n'),
    );
    assert.ok(markdown.some((line) => line.startsWith('| gpt-x | zork1 | 4 | 3 | 1 | 0.750 [')));
    // Failures per model: records, then occurrences, then what the code means (its first message without a declared meaning).
    assert.ok(markdown.includes('*Failures of gpt-x (answer diagnostic codes; 6 records):*'), markdown.join('\n'));
    assert.ok(markdown.includes('| mango-answer/unknown-action | 2 | 3 | e.g. problem mango-answer/unknown-action |'));
  });

  it('counts truncated replies (a truncated column and a note in the caption) only when there are some', () => {
    const cut = {
      ...mangoRecord({ model: 'gpt-x', game: 'zork1', n: 7, strict: 0 }),
      finish_reason: 'length',
      truncated: true,
    };
    const { json } = buildReport(mergeRunFiles([viaFile([...gptX, cut])]), { by: 'game' });
    assert.equal(json.truncated, 1);
    assert.deepEqual(
      json.groups.map((group) => [group.key.game, group.truncated]),
      [
        ['detective', 0],
        ['zork1', 1],
      ],
    );
    const markdown = reportMarkdown(json).split('\n');
    assert.ok(
      markdown.includes(
        '| model | game | n | valid | errors | truncated | success_strict | success_loose | reasoning | parse_error | cost |',
      ),
      markdown.join('\n'),
    );
    assert.match(markdown[0], /7 records \(1 errors, 1 truncated at the token limit;/);
    // No cut record: no column, no count; the caption still says how the means treat them.
    const plain = reportMarkdown(buildReport(mergeRunFiles([viaFile(gptX)])).json);
    assert.ok(
      plain
        .split('\n')
        .includes(
          '| model | task | difficulty | n | valid | errors | success_strict | success_loose | reasoning | parse_error | cost |',
        ),
      plain,
    );
    assert.doesNotMatch(plain, /truncated at the token limit/);
    assert.match(plain, /Means exclude truncated records/);
  });

  describe('records answered from a cut (truncated, context_truncated)', () => {
    // zork1 without cuts: 3 right of 4 (one errored). Three more zork1 answers, all wrong: a reply cut
    // at the token limit, a prompt the server cut, and a failed call flagged truncated by an earlier turn.
    const cutReply = {
      ...mangoRecord({ model: 'gpt-x', game: 'zork1', n: 7, strict: 0 }),
      finish_reason: 'length',
      truncated: true,
    };
    const cutPrompt = { ...mangoRecord({ model: 'gpt-x', game: 'zork1', n: 8, strict: 0 }), context_truncated: true };
    const erroredCut = { ...mangoRecord({ model: 'gpt-x', game: 'zork1', n: 9, error: 'HTTP 500' }), truncated: true };
    const set = () => mergeRunFiles([viaFile([...gptX, cutReply, cutPrompt, erroredCut])]);
    const zork = (json: ReturnType<typeof buildReport>['json']) =>
      json.groups.find((group) => group.key.game === 'zork1');

    it('are left out of the means by default and counted in their own columns; an errored one stays an error', () => {
      const { json } = buildReport(set(), { by: 'game' });
      assert.equal(json.truncated_treatment, 'excluded');
      assert.equal(json.truncated, 1);
      assert.equal(json.context_truncated, 1);
      const group = zork(json);
      assert.ok(group);
      // The errored one is an error, not a cut: the cuts and the records in the means (errors scored 0 among them) make n.
      assert.deepEqual([group.n, group.errors, group.truncated, group.context_truncated], [7, 2, 1, 1]);
      assert.equal(group.truncated + group.context_truncated + group.metrics.success_strict.n, group.n);
      // 3 right of the 5 in the means: the 4 without cuts and the errored one (an error scores 0).
      assert.equal(group.metrics.success_strict.mean, 3 / 5);
      assert.equal(group.metrics.success_strict.n, 5);
      assert.equal(group.metrics.parse_error.n, 3, 'parse errors are over answers: no errored, no cut record');
      const text = reportMarkdown(json);
      assert.ok(
        text
          .split('\n')
          .includes(
            '| model | game | n | valid | errors | truncated | context_truncated | success_strict | success_loose | reasoning | parse_error | cost |',
          ),
        text,
      );
      assert.match(text, /1 truncated at the token limit, 1 with the prompt cut by the server;/);
      assert.match(
        text,
        /Means exclude truncated records \(replies cut at the token limit, prompts the server cut; counted in their own columns\); --include-truncated counts them\./,
      );
      const csv = reportCsv(json).trim().split('\n');
      assert.match(csv.find((line) => line.startsWith('gpt-x,zork1,')) ?? '', /,1,1,excluded,,\d+,answerable$/);
    });

    it('with includeTruncated they count as given, and every rendering says so', () => {
      const { json } = buildReport(set(), { by: 'game', includeTruncated: true });
      assert.equal(json.truncated_treatment, 'included');
      const group = zork(json);
      assert.equal(group?.metrics.success_strict.mean, 3 / 7);
      assert.equal(group?.metrics.success_strict.n, 7);
      assert.match(reportMarkdown(json), /Means include truncated records \(--include-truncated\)/);
      assert.match(reportCsv(json), /,1,1,included,,\d+,answerable\n/);
    });

    it('the HTML page states the treatment, has the columns, and its overall row, plots and drill-down follow it', () => {
      for (const includeTruncated of [false, true]) {
        const records = set();
        const { json, rows } = buildReport(records, { includeTruncated });
        const html = reportHtml(json, rows, records.report);
        const treatment = /<span id="truncated-treatment">([^<]*)<\/span>/.exec(html)?.[1] ?? '';
        assert.match(
          treatment,
          includeTruncated ? /^Means include truncated records/ : /^Means exclude truncated records/,
        );
        assert.match(treatment, /\(1 truncated at the token limit, 1 with the prompt cut by the server\)$/);
        const overall = /<h2>Overall<\/h2>\n<table><thead><tr>(.*?)<\/tr><\/thead><tbody><tr>(.*?)<\/tr>/s.exec(html);
        assert.match(overall?.[1] ?? '', /<th>errors<\/th><th>truncated<\/th><th>context_truncated<\/th>/);
        // gpt-x overall: 4 right of 7 without the cuts (zork1 3 of 5, detective 1 of 2), 4 of 9 with them.
        const strict = includeTruncated ? 4 / 9 : 4 / 7;
        assert.match(
          overall?.[2] ?? '',
          new RegExp(
            `<td class="n">9</td><td class="n">\\d+</td><td class="n">2</td><td class="n">1</td><td class="n">1</td><td class="n">${String(Math.round(strict * 1000) / 1000).replace('.', '\\.')} `,
          ),
        );
        assert.equal(rows.filter((row) => !row.inMeans).length, includeTruncated ? 0 : 2);
      }
    });
  });

  it("the HTML page's record table has only the metrics a run's records have (a route run shows no map precision/recall/F1)", () => {
    const set = mergeRunFiles([viaFile(gptX)]);
    const { json, rows } = buildReport(set);
    assert.ok(set.report.metricNames.includes('f1'), 'MANGO declares the map task metrics');
    const html = reportHtml(json, rows, set.report);
    const head = /<th>model<\/th><th>question<\/th>(.*?)<\/tr>/s.exec(html)?.[1] ?? '';
    // A metric's head carries what it means as its tooltip.
    assert.match(head, /<th title="success_strict: [^"]+">success_strict<\/th>/);
    assert.doesNotMatch(head, /<th[^>]*>(?:precision|recall|f1)<\/th>/);
  });

  it('writes a self-contained HTML page that shows record text as text', () => {
    const planted = mangoRecord({
      model: 'evil</td><img src=x>',
      game: 'zork1',
      n: 9,
      strict: 0,
      raw: '<script>alert(1)</script> and </script><script>alert(2)</script>',
      prompt: 'prompt with <b>tags</b>',
    });
    const set = mergeRunFiles([viaFile([...gptX, planted])]);
    const { json, rows } = buildReport(set);
    const html = reportHtml(json, rows, set.report);
    // Exactly two script elements: the JSON data and the report's own code; no external resource.
    assert.equal((html.match(/<script/g) ?? []).length, 2);
    assert.doesNotMatch(html, /(?:src|href)\s*=\s*["']?\s*(?:https?:)?\/\//i);
    assert.doesNotMatch(html, /<script[^>]*\ssrc=/i);
    assert.doesNotMatch(html, /<img/);
    assert.doesNotMatch(html, /<b>tags/);
    assert.match(html, /evil&lt;\/td&gt;&lt;img src=x&gt;/);
    assert.match(html, /\\u003cscript>alert\(1\)\\u003c\/script>/);
    assert.match(
      html,
      /<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; script-src 'sha256-[A-Za-z0-9+/]+=*';/,
    );
    // The drill-down data round-trips to the record's text.
    const data = JSON.parse(
      /<script type="application\/json" id="records" data-encoding="json">(.*?)<\/script>/s.exec(html)?.[1] ?? 'null',
    ) as { rows: Array<{ raw: string }> };
    assert.equal(data.rows.at(-1)?.raw, planted.rawAnswer);
    assert.match(html, /<svg width=/);
  });
});
