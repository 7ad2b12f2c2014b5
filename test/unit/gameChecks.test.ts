// Single-file and cross-file checks of a MANGO game folder, on the sample game and broken copies.
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { validateGameTexts, type GameTexts } from '../../src/core/benchmarks/mango/walkthrough/game';
import { wordSimilarity } from '../../src/core/benchmarks/mango/scoring/confusion';
import type { EdgeRecord } from '../../src/core/benchmarks/mango/types';
import type { Diagnostic } from '../../src/core/util/text';
import { samplesDir } from '../support/paths';

const gameDir = join(samplesDir, 'mango/lighthouse');
const read = (suffix: string) => readFileSync(join(gameDir, `lighthouse${suffix}`), 'utf8');
const sample: GameTexts = {
  'mango-walkthrough': read('.walkthrough'),
  'mango-edges': read('.edges.json'),
  'mango-actions': read('.actions.json'),
  'mango-locations': read('.locations.json'),
};
const sampleEdges = JSON.parse(sample['mango-edges'] as string) as EdgeRecord[];

function withEdges(edges: EdgeRecord[], extra: GameTexts = {}): GameTexts {
  return { ...sample, 'mango-edges': JSON.stringify(edges, null, 1), ...extra };
}

function codes(byFile: Map<string, Diagnostic[]>, kind: string): string[] {
  return (byFile.get(kind) ?? []).filter((d) => d.severity !== 'information').map((d) => d.code);
}

