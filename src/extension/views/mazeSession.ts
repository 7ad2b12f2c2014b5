// What the maze panel has on show, and the order of its asynchronous posts: every show and every
// refresh awaits the language server, so replies can come back late and out of order. No vscode
// here (the panel injects the server and the webview), so the ordering is unit-tested on its own.
import type { AnswerParseMode } from '../../core/benchmarks/mango/scoring/answers';
import type { HostToMazeMessage, MazeGraph, RouteQuestion, ShownQuestion, Trajectory } from '../../protocol/maze';

/** One answer to draw: the raw reply, how to title it, and the question it answers (for the expected route). */
export interface AnswerOnMap {
  response: unknown;
  title: string;
  start: string | null;
  cutoff: number | null;
  question?: RouteQuestion;
  /** How the reply is read (a reference-mode run's as the released evaluator reads it); faithful when absent. */
  mode?: AnswerParseMode;
  /** A played episode's walk (episodeRouteAnswer): before its first move it shows the start, not a parse error. */
  episode?: boolean;
}

/** What the session needs of the panel: the server's answers and the webview. */
interface MazeSessionHost {
  /** The game's maze as the server builds it now (null: no valid edges.json). */
  graph(): Promise<MazeGraph | null>;
  /** An answer walked on the server's current graph (null: it cannot be walked). */
  check(answer: AnswerOnMap): Promise<Trajectory | null>;
  /** The question with core's expected route on the server's current graph (undefined: no maze). */
  route(question: RouteQuestion, cutoff: number | null): Promise<ShownQuestion | undefined>;
  post(message: HostToMazeMessage): void;
  /** A refreshed graph is about to be posted (the panel retitles itself). */
  drawing(graph: MazeGraph): void;
  /** A refresh found no maze to draw. */
  noGraph(): void;
  /** False once the panel is disposed: nothing is posted or asked after that. */
  live(): boolean;
}

export class MazeSession {
  /** The question whose expected route is on show, and its cutoff: recomputed when the graph is refreshed. */
  private shownRoute: { question: RouteQuestion; cutoff: number | null } | undefined;
  /** The answer(s) on show (a comparison's two), as the view has them: walked again when the graph is refreshed. */
  private shownAnswers: AnswerOnMap[] | undefined;
  /**
   * The last trajectory message posted, posted again when the view (re)loads: a message posted
   * before the view's script listens (a panel just opened on a busy machine, or reloaded after
   * being hidden) is lost, and `rewalk` only updates a trajectory the view already has.
   */
  private lastTrajectory: HostToMazeMessage | undefined;
  /** Bumped by every show: a show's reply posts only if no later show started meanwhile. */
  private showTicket = 0;
  /** Bumped by every refresh: a refresh's replies post only if no later refresh started meanwhile. */
  private refreshGeneration = 0;

  constructor(private readonly host: MazeSessionHost) {}

  /** The answers the view has on show (what the next refresh walks again). */
  answersOnShow(): readonly AnswerOnMap[] | undefined {
    return this.shownAnswers;
  }

  /** Another game: nothing of the old one is walked again. */
  forget(): void {
    this.showTicket++;
    this.shownRoute = undefined;
    this.shownAnswers = undefined;
    this.lastTrajectory = undefined;
  }

  /**
   * Walks `answers` (a comparison's A and B) and posts them with `question`'s route. Only a
   * successful post changes what is on show: a failed walk leaves the view, and so the host's
   * record of it, at the previous answer.
   */
  async show(
    answers: AnswerOnMap[],
    question: RouteQuestion | undefined,
    options: { follow?: boolean } = {},
  ): Promise<(Trajectory | null)[]> {
    const ticket = ++this.showTicket;
    const walks = await Promise.all(answers.map((answer) => this.host.check(answer)));
    const [first, compare] = walks;
    if (!first) return walks;
    const route = question ? await this.host.route(question, first.cutoff) : undefined;
    if (ticket !== this.showTicket || !this.host.live()) return walks;
    this.lastTrajectory = {
      type: 'trajectory',
      trajectory: first,
      ...(compare ? { compare } : {}),
      ...(route ? { question: route } : {}),
      ...(options.follow ? { follow: true } : {}),
    };
    this.host.post(this.lastTrajectory);
    this.shownAnswers = answers;
    this.shownRoute = question ? { question, cutoff: first.cutoff } : undefined;
    return walks;
  }

  /**
   * Posts a trajectory already walked; `reply`, when given, is what a refresh walks again.
   * Superseded, like `show`, by a later show.
   */
  async showWalked(
    trajectory: Trajectory,
    question: RouteQuestion | undefined,
    reply: AnswerOnMap | undefined,
  ): Promise<void> {
    const ticket = ++this.showTicket;
    const route = question ? await this.host.route(question, trajectory.cutoff) : undefined;
    if (ticket !== this.showTicket || !this.host.live()) return;
    this.lastTrajectory = { type: 'trajectory', trajectory, ...(route ? { question: route } : {}) };
    this.host.post(this.lastTrajectory);
    this.shownAnswers = reply ? [reply] : undefined;
    this.shownRoute = question ? { question, cutoff: trajectory.cutoff } : undefined;
  }

  /**
   * Draws the server's graph again, then the route and answers on show computed on it (they name
   * edges by edges.json index, which an edit shifts). A later refresh supersedes this one: none of
   * its late replies is posted after the newer graph. `viewLoaded`: the view has just (re)loaded
   * and holds nothing, so what was on show is posted whole before it is walked again.
   */
  async refresh(viewLoaded = false): Promise<void> {
    const generation = ++this.refreshGeneration;
    const current = () => generation === this.refreshGeneration && this.host.live();
    if (!this.host.live()) return;
    const graph = await this.host.graph();
    if (!current()) return;
    if (!graph) return this.host.noGraph();
    this.host.drawing(graph);
    this.host.post({ type: 'graph', graph });
    if (viewLoaded && this.lastTrajectory) this.host.post(this.lastTrajectory);
    await Promise.all([this.reroute(current), this.rewalk(current)]);
  }

  private async reroute(current: () => boolean): Promise<void> {
    const shown = this.shownRoute;
    if (!shown) return;
    const question = await this.host.route(shown.question, shown.cutoff);
    if (question && current() && this.shownRoute === shown) this.host.post({ type: 'route', question });
  }

  /**
   * When only A walks again, A is sent alone: the view keeps B as it was (its steps are then
   * drawn only where their edge still joins their rooms) rather than leaving A stale as well.
   */
  private async rewalk(current: () => boolean): Promise<void> {
    const shown = this.shownAnswers;
    if (!shown) return;
    const [trajectory, compare] = await Promise.all(shown.map((answer) => this.host.check(answer)));
    if (trajectory && current() && this.shownAnswers === shown)
      this.host.post({ type: 'rewalk', trajectory, ...(compare ? { compare } : {}) });
  }
}
