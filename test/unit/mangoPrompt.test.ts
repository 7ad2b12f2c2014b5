// The MANGO prompt (byte-exact against upstream's rendered example files) and faithful scoring.
import { strict as assert } from 'node:assert';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { MangoQuestion } from '../../src/core/benchmarks/mango/questionSchema';
import { dfQuestion, promptWalkthrough, renderMangoPrompt, rfQuestion } from '../../src/core/benchmarks/mango/prompt';
import { scoreMangoFaithful } from '../../src/core/benchmarks/mango/scoring/scoring';
import type { EdgeRecord } from '../../src/core/benchmarks/mango/types';
import { samplesDir, sharedDataDir, sharedDataMissingReason } from '../support/paths';

describe('MANGO prompt', () => {
  it('renders the walkthrough and questions byte for byte as upstream did for every shared example', function () {
    const examples = join(sharedDataDir, 'mango', 'examples');
    if (!existsSync(examples)) {
      console.log(`      skipped: ${sharedDataMissingReason}`);
      this.skip();
    }
    let walkthroughs = 0;
    let questions = 0;
    for (const run of readdirSync(examples))
      for (const game of readdirSync(join(examples, run)))
        for (const file of readdirSync(join(examples, run, game))) {
          const record = JSON.parse(readFileSync(join(examples, run, game, file), 'utf8')) as Record<string, string> & {
            action_list?: unknown;
          };
          const raw = readFileSync(
            join(sharedDataDir, 'mango', record.game_name, `${record.game_name}.walkthrough`),
            'utf8',
          );
          assert.equal(promptWalkthrough(raw, Number(record.model_cutoff_num)).text, record.walkthrough_text, file);
          walkthroughs++;
          if (record.question === undefined) continue;
          const actions = Array.isArray(record.action_list) ? (record.action_list as string[]) : [];
          assert.equal(
            record.task === 'route_finding'
              ? rfQuestion(record.src_node, record.dst_node)
              : dfQuestion(record.src_node, actions),
            record.question,
            file,
          );
          questions++;
        }
    assert.ok(walkthroughs >= 30 && questions >= 30, `${walkthroughs} walkthroughs, ${questions} questions compared`);
  });

  it('keeps the last-line quirk when the walkthrough is shorter than the cutoff, and builds the release message', () => {
    const raw = readFileSync(join(samplesDir, 'mango/lighthouse/lighthouse.walkthrough'), 'utf8');
    const { text, modelCutoffNum } = promptWalkthrough(raw, 70);
    assert.equal(modelCutoffNum, 70);
    const lines = raw.trim().split('===========').join('').split('\n');
    assert.equal(text, lines.slice(0, -1).join('\n'));
    const { messages } = renderMangoPrompt({
      walkthrough: raw,
      actions: ['north', "o'clock"],
      locations: ['a'],
      task: 'rf',
      src: 'a',
      dst: 'b',
      actionList: [],
      cutoff: 5,
      template: 'release',
    });
    assert.deepEqual(
      messages.map((message) => message.role),
      ['system', 'user'],
    );
    assert.ok(messages[1].content.startsWith('!!! Here is a walkthrough of a text game:\n'));
    assert.ok(
      messages[1].content.includes(
        `\n\nThe allowed actions are: ['north', "o'clock"].\nThe list of locations are: ['a'].\n!!! Can you find a path from "a" to "b"`,
      ),
    );
    assert.ok(!messages[1].content.includes('NUM: 6'), 'cut before step 6');
  });

  it('cuts earlier when the walkthrough exceeds the token budget', () => {
    const raw = readFileSync(join(samplesDir, 'mango/lighthouse/lighthouse.walkthrough'), 'utf8');
    const words = {
      encode: (text: string) => text.split(/(?<=\s)/).map((_, index) => index),
      decode: (tokens: number[]) =>
        raw
          .trim()
          .split('===========')
          .join('')
          .split(/(?<=\s)/)
          .slice(0, tokens.length)
          .join(''),
    };
    const { modelCutoffNum } = promptWalkthrough(raw, 70, { counter: words, budget: 120 });
    assert.ok(modelCutoffNum < 10 && modelCutoffNum > 0, `cut at ${modelCutoffNum}`);
  });
});

describe('MANGO faithful scoring', () => {
  const edges = JSON.parse(
    readFileSync(join(samplesDir, 'mango/lighthouse/lighthouse.edges.json'), 'utf8'),
  ) as EdgeRecord[];
  const rf: MangoQuestion = {
    benchmark: 'mango',
    game: 'lighthouse',
    task: 'rf',
    sampleId: 'x',
    src: 'harbour road',
    dst: 'net loft',
    actionList: [],
    answerable: true,
    easy: true,
    cutoff: 70,
  };
  const step = (before: string, action: string, after: string) =>
    `{'location_before': '${before}', 'action': '${action}', 'location_after': '${after}'}`;

  it('RF: a valid route scores 1 everywhere; a hallucinated step loses success and reasoning', () => {
    assert.deepEqual(
      scoreMangoFaithful(
        edges,
        rf,
        `[${step('harbour road', 'north', 'fish market')}, ${step('fish market', 'up', 'net loft')}]`,
      ),
      { parse_error: false, success_strict: 1, success_loose: 1, reasoning: 1, mode: 'faithful' },
    );
    const wrong = scoreMangoFaithful(edges, rf, `[${step('harbour road', 'climb', 'net loft')}]`);
    assert.deepEqual([wrong.success_strict, wrong.reasoning], [0, 0]);
  });

  it('RF loose maps a near-miss action to the closest known one', () => {
    const nearMiss = scoreMangoFaithful(
      edges,
      rf,
      `[${step('harbour road', 'North', 'fish market')}, ${step('fish market', 'upp', 'net loft')}]`,
    );
    assert.deepEqual([nearMiss.success_strict, nearMiss.success_loose, nearMiss.reasoning], [0, 1, 0]);
  });

  it('DF: success checks the final room against where the actions lead (not always 1, unlike the reference)', () => {
    const df: MangoQuestion = { ...rf, task: 'df', dst: 'net loft', actionList: ['north', 'up'] };
    assert.equal(
      scoreMangoFaithful(
        edges,
        df,
        `[${step('harbour road', 'north', 'fish market')}, ${step('fish market', 'up', 'net loft')}]`,
      ).success_strict,
      1,
    );
    const wrongEnd = scoreMangoFaithful(
      edges,
      df,
      `[${step('harbour road', 'north', 'fish market')}, ${step('fish market', 'up', 'chapel ruins')}]`,
    );
    assert.deepEqual([wrongEnd.success_strict, wrongEnd.reasoning], [0, 0]);
    assert.ok(wrongEnd.success_loose > 0 && wrongEnd.success_loose < 1);
    assert.equal(scoreMangoFaithful(edges, df, 'no idea').parse_error, true);
  });
});