describe('MANGO game checks', () => {
  it('finds nothing wrong with the sample game', () => {
    const byFile = validateGameTexts(sample);
    for (const [kind, diagnostics] of byFile)
      assert.deepEqual(
        diagnostics.filter((d) => d.severity !== 'information'),
        [],
        kind,
      );
  });

  it('points at the unknown location inside the edge', () => {
    const edges = structuredClone(sampleEdges);
    edges[3].dst_node = 'attic';
    const text = JSON.stringify(edges, null, 1);
    const byFile = validateGameTexts({ ...sample, 'mango-edges': text });
    const [unknown] = (byFile.get('mango-edges') ?? []).filter((d) => d.code === 'mango/unknown-location');
    assert.ok(unknown);
    const line = text.split('\n')[unknown.range.start.line];
    assert.equal(line.slice(unknown.range.start.character, unknown.range.end.character), '"attic"');
  });

  it('reports duplicate edges, ambiguous moves and unused names', () => {
    const edges = structuredClone(sampleEdges);
    edges.push({ ...edges[0] });
    edges.push({ ...edges[1], dst_node: 'quay' });
    const byFile = validateGameTexts(
      withEdges(edges, {
        'mango-actions': JSON.stringify([...JSON.parse(sample['mango-actions'] as string), 'xyzzy']),
      }),
    );
    assert.deepEqual(codes(byFile, 'mango-edges').sort(), ['mango/ambiguous-move', 'mango/duplicate-edge']);
    assert.deepEqual(codes(byFile, 'mango-actions'), ['mango/unused-action']);
  });

  it('checks the 9999 convention and the step labels against the walkthrough', () => {
    const edges = structuredClone(sampleEdges);
    edges[0].edge_min_step = 5; // min(2, 11) is 2
    edges[1].seen_in_forward = 120; // past the last step (39), and not 9999
    edges[1].seen_in_forward_answerable = 120;
    edges[2] = {
      ...edges[2],
      seen_in_forward: 9999,
      seen_in_reversed: 9999,
      edge_min_step: 9999,
      seen_in_forward_answerable: 9999,
      seen_in_reversed_answerable: 9999,
      edge_min_step_answerable: 9999,
    };
    const messages = (validateGameTexts(withEdges(edges)).get('mango-edges') ?? [])
      .filter((d) => d.code === 'mango/step-label')
      .map((d) => d.message);
    assert.ok(
      messages.some((m) => /edge_min_step must be the smaller.*\(2\), found 5/.test(m)),
      messages.join('\n'),
    );
    assert.ok(messages.some((m) => /seen_in_forward is 120, past the walkthrough's last step 39/.test(m)));
    assert.ok(messages.some((m) => /seen neither forward nor reversed/.test(m)));
  });

  it('flags an edge whose step has another action, and a move with no edge', () => {
    const edges = structuredClone(sampleEdges);
    const northToMarket = edges.findIndex((edge) => edge.seen_in_forward === 2);
    edges[northToMarket].seen_in_forward = 3; // step 3 is "buy herring"
    const byFile = validateGameTexts(withEdges(edges.filter((edge) => edge.seen_in_forward !== 7)));
    assert.ok(codes(byFile, 'mango-edges').includes('mango/action-mismatch'));
    const moves = (byFile.get('mango-walkthrough') ?? []).filter((d) => d.code === 'mango/unannotated-move');
    assert.deepEqual(
      moves.map((d) => d.message),
      ["Step 7 seems to move from 'fish market' to 'chapel ruins', but no edge connects them."],
    );
  });

  it('reports schema problems at the field', () => {
    const edges = structuredClone(sampleEdges) as unknown as Array<Record<string, unknown>>;
    edges[4].seen_in_reversed = 'never';
    const text = JSON.stringify(edges, null, 1);
    const [problem] = validateGameTexts({ ...sample, 'mango-edges': text }).get('mango-edges') ?? [];
    assert.equal(problem.code, 'json/schema');
    assert.equal(problem.message, '`[4].seen_in_reversed` must be a number, found the string "never".');
    assert.equal(text.split('\n')[problem.range.start.line].trim(), '"seen_in_reversed": "never",');
  });

  it('reports JSON syntax errors with a position, and JSON Lines per line', () => {
    const [syntax] = validateGameTexts({ 'mango-actions': '["north", "south",]' }).get('mango-actions') ?? [];
    assert.equal(syntax.code, 'json/syntax');
    assert.equal(syntax.range.start.character, 18);
    const jsonl = [
      '{"src_node": "a", "dst_node": "b", "num_paths": 1, "id": "' +
        'a'.repeat(64) +
        '", "min_step_forward": 1, "min_step_total": 1, "min_step_forward_answerable": 1, "min_step_total_answerable": 1}',
      '{"src_node": "a",',
      '{"src_node": "a", "dst_node": "b", "num_paths": -1, "id": "x", "min_step_forward": 1, "min_step_total": 1, "min_step_forward_answerable": 1, "min_step_total_answerable": 1}',
      '',
    ].join('\n');
    const problems = validateGameTexts({ 'mango-rf': jsonl }).get('mango-rf') ?? [];
    assert.deepEqual(
      problems.map((d) => [d.code, d.range.start.line]),
      [
        ['json/syntax', 1],
        ['json/schema', 2],
        ['json/schema', 2],
      ],
    );
  });

  it('measures word similarity as the paper defines confusion', () => {
    assert.equal(wordSimilarity('north of house', 'south of house').toFixed(2), '0.67');
    assert.equal(wordSimilarity('kitchen', 'attic'), 0);
    const byFile = validateGameTexts({
      'mango-locations': JSON.stringify(['north of house', 'south of house', 'kitchen']),
    });
    assert.equal(
      (byFile.get('mango-locations') ?? []).filter((d) => d.code === 'mango/confusable-locations').length,
      2,
    );
  });
});

describe('MANGO imputation conflicts', () => {
  it('warns when a naive reverse contradicts an explicit edge', () => {
    const edges = structuredClone(sampleEdges).filter(
      (edge) => !(edge.src_node === 'fish market' && edge.action === 'south'),
    );
    edges.push({
      src_node: 'fish market',
      dst_node: 'quay',
      action: 'south',
      seen_in_forward: 9,
      seen_in_reversed: 9999,
      edge_min_step: 9,
      seen_in_forward_answerable: 9,
      seen_in_reversed_answerable: 9999,
      edge_min_step_answerable: 9,
    });
    const conflicts = (validateGameTexts(withEdges(edges)).get('mango-edges') ?? []).filter(
      (d) => d.code === 'mango/imputation-conflict',
    );
    assert.equal(conflicts.length, 1);
    assert.match(
      conflicts[0].message,
      /gives 'south' from 'fish market' to 'harbour road', but this edge leads to 'quay'/,
    );
  });
});

describe('MANGO skeleton checks', () => {
  const dfLines = read('.all2all.jsonl').trimEnd().split('\n');
  const rfLines = read('.all_pairs.jsonl').trimEnd().split('\n');
  const withDf = (lines: string[]) => ({ ...sample, 'mango-df': `${lines.join('\n')}\n` });

  it('accepts the sample skeletons generated from the sample edges', () => {
    const byFile = validateGameTexts({
      ...sample,
      'mango-df': read('.all2all.jsonl'),
      'mango-rf': read('.all_pairs.jsonl'),
    });
    assert.deepEqual(byFile.get('mango-df'), []);
    assert.deepEqual(byFile.get('mango-rf'), []);
  });

  it('reports a wrong id, a wrong label, a broken path and a duplicate, each on its line', () => {
    const lines = [...dfLines];
    const second = JSON.parse(lines[1]) as Record<string, unknown> & { path_details: Array<Record<string, unknown>> };
    second.min_step_forward = 1;
    lines[1] = JSON.stringify(second);
    const third = JSON.parse(lines[2]) as { path_details: Array<Record<string, unknown>> };
    third.path_details[0].action = 'teleport';
    lines[2] = JSON.stringify(third);
    lines[3] = lines[3].replace(/"id": "[0-9a-f]{4}/, '"id": "0000');
    lines.push(lines[0]);
    const problems = (validateGameTexts(withDf(lines)).get('mango-df') ?? []).map((d) => [d.code, d.range.start.line]);
    assert.deepEqual(
      problems.sort(),
      [
        ['mango/skeleton-duplicate', lines.length - 1],
        ['mango/skeleton-id', 2],
        ['mango/skeleton-id', 3],
        ['mango/skeleton-label', 1],
        ['mango/skeleton-path', 2],
      ].sort(),
    );
  });

  it('checks RF ids and endpoints', () => {
    const lines = [...rfLines];
    lines[0] = lines[0].replace('"dst_node": "fish market"', '"dst_node": "atlantis"');
    const problems = (validateGameTexts({ ...sample, 'mango-rf': lines.join('\n') }).get('mango-rf') ?? []).map(
      (d) => d.code,
    );
    assert.deepEqual(problems.sort(), ['mango/skeleton-id', 'mango/skeleton-path']);
  });
});
