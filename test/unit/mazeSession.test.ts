// The maze panel's ordering of server replies (src/extension/views/mazeSession.ts): what is on
// show changes only with a successful post, a later show or refresh wins over an earlier one's late
// replies, and a comparison whose B cannot be walked again still gets A's new walk. The server is
// a fake whose replies the test resolves in the order it wants; graphs and walks are core's, built
// from the lighthouse sample.
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildMazeGraph } from '../../src/core/benchmarks/mango/maze/maze';
import { answerTrajectory } from '../../src/core/benchmarks/mango/maze/trajectory';
import type { EdgeRecord } from '../../src/core/benchmarks/mango/types';
import { type AnswerOnMap, MazeSession } from '../../src/extension/views/mazeSession';
import type { HostToMazeMessage, MazeGraph, RouteQuestion, Trajectory } from '../../src/protocol/maze';
import { samplesDir } from '../support/paths';

const sampleEdges = JSON.parse(
  readFileSync(join(samplesDir, 'mango/lighthouse/lighthouse.edges.json'), 'utf8'),
) as EdgeRecord[];
const sampleLocations = JSON.parse(
  readFileSync(join(samplesDir, 'mango/lighthouse/lighthouse.locations.json'), 'utf8'),
) as string[];
const build = (edges: EdgeRecord[]) =>
  buildMazeGraph('lighthouse', edges, sampleLocations, { start: 'harbour road', lastStep: 39 });
const before = build(sampleEdges);
// A move inserted at the top of edges.json: every edge id (an index into the file) shifts by one.
const after = build([
  { ...sampleEdges[0], src_node: 'net loft', action: 'jump', dst_node: 'harbour road' },
  ...sampleEdges,
]);
const reply =
  "[{'location_before': 'harbour road', 'action': 'north', 'location_after': 'fish market'}, {'location_before': 'fish market', 'action': 'up', 'location_after': 'net loft'}]";
const answer = (title: string, response: unknown = reply): AnswerOnMap => ({
  response,
  title,
  start: 'harbour road',
  cutoff: 39,
});
const question: RouteQuestion = { task: 'rf', src: 'harbour road', dst: 'net loft', actions: [] };

interface Pending<T> {
  what: string;
  resolve(value: T): void;
  reject(error: Error): void;
}

/** A fake server: every request waits until the test answers it; the webview is a list of posts. */
class FakeHost {
  readonly posts: HostToMazeMessage[] = [];
  readonly waiting: Pending<unknown>[] = [];
  titles: string[] = [];
  live = true;
  private ask<T>(what: string): Promise<T> {
    return new Promise<T>((resolve, reject) =>
      this.waiting.push({ what, resolve: resolve as (value: unknown) => void, reject }),
    );
  }
  readonly session = new MazeSession({
    graph: () => this.ask<MazeGraph | null>('graph'),
    check: (shown) => this.ask<Trajectory | null>(`check ${shown.title}`),
    route: () => this.ask('route'),
    post: (message) => this.posts.push(message),
    drawing: (graph) => this.titles.push(graph.game),
    noGraph: () => this.titles.push('(none)'),
    live: () => this.live,
  });
  /** Answers the oldest waiting request named `what` (with `newest`, the latest one). */
  async answer(what: string, value: unknown, newest = false): Promise<void> {
    const matching = this.waiting.flatMap((pending, index) => (pending.what === what ? [index] : []));
    const index = (newest ? matching.at(-1) : matching[0]) ?? -1;
    assert.ok(
      index >= 0,
      `a ${what} request is waiting (waiting: ${this.waiting.map((pending) => pending.what).join(', ')})`,
    );
    this.waiting.splice(index, 1)[0].resolve(value);
    await flush();
  }
  /** The posts' types, each rewalk/trajectory with the titles it carries. */
  summary(): string[] {
    return this.posts.map((message) =>
      message.type === 'trajectory' || message.type === 'rewalk'
        ? `${message.type} ${message.trajectory.title}${message.compare ? `+${message.compare.title}` : ''}`
        : message.type === 'graph'
          ? `graph ${message.graph.edges.length}`
          : message.type,
    );
  }
}

const flush = () => new Promise((resolve) => setImmediate(resolve));
const walk = (graph: MazeGraph, title: string) => answerTrajectory(graph, reply, title, 'harbour road', 39);

