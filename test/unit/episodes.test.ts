// Interactive episodes (issue 17): the MANGO text adventure against shortest paths computed here,
// independently, by breadth-first search over edges.json's JSON; invalid commands, the step budget
// and cancellation; BabyAI's expert solving levels turn by turn; GRASP's invalid actions and end;
// and episodes as batch-run records (the pipeline's play hook) that validate as run records.
import { strict as assert } from 'node:assert';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { BabyaiEpisode, babyaiEpisodeTimeline, babyaiOracleAgent } from '../../src/core/benchmarks/babyai/episode';
import { loadLevelFile } from '../../src/core/benchmarks/babyai/levelFile';
import { ModelCallCancelled, ModelCallError, type ReplySource } from '../../src/core/eval/engine';
import type { EpisodeAnswer } from '../../src/core/eval/episodeQuestions';
import {
  type EpisodeAgent,
  EpisodeCancelled,
  commandOf,
  historyWindow,
  runEpisode,
} from '../../src/core/eval/episodes';
import type { Failure } from '../../src/core/eval/failures';
import { answerPrepared } from '../../src/core/eval/pipeline';
import { parseRunRecords } from '../../src/core/eval/recordSchemas';
import type { ChatMessage, ModelProfile } from '../../src/core/eval/types';
import { createSmartPlayEnv, SMARTPLAY_GAMES } from '../../src/core/benchmarks/smartplay/games';
import { GraspEpisode, graspEpisodeTimeline, graspOracleAgent } from '../../src/core/benchmarks/grasp/episode';
import { simulate } from '../../src/core/benchmarks/grasp/simulator';
import { parseGraspGridFile } from '../../src/core/benchmarks/grasp/gridFile';
import { episodeRouteAnswer } from '../../src/core/benchmarks/mango/play/episodeRoute';
import { buildMazeGraph } from '../../src/core/benchmarks/mango/maze/maze';
import { mangoQuestionSet } from '../../src/core/benchmarks/mango/questionSet';
import { answerTrajectory } from '../../src/core/benchmarks/mango/maze/trajectory';
import {
  CANT_GO,
  episodeRoute,
  MangoTextAdventure,
  mangoOracleAgent,
  walkthroughObservations,
} from '../../src/core/benchmarks/mango/play/textAdventure';
import type { EdgeRecord } from '../../src/core/benchmarks/mango/types';
import { nodeQuestionFiles } from '../../src/cli/runs/nodeQuestionFiles';
import { samplesDir, sharedDataDir, sharedDataMissingReason } from '../support/paths';

const oracle: ModelProfile = {
  id: 'oracle',
  provider: 'oracle',
  temperature: 0,
  maxTokens: 0,
  timeoutMs: 0,
  retries: 0,
};
const SHARED_GAMES = ['905', 'night', 'omniquest', 'partyfoul', 'spirit', 'zork1'];

function loadGame(folder: string) {
  const game = folder.split('/').pop() as string;
  return {
    game,
    walkthrough: readFileSync(join(folder, `${game}.walkthrough`), 'utf8'),
    records: JSON.parse(readFileSync(join(folder, `${game}.edges.json`), 'utf8')) as EdgeRecord[],
    pairs: readFileSync(join(folder, `${game}.all_pairs.jsonl`), 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { src_node: string; dst_node: string }),
  };
}

/** Shortest distances from `src` by breadth-first search over the raw edge list (written here, not core's graph). */
function bfs(records: readonly EdgeRecord[], src: string): Map<string, number> {
  const distance = new Map([[src, 0]]);
  const queue = [src];
  while (queue.length > 0) {
    const here = queue.shift() as string;
    for (const edge of records) {
      if (edge.src_node !== here || distance.has(edge.dst_node)) continue;
      distance.set(edge.dst_node, (distance.get(here) as number) + 1);
      queue.push(edge.dst_node);
    }
  }
  return distance;
}

