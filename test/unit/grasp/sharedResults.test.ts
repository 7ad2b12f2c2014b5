// The shared o1-mini answers (data/results/gpt_o1_mini_output.jsonl): ids, the extraction
// statistics the spec and the paper state, and scores on the four shared grid files.
import { strict as assert } from 'node:assert';
import { existsSync, readFileSync } from 'node:fs';
import { extractActions } from '../../../src/core/benchmarks/grasp/answers';
import { parseCustomId } from '../../../src/core/benchmarks/grasp/settings';
import { simulate } from '../../../src/core/benchmarks/grasp/simulator';
import { checkO1MiniPaperMeans, graspDataMissing, o1MiniResultsPath as resultsPath } from './support';

interface Row {
  custom_id: string;
  response: string;
}

describe('GRASP shared o1-mini answers', function () {
  let rows: Row[] = [];
  before(function () {
    if (!existsSync(resultsPath)) {
      console.log(`      skipped: ${graspDataMissing}`);
      this.skip();
    }
    rows = readFileSync(resultsPath, 'utf8')
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => JSON.parse(line) as Row);
  });

  it('800 answers: indices 0–4 × 8 settings × 20 files, each once (spec §5 coverage)', () => {
    assert.equal(rows.length, 800);
    const ids = rows.map((row) => parseCustomId(row.custom_id));
    assert.ok(ids.every((id) => id !== null && id.index <= 4));
    assert.equal(new Set(rows.map((row) => row.custom_id)).size, 800);
    assert.equal(new Set(ids.map((id) => id?.file)).size, 20);
  });

  it('about 86% contain a [...] list of action words (spec §7); the rest mostly numbered lists', () => {
    const methods = rows.map((row) => extractActions(row.response).method);
    const share = (method: string) => methods.filter((found) => found === method).length / rows.length;
    assert.ok(Math.abs(share('bracket-list') - 0.86) < 0.01, `bracket lists ${share('bracket-list')}`);
    assert.ok(share('numbered-list') > 0.12 && share('none') < 0.01);
  });

  // The paper's figures come from the raw rule: pieces of Python comments count as junk steps.
  it("the mean scored length (≤ 20 tokens) rounds to the paper's 18.5 for o1-mini (Table 1)", () => {
    const lengths = rows.map((row) =>
      Math.min(extractActions(row.response, { pythonComments: 'keep' }).tokens.length, 20),
    );
    const mean = lengths.reduce((sum, length) => sum + length, 0) / lengths.length;
    assert.ok(mean >= 18.45 && mean < 18.55, `mean length ${mean}`);
  });

  it("scores the 160 answers on the shared grid files; the paper's o1-mini means match faithful cost, not the constant one", () => {
    const answers = rows.flatMap((row) => {
      const id = parseCustomId(row.custom_id);
      return id ? [{ ...id, answer: row.response }] : [];
    });
    checkO1MiniPaperMeans(
      answers,
      (entry, answer, mode) =>
        simulate(entry.grid, extractActions(answer.answer, { pythonComments: 'keep' }).tokens, answer.settings, {
          mode,
        }).score,
    );
  });
});
