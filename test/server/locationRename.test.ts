// The review queue's rename and merge of a room (waypoint/renameLocation), through the real server.
import { strict as assert } from 'node:assert';
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { TestLspClient } from '../support/lspClient';
import { samplesDir } from '../support/paths';
import { applyTextEdits } from '../support/textEdits';

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
  const file = (suffix: string) => join(gameDir, `lighthouse${suffix}`);
  const uri = (suffix: string) => pathToFileURL(file(suffix)).toString();
  const request = (from: string, to: string, merge: boolean) => client.connection.sendRequest('waypoint/renameLocation', { uri: uri('.walkthrough'), from, to, merge }) as Promise<Result>;
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
    const repeat = { src_node: 'harbour road', dst_node: 'old quay', action: 'east', seen_in_forward: 9999, seen_in_reversed: 5, edge_min_step: 5, seen_in_forward_answerable: 9999, seen_in_reversed_answerable: 5, edge_min_step_answerable: 5 };
    const exit = { src_node: 'old quay', dst_node: 'harbour road', action: 'jump', seen_in_forward: 40, seen_in_reversed: 9999, edge_min_step: 40, seen_in_forward_answerable: 40, seen_in_reversed_answerable: 9999, edge_min_step_answerable: 40 };
    writeFileSync(file('.edges.json'), `${JSON.stringify([...edges, repeat, exit], null, 4)}\n`);
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
    assert.equal((edges.match(/"harbour quay"/g) ?? []).length, (readFileSync(file('.edges.json'), 'utf8').match(/"quay"/g) ?? []).length);
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
    assert.deepEqual([east[0].dst_node, east[0].seen_in_forward, east[0].seen_in_reversed, east[0].edge_min_step, east[0].seen_in_reversed_answerable], ['quay', 12, 5, 5, 5]);
    assert.ok(edges.some((edge) => edge.src_node === 'quay' && edge.action === 'jump'), 'a move only the merged name had is kept, renamed');
    assert.equal(edges.length, 26);
    // Only the differing part of each file is rewritten: the untouched records keep their formatting.
    const original = readFileSync(file('.edges.json'), 'utf8');
    assert.ok(edited(result, '.edges.json').startsWith(original.slice(0, original.indexOf('"harbour road",\n        "dst_node": "quay"'))));
  });
});