const scripted =
  (commands: string[]): EpisodeAgent =>
  async (turn) =>
    commands[turn.step - 1] ?? 'wait';

async function checkOracle(folder: string, pairLimit: number): Promise<number> {
  const { game, walkthrough, records, pairs } = loadGame(folder);
  const observations = walkthroughObservations(walkthrough);
  // Every k-th pair, so long games are sampled across all their rooms.
  const stride = Math.max(1, Math.floor(pairs.length / pairLimit));
  let checked = 0;
  for (let index = 0; index < pairs.length; index += stride) {
    const { src_node: src, dst_node: dst } = pairs[index];
    const shortest = bfs(records, src).get(dst);
    if (shortest === undefined || shortest === 0) continue;
    const env = new MangoTextAdventure({ game, walkthrough, records, from: src, to: dst, maxSteps: 200 });
    const transcript = await runEpisode(env, mangoOracleAgent(env));
    assert.equal(transcript.reached, true, `${game}: ${src} → ${dst}`);
    assert.equal(transcript.moves, shortest, `${game}: ${src} → ${dst} in ${shortest} moves`);
    assert.equal(transcript.steps[transcript.steps.length - 1].location, dst);
    // The route the maze view draws: consecutive edges of edges.json from src to dst.
    const route = episodeRoute(src, transcript.steps);
    assert.equal(route.length, shortest);
    route.forEach((move, at) => {
      assert.ok(
        records.some(
          (edge) =>
            edge.src_node === move.location_before &&
            edge.dst_node === move.location_after &&
            edge.action.toLowerCase() === move.action,
        ),
      );
      assert.equal(move.location_before, at === 0 ? src : route[at - 1].location_after);
    });
    for (const step of transcript.steps) {
      assert.equal(step.valid, true);
      // The observation is the walkthrough's own text of some step (or the bare room name for a room it never shows).
      assert.ok(
        [...observations.values()].includes(step.observation) || step.observation.toLowerCase() === step.location,
        `${game}: observation of ${step.location}`,
      );
    }
    checked += 1;
  }
  return checked;
}

