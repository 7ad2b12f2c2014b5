// Which grid a response row may be scored against (issue 12, defect 2): an upstream o1-mini row for
// inner_leftRight_free.jsonl-0-0-0-0 was scored against the sample file of the same name (another
// grid) and got 0 with no warning. A grid is used only when the evidence supports it, the choice is
// named, and custom_ids that look like paths are refused.
import { strict as assert } from 'node:assert';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseGraspGridFile, type GraspGridEntry } from '../../../src/core/benchmarks/grasp/gridFile';
import {
  chooseGrid,
  gridTextOfPrompt,
  matchGrid,
  requestPromptFor,
  startMentions,
} from '../../../src/core/benchmarks/grasp/gridMatch';
import { renderGraspPrompt } from '../../../src/core/benchmarks/grasp/prompt';
import { parseGraspResultsFile } from '../../../src/core/benchmarks/grasp/resultsFile';
import { ALL_SETTINGS, parseCustomId } from '../../../src/core/benchmarks/grasp/settings';
import {
  graspDataDir,
  graspDataMissing,
  graspSamplesDir,
  o1MiniResultsPath,
  picture,
  recordOf,
  sharedGridEntries,
} from './support';

function entryOf(cells: Record<string, string>): GraspGridEntry {
  const text = `${JSON.stringify(recordOf(picture(cells)))}\n`;
  const [entry] = parseGraspGridFile(text, 'inner_leftRight_free.jsonl').entries;
  assert.ok(entry);
  return entry;
}

