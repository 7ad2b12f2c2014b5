// The exact port of MiniGrid/BabyAI level generation (src/core/benchmarks/babyai/levels/). Every pinned value
// below was produced by UPSTREAM code, not by this port: Farama-Foundation/Minigrid @ 6e713af and
// choukrani/llm-babybench @ e9996c8 run locally with Python 3 + numpy 2.4.6 behind a tiny gymnasium
// shim (seeding.np_random = Generator(PCG64(SeedSequence(seed)))), the env classes instantiated
// directly and described by formatters/structured.py; the CSV rows by generate_{predict,decompose}.py's
// row logic. That run matched this port on seeds 1..500 of all 32 levels (16,000 descriptions) and
// byte for byte on the Predict, Decompose and Plan files of seeds 1..150 (2,400 rows each); here we
// pin seeds 1..50 per level and the rows of seeds 1..4.
import { strict as assert } from 'node:assert';
import { createHash } from 'node:crypto';
import {
  BABYAI_LEVEL_NAMES,
  EXACT_LEVEL_NAMES,
  generateExactLevel,
  PLAN_LEVEL_NAMES,
} from '../../../src/core/benchmarks/babyai/levels/catalog';
import { datasetRow, UPSTREAM_COLUMNS } from '../../../src/core/benchmarks/babyai/levels/rows';
import { csvLine } from '../../../src/core/util/csv';
import { formatStructured, STRUCTURED_HEADER } from '../../../src/core/benchmarks/babyai/structured';

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
const describe50 = (level: string) =>
  Array.from({ length: 50 }, (_, i) => formatStructured(generateExactLevel(level, i + 1).description)).join('\n---\n');

/** sha256 of the upstream descriptions of seeds 1..50 joined with "\n---\n". */
const UPSTREAM_DESCRIPTIONS: Record<string, string> = {
  'BabyAI-GoToObj-v0': '591c0a70a570b0fbe59a3d890e960b51b42949c2be948bee5afeff245ba26b4d',
  'BabyAI-GoToRedBallGrey-v0': 'e4e01d0101734fd6bd0ffc802cf64ddec7de3709f07b77713f64a09d44f7beb4',
  'BabyAI-GoToRedBall-v0': '94b256472714d3d6ea21b09283479c83e05802e85ada5a2f80477a4e8a94ba81',
  'BabyAI-GoToLocal-v0': '761f75334cb6399b9c89f38958479ba9ab82eb46278b704b5f3ecc6fc2278fe7',
  'BabyAI-PutNextLocal-v0': '8a7e6a730c266782d9d2a688c50e38df6722b0bf6fe4c28e40a3174776f637f6',
  'BabyAI-PickupLoc-v0': '91d9cc466e63d39effc5cb7d639b36e177a21e7099d997cb059c767dbe9b17e9',
  'BabyAI-GoToObjMaze-v0': 'bbcac66c299fd19337c25cf989f052245e2dba361f9ef1707e7663c4c59f357c',
  'BabyAI-GoTo-v0': '75ef8537746b90eb3f504a19d3326de446d6d86546b6b18c359b4cbdb81e33b3',
  'BabyAI-Pickup-v0': '56d0625503f5681589b230798c4facc880f810b2792503aa3cbc9280401c5883',
  'BabyAI-UnblockPickup-v0': 'b290cf2e068db85dd04beaf585153811b2071f98f4ea65de49ef1cb8724c7382',
  'BabyAI-Open-v0': 'e920ff40d66b7bde666797e4a360b14f990aaa778d482cb9960d1706e8430c2e',
  'BabyAI-Synth-v0': '8ed0f870ef2a1716837e5509fafe5300a64bab5cc45bc54dbe7b2df265fd5f64',
  'BabyAI-SynthLoc-v0': 'c54613a24935e6a16b8f3794a536eaa4c4528a6eb81ba322713cd3862fbe6c32',
  'BabyAI-GoToSeq-v0': '194623945af2a0702c6ff56bc267d9710748c0fc9c730a4280dcbaeae1d931d2',
  'BabyAI-SynthSeq-v0': '4725ab828cd5e4cd29a5e828080888a0660438083905be90103541883c166184',
  'BabyAI-BossLevel-v0': '34c1d9b0e7aa3387dc5b99f919020916a83904dab3d26da95bf844024561389e',
  'CustomBabyAI-GoToRedBall-Small-4Dists-v0': 'a599c3f46f7b4a395db1627c14fabddc7bf3e298befd2ff8a2be68bcc3d98bb8',
  'CustomBabyAI-GoToRedBall-Small-5Dists-v0': '601a3ee170339515288b50e638601f1d9f496fc6930ba2a15168ea3d4ea58fb9',
  'CustomBabyAI-GoToRedBall-Small-6Dists-v0': '56d986f2662bf0c834ec685ae3f8839ae441fc13e15aead765812775030206eb',
  'CustomBabyAI-GoToRedBall-Small-7Dists-v0': 'e4e01d0101734fd6bd0ffc802cf64ddec7de3709f07b77713f64a09d44f7beb4',
  'CustomBabyAI-GoToRedBall-Medium-20Dists-v0': '36160ce1643d9fb070071738da7ed947cdae285368f19169ed5a7598d87aa631',
  'CustomBabyAI-GoToRedBall-Medium-40Dists-v0': '367efefb4863fe049a24834ca4e362eb490f08a11f5bfeacc769f83c30b5eaa7',
  'CustomBabyAI-GoToRedBall-Medium-50Dists-v0': '532110443a3c1eef87d2ba21f9744f20d3291173e592ae19b9fd9b2b151b1f32',
  'CustomBabyAI-GoToRedBall-Medium-60Dists-v0': '7bbbed7fbead84147ce54ace73a90cda43b7f8aa72385bc7a02d64fd81470a6c',
  'CustomBabyAI-GoToRedBall-Large-60Dists-v0': '6d76d5d9c441aea31f5ebc883535c16992a560fd5472d8d3af7735f3209d26fb',
  'CustomBabyAI-GoToRedBall-Large-80Dists-v0': '9dcfd15497d1053e02219cc7af75ba9abe762c7d5b0380b7ed3ddb1fd3a8dc5f',
  'CustomBabyAI-GoToRedBall-Large-100Dists-v0': '939ecce783bd6cebbc75e047b9c230334a81197ebf3a8b7676dc41bfcea61d00',
  'CustomBabyAI-GoToRedBall-Large-120Dists-v0': 'fc0c4a6bb3e3aa620823428b066c931e651e61f1f0ea67adbeb1418c4f80320f',
  'CustomBabyAI-GoToRedBall-Ultra-120Dists-v0': 'dbc291ac9cc9c725bed7f7f0becafc0d32b2467047d97dcec7a350d011e2591a',
  'CustomBabyAI-GoToRedBall-Ultra-140Dists-v0': '880dcc4303b1dd11a50216ea0e0c53507634e05dec07fc0c963495afe0d9bdee',
  'CustomBabyAI-GoToRedBall-Ultra-160Dists-v0': '613f43c9613a2da89a51a6887b572aca58b540e7074ab8312abdeb99c4b1061f',
  'CustomBabyAI-GoToRedBall-Ultra-180Dists-v0': 'ae1c8d42b01e90d169d6bf5d2225985fca55cf54b60fb1fc8c6b157111e396ac',
};