describe('MANGO text adventure', () => {
  const lighthouse = join(samplesDir, 'mango', 'lighthouse');

  it('the oracle reaches every goal of the sample game in exactly the shortest number of moves', async () => {
    const { pairs } = loadGame(lighthouse);
    assert.equal(
      await checkOracle(lighthouse, pairs.length),
      pairs.filter((pair) => pair.src_node !== pair.dst_node).length,
    );
  });

  it('the oracle walks shortest paths on the six shared games', async function () {
    if (!SHARED_GAMES.every((game) => existsSync(join(sharedDataDir, 'mango', game)))) {
      console.log(`      skipped: ${sharedDataMissingReason}`);
      this.skip();
    }
    for (const game of SHARED_GAMES) assert.ok((await checkOracle(join(sharedDataDir, 'mango', game), 40)) >= 8, game);
  });

  it('answers a move the maze has with the arrival room and anything else with "You can\'t go that way."', async () => {
    const { game, walkthrough, records } = loadGame(lighthouse);
    const env = new MangoTextAdventure({ game, walkthrough, records, from: 'Harbour Road', to: 'chapel ruins' });
    assert.match(env.reset(), /^Harbour Road\n/);
    const refused = env.step('up');
    assert.deepEqual(refused, { observation: CANT_GO, done: false, valid: false });
    assert.equal(env.location(), 'harbour road');
    const moved = env.step('North');
    assert.equal(moved.valid, true);
    assert.match(moved.observation, /^Fish Market\n/);
    assert.equal(env.location(), 'fish market');
    assert.deepEqual(env.step('northwest'), {
      observation: env.roomObservation(
        'chapel ruins',
        records.find((edge) => edge.dst_node === 'chapel ruins') ?? null,
      ),
      done: true,
      valid: true,
    });
    assert.deepEqual(env.state().path, ['harbour road', 'fish market', 'chapel ruins']);
    assert.throws(
      () => new MangoTextAdventure({ game, walkthrough, records, from: 'the moon', to: 'net loft' }),
      /--from 'the moon' is not a room of lighthouse's maze/,
    );
  });

  it('an episode with no move yet (or only refused commands) is drawn at its start, not as an answer that could not be parsed', async () => {
    const { game, walkthrough, records } = loadGame(lighthouse);
    const graph = buildMazeGraph(game, records, [], { start: 'harbour road', lastStep: 39 });
    const env = new MangoTextAdventure({
      game,
      walkthrough,
      records,
      from: 'harbour road',
      to: 'lamp room',
      maxSteps: 2,
    });
    const refusedOnly = await runEpisode(env, scripted(['dance', 'up']));
    for (const steps of [[], refusedOnly.steps]) {
      const walk = episodeRouteAnswer('harbour road', steps);
      const shown = answerTrajectory(graph, walk, 'Play', 'harbour road', null, 'faithful', true);
      assert.deepEqual([shown.steps, shown.error, shown.start], [[], null, 'harbour road']);
      // The same empty list from a model (no `episode`) is still no answer at all.
      assert.match(
        answerTrajectory(graph, walk, 'RF', 'harbour road', null).error ?? '',
        /could not be parsed: the answer must be a non-empty list/,
      );
    }
    const moved = answerTrajectory(
      graph,
      episodeRouteAnswer(
        'harbour road',
        (
          await runEpisode(
            new MangoTextAdventure({ game, walkthrough, records, from: 'harbour road', to: 'lamp room' }),
            scripted(['dance', 'east']),
          )
        ).steps,
      ),
      'Play',
      'harbour road',
      null,
      'faithful',
      true,
    );
    assert.deepEqual(
      moved.steps.map((step) => [step.to, step.verdict]),
      [['quay', 'valid']],
    );
  });

  it('stops at the step budget without reaching the goal', async () => {
    const { game, walkthrough, records } = loadGame(lighthouse);
    const env = new MangoTextAdventure({
      game,
      walkthrough,
      records,
      from: 'harbour road',
      to: 'chapel ruins',
      maxSteps: 3,
    });
    const transcript = await runEpisode(env, scripted(['south', 'north', 'south', 'northwest']));
    assert.equal(transcript.reached, false);
    assert.equal(transcript.moves, 3);
    assert.equal(transcript.end, 'step-limit');
    assert.deepEqual(
      transcript.steps.map((step) => step.valid),
      [false, true, true],
    );
  });

  it('reads the command out of a chatty reply', () => {
    assert.equal(commandOf('> North.\nI go north because...'), 'North');
    assert.equal(commandOf('`enter   boat`'), 'enter boat');
    assert.equal(commandOf('\n\nCommand: climb rocks'), 'climb rocks');
  });

  it('cancellation stops an episode mid-way, with the turns played', async () => {
    const { game, walkthrough, records } = loadGame(lighthouse);
    const env = new MangoTextAdventure({ game, walkthrough, records, from: 'harbour road', to: 'chapel ruins' });
    const controller = new AbortController();
    const agent: EpisodeAgent = async (turn) => {
      if (turn.step === 2) controller.abort();
      return 'south';
    };
    await assert.rejects(
      runEpisode(env, agent, { signal: controller.signal }),
      (error: unknown) =>
        error instanceof EpisodeCancelled &&
        error.transcript.steps.length === 1 &&
        error.transcript.end === 'cancelled',
    );
  });

  it('plays episodes as batch-run questions whose records validate and carry the transcript', async () => {
    const set = await mangoQuestionSet([lighthouse], { task: 'play' }, nodeQuestionFiles);
    assert.equal(set.problems.length, 0);
    assert.ok(set.questions.length > 0);
    const first = set.questions[0];
    assert.equal(first.question.sampleId.startsWith('play-'), true);
    const { record } = await answerPrepared(first, oracle, 'MANGO', { runId: 'r1' });
    const answer = record.parsedAnswer as {
      reached: boolean;
      moves: number;
      start: string;
      steps: Array<{ command: string; observation: string; location: string }>;
    };
    assert.equal(answer.reached, true);
    assert.equal(record.scores.optimal, 1);
    assert.equal(answer.moves, record.scores.shortest);
    assert.match(record.rawAnswer, /Reached the goal in \d+ moves\./);
    const parsed = parseRunRecords(`${JSON.stringify(record)}\n`, 'run.jsonl');
    assert.deepEqual(parsed.problems, []);
    // Cancelled through the pipeline: the record is never written.
    const controller = new AbortController();
    controller.abort();
    await assert.rejects(
      answerPrepared(set.questions[1], oracle, 'MANGO', { signal: controller.signal }),
      ModelCallCancelled,
    );
  });
});