describe('GRASP: which grid a response row is scored against', () => {
  const here = entryOf({ '7,5': 'A', '6,5': 'E' });
  const elsewhere = entryOf({ '3,6': 'A', '6,5': 'E' });

  it('reads start cells from the ways models write them, and not "start" used as a verb', () => {
    const answer =
      'Return to the starting position (7,5).\n"RIGHT", # Move to (4,3) [Starting Position]\nA is at (7, 5)\n(5,3): Start moving right';
    assert.deepEqual(
      startMentions(answer).map(({ first, second }) => [first, second]),
      [
        [7, 5],
        [4, 3],
        [7, 5],
      ],
    );
  });

  it("proves or refutes a grid by the grid text of the row's request", () => {
    const [, user] = renderGraspPrompt(here.record, ALL_SETTINGS[0]);
    assert.equal(gridTextOfPrompt(user.content), here.record.grid);
    assert.equal(matchGrid(here, { answer: '', requestPrompt: user.content }).verdict, 'proven');
    assert.equal(matchGrid(elsewhere, { answer: '', requestPrompt: user.content }).verdict, 'contradicted');
    const requests = `${JSON.stringify({ custom_id: 'x.jsonl-0-0-0-0', body: { messages: [{ role: 'system', content: 's' }, user] } })}\n`;
    assert.equal(requestPromptFor(requests, 'x.jsonl-0-0-0-0'), user.content);
    assert.equal(requestPromptFor(requests, 'x.jsonl-0-0-0-1'), null);
  });

  it('accepts a start cell in either (row, col) or (x, y) order, refuses one that is elsewhere', () => {
    assert.equal(matchGrid(here, { answer: 'From the starting position (7,5) go up.' }).verdict, 'consistent');
    assert.equal(matchGrid(here, { answer: 'Start at (5, 7).' }).verdict, 'consistent');
    const refuted = matchGrid(elsewhere, { answer: 'From the starting position (7,5) go up.' });
    assert.equal(refuted.verdict, 'contradicted');
    assert.match(refuted.reason, /starts at \(7,5\), but this grid starts at \(3,6\)/);
    assert.equal(matchGrid(here, { answer: '["UP", "TAKE"]' }).verdict, 'unknown');
  });

  it('never takes a same-named file found by a search on no evidence; names the grid it takes', () => {
    const noEvidence = { answer: '["UP", "TAKE", "DOWN", "DROP"]' };
    const searched = chooseGrid(
      'inner_leftRight_free.jsonl-0-0-0-0',
      0,
      [{ path: 'elsewhere/inner_leftRight_free.jsonl', layout: false, entry: here }],
      noEvidence,
    );
    assert.equal(searched.ok, false);
    assert.match(
      searched.ok ? '' : searched.message,
      /no grid can be proven.*elsewhere\/inner_leftRight_free\.jsonl: unknown.*workspace search/,
    );
    const beside = chooseGrid(
      'inner_leftRight_free.jsonl-0-0-0-0',
      0,
      [{ path: 'grasp/inner_leftRight_free.jsonl', layout: true, entry: here }],
      noEvidence,
    );
    assert.ok(beside.ok);
    assert.match(
      beside.summary,
      /^grid grasp\/inner_leftRight_free\.jsonl #0 \(unknown: found by upstream's folder layout/,
    );
    // The layout file is contradicted by the answer; the searched one agrees: the searched one wins.
    const evidence = { answer: 'Back to the starting position (7,5).' };
    const both = chooseGrid(
      'inner_leftRight_free.jsonl-0-0-0-0',
      0,
      [
        { path: 'a/inner_leftRight_free.jsonl', layout: true, entry: elsewhere },
        { path: 'b/inner_leftRight_free.jsonl', layout: false, entry: here },
      ],
      evidence,
    );
    assert.ok(both.ok);
    assert.equal(both.candidate.path, 'b/inner_leftRight_free.jsonl');
    assert.match(both.summary, /consistent/);
    const onlyWrong = chooseGrid(
      'inner_leftRight_free.jsonl-0-0-0-0',
      0,
      [{ path: 'a/inner_leftRight_free.jsonl', layout: true, entry: elsewhere }],
      evidence,
    );
    assert.equal(onlyWrong.ok, false);
    assert.match(
      onlyWrong.ok ? '' : onlyWrong.message,
      /contradicted, the answer starts at \(7,5\), but this grid starts at \(3,6\)/,
    );
    assert.match(
      chooseGrid('x.jsonl-3-0-0-0', 3, [{ path: 'x.jsonl', layout: true, entry: null }], evidence).ok ? '' : 'refused',
      /refused/,
    );
  });

  it('refuses custom_ids whose file part is a path, with a message that says so', () => {
    for (const id of [
      '../../x.jsonl-0-0-0-0',
      'a/b.jsonl-0-0-0-0',
      '..\\x.jsonl-0-0-0-0',
      '/etc/x.jsonl-0-0-0-0',
      '*.jsonl-0-0-0-0',
      '.jsonl-0-0-0-0',
    ])
      assert.equal(parseCustomId(id), null, id);
    assert.equal(parseCustomId('inner_leftRight_free.jsonl-0-0-0-0')?.file, 'inner_leftRight_free.jsonl');
    const { entries, diagnostics } = parseGraspResultsFile(
      '{"custom_id": "../../x.jsonl-0-0-0-0", "response": "[UP]"}\n',
    );
    assert.equal(entries.length, 0);
    assert.equal(diagnostics[0].code, 'grasp-results/custom-id-invalid');
    assert.match(diagnostics[0].message, /plain file name, without path separators or "\.\."/);
    assert.deepEqual(diagnostics[0].range.start, { line: 0, character: 14 });
  });

  describe('on the shared upstream answers', function () {
    before(function () {
      if (!existsSync(o1MiniResultsPath)) {
        console.log(`      skipped: ${graspDataMissing}`);
        this.skip();
      }
    });

    it('refuses the o1-mini row of the report against the sample grid of the same name, accepts upstream grids', () => {
      const rows = parseGraspResultsFile(readFileSync(o1MiniResultsPath, 'utf8')).entries;
      const row = rows.find((candidate) => candidate.customId === 'inner_leftRight_free.jsonl-0-0-0-0');
      assert.ok(row);
      const [sample] = parseGraspGridFile(
        readFileSync(join(graspSamplesDir, 'inner_leftRight_free.jsonl'), 'utf8'),
      ).entries;
      const choice = chooseGrid(
        row.customId,
        row.index,
        [{ path: 'samples/grasp/inner_leftRight_free.jsonl', layout: false, entry: sample }],
        { answer: row.answer },
      );
      assert.equal(choice.ok, false);
      assert.match(choice.ok ? '' : choice.message, /starts at \(7,5\), but this grid starts at \(3,6\)/);
      // Every o1-mini answer on the four shared grid files: none is refused against its own grid.
      const grids = sharedGridEntries();
      const verdicts = new Map<string, number>();
      for (const candidate of rows) {
        const entry = grids.get(`${candidate.file}-${candidate.index}`);
        if (!entry) continue;
        const verdict = matchGrid(entry, { answer: candidate.answer }).verdict;
        verdicts.set(verdict, (verdicts.get(verdict) ?? 0) + 1);
      }
      assert.equal(verdicts.get('contradicted') ?? 0, 0);
      assert.ok((verdicts.get('consistent') ?? 0) >= 90, `consistent ${verdicts.get('consistent')}`);
    });

    it('proves every GPT-4o row on the shared grids by its batch request, and refutes the sample namesakes', () => {
      const requests = readFileSync(join(graspDataDir, 'requests', 'batch_gpt4o.jsonl'), 'utf8');
      const rows = parseGraspResultsFile(
        readFileSync(join(graspDataDir, 'results', 'batch_gpt4o_output.jsonl'), 'utf8'),
      ).entries;
      const grids = sharedGridEntries();
      const samples = new Map(
        parseGraspGridFile(readFileSync(join(graspSamplesDir, 'inner_leftRight_free.jsonl'), 'utf8')).entries.map(
          (entry) => [entry.record.index, entry],
        ),
      );
      let proven = 0;
      let refuted = 0;
      for (const row of rows) {
        const prompt = requestPromptFor(requests, row.customId);
        const entry = grids.get(`${row.file}-${row.index}`);
        if (entry && matchGrid(entry, { answer: row.answer, requestPrompt: prompt }).verdict === 'proven') proven++;
        const sample = row.file === 'inner_leftRight_free.jsonl' ? samples.get(row.index) : undefined;
        if (sample && matchGrid(sample, { answer: row.answer, requestPrompt: prompt }).verdict === 'contradicted')
          refuted++;
      }
      assert.equal(proven, 320);
      assert.equal(refuted, 40);
    });
  });
});