describe('exact BabyAI level generation (MiniGrid @ 6e713af)', function () {
  it('covers the 16 Predict/Decompose levels and the 16 Plan levels', () => {
    assert.equal(BABYAI_LEVEL_NAMES.length, 16);
    assert.equal(PLAN_LEVEL_NAMES.length, 16);
    assert.deepEqual([...EXACT_LEVEL_NAMES].sort(), Object.keys(UPSTREAM_DESCRIPTIONS).sort());
  });

  for (const level of EXACT_LEVEL_NAMES) {
    it(`${level}: seeds 1..50 describe exactly what upstream reset(seed) gives`, () => {
      assert.equal(sha256(describe50(level)), UPSTREAM_DESCRIPTIONS[level]);
    });
  }

  it('writes GoToObj seed 1 as spec §3 shows it', () => {
    const text = formatStructured(generateExactLevel('BabyAI-GoToObj-v0', 1).description);
    assert.equal(
      text,
      `${STRUCTURED_HEADER}- Number of rooms: 1\n- Size of each room (including walls): 8x8\n- Effective room size (excluding walls): 6x6\n- Total grid size: 8x8\n- Agent initial position: (3, 4)\n- Agent facing direction: north (toward (3, 3))\n- Objects in environment:\n  - key, color=yellow, position=(1, 6)\n- Mission: 'go to the yellow key'`,
    );
  });

  it('writes a SynthSeq level with doors, locations and a nested mission as upstream does (seed 3)', () => {
    const text = formatStructured(generateExactLevel('BabyAI-SynthSeq-v0', 3).description);
    assert.equal(
      text.slice(STRUCTURED_HEADER.length),
      "- Number of rooms: 3x3\n- Size of each room (including walls): 8x8\n- Effective room size (excluding walls): 6x6\n- Total grid size: 22x22\n- Agent initial position: (4, 12)\n- Agent facing direction: south (toward (4, 13))\n- Objects in environment:\n  - door, color=purple, position=(14, 1), locked=False\n  - ball, color=red, position=(17, 1)\n  - box, color=purple, position=(12, 2)\n  - key, color=blue, position=(16, 2)\n  - ball, color=green, position=(18, 2)\n  - box, color=grey, position=(8, 3)\n  - ball, color=red, position=(11, 3)\n  - ball, color=blue, position=(16, 3)\n  - ball, color=grey, position=(12, 4)\n  - door, color=yellow, position=(1, 7), locked=False\n  - door, color=yellow, position=(11, 7), locked=False\n  - box, color=yellow, position=(1, 8)\n  - door, color=yellow, position=(7, 8), locked=False\n  - key, color=yellow, position=(10, 8)\n  - ball, color=purple, position=(10, 9)\n  - ball, color=grey, position=(11, 9)\n  - door, color=green, position=(14, 9), locked=False\n  - key, color=purple, position=(12, 10)\n  - key, color=green, position=(8, 11)\n  - box, color=blue, position=(17, 11)\n  - door, color=green, position=(6, 14), locked=False\n  - door, color=yellow, position=(20, 14), locked=False\n  - door, color=grey, position=(14, 15), locked=False\n  - key, color=purple, position=(17, 18)\n  - key, color=grey, position=(15, 19)\n  - ball, color=purple, position=(16, 20)\n- Mission: 'put the purple box next to the grey box and go to the door on your right'",
    );
  });

  it('draws the BossLevel missions upstream draws (seeds 1..6)', () => {
    const missions = [1, 2, 3, 4, 5, 6].map(
      (seed) => generateExactLevel('BabyAI-BossLevel-v0', seed).description.mission,
    );
    assert.deepEqual(missions, [
      'pick up a purple ball and open a red door',
      'open a door and put a ball next to the purple key in front of you',
      'put the purple box next to the green key and open the door in front of you',
      'go to the red key and open the purple door, then pick up the yellow ball and open the red door',
      'put the key behind you next to a door',
      'open the door in front of you and go to the door in front of you',
    ]);
  });

  it('rejects an unknown level name', () => {
    assert.throws(() => generateExactLevel('BabyAI-KeyCorridor-v0', 1), /unknown level 'BabyAI-KeyCorridor-v0'/);
  });
});

