// Spec §4 and §12 row 9: upstream's four prompters verbatim, rendered as Python's str.format
// renders them, and the few-shot templates' KeyError kept in the reference mode.
import { strict as assert } from 'node:assert';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  BABY_TASKS,
  PROMPT_STRATEGIES,
  promptConstructionError,
  PythonFormatError,
  pythonFormat,
  renderBabyPrompt,
  ZERO_SHOT_TEMPLATES,
} from '../../../src/core/benchmarks/babyai/prompts';
import { FEW_SHOT_EXAMPLES, TEMPLATES } from '../../../src/core/benchmarks/babyai/promptTemplates';
import { sha256Hex } from '../../../src/core/util/sha256';
import { repoRoot, sharedDataMissingReason } from '../../support/paths';
import { GOTOOBJ_SEED1 } from './fixtures';

const promptsJson = join(repoRoot, '..', 'shared', 'spec', 'data', 'babyai-prompts.json');
const ACTIONS = ['left', 'forward', 'forward', 'left', 'forward'];

/**
 * SHA-256 of Python 3's `TEMPLATES[s][t].format(description=GOTOOBJ_SEED1, str_action_seq="left,
 * forward, forward, left, forward")`, with `FEW_SHOT_EXAMPLES={"Task.PREDICT": …, "Task.PLAN": …,
 * "Task.DECOMPOSE": …}` added for few_shot (str.format reads `[Task.PREDICT]` as that string key, so
 * this is Python's own rendering of the faithful substitution). Computed with CPython over
 * babyai-prompts.json; the lengths are Python's len().
 */
const PYTHON_RENDERINGS: Record<string, [string, number]> = {
  'zero_shot/predict': ['dbb548b00278fc02723b75032d249e8db53491487ababf9beaafd91534b10cb7', 2030],
  'zero_shot/plan': ['7575d3c8722165486aca18bc25614725e2518a34ee3f22c86153f388512d75bf', 2083],
  'zero_shot/decompose': ['95a9be82e54fb39c961130d26d62a501acc455c8bd570d75e34e10d6deded296', 2773],
  'few_shot/predict': ['103e42d995e675e7e3336c77873222f2b1251dd847cc90d4f0ef19056a94bd91', 4221],
  'few_shot/plan': ['9525b90de6f1459e6730ec344fb43b911939a18afe4c4d370788caf6f79a1341', 4549],
  'few_shot/decompose': ['a11c02330d0927c31da45ca68aa49ce0b3334f26506e2a466e526b211bdfe11b', 3089],
  'cot/predict': ['6c7c3cc70d32a185cd0eee05e4597f7e6d254c5d48e53a29f2b4538d2bb09706', 2729],
  'cot/plan': ['9af37611078ddcb58ae3a4433fd03c84f3a61db7d2fce226d3d7a03c4c77107c', 2808],
  'cot/decompose': ['33d0ba2d5be0f58b8d2674d872fde907cb3b145286c9d6819cc74a3bd63078b1', 4012],
  'tot/predict': ['15fd5e93b548af88f8fc018375baf16b49809e7bc2ee877a06ab131428c71565', 2948],
  'tot/plan': ['e2573fa2b84cb0c31655a4c87b85036a6e1f0f83c7979bc3c1c5e18d45dfb373', 2890],
  'tot/decompose': ['fb5a50ae82a2c46eba464575ad6c627355d0af5be46c1ab25c37494ddafc85fb', 4720],
};

const render = (
  strategy: (typeof PROMPT_STRATEGIES)[number],
  task: (typeof BABY_TASKS)[number],
  mode: 'faithful' | 'reference' = 'faithful',
) => renderBabyPrompt(task, GOTOOBJ_SEED1, ACTIONS, { strategy, mode })[0].content;

