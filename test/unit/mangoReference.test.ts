// Reference-compatible MANGO scoring (spec mango.md §7, §9): the released evaluator's behaviour,
// defects included. Checked three ways: rules on the sample maze, the shared example outputs, and
// an independent Python transcription of the evaluator run under several PYTHONHASHSEED values,
// which Waypoint must match exactly where the evaluator is deterministic and bracket where not.
import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  referenceScorer,
  summarizeReference,
  type ReferenceLookup,
  type ReferenceResult,
} from '../../src/core/benchmarks/mango/scoring/referenceScoring';
import type { EdgeRecord } from '../../src/core/benchmarks/mango/types';
import { distDir, repoRoot, samplesDir, sharedDataDir, sharedDataMissingReason } from '../support/paths';

const lighthouseEdges = JSON.parse(
  readFileSync(join(samplesDir, 'mango/lighthouse/lighthouse.edges.json'), 'utf8'),
) as EdgeRecord[];
const everyIdKnown: ReferenceLookup = {
  skeleton: () => ({ min_step_forward_answerable: 5, path_length: 2 }),
  shortestPathLength: () => 3,
};
const step = (before: string, action: string, after: string) => ({
  location_before: before,
  action,
  location_after: after,
});

function record(task: 'df' | 'rf', fields: Record<string, unknown>): Record<string, unknown> {
  return {
    sample_id: 'x',
    game_name: 'lighthouse',
    model_cutoff_num: 70,
    min_step_total_answerable: 5,
    answerable: true,
    task: task === 'df' ? 'desti_finding' : 'route_finding',
    ...fields,
  };
}

function firstEdge(predicate: (edge: EdgeRecord) => boolean): EdgeRecord {
  const edge = lighthouseEdges.find(predicate);
  assert.ok(edge, 'the sample maze has such an edge');
  return edge;
}

describe('MANGO reference scoring (released evaluator)', () => {
  const score = referenceScorer(lighthouseEdges, everyIdKnown);

  it('gives DF success 1 whatever the answer says, as the self-comparison defect does', () => {
    const edge = firstEdge((candidate) => candidate.action === 'north');
    const wrong = [step(edge.src_node, 'north', 'somewhere else entirely')];
    const result = score(
      record('df', {
        src_node: edge.src_node,
        dst_node: edge.dst_node,
        action_list: ['north'],
        response: JSON.stringify(wrong),
      }),
    );
    assert.equal(result.success_strict, 1);
    assert.equal(result.success_loose, 1);
    assert.equal(result.reasoning, 0, 'reasoning still checks the path');
    assert.equal(result.path_len, 2, 'DF path_len is the skeleton length');
  });

  it('counts the inference key "answer" as a parsing error, since the evaluator reads "response"', () => {
    const result = score(record('rf', { src_node: 'a', dst_node: 'b', answer: '[]' }));
    assert.equal(result.parse_error, true);
    assert.match(result.note ?? '', /reads 'response'/);
  });

  it('orders its checks: parse, then id, then the step number from the result file; easy from the data file', () => {
    const edge = firstEdge((candidate) => candidate.action === 'north');
    const answer = JSON.stringify([step(edge.src_node, 'north', edge.dst_node)]);
    const unknownIds = referenceScorer(lighthouseEdges, { skeleton: () => undefined, shortestPathLength: () => 1 });
    assert.equal(
      unknownIds(record('rf', { src_node: edge.src_node, dst_node: edge.dst_node, response: 'no list' })).parse_error,
      true,
    );
    assert.equal(
      unknownIds(record('rf', { src_node: edge.src_node, dst_node: edge.dst_node, response: answer })).id_error,
      true,
    );
    const late = score(
      record('rf', {
        src_node: edge.src_node,
        dst_node: edge.dst_node,
        response: answer,
        min_step_total_answerable: 71,
      }),
    );
    assert.equal(late.step_error, true);
    const hard = referenceScorer(lighthouseEdges, {
      skeleton: () => ({ min_step_forward_answerable: 71, path_length: 1 }),
      shortestPathLength: () => 1,
    });
    const valid = hard(record('rf', { src_node: edge.src_node, dst_node: edge.dst_node, response: answer }));
    assert.deepEqual([valid.easy, valid.success_strict, valid.reasoning, valid.path_len], [false, 1, 1, 1]);
    const summary = summarizeReference([valid, late]);
    assert.deepEqual(
      [
        summary.all.total_task,
        summary.all.valid_task,
        summary.all.step_num_error_average,
        summary.hard.total_task,
        summary.easy.total_task,
      ],
      [2, 1, 0.5, 1, 0],
    );
  });

  it('gives RF loose partial credit for the name of a wrong room reached', () => {
    const edge = firstEdge((candidate) => candidate.action === 'north');
    const result = score(
      record('rf', {
        src_node: edge.src_node,
        dst_node: `${edge.dst_node}x`,
        response: JSON.stringify([step(edge.src_node, 'north', edge.dst_node)]),
      }),
    );
    assert.equal(result.success_strict, 0);
    assert.ok(result.success_loose > 0.8 && result.success_loose < 1, String(result.success_loose));
  });

  it('reports an RF tie that set order decides as a hash-dependent range', () => {
    // 'e' is as close to 'east' as to 'west' (similarity 0.25 each): the evaluator picks whichever
    // its set iterates first.
    const edge = firstEdge((candidate) => candidate.action === 'east');
    const result = score(
      record('rf', {
        src_node: edge.src_node,
        dst_node: edge.dst_node,
        response: JSON.stringify([step(edge.src_node, 'e', edge.dst_node)]),
      }),
    );
    assert.ok(result.hash_dependent, 'flagged');
    // Strict: nothing equals 'e', so every action ties at 0 and the first in set order is taken;
    // when that happens to be east, strict succeeds too.
    assert.deepEqual(result.hash_dependent.success_strict, [0, 1]);
    assert.equal(result.hash_dependent.success_loose[1], 1, 'loose can reach the room when east wins the tie');
    assert.equal(result.success_loose, result.hash_dependent.success_loose[0]);
    assert.match(result.note ?? '', /hash-dependent/);
  });
});

