// Quick fixes through the real server, on the deliberately broken sample game.
import { strict as assert } from 'node:assert';
import { cpSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { PublishedDiagnostics } from '../support/lspClient';
import { TestLspClient } from '../support/lspClient';
import { samplesDir } from '../support/paths';
import { applyTextEdits } from '../support/textEdits';

interface Action {
  title: string;
  isPreferred?: boolean;
  edit: {
    changes?: Record<string, Parameters<typeof applyTextEdits>[1]>;
    documentChanges?: Array<{ textDocument: { uri: string }; edits: Parameters<typeof applyTextEdits>[1] }>;
  };
}

describe('language server: quick fixes', () => {
  let client: TestLspClient;
  let dir: string;
  const uri = (suffix: string) => pathToFileURL(join(dir, `lighthouse-typos${suffix}`)).toString();
  const published: Record<string, PublishedDiagnostics> = {};

  async function open(suffix: string, languageId: string): Promise<PublishedDiagnostics> {
    const waiting = client.nextDiagnostics(uri(suffix), (p) => p.version === 1);
    await client.connection.sendNotification('textDocument/didOpen', {
      textDocument: {
        uri: uri(suffix),
        languageId,
        version: 1,
        text: readFileSync(join(dir, `lighthouse-typos${suffix}`), 'utf8'),
      },
    });
    published[suffix] = await waiting;
    return published[suffix];
  }

  async function actionsFor(suffix: string, code: string): Promise<Action[]> {
    const diagnostic = published[suffix].diagnostics.find((d) => d.code === code);
    assert.ok(diagnostic, `a ${code} diagnostic`);
    return (await client.connection.sendRequest('textDocument/codeAction', {
      textDocument: { uri: uri(suffix) },
      range: diagnostic.range,
      context: { diagnostics: [diagnostic] },
    })) as Action[];
  }

  before(async () => {
    const workspace = mkdtempSync(join(tmpdir(), 'waypoint-fixes-'));
    cpSync(join(samplesDir, 'mango/broken'), join(workspace, 'broken'), { recursive: true });
    dir = join(workspace, 'broken');
    client = new TestLspClient();
    await client.initialize(workspace);
    await open('.walkthrough', 'mango-walkthrough');
    await open('.edges.json', 'json');
  });
  after(() => client.dispose());

  it('repairs a damaged separator and renumbers a step', async () => {
    const text = readFileSync(join(dir, 'lighthouse-typos.walkthrough'), 'utf8');
    const [separator] = await actionsFor('.walkthrough', 'walkthrough/separator-malformed');
    assert.equal(separator.title, 'Replace with ===========');
    const fixed = applyTextEdits(text, separator.edit.changes?.[uri('.walkthrough')] ?? []);
    assert.equal(fixed.split('\n')[43], '===========');
    const [renumber] = await actionsFor('.walkthrough', 'walkthrough/step-sequence');
    assert.equal(renumber.title, 'Renumber as step 6');
  });

  it('offers the closest known name, or adding it, for a misspelt location', async () => {
    const actions = await actionsFor('.edges.json', 'mango/unknown-location');
    assert.deepEqual(
      actions.map((action) => action.title),
      ["Change to 'fish market'", "Add 'fish markt' to locations.json"],
    );
    const text = readFileSync(join(dir, 'lighthouse-typos.edges.json'), 'utf8');
    const fixed = applyTextEdits(text, actions[0].edit.changes?.[uri('.edges.json')] ?? []);
    assert.ok(!fixed.includes('fish markt') && JSON.parse(fixed));
    const add = actions[1].edit.documentChanges?.[0];
    assert.equal(add?.textDocument.uri, uri('.locations.json'));
    assert.ok(
      (
        JSON.parse(
          applyTextEdits(readFileSync(join(dir, 'lighthouse-typos.locations.json'), 'utf8'), add?.edits ?? []),
        ) as string[]
      ).includes('fish markt'),
    );
  });

  it('fixes a hand-edited label and removes a pasted-twice edge', async () => {
    const text = readFileSync(join(dir, 'lighthouse-typos.edges.json'), 'utf8');
    const [label] = await actionsFor('.edges.json', 'mango/step-label');
    assert.equal(label.title, 'Set edge_min_step to 4');
    const relabelled = JSON.parse(applyTextEdits(text, label.edit.documentChanges?.[0].edits ?? [])) as Array<{
      edge_min_step: number;
    }>;
    assert.equal(relabelled[2].edge_min_step, 4);
    const [duplicate] = await actionsFor('.edges.json', 'mango/duplicate-edge');
    const deduplicated = JSON.parse(applyTextEdits(text, duplicate.edit.documentChanges?.[0].edits ?? [])) as unknown[];
    assert.equal(deduplicated.length, (JSON.parse(text) as unknown[]).length - 1);
  });
});
