// The shared o1-mini answers (data/results/gpt_o1_mini_output.jsonl): ids, the extraction
// statistics the spec and the paper state, and scores on the four shared grid files.
import { strict as assert } from 'node:assert';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { extractActions } from '../../../src/core/grasp/answers';
import { parseGraspGridFile, type GraspGridEntry } from '../../../src/core/grasp/gridFile';
import { parseCustomId } from '../../../src/core/grasp/settings';
import { simulate } from '../../../src/core/grasp/simulator';
import { SCORING_MODES, type ScoringMode } from '../../../src/core/grasp/types';
import { graspDataDir, graspDataMissing } from './support';

const resultsPath = join(graspDataDir, 'results', 'gpt_o1_mini_output.jsonl');

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
    rows = readFileSync(resultsPath, 'utf8').split('\n').filter((line) => line !== '').map((line) => JSON.parse(line) as Row);
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

  it("the mean scored length (≤ 20 tokens) rounds to the paper's 18.5 for o1-mini (Table 1)", () => {
    const lengths = rows.map((row) => Math.min(extractActions(row.response).tokens.length, 20));
    const mean = lengths.reduce((sum, length) => sum + length, 0) / lengths.length;
    assert.ok(mean >= 18.45 && mean < 18.55, `mean length ${mean}`);
  });

  it("scores the 160 answers on the shared grid files; the paper's o1-mini means match faithful cost, not the constant one", () => {
    const entries = new Map<string, GraspGridEntry>();
    for (const name of ['inner_random_free.jsonl', 'inner_spiral_block.jsonl', 'outer_cluster_block.jsonl', 'outer_upDown_free.jsonl']) {
      const path = join(graspDataDir, name);
      if (!existsSync(path)) continue;
      for (const entry of parseGraspGridFile(readFileSync(path, 'utf8')).entries) entries.set(`${name}-${entry.record.index}`, entry);
    }
    const scores = new Map<string, number[]>(SCORING_MODES.flatMap((mode) => [[`${mode}`, []], [`${mode} c=0`, []], [`${mode} c=0.3`, []]]));
    for (const row of rows) {
      const id = parseCustomId(row.custom_id);
      const entry = id && entries.get(`${id.file}-${id.index}`);
      if (!id || !entry) continue;
      const tokens = extractActions(row.response).tokens;
      for (const mode of SCORING_MODES) {
        const run = simulate(entry.grid, tokens, id.settings, { mode });
        assert.ok(Number.isFinite(run.score));
        scores.get(mode)?.push(run.score);
        scores.get(`${mode} c=${id.settings.stepCost}`)?.push(run.score);
      }
    }
    const mean = (key: string) => {
      const list = scores.get(key) ?? [];
      return list.reduce((sum, value) => sum + value, 0) / list.length;
    };
    assert.equal(scores.get('faithful')?.length, 160);
    // Paper, Table 1, o1-mini: average −0.31, cost 0 → 2.39, cost 0.3 → −3.02 (all 20 files).
    assert.ok(Math.abs(mean('faithful') - -0.31) < 0.15, `faithful mean ${mean('faithful')}`);
    assert.ok(Math.abs(mean('faithful c=0') - 2.39) < 0.15);
    assert.ok(Math.abs(mean('faithful c=0.3') - -3.02) < 0.3);
    for (const mode of ['reference', 'pre2025'] as ScoringMode[]) assert.ok(mean(mode) > 1, `${mode} mean ${mean(mode)} is far from the published −0.31`);
    // Without a step cost the modes differ only in the scored cell.
    assert.equal(mean('reference c=0'), mean('faithful c=0'));
    assert.notEqual(mean('pre2025 c=0'), mean('reference c=0'));
  });
});