interface PythonScore {
  parse_error: boolean;
  strict?: number;
  loose?: number;
  reasoning?: number;
}

function pythonReference(gameDir: string, answersFile: string, seed: number): PythonScore[] {
  const run = spawnSync('python3', [join(repoRoot, 'test/reference/mango_map_evaluator.py'), gameDir, answersFile], {
    encoding: 'utf8',
    env: { ...process.env, PYTHONHASHSEED: String(seed) },
  });
  assert.equal(run.status, 0, run.stderr);
  return JSON.parse(run.stdout) as PythonScore[];
}

function pythonWithNetworkxMissing(): string | null {
  const probe = spawnSync('python3', ['-c', 'import networkx'], { encoding: 'utf8' });
  return probe.status === 0
    ? null
    : 'python3 with networkx is not installed (the cross-check runs the evaluator transcription in Python)';
}

describe('waypoint mango score --mode reference, against the evaluator in Python', () => {
  const gameDir = join(sharedDataDir, 'mango', '905');

  function scoreWithCli(answersFile: string): ReferenceResult[] {
    const run = spawnSync(
      process.execPath,
      [join(distDir, 'cli.js'), 'mango', 'score', gameDir, '--answers', answersFile, '--mode', 'reference', '--json'],
      { encoding: 'utf8' },
    );
    assert.equal(run.status, 0, run.stderr);
    return (JSON.parse(run.stdout) as { results: ReferenceResult[] }).results;
  }

  function exampleRecords(): Array<Record<string, unknown>> {
    const examples = join(sharedDataDir, 'mango', 'examples');
    return readdirSync(examples).flatMap((run) =>
      readdirSync(join(examples, run, '905'))
        .sort()
        .map((file) => JSON.parse(readFileSync(join(examples, run, '905', file), 'utf8')) as Record<string, unknown>),
    );
  }

  function compare(
    records: Array<Record<string, unknown>>,
    seeds: readonly number[],
  ): { hashDependent: number; seedsDisagreed: number } {
    const file = join(mkdtempSync(join(tmpdir(), 'waypoint-ref-')), 'answers.jsonl');
    writeFileSync(file, records.map((item) => JSON.stringify(item)).join('\n'));
    const ours = scoreWithCli(file);
    const theirs = seeds.map((seed) => pythonReference(gameDir, file, seed));
    let seedsDisagreed = 0;
    ours.forEach((result, index) => {
      const perSeed = theirs.map((scores) => scores[index]);
      assert.equal(result.parse_error, perSeed[0].parse_error, `record ${index}: parse error`);
      if (result.parse_error) return;
      const [strictLow, strictHigh] = result.hash_dependent?.success_strict ?? [
        result.success_strict,
        result.success_strict,
      ];
      const [looseLow, looseHigh] = result.hash_dependent?.success_loose ?? [
        result.success_loose,
        result.success_loose,
      ];
      for (const python of perSeed) {
        assert.equal(result.reasoning, python.reasoning, `record ${index}: reasoning`);
        assert.ok(
          strictLow <= (python.strict as number) && (python.strict as number) <= strictHigh,
          `record ${index}: strict ${python.strict} outside ${strictLow}–${strictHigh}`,
        );
        assert.ok(
          looseLow - 1e-12 <= (python.loose as number) && (python.loose as number) <= looseHigh + 1e-12,
          `record ${index}: loose ${python.loose} outside ${looseLow}–${looseHigh}`,
        );
      }
      const distinct = new Set(perSeed.map((python) => `${python.strict}/${python.loose}`));
      if (distinct.size > 1) {
        seedsDisagreed++;
        assert.ok(result.hash_dependent, `record ${index}: Python seeds disagree, so it must be flagged`);
      }
    });
    return { hashDependent: ours.filter((result) => result.hash_dependent).length, seedsDisagreed };
  }

  before(function () {
    if (!existsSync(gameDir)) {
      console.log(`      skipped: ${sharedDataMissingReason}`);
      this.skip();
    }
    const missing = pythonWithNetworkxMissing();
    if (missing) {
      console.log(`      skipped: ${missing}`);
      this.skip();
    }
  });

  it('matches the evaluator on every shared example output (DF and RF, incl. unanswerable files)', function () {
    const records = exampleRecords();
    assert.equal(records.length, 36);
    const { hashDependent } = compare(records, [0, 1]);
    assert.equal(hashDependent, 0, 'the examples use exact action names, so no tie arises');
  });

  it('brackets every seed of the evaluator when abbreviations make set order decide', function () {
    // The examples' RF answers with directions abbreviated to one letter: 'e' and 'w' tie between
    // east and west, 's' between south and east/west, and so on.
    const abbreviated = exampleRecords()
      .filter((item) => item.task === 'route_finding' && item.response !== '')
      .map((item) => ({
        ...item,
        response: String(item.response).replace(
          /'action': '(north|south|east|west)'/g,
          (_match, direction: string) => `'action': '${direction[0]}'`,
        ),
      }));
    const { hashDependent, seedsDisagreed } = compare(abbreviated, [0, 1, 2, 3, 4, 5, 6, 7]);
    assert.ok(hashDependent > 0, 'ties flagged');
    assert.ok(seedsDisagreed > 0, 'and the evaluator itself gives different scores under different seeds');
  });
});