describe('maze panel: order of server replies', () => {
  it('a view that loads after a trajectory was posted (its script not yet listening) gets it again whole, after the graph', async () => {
    const host = new FakeHost();
    const played = host.session.show([answer('Play')], question, { follow: true });
    await host.answer('check Play', walk(before, 'Play'));
    await host.answer('route', null);
    await played;
    // The view's "ready": the graph, then the trajectory as first posted, then the usual walk again.
    const loaded = host.session.refresh(true);
    await host.answer('graph', before);
    assert.deepEqual(host.summary(), ['trajectory Play', 'graph 25', 'trajectory Play']);
    const reposted = host.posts[2];
    assert.ok(reposted.type === 'trajectory' && reposted.follow === true, 'posted as first shown, follow included');
    await host.answer('route', null);
    await host.answer('check Play', walk(before, 'Play'));
    await loaded;
    assert.deepEqual(host.summary().slice(3), ['rewalk Play']);
    // A plain refresh (an edit of the game) only walks again: the view still has the trajectory.
    const edited = host.session.refresh();
    await host.answer('graph', before);
    await host.answer('route', null);
    await host.answer('check Play', walk(before, 'Play'));
    await edited;
    assert.deepEqual(host.summary().slice(4), ['graph 25', 'rewalk Play']);
  });

  it("marks only a show asked to follow (Play's growing route) with follow; any other show opens at its start", async () => {
    const host = new FakeHost();
    const played = host.session.show([answer('Play')], undefined, { follow: true });
    await host.answer('check Play', walk(before, 'Play'));
    await played;
    const replayed = host.session.show([answer('replay')], undefined);
    await host.answer('check replay', walk(before, 'replay'));
    await replayed;
    assert.deepEqual(
      host.posts.map((message) =>
        message.type === 'trajectory' ? [message.trajectory.title, message.follow] : [message.type],
      ),
      [
        ['Play', true],
        ['replay', undefined],
      ],
    );
  });

  it('keeps the answer on show when a new one cannot be walked, and walks that one again on refresh', async () => {
    const host = new FakeHost();
    const shown = host.session.show([answer('A')], undefined);
    await host.answer('check A', walk(before, 'A'));
    await shown;
    const failed = host.session.show([answer('broken', 'not a route')], undefined);
    await host.answer('check broken', null);
    assert.deepEqual(await failed, [null]);
    assert.deepEqual(
      host.session.answersOnShow()?.map((shownAnswer) => shownAnswer.title),
      ['A'],
      'the host still tracks the answer the view shows',
    );
    const refreshed = host.session.refresh();
    await host.answer('graph', after);
    await host.answer('check A', walk(after, 'A'));
    await refreshed;
    assert.deepEqual(host.summary(), ['trajectory A', `graph ${after.edges.length}`, 'rewalk A']);
  });

  it('posts only the latest show when replies come back out of order', async () => {
    const host = new FakeHost();
    const first = host.session.show([answer('A')], question);
    const second = host.session.show([answer('B')], undefined);
    await host.answer('check B', walk(before, 'B'));
    await second;
    await host.answer('check A', walk(before, 'A'));
    await host.answer('route', undefined);
    await first;
    assert.deepEqual(host.summary(), ['trajectory B']);
    assert.deepEqual(
      host.session.answersOnShow()?.map((shownAnswer) => shownAnswer.title),
      ['B'],
    );
    // The superseded show's question is not on show either: a refresh asks no route.
    const refreshed = host.session.refresh();
    await host.answer('graph', after);
    assert.deepEqual(
      host.waiting.map((pending) => pending.what),
      ['check B'],
    );
    await host.answer('check B', walk(after, 'B'));
    await refreshed;
  });

  it("drops a refresh's late walks and route once a later refresh has posted its graph", async () => {
    const host = new FakeHost();
    const shown = host.session.show([answer('A')], question);
    await host.answer('check A', walk(before, 'A'));
    await host.answer('route', { ...question, expected: { steps: [], problem: null } });
    await shown;
    const older = host.session.refresh();
    await host.answer('graph', before);
    const newer = host.session.refresh();
    await host.answer('graph', after);
    // The newer refresh's replies first, then the older one's, late.
    await host.answer('route', { ...question, expected: { steps: [], problem: null } }, true);
    await host.answer('check A', walk(after, 'A'), true);
    await newer;
    await host.answer('route', { ...question, expected: { steps: [], problem: null } });
    await host.answer('check A', walk(before, 'A'));
    await older;
    assert.deepEqual(host.summary(), [
      'trajectory A',
      `graph ${before.edges.length}`,
      `graph ${after.edges.length}`,
      'route',
      'rewalk A',
    ]);
    const rewalk = host.posts.at(-1);
    assert.ok(rewalk?.type === 'rewalk');
    assert.deepEqual(
      rewalk.trajectory.steps.map((step) => step.edgeId),
      walk(after, 'A').steps.map((step) => step.edgeId),
      "the walk on the newer graph, never the old graph's edge ids",
    );
  });

  it('drops a graph that arrives after a later refresh started', async () => {
    const host = new FakeHost();
    const older = host.session.refresh();
    const newer = host.session.refresh();
    await host.answer('graph', after, true);
    await host.answer('graph', before);
    await Promise.all([older, newer]);
    assert.deepEqual(host.summary(), [`graph ${after.edges.length}`]);
  });

  it("sends A's new walk alone when B cannot be walked again", async () => {
    const host = new FakeHost();
    const shown = host.session.show([answer('A'), answer('B')], undefined);
    await host.answer('check A', walk(before, 'A'));
    await host.answer('check B', walk(before, 'B'));
    await shown;
    const refreshed = host.session.refresh();
    await host.answer('graph', after);
    await host.answer('check A', walk(after, 'A'));
    await host.answer('check B', null);
    await refreshed;
    assert.deepEqual(host.summary(), ['trajectory A+B', `graph ${after.edges.length}`, 'rewalk A']);
  });

  it('asks and posts nothing once the panel is disposed, and a rejected request reaches the caller', async () => {
    const host = new FakeHost();
    const pending = host.session.refresh();
    host.live = false;
    await host.answer('graph', after);
    await pending;
    await host.session.refresh();
    assert.deepEqual(host.posts, []);
    assert.deepEqual(host.titles, [], 'the panel is not retitled after dispose');
    assert.equal(host.waiting.length, 0, 'no request after dispose');
    host.live = true;
    const failing = host.session.refresh();
    host.waiting.splice(0, 1)[0].reject(new Error('Client is not running'));
    await assert.rejects(failing, /Client is not running/);
  });
});
