// Crafter on the board: the timeline of a seeded log re-plays the simulator, and each frame's 9×7
// grid is the area around the player that the step's text describes (checked against an
// independently stepped simulator and against the text's own "You see" and "You face" lines).
import { strict as assert } from 'node:assert';
import type { GridScene } from '../../../src/core/benchmark/board';
import { answerPrepared } from '../../../src/core/eval/pipeline';
import type { ModelProfile } from '../../../src/core/eval/types';
import { smartplayTimeline, smartplayTimelineOfFile } from '../../../src/core/benchmarks/smartplay/boardTimeline';
import { parseEpisodeLog } from '../../../src/core/benchmarks/smartplay/episodeLog';
import { prepareEpisode } from '../../../src/core/benchmarks/smartplay/questionSet';
import { crafterScenes, facingDirection } from '../../../src/core/benchmarks/smartplay/crafter/board';
import { ACTION_TEXTS } from '../../../src/core/benchmarks/smartplay/crafter/data';
import { CrafterEnv } from '../../../src/core/benchmarks/smartplay/crafter/env';
import { crafterWoodAction, readCrafterObservation } from '../../../src/core/benchmarks/smartplay/crafter/scripted';

const SEED = 1;
const STEPS = 60;

/** The scripted wood collector's episode on seed 1, as runner step records, and the env's states. */
function episode() {
  const env = new CrafterEnv(SEED);
  const reset = env.reset().obs;
  const steps: { step: number; observation: string; action: number; reward: number; done: boolean; score: number }[] =
    [];
  const states = [{ x: env.player.x, y: env.player.y, facing: [...env.player.facing], materials: viewMaterials(env) }];
  let observation = reset;
  for (let t = 0; t < STEPS; t++) {
    const action = (ACTION_TEXTS as readonly string[]).indexOf(crafterWoodAction(observation, t));
    const result = env.step(action);
    steps.push({ step: t + 1, observation, action, reward: result.reward, done: result.done, score: result.score });
    observation = result.obs;
    states.push({ x: env.player.x, y: env.player.y, facing: [...env.player.facing], materials: viewMaterials(env) });
  }
  return { reset, steps, states, finalObservation: observation };
}

/** The materials of the 9×7 view, row by row (null outside the world). */
function viewMaterials(env: CrafterEnv): (string | null)[][] {
  return Array.from({ length: 7 }, (_, row) =>
    Array.from({ length: 9 }, (_, column) => env.world.material(env.player.x - 4 + column, env.player.y - 3 + row)),
  );
}

/** What the text calls a grid cell: the creature over the material, the player at the centre. */
function semanticName(scene: GridScene, x: number, y: number): string | null {
  if (x === 4 && y === 3) return 'player';
  const cell = scene.cells.find((candidate) => candidate.x === x && candidate.y === y);
  if (cell?.kind !== 'terrain') return null;
  return cell.creature ?? cell.material;
}