describe('LLM-BabyBench dataset rows of the exact levels', function () {
  const rowsCsv = (task: 'predict' | 'plan' | 'decompose') => {
    const lines = [csvLine(UPSTREAM_COLUMNS[task])];
    for (const level of task === 'plan' ? PLAN_LEVEL_NAMES : BABYAI_LEVEL_NAMES)
      for (let seed = 1; seed <= 4; seed++) lines.push(csvLine(datasetRow(task, level, seed).upstream));
    return `${lines.join('\n')}\n`;
  };

  it('writes the Predict rows (expert actions, target state) upstream writes, seeds 1..4 of the 16 levels', () => {
    assert.equal(sha256(rowsCsv('predict')), '8c651639c0b2f96150fc47122a591384e8ae1ef2ef5a0ee146d6e35f31ac1321');
  });

  it('writes the Decompose rows (mission, help_count) upstream writes, seeds 1..4 of the 16 levels', () => {
    assert.equal(sha256(rowsCsv('decompose')), '45a6c5036fa8b49372ef00f3eebe8d1da6517aee406ff69e5dc2be25f9432408');
  });

  it('writes the Plan rows (red ball, expert actions) upstream writes, seeds 1..4 of the 16 Plan levels', () => {
    assert.equal(sha256(rowsCsv('plan')), '61ce60d04c4bde443737103ca271e4a8fb12a1026918d6a0055565592095d94d');
  });

  it('gives BossLevel seed 1 the upstream expert run: 24 actions to ((15, 13), 2), help_count 6', () => {
    const predict = datasetRow('predict', 'BabyAI-BossLevel-v0', 1);
    assert.equal(predict.upstream[3], '((15, 3), 0)');
    assert.equal(predict.upstream[4].split(', ').length, 24);
    assert.equal(predict.upstream[5], '((15, 13), 2)');
    assert.deepEqual(predict.proof.slice(0, 2), ['True', '24']);
    assert.equal(datasetRow('decompose', 'BabyAI-BossLevel-v0', 1).upstream[5], '6');
  });
});
