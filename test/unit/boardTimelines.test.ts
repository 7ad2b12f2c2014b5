// The board view's timelines built from each benchmark's core: a GRASP simulation, a BabyAI
// expert run and a SmartPlay episode log, checked against the cores' own results.
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { babyaiTimeline } from '../../src/core/benchmarks/babyai/boardTimeline';
import { loadLevelFile } from '../../src/core/benchmarks/babyai/levelFile';
import { runExpert } from '../../src/core/benchmarks/babyai/omnibot';
import { ACTION_NAMES } from '../../src/core/benchmarks/babyai/world';
import { graspTimeline } from '../../src/core/benchmarks/grasp/boardTimeline';
import { greedySearch } from '../../src/core/benchmarks/grasp/baselines';
import { parseGraspGridFile } from '../../src/core/benchmarks/grasp/gridFile';
import { simulate } from '../../src/core/benchmarks/grasp/simulator';
import { parseEpisodeLog } from '../../src/core/benchmarks/smartplay/episodeLog';
import { smartplayTimelineOfFile } from '../../src/core/benchmarks/smartplay/boardTimeline';
import type { GridScene, HanoiScene } from '../../src/protocol/board';
import { refusedMovesTimeline } from '../support/hanoiEpisodes';
import { samplesDir } from '../support/paths';

describe('board timelines', () => {
  it('draws a GRASP run: one frame per token, arrows for moves, stars for takes, the running score', () => {
    const file = parseGraspGridFile(
      readFileSync(join(samplesDir, 'grasp/outer_spiral_block.jsonl'), 'utf8'),
      'outer_spiral_block.jsonl',
    );
    const { grid } = file.entries[0];
    const settings = { moves: 4, carryLimit: 'none', stepCost: 0 } as const;
    const actions = [...greedySearch(grid, settings, 1), 'jump', 'LEFT'];
    const simulation = simulate(grid, actions, settings, { mode: 'faithful' });
    const timeline = graspTimeline(grid, simulation, 'greedy');
    assert.equal(timeline.frames.length, simulation.steps.length + 1);
    const count = (mark: string) => timeline.path?.filter((item) => item.mark === mark).length;
    assert.equal(count('arrow'), simulation.steps.filter((step) => step.label === 'moved').length);
    assert.equal(count('star'), simulation.steps.filter((step) => step.take === 'succeeded').length);
    assert.ok((count('star') ?? 0) > 0, 'greedy takes energy');
    const last = timeline.frames.at(-1);
    assert.equal(
      last?.facts?.find((fact) => fact.label === 'score')?.value,
      Number(simulation.score.toFixed(3)).toString(),
    );
    const scene = last?.scene as GridScene;
    assert.deepEqual([scene.agent?.y, scene.agent?.x], simulation.final.agentPos);
    assert.ok(
      timeline.frames.some((frame) => frame.flags?.includes('invalid')),
      "'jump' is marked invalid",
    );
    const startValue = (frame: GridScene) =>
      frame.cells.find((cell) => cell.kind === 'energy' && cell.x === grid.start[1] && cell.y === grid.start[0]);
    assert.equal((startValue(scene) as { value: number } | undefined)?.value ?? 0, simulation.final.startCellEnergy);
  });

  it('steps a BabyAI level with the expert: the agent moves, the subgoal stack is shown, the mission succeeds', () => {
    const { spec } = loadLevelFile(readFileSync(join(samplesDir, 'babyai/goto-red-ball.level.json'), 'utf8'));
    assert.ok(spec);
    const run = runExpert(spec, { loop: 'generator', recordStacks: true });
    assert.ok(run.done);
    const timeline = babyaiTimeline(
      spec,
      run.steps.map((step) => ACTION_NAMES[step.action]),
      'expert',
      { stacks: run.steps.map((step) => step.stack) },
    );
    assert.equal(timeline.frames.length, run.steps.length + 1);
    const first = timeline.frames[0].scene as GridScene;
    const last = timeline.frames.at(-1);
    const lastScene = last?.scene as GridScene;
    assert.notDeepEqual(
      [first.agent?.x, first.agent?.y, first.agent?.dir],
      [lastScene.agent?.x, lastScene.agent?.y, lastScene.agent?.dir],
    );
    assert.equal(last?.facts?.find((fact) => fact.label === 'mission')?.value, 'success');
    assert.ok(
      timeline.frames.slice(1, -1).some((frame) => (frame.subgoals?.length ?? 0) > 0),
      'the stack is shown while planning',
    );
    assert.ok(first.cells.some((cell) => cell.kind === 'wall'));
    const invalid = babyaiTimeline(spec, ['fly', 'left'], 'bad');
    assert.deepEqual(
      invalid.frames.map((frame) => frame.flags ?? []),
      [[], ['invalid'], []],
    );
  });

  it('draws a Hanoi episode as rods, from the start to every disk on C', () => {
    const parsed = parseEpisodeLog(readFileSync(join(samplesDir, 'smartplay/hanoi3-solver.episode.jsonl'), 'utf8'));
    const timeline = smartplayTimelineOfFile(parsed.log, 'hanoi');
    assert.ok(timeline);
    assert.equal(timeline.frames.length, 8);
    assert.deepEqual((timeline.frames[0].scene as HanoiScene).rods, [[2, 1, 0], [], []]);
    assert.deepEqual((timeline.frames.at(-1)?.scene as HanoiScene).rods, [[], [], [2, 1, 0]]);
    assert.equal(timeline.frames.at(-1)?.facts?.find((fact) => fact.label === 'normalised score')?.value, '1');
  });

  it('marks the Hanoi moves the game refused as invalid, saying why, and no legal move', async () => {
    const timeline = await refusedMovesTimeline();
    // Moves: A→C, A→C (disk 1 onto 0: refused), B→A (B empty: refused), A→B, then an answer that
    // names no action (action 0, A→B, taken: disk 2 onto 1, refused too).
    assert.deepEqual(
      timeline.frames.map((frame) => frame.label ?? null),
      [null, 'A → C', 'A → C', 'B → A', 'A → B', 'A → B'],
    );
    assert.deepEqual(
      timeline.frames.map((frame) => frame.flags ?? []),
      [[], [], ['invalid'], ['invalid'], [], ['invalid']],
    );
    assert.equal(
      timeline.frames[2].note,
      'illegal move: disk 1 cannot go onto the smaller disk 0; the disks stay where they were (reward −1)',
    );
    assert.equal(timeline.frames[3].note, 'illegal move: rod B is empty; the disks stay where they were (reward −1)');
    assert.equal(
      timeline.frames[5].note,
      'no action matched the answer; action 0 was taken, as upstream does; illegal move: disk 2 cannot go onto the smaller disk 1; the disks stay where they were (reward −1)',
    );
    assert.deepEqual(
      (timeline.frames[3].scene as HanoiScene).rods,
      (timeline.frames[1].scene as HanoiScene).rods,
      'a refused move leaves the rods as they were',
    );
  });

  it('draws a Bandits episode as a running table of choices and payoffs', () => {
    const parsed = parseEpisodeLog(
      readFileSync(join(samplesDir, 'smartplay/bandit-highlow-random.episode.jsonl'), 'utf8'),
    );
    const timeline = smartplayTimelineOfFile(parsed.log, 'bandits');
    const last = timeline?.frames.at(-1)?.scene;
    assert.equal(last?.kind, 'table');
    assert.equal(last.kind === 'table' && last.rows.length, parsed.log.steps.length);
  });
});