describe('babyai prompt strategies (spec §4)', () => {
  it("embeds upstream's templates and few-shot examples exactly as babyai-prompts.json has them", function () {
    if (!existsSync(promptsJson)) {
      console.log(`      skipped: ${sharedDataMissingReason} (${promptsJson})`);
      this.skip();
    }
    const upstream = JSON.parse(readFileSync(promptsJson, 'utf8')) as {
      templates: Record<string, Record<string, string>>;
      few_shot_examples: Record<string, string[]>;
    };
    assert.deepEqual(Object.keys(upstream.templates), [...PROMPT_STRATEGIES]);
    for (const strategy of PROMPT_STRATEGIES) {
      assert.deepEqual(Object.keys(upstream.templates[strategy]), [...BABY_TASKS], strategy);
      for (const task of BABY_TASKS)
        assert.equal(TEMPLATES[strategy][task], upstream.templates[strategy][task], `${strategy} ${task}`);
    }
    for (const task of BABY_TASKS) assert.deepEqual(FEW_SHOT_EXAMPLES[task], upstream.few_shot_examples[task], task);
    assert.equal(ZERO_SHOT_TEMPLATES, TEMPLATES.zero_shot);
  });

  it("renders every strategy × task byte for byte as CPython's str.format does", () => {
    for (const strategy of PROMPT_STRATEGIES) {
      for (const task of BABY_TASKS) {
        const text = render(strategy, task);
        const [hash, length] = PYTHON_RENDERINGS[`${strategy}/${task}`];
        assert.equal(text.length, length, `${strategy} ${task}`);
        assert.equal(sha256Hex(text), hash, `${strategy} ${task}`);
      }
    }
  });

  it('hand-checked strings: CoT Predict ends without a space, the others keep theirs, the description and actions sit where the fields were', () => {
    assert.ok(
      render('cot', 'predict').endsWith(
        "Begin this section with the phrase: 'The agent's final state is: '. Please do not write a full stop mark at the end!",
      ),
    );
    assert.ok(render('zero_shot', 'predict').endsWith('Please do not write a full stop mark at the end! '));
    assert.ok(render('tot', 'predict').endsWith('Please do not write a full stop mark at the end! '));
    assert.ok(
      render('cot', 'plan').endsWith(
        "Example: The LLM's action sequence is: forward, forward, leftPlease do not write a full stop mark at the end! ",
      ),
    );
    assert.ok(render('tot', 'decompose').endsWith('(PickupSubgoal) or (GoNextToSubgoal, (x,y)).\n\n'));
    assert.ok(
      render('cot', 'predict').startsWith(
        `You are an intelligent agent. You are given the following environment description:\n${GOTOOBJ_SEED1}\n\nLet's think step-by-step to predict the agent's final state after executing the following action sequence:\nleft, forward, forward, left, forward\n\nStep 1. Note the agent's starting position and direction\n`,
      ),
    );
    assert.ok(
      render('cot', 'decompose').includes(
        `Environment Description:\n${GOTOOBJ_SEED1}\n\nStep 1. Identify the mission goal\n`,
      ),
    );
    // The faithful few-shot Predict prompt carries upstream's first example where the field was.
    const fewShot = render('few_shot', 'predict');
    assert.ok(
      fewShot.includes(
        `Here is a successful example for your reference:\n${FEW_SHOT_EXAMPLES.predict[0]}\n\nAt the end of your response`,
      ),
    );
    assert.ok(!fewShot.includes('{') && !FEW_SHOT_EXAMPLES.predict[0].includes('{'));
    assert.ok(
      render('few_shot', 'decompose').includes(
        'Here is an example to help you: \n\nexample1example1\n\nExample Input:',
      ),
      "upstream's Decompose example is a placeholder; it is sent as upstream would",
    );
  });

  it('few-shot: the faithful mode substitutes FEW_SHOT_EXAMPLES[task][0]; the reference mode raises KeyError as upstream does', () => {
    for (const task of BABY_TASKS) {
      assert.throws(
        () => render('few_shot', task, 'reference'),
        (error: unknown) => error instanceof PythonFormatError && error.message === "KeyError: 'FEW_SHOT_EXAMPLES'",
      );
      assert.match(
        promptConstructionError(task, 'few_shot', 'reference') ?? '',
        new RegExp(
          `^prompt construction error: upstream's few_shot ${task} template raises KeyError: 'FEW_SHOT_EXAMPLES'`,
        ),
      );
      assert.equal(promptConstructionError(task, 'few_shot', 'faithful'), null);
      for (const strategy of ['zero_shot', 'cot', 'tot'] as const) {
        assert.equal(promptConstructionError(task, strategy, 'reference'), null, `${strategy} ${task}`);
        assert.equal(render(strategy, task, 'reference'), render(strategy, task), 'only few-shot differs by mode');
      }
    }
  });

  it("pythonFormat follows str.format's escapes, lookups and errors", () => {
    assert.equal(
      pythonFormat('{{a}} {a} }}{{', { a: '{b}' }),
      '{a} {b} }{',
      'escapes; substituted text is not scanned again',
    );
    assert.equal(pythonFormat('{X[Task.PLAN][1]}', { X: { 'Task.PLAN': ['zero', 'one'] } }), 'one');
    assert.equal(pythonFormat('{s[2]}', { s: 'abc' }), 'c');
    const raises = (template: string, message: string) =>
      assert.throws(
        () => pythonFormat(template, { a: 'x', l: ['y'] }),
        (error: unknown) => error instanceof PythonFormatError && error.message === message,
        template,
      );
    raises('{missing}', "KeyError: 'missing'");
    raises('a } b', "ValueError: Single '}' encountered in format string");
    raises('a {', "ValueError: Single '{' encountered in format string");
    raises('{a', "ValueError: expected '}' before end of string");
    raises('{}', 'IndexError: Replacement index 0 out of range for positional args tuple');
    raises('{l[3]}', 'IndexError: list index out of range');
    raises('{a!r}', 'ValueError: conversions and format specs are not supported by this port ({a!r})');
  });
});
