// The review queue's rename and merge of a room (waypoint/renameLocation), through the real server.
import { strict as assert } from 'node:assert';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { TestLspClient } from '../support/lspClient';
import { samplesDir } from '../support/paths';
import { applyTextEdits } from '../support/textEdits';
import { skeletonTextChunks } from '../../src/core/benchmarks/mango/skeletons/skeletonText';
import type { EdgeRecord } from '../../src/core/benchmarks/mango/types';

interface Edit {
  range: { start: { line: number; character: number }; end: { line: number; character: number } };
  newText: string;
}
interface Result {
  ok: boolean;
  message: string;
  edit: { documentChanges: Array<{ textDocument: { uri: string }; edits: Edit[] }> } | null;
}
interface Edge {
  src_node: string;
  action: string;
  dst_node: string;
  seen_in_forward: number;
  seen_in_reversed: number;
  edge_min_step: number;
  seen_in_reversed_answerable: number;
}

describe('language server: rename and merge of a location for the review queue', () => {
  let client: TestLspClient;
  let gameDir: string;
  let denseDir: string;
  const file = (suffix: string) => join(gameDir, `lighthouse${suffix}`);
  const uri = (suffix: string) => pathToFileURL(file(suffix)).toString();
  const request = (from: string, to: string, merge: boolean) =>
    client.connection.sendRequest('waypoint/renameLocation', {
      uri: uri('.walkthrough'),
      from,
      to,
      merge,
    }) as Promise<Result>;
  /** A file's text after the edit (the text on disk when the edit leaves it alone). */
  const edited = (result: Result, suffix: string) => {
    const change = result.edit?.documentChanges.find((candidate) => candidate.textDocument.uri === uri(suffix));
    const before = readFileSync(file(suffix), 'utf8');
    return change ? applyTextEdits(before, change.edits) : before;
  };

  before(async () => {
    const workspace = mkdtempSync(join(tmpdir(), 'waypoint-merge-'));
    cpSync(join(samplesDir, 'mango/lighthouse'), join(workspace, 'lighthouse'), { recursive: true });
    gameDir = join(workspace, 'lighthouse');
    // A second name for the quay, as an annotator might have typed it: one edge repeats a known move.
    const locations = JSON.parse(readFileSync(file('.locations.json'), 'utf8')) as string[];
    writeFileSync(file('.locations.json'), `${JSON.stringify([...locations, 'old quay'], null, 4)}\n`);
    const edges = JSON.parse(readFileSync(file('.edges.json'), 'utf8')) as Edge[];
    const repeat = {
      src_node: 'harbour road',
      dst_node: 'old quay',
      action: 'east',
      seen_in_forward: 9999,
      seen_in_reversed: 5,
      edge_min_step: 5,
      seen_in_forward_answerable: 9999,
      seen_in_reversed_answerable: 5,
      edge_min_step_answerable: 5,
    };
    const exit = {
      src_node: 'old quay',
      dst_node: 'harbour road',
      action: 'jump',
      seen_in_forward: 40,
      seen_in_reversed: 9999,
      edge_min_step: 40,
      seen_in_forward_answerable: 40,
      seen_in_reversed_answerable: 9999,
      edge_min_step_answerable: 40,
    };
    writeFileSync(file('.edges.json'), `${JSON.stringify([...edges, repeat, exit], null, 4)}\n`);
    // Skeletons generated with the second name in place, so paths through either name are in both files.
    for (const [task, suffix] of [
      ['df', '.all2all.jsonl'],
      ['rf', '.all_pairs.jsonl'],
    ] as const) {
      writeFileSync(file(suffix), [...skeletonTextChunks(task, [...edges, repeat, exit] as EdgeRecord[])].join(''));
    }
    // A dense maze: every room joined to every other both ways, so its DF enumeration is far too
    // large to regenerate in a request; 'r9b' is a second name for r9.
    const rooms = ['r0', 'r1', 'r2', 'r3', 'r4', 'r5', 'r6', 'r7', 'r8', 'r9', 'r9b'];
    const dense: EdgeRecord[] = [];
    for (const src of rooms)
      for (const dst of rooms)
        if (src !== dst && !(src.startsWith('r9') && dst.startsWith('r9'))) {
          const step = dense.length + 1;
          dense.push({
            src_node: src,
            action: `to ${dst.replace('r9b', 'r9')}`,
            dst_node: dst,
            seen_in_forward: step,
            seen_in_reversed: 9999,
            edge_min_step: step,
            seen_in_forward_answerable: step,
            seen_in_reversed_answerable: 9999,
            edge_min_step_answerable: step,
          });
        }
    denseDir = join(workspace, 'dense');
    mkdirSync(denseDir);
    writeFileSync(join(denseDir, 'dense.locations.json'), `${JSON.stringify(rooms, null, 4)}\n`);
    writeFileSync(join(denseDir, 'dense.edges.json'), `${JSON.stringify(dense, null, 4)}\n`);
    writeFileSync(
      join(denseDir, 'dense.all2all.jsonl'),
      [...skeletonTextChunks('df', dense, { limitPerPair: 3, labelsAtCutoff: 70 })].join(''),
    );
    client = new TestLspClient();
    await client.initialize(workspace);
  });
  after(() => client.dispose());

  it('refuses a rename onto a taken name and a merge into an unknown one, and keeps a name the files lack for the review only', async () => {
    const taken = await request('quay', 'fish market', false);
    assert.deepEqual([taken.ok, taken.edit], [false, null]);
    assert.match(taken.message, /already a location named 'fish market'; merge/);
    const unknown = await request('quay', 'pier', true);
    assert.deepEqual([unknown.ok, unknown.edit], [false, null]);
    assert.match(unknown.message, /'pier' is not a location of this game/);
    const proposedOnly = await request('jetty', 'pier', false);
    assert.deepEqual([proposedOnly.ok, proposedOnly.edit], [true, null]);
  });

  it('renames a location in locations.json, edges.json and the skeletons with the Rename Symbol edit', async () => {
    const result = await request('Quay', 'Harbour Quay', false);
    assert.ok(result.ok);
    const edges = edited(result, '.edges.json');
    assert.ok(!edges.includes('"quay"'));
    assert.equal(
      (edges.match(/"harbour quay"/g) ?? []).length,
      (readFileSync(file('.edges.json'), 'utf8').match(/"quay"/g) ?? []).length,
    );
    assert.ok((JSON.parse(edited(result, '.locations.json')) as string[]).includes('harbour quay'));
    const skeleton = edited(result, '.all_pairs.jsonl');
    assert.ok(skeleton.includes('"harbour quay"') && !skeleton.includes('"quay"'));
  });

  it('merges into a known location: the name listed once, the repeated move folded into one record with the earliest steps', async () => {
    const result = await request('old quay', 'quay', true);
    assert.ok(result.ok, result.message);
    const locations = JSON.parse(edited(result, '.locations.json')) as string[];
    assert.equal(locations.filter((name) => name === 'quay').length, 1);
    assert.ok(!locations.includes('old quay'));
    const edges = JSON.parse(edited(result, '.edges.json')) as Edge[];
    const east = edges.filter((edge) => edge.src_node === 'harbour road' && edge.action === 'east');
    assert.equal(east.length, 1);
    assert.deepEqual(
      [
        east[0].dst_node,
        east[0].seen_in_forward,
        east[0].seen_in_reversed,
        east[0].edge_min_step,
        east[0].seen_in_reversed_answerable,
      ],
      ['quay', 12, 5, 5, 5],
    );
    assert.ok(
      edges.some((edge) => edge.src_node === 'quay' && edge.action === 'jump'),
      'a move only the merged name had is kept, renamed',
    );
    assert.equal(edges.length, 26);
    // Only the differing part of each file is rewritten: the untouched records keep their formatting.
    const original = readFileSync(file('.edges.json'), 'utf8');
    assert.ok(
      edited(result, '.edges.json').startsWith(
        original.slice(0, original.indexOf('"harbour road",\n        "dst_node": "quay"')),
      ),
    );
  });

  it('merges the skeletons into what Generate Skeletons writes from the merged edges: no repeated line or id, no path through the merged room twice', async () => {
    const result = await request('old quay', 'quay', true);
    assert.ok(result.ok, result.message);
    const edges = JSON.parse(edited(result, '.edges.json')) as EdgeRecord[];
    for (const [task, suffix] of [
      ['df', '.all2all.jsonl'],
      ['rf', '.all_pairs.jsonl'],
    ] as const) {
      const text = edited(result, suffix);
      assert.equal(text, [...skeletonTextChunks(task, edges)].join(''), `${suffix} is regenerated`);
      const lines = text.split('\n').filter((line) => line !== '');
      const records = lines.map((line) => JSON.parse(line) as { id: string; src_node: string; dst_node: string });
      assert.equal(new Set(lines).size, lines.length, `${suffix} repeats no line`);
      assert.equal(new Set(records.map((record) => record.id)).size, records.length, `${suffix} repeats no id`);
      assert.ok(
        records.every(
          (record) =>
            record.src_node !== record.dst_node && record.src_node !== 'old quay' && record.dst_node !== 'old quay',
        ),
      );
    }
    const all2all =
      result.edit?.documentChanges.filter((change) => change.textDocument.uri === uri('.all2all.jsonl')) ?? [];
    assert.equal(all2all.length, 1, 'one edit per file, undone at once');
  });

  /** Runs the merge with the skeleton files open as `texts` (as the editor would hold them). */
  async function mergeWithOpen(texts: Record<string, string>): Promise<Result> {
    for (const [suffix, text] of Object.entries(texts))
      await client.connection.sendNotification('textDocument/didOpen', {
        textDocument: { uri: uri(suffix), languageId: 'jsonl', version: 1, text },
      });
    try {
      return await request('old quay', 'quay', true);
    } finally {
      for (const suffix of Object.keys(texts))
        await client.connection.sendNotification('textDocument/didClose', { textDocument: { uri: uri(suffix) } });
    }
  }
  const editedFrom = (result: Result, suffix: string, before: string) => {
    const change = result.edit?.documentChanges.find((candidate) => candidate.textDocument.uri === uri(suffix));
    return change ? applyTextEdits(before, change.edits) : before;
  };
  const originalEdges = () => JSON.parse(readFileSync(file('.edges.json'), 'utf8')) as EdgeRecord[];

  it('keeps a skeleton file made with a per-pair limit limited: the same limit, the truncated markers kept', async () => {
    const texts = {
      '.all2all.jsonl': [...skeletonTextChunks('df', originalEdges(), { limitPerPair: 1, labelsAtCutoff: 70 })].join(
        '',
      ),
    };
    assert.match(texts['.all2all.jsonl'], /"truncated": true/);
    const result = await mergeWithOpen(texts);
    assert.ok(result.ok, result.message);
    const merged = JSON.parse(edited(result, '.edges.json')) as EdgeRecord[];
    const text = editedFrom(result, '.all2all.jsonl', texts['.all2all.jsonl']);
    assert.equal(text, [...skeletonTextChunks('df', merged, { limitPerPair: 1, labelsAtCutoff: 70 })].join(''));
    assert.match(text, /"truncated": true/);
    const perPair = new Map<string, number>();
    for (const line of text.split('\n').filter(Boolean)) {
      const record = JSON.parse(line) as { src_node: string; dst_node: string };
      perPair.set(
        `${record.src_node}>${record.dst_node}`,
        (perPair.get(`${record.src_node}>${record.dst_node}`) ?? 0) + 1,
      );
    }
    assert.equal(Math.max(...perPair.values()), 1, 'one path per pair, as before (the lighthouse has pairs with two)');
  });

  it('keeps the cutoff fields of a file made by mango skeletons --cutoff (action_list, answerable, easy)', async () => {
    const texts = {
      '.all2all.jsonl': [...skeletonTextChunks('df', originalEdges(), { labelsAtCutoff: 70 })].join(''),
      '.all_pairs.jsonl': [...skeletonTextChunks('rf', originalEdges(), { labelsAtCutoff: 70 })].join(''),
    };
    const result = await mergeWithOpen(texts);
    assert.ok(result.ok, result.message);
    const merged = JSON.parse(edited(result, '.edges.json')) as EdgeRecord[];
    for (const [task, suffix] of [
      ['df', '.all2all.jsonl'],
      ['rf', '.all_pairs.jsonl'],
    ] as const) {
      const text = editedFrom(result, suffix, texts[suffix]);
      assert.equal(
        text,
        [...skeletonTextChunks(task, merged, { labelsAtCutoff: 70 })].join(''),
        `${suffix} regenerated with its fields`,
      );
      const first = JSON.parse(text.slice(0, text.indexOf('\n'))) as Record<string, unknown>;
      assert.deepEqual(
        [typeof first.answerable, typeof first.easy, task === 'rf' || Array.isArray(first.action_list)],
        ['boolean', 'boolean', true],
      );
    }
  });

  it('on a game too large to regenerate in a request, answers promptly: lines renamed in place, no repeats or rooms visited twice, and a notice to run Generate Skeletons', async () => {
    const denseUri = (suffix: string) => pathToFileURL(join(denseDir, `dense${suffix}`)).toString();
    // Promptly: in place, without regenerating (the notice says so). How long it takes is measured by `npm run bench`.
    const result = (await client.connection.sendRequest('waypoint/renameLocation', {
      uri: denseUri('.edges.json'),
      from: 'r9b',
      to: 'r9',
      merge: true,
    })) as Result & { notice?: string };
    assert.ok(result.ok, result.message);
    assert.match(result.notice ?? '', /dense\.all2all\.jsonl too large to regenerate.*Generate Skeletons/);
    assert.match(result.message, /Generate Skeletons/);
    const before = readFileSync(join(denseDir, 'dense.all2all.jsonl'), 'utf8');
    const changes =
      result.edit?.documentChanges.filter((change) => change.textDocument.uri === denseUri('.all2all.jsonl')) ?? [];
    assert.equal(changes.length, 1, 'one edit for the file');
    const lines = applyTextEdits(before, changes[0].edits).split('\n').filter(Boolean);
    assert.ok(
      lines.length > 0 && lines.length < before.split('\n').filter(Boolean).length,
      'lines made invalid by the merge are dropped',
    );
    const records = lines.map(
      (line) =>
        JSON.parse(line) as {
          id: string;
          src_node: string;
          path_details: Array<{ node: string }>;
          truncated?: boolean;
          answerable?: boolean;
        },
    );
    assert.equal(new Set(lines).size, lines.length);
    assert.equal(new Set(records.map((record) => record.id)).size, records.length, 'no id twice');
    for (const record of records) {
      const rooms = [record.src_node, ...record.path_details.map((step) => step.node)];
      assert.equal(new Set(rooms).size, rooms.length, `no room twice on ${rooms.join(' > ')}`);
      assert.ok(!rooms.includes('r9b'));
      assert.equal(typeof record.answerable, 'boolean', 'the cutoff fields stay');
    }
  });

  it('refuses a merge over an edges.json with a bad record, naming the file and the position', async () => {
    const broken = readFileSync(file('.edges.json'), 'utf8').replace(
      '"seen_in_forward": 12,',
      '"seen_in_forward": "twelve",',
    );
    await client.connection.sendNotification('textDocument/didOpen', {
      textDocument: { uri: uri('.edges.json'), languageId: 'json', version: 1, text: broken },
    });
    try {
      const result = await request('old quay', 'quay', true);
      assert.deepEqual([result.ok, result.edit], [false, null]);
      const line = broken.split('\n').findIndex((text) => text.includes('"twelve"')) + 1;
      assert.match(result.message, new RegExp(`^Cannot merge: lighthouse\\.edges\\.json:${line}:\\d+: `));
    } finally {
      await client.connection.sendNotification('textDocument/didClose', { textDocument: { uri: uri('.edges.json') } });
    }
  });
});
