// Every metric a table shows is explained where it is shown: each built-in benchmark declares what
// its metrics (and terms such as GRASP's μ1/μ2) mean, the results model and the HTML report carry the
// entries a run needs, and a benchmark whose metric has none is refused.
import { strict as assert } from 'node:assert';
import { syntheticGraspRecords } from '../../../bench/syntheticRuns';
import { benchmarks, registerBenchmark } from '../../../src/core/benchmarks';
import { parseRunRecords } from '../../../src/core/eval/recordSchemas';
import type { BenchmarkReport } from '../../../src/core/benchmark/registry';
import { glossaryEntries } from '../../../src/core/runs/glossary';
import { reportHtml } from '../../../src/core/runs/html';
import { mergeRunFiles } from '../../../src/core/runs/records';
import { buildReport } from '../../../src/core/runs/report';
import { buildResultsModel } from '../../../src/core/runs/resultsModel';
import { jsonl, mangoRecord } from './fixtures';

const reportOf = (id: string) => benchmarks().find((definition) => definition.id === id)?.report as BenchmarkReport;

describe('metric glossary', () => {
  it('every metric of every built-in benchmark says what it means; the puzzling ones in the words of the specs', () => {
    for (const definition of benchmarks().filter((candidate) => candidate.report)) {
      const report = definition.report as BenchmarkReport;
      for (const name of report.metricNames)
        assert.ok((report.glossary[name] ?? '').length > 20, `${definition.id} ${name} has no explanation`);
    }
    const babyai = reportOf('babyai').glossary;
    assert.match(babyai.cr, /^CR, the completion rate/);
    assert.match(babyai.pr, /^PR, .*no help/);
    assert.match(babyai.aci, /^ACI, .*K = 30.*max_help/);
    const grasp = reportOf('grasp').glossary;
    assert.match(grasp.μ1, /UP, DOWN, LEFT and RIGHT/);
    assert.match(grasp.μ2, /diagonals UPLEFT, UPRIGHT, DOWNLEFT and DOWNRIGHT/);
    assert.match(
      reportOf('smartplay').glossary.score,
      /Bandits: how many times the player pulled the machine with the higher expected payout/,
    );
  });

  it('refuses to register a report metric without an explanation', () => {
    const mango = reportOf('mango');
    const { reasoning: _dropped, ...glossary } = mango.glossary;
    assert.throws(
      () => registerBenchmark({ id: 'unexplained', label: 'Unexplained', kinds: [], report: { ...mango, glossary } }),
      /Benchmark unexplained: the report metric reasoning has no glossary entry/,
    );
  });

  it('picks the metrics in order, then the terms the field values use, as whole words', () => {
    const glossary = { energy: 'e', length: 'l', μ1: 'four', μ2: 'eight', moves: 'm' };
    assert.deepEqual(
      glossaryEntries(glossary, ['length', 'energy'], ['μ2 (8 moves), carry 2, cost 0.3']).map((entry) => entry.term),
      ['length', 'energy', 'μ2', 'moves'],
    );
    assert.deepEqual(
      glossaryEntries(glossary, ['energy'], ['removes', 'μ12']).map((entry) => entry.term),
      ['energy'],
    );
  });

  it('the results model and the HTML report explain what a GRASP run shows, μ1 and μ2 included', () => {
    const set = mergeRunFiles([{ file: 'grasp.jsonl', records: syntheticGraspRecords(400, 'gpt-4o') }]);
    const { model } = buildResultsModel(set, ['grasp.jsonl'], 'GRASP');
    assert.deepEqual(
      model.glossary.map((entry) => entry.term),
      ['energy', 'length', 'μ1', 'μ2', 'moves'],
    );
    const { json, rows } = buildReport(set);
    const html = reportHtml(json, rows, set.report);
    assert.match(html, /<th title="energy: The answer&#39;s score: the energy delivered to the start cell/);
    assert.match(
      html,
      /<h3>What the terms mean<\/h3>\n<dl class="glossary"><dt>energy<\/dt>.*<dt>μ2<\/dt><dd>Movement set μ2: 8 moves/s,
    );
  });

  it('a MANGO route run explains its four scores and nothing it does not show', () => {
    const records = parseRunRecords(
      jsonl([mangoRecord({ model: 'm', game: 'zork1', n: 1, strict: 1 })]),
      'run.jsonl',
    ).records;
    const { model } = buildResultsModel(mergeRunFiles([{ file: 'run.jsonl', records }]), ['run.jsonl'], 'MANGO');
    assert.deepEqual(
      model.glossary.map((entry) => entry.term),
      ['success_strict', 'success_loose', 'reasoning', 'parse_error'],
    );
  });
});