describe('Crafter on the board', () => {
  const { reset, steps, states, finalObservation } = episode();
  const scenes = crafterScenes(SEED, steps, reset);

  it('re-plays the seed: the player, its facing and every tile of the view match the simulator', () => {
    assert.ok(scenes);
    assert.equal(scenes.length, STEPS + 1);
    // The scripted agent walks and turns: the positions and headings are not all alike.
    assert.ok(new Set(states.map((s) => `${s.x},${s.y}`)).size > 3);
    assert.ok(new Set(states.map((s) => s.facing.join())).size > 1);
    scenes.forEach((scene, index) => {
      const state = states[index];
      assert.deepEqual([scene.width, scene.height, scene.agent?.x, scene.agent?.y], [9, 7, 4, 3]);
      assert.equal(
        scene.agent?.dir,
        facingDirection(state.facing as [number, number]),
        `frame ${index}: facing ${state.facing}`,
      );
      assert.ok(
        scene.legend?.[0].label.includes(`at (${state.x}, ${state.y})`),
        `frame ${index}: ${scene.legend?.[0].label}`,
      );
      for (let y = 0; y < 7; y++) {
        for (let x = 0; x < 9; x++) {
          const cell = scene.cells.find((candidate) => candidate.x === x && candidate.y === y);
          assert.equal(
            cell?.kind === 'terrain' ? cell.material : null,
            state.materials[y][x],
            `frame ${index} cell (${x}, ${y})`,
          );
        }
      }
    });
    // Seed 1 from the start: the player at the world's centre facing south (Crafter's initial facing).
    assert.deepEqual([states[0].x, states[0].y, scenes[0].agent?.dir], [32, 32, 1]);
  });

  it("draws what the text says: the faced cell and each named thing's nearest distance", () => {
    assert.ok(scenes);
    const dx = [1, 0, -1, 0];
    const dy = [0, 1, 0, -1];
    let checkedLines = 0;
    scenes.forEach((scene, index) => {
      const text = scene.mission ?? '';
      const view = readCrafterObservation(text);
      const dir = scene.agent?.dir ?? 0;
      assert.equal(semanticName(scene, 4 + dx[dir], 3 + dy[dir]), view.facing, `frame ${index}`);
      for (const [name, seen] of view.seen) {
        let nearest = Number.POSITIVE_INFINITY;
        for (let y = 0; y < 7; y++)
          for (let x = 0; x < 9; x++)
            if (semanticName(scene, x, y) === name) nearest = Math.min(nearest, Math.abs(x - 4) + Math.abs(y - 3));
        assert.equal(nearest, seen.distance, `frame ${index}: ${name}`);
        checkedLines += 1;
      }
    });
    assert.ok(checkedLines > 100, `only ${checkedLines} "You see" lines checked`);
    // The wood collector placed a table (step 8 on this seed): it is on the board afterwards.
    assert.ok(scenes[STEPS].cells.some((cell) => cell.kind === 'terrain' && cell.material === 'table'));
    assert.ok(scenes[STEPS].legend?.some((entry) => entry.symbol === 'terrain' && entry.material === 'table'));
  });

  it('a timeline of a seeded log is grids with the observations as text; unseeded or foreign logs stay text', () => {
    const header = { game: 'Crafter', seed: SEED, reset: { observation: reset, score: 0 } };
    const timeline = smartplayTimeline({ header, steps }, 'Crafter', finalObservation);
    assert.deepEqual(new Set(timeline.frames.map((frame) => frame.scene.kind)), new Set(['grid']));
    const last = timeline.frames[STEPS].scene;
    assert.ok(last.kind === 'grid');
    assert.equal(last.mission, finalObservation);
    const unseeded = smartplayTimeline({ header: { ...header, seed: null }, steps }, 'Crafter');
    assert.deepEqual(new Set(unseeded.frames.map((frame) => frame.scene.kind)), new Set(['text']));
    // Another seed's simulation does not reproduce the log's reset text: no grid is guessed.
    assert.equal(crafterScenes(SEED + 1, steps, reset), null);
    // A log whose step texts diverge from the simulation (a later step's observation altered).
    const altered = steps.map((step, index) =>
      index === 10 ? { ...step, observation: `${step.observation}!` } : step,
    );
    assert.equal(crafterScenes(SEED, altered, reset), null);
  });
});

describe("Crafter from the editor's Play SmartPlay Episode", () => {
  it("the pipeline's episode log (random player, 6 steps) is drawn as grids: its header carries the seed", async () => {
    let transcript: string | null = null;
    const profile: ModelProfile = {
      id: 'random',
      provider: 'random',
      temperature: 0,
      maxTokens: 0,
      timeoutMs: 0,
      retries: 0,
    };
    await answerPrepared(prepareEpisode('Crafter', 0, 3), profile, 'SmartPlay', {
      mode: 'faithful',
      seed: 3,
      episode: { maxSteps: 6, playerName: 'random', onTranscript: (text) => void (transcript = text) },
    });
    assert.ok(transcript !== null);
    const timeline = smartplayTimelineOfFile(parseEpisodeLog(transcript).log, 'Crafter · random');
    assert.ok(timeline);
    assert.equal(timeline.frames.length, 7);
    assert.ok(
      timeline.frames.every(
        (frame) => frame.scene.kind === 'grid' && frame.scene.width === 9 && frame.scene.height === 7,
      ),
    );
  });
});