describe('a turn that fails ends the episode with its turns', () => {
  const lighthouseGame = join(samplesDir, 'mango', 'lighthouse');
  const model: ModelProfile = {
    id: 'local',
    provider: 'openai-compatible',
    baseUrl: 'http://127.0.0.1:9',
    model: 'm',
    temperature: 0,
    maxTokens: 16,
    timeoutMs: 1000,
    retries: 0,
  };
  /** A reply source that answers `replies` in turn, then fails with `failure`. */
  function failingAfter(replies: string[], failure: Failure): ReplySource {
    let turn = 0;
    return {
      async reply() {
        const text = replies[turn++];
        if (text === undefined) throw new ModelCallError(`failed at turn ${turn} (${failure.kind})`, failure);
        return { text, promptTokens: 10, completionTokens: 1, latencyMs: 1, cached: false, finishReason: 'stop' };
      },
    };
  }

  it('runEpisode: a ModelCallError ends it with end "error", the reason, the failure and the turns before it; other errors propagate', async () => {
    const { game, walkthrough, records } = loadGame(lighthouseGame);
    const env = new MangoTextAdventure({ game, walkthrough, records, from: 'harbour road', to: 'chapel ruins' });
    const failure: Failure = { kind: 'prompt-too-long', status: 400, type: 'exceed_context_size_error' };
    const agent: EpisodeAgent = async (turn) => {
      if (turn.step === 3)
        throw new ModelCallError('request (900 tokens) exceeds the available context size (800 tokens)', failure);
      return 'south';
    };
    const transcript = await runEpisode(env, agent);
    assert.deepEqual(
      [transcript.end, transcript.moves, transcript.reached, transcript.steps.length],
      ['error', 2, false, 2],
    );
    assert.equal(transcript.reason, 'request (900 tokens) exceeds the available context size (800 tokens)');
    assert.deepEqual(transcript.failure, failure);
    await assert.rejects(
      runEpisode(env, async () => Promise.reject(new TypeError('a bug'))),
      TypeError,
    );
  });

  it('the pipeline: a chat that outgrew the context after some turns is a played episode (episode_error, scored, no error)', async () => {
    const set = await mangoQuestionSet([lighthouseGame], { task: 'play' }, nodeQuestionFiles);
    const failure: Failure = { kind: 'prompt-too-long', status: 400, type: 'exceed_context_size_error' };
    const { record } = await answerPrepared(set.questions[0], model, 'MANGO', {
      source: failingAfter(['look', 'look'], failure),
    });
    assert.equal(record.error, undefined);
    assert.equal(record.episode_error, 'failed at turn 3 (prompt-too-long)');
    assert.deepEqual(record.failure, failure);
    const answer = record.parsedAnswer as EpisodeAnswer;
    assert.deepEqual([answer.end, answer.moves, answer.reason], ['error', 2, 'failed at turn 3 (prompt-too-long)']);
    assert.equal(record.scores.reached, 0);
    assert.equal(record.scores.success_strict, 0);
    assert.deepEqual(parseRunRecords(`${JSON.stringify(record)}\n`, 'run.jsonl').problems, []);
  });

  for (const [label, failure, turnsBefore] of [
    ['a server that went away mid-episode', { kind: 'connection' }, 2],
    ['a first turn already too long', { kind: 'prompt-too-long', status: 400 }, 0],
    // The shared KV cache was full: it depends on the other requests in flight, so asking again can pass.
    [
      'a full shared context (context-slots) after some turns',
      { kind: 'context-slots', status: 500, type: 'server_error' },
      2,
    ],
  ] as const) {
    it(`the pipeline: ${label} is an error (asked again on --resume), keeping the turns before it`, async () => {
      const set = await mangoQuestionSet([lighthouseGame], { task: 'play' }, nodeQuestionFiles);
      const { record } = await answerPrepared(set.questions[0], model, 'MANGO', {
        source: failingAfter(Array(turnsBefore).fill('look'), failure),
      });
      assert.equal(record.error, `failed at turn ${turnsBefore + 1} (${failure.kind})`);
      assert.equal(record.episode_error, undefined);
      assert.deepEqual(record.failure, failure);
      assert.deepEqual(record.scores, {});
      const answer = record.parsedAnswer as EpisodeAnswer;
      assert.deepEqual([answer.end, answer.moves, answer.steps.length], ['error', turnsBefore, turnsBefore]);
      assert.match(
        record.rawAnswer,
        new RegExp(`Goal not reached after ${turnsBefore} moves \\(a turn failed: failed at turn`),
      );
    });
  }
});

describe('a window of history', () => {
  const chat = (turns: number): ChatMessage[] => [
    { role: 'system', content: 'goal' },
    { role: 'user', content: 'o0' },
    ...Array.from({ length: turns }, (_, index): ChatMessage[] => [
      { role: 'assistant', content: `r${index + 1}` },
      { role: 'user', content: `o${index + 1}` },
    ]).flat(),
  ];

  it('keeps the goal, the observation before the oldest turn kept, and the last N turns; the whole chat while it is shorter or without N', () => {
    assert.deepEqual(
      historyWindow(chat(5), 2).map((message) => message.content),
      ['goal', 'o3', 'r4', 'o4', 'r5', 'o5'],
    );
    assert.deepEqual(historyWindow(chat(2), 2), chat(2));
    assert.deepEqual(historyWindow(chat(5), undefined), chat(5));
    assert.deepEqual(
      historyWindow(chat(5), 1).map((message) => message.role),
      ['system', 'user', 'assistant', 'user'],
    );
  });

  it('runEpisode shows each turn at most the window', async () => {
    const { game, walkthrough, records } = loadGame(join(samplesDir, 'mango', 'lighthouse'));
    const env = new MangoTextAdventure({
      game,
      walkthrough,
      records,
      from: 'harbour road',
      to: 'chapel ruins',
      maxSteps: 6,
    });
    const seen: number[] = [];
    await runEpisode(
      env,
      async (turn) => {
        seen.push(turn.messages.length);
        return 'look';
      },
      { historyTurns: 2 },
    );
    assert.deepEqual(seen, [2, 4, 6, 6, 6, 6]);
  });

  it("SmartPlay: the game's own window unless the episode sets one, for every game Waypoint simulates", () => {
    for (const info of SMARTPLAY_GAMES.values()) {
      if (!info.playable) continue;
      const own = createSmartPlayEnv(info.game, { seed: 3, allowNonReference: true });
      assert.equal(own.windowSize, info.windowSize, info.game);
      const narrow = createSmartPlayEnv(info.game, { seed: 3, allowNonReference: true });
      narrow.setHistoryWindow(1);
      assert.equal(narrow.windowSize, 1);
      own.reset();
      narrow.reset();
      for (let step = 0; step < 3; step++) {
        const wide = own.step(0).info.history;
        const short = narrow.step(0).info.history;
        assert.match(short, /^Most recent 1 steps of the player's in-game observation:/, info.game);
        // The one observation shown is the last of the game's own window.
        assert.ok(wide.endsWith(short.slice(short.indexOf('Player Observation Step'))), info.game);
      }
    }
  });
});

describe('BabyAI episodes', () => {
  for (const level of ['goto-red-ball', 'four-rooms-sequence', 'put-next']) {
    it(`the expert solves ${level} turn by turn`, async () => {
      const spec = loadLevelFile(readFileSync(join(samplesDir, 'babyai', `${level}.level.json`), 'utf8')).spec;
      assert.ok(spec);
      const env = new BabyaiEpisode(spec);
      const transcript = await runEpisode(env, babyaiOracleAgent(spec));
      assert.equal(transcript.reached, true);
      assert.ok(transcript.steps.every((step) => step.valid));
      assert.match(transcript.steps[transcript.steps.length - 1].observation, /mission complete/);
      assert.equal(env.state().status, 'success');
      // The board replays the transcript to the same end.
      const timeline = babyaiEpisodeTimeline(spec, transcript.steps, level);
      assert.equal(timeline.frames.length, transcript.steps.length + 1);
      assert.equal(
        timeline.frames[timeline.frames.length - 1].facts?.find((fact) => fact.label === 'mission')?.value,
        'success',
      );
    });
  }

  it('reports a word that is not an action and changes nothing', () => {
    const spec = loadLevelFile(readFileSync(join(samplesDir, 'babyai', 'goto-red-ball.level.json'), 'utf8')).spec;
    assert.ok(spec);
    const env = new BabyaiEpisode(spec);
    env.reset();
    const before = env.location();
    const result = env.step('jump');
    assert.equal(result.valid, false);
    assert.match(
      result.observation,
      /^'jump' is not an action \(left, right, forward, pickup, drop, toggle, done\); nothing happened\./,
    );
    assert.equal(env.location(), before);
    assert.equal(env.steps, 1);
  });
});

describe('GRASP episodes', () => {
  const grids = parseGraspGridFile(
    readFileSync(join(samplesDir, 'grasp', 'inner_cluster_free.jsonl'), 'utf8'),
    'inner_cluster_free.jsonl',
  );
  const grid = grids.entries[0].grid;

  it('reports unknown and disallowed actions as the scorer does, each costing a step', () => {
    const env = new GraspEpisode(grid, { moves: 4, carryLimit: 'none', stepCost: 0 }, false);
    env.reset();
    const start = env.location();
    const unknown = env.step('JUMP');
    assert.equal(unknown.valid, false);
    assert.match(unknown.observation, /^That is not an action; nothing happens\./);
    const diagonal = env.step('UPLEFT');
    assert.equal(diagonal.valid, false);
    assert.match(diagonal.observation, /^Diagonal moves are not allowed/);
    assert.equal(env.location(), start);
    assert.equal(env.steps, 2);
    assert.match(unknown.observation, /19 steps left\.$/);
  });

  it('ends on DROP at the start cell, and after 20 steps otherwise', async () => {
    const settings = { moves: 8, carryLimit: 'none', stepCost: 0 } as const;
    const env = new GraspEpisode(grid, settings, false);
    const transcript = await runEpisode(env, graspOracleAgent(grid, settings, 0));
    assert.equal(transcript.steps[transcript.steps.length - 1].command, 'DROP');
    assert.equal(transcript.reached, true);
    assert.ok(env.score() > 0);
    // The episode scores as the same actions in one reply would, and the board replays it.
    assert.equal(
      env.score(),
      simulate(
        grid,
        transcript.steps.map((step) => step.command),
        settings,
        { mode: 'faithful' },
      ).score,
    );
    assert.equal(
      graspEpisodeTimeline(grid, settings, transcript.steps, 'faithful', 'grid 0').frames.length,
      transcript.steps.length + 1,
    );
    const idle = new GraspEpisode(grid, settings, false);
    const wandering = await runEpisode(idle, scripted(Array(30).fill('UP')));
    assert.equal(wandering.moves, 20);
    assert.equal(wandering.end, 'step-limit');
  });
});
