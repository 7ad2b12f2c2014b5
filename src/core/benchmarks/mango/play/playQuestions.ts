// MANGO's interactive episodes as questions (`waypoint run mango --task play`, `waypoint play
// mango`): one episode per route-finding pair, played in the text adventure of textAdventure.ts.
// The record's scores: `reached` and `success_strict`/`success_loose` (reaching the goal is what
// RF asks), `moves`, `shortest` (a shortest route's length over edges.json, computed here),
// `optimal` (reached in that many moves) and `invalid_moves` ("You can't go that way.").
import { preparedEpisode } from '../../../eval/episodeQuestions';
import type { MangoQuestion } from '../questionSchema';
import type { PreparedQuestion } from '../../../benchmark/registry';
import { MangoGraph } from '../graph/graph';
import {
  DEFAULT_PLAY_STEPS,
  MangoTextAdventure,
  mangoOracleAgent,
  mangoRandomAgent,
  shortestActions,
  walkthroughObservations,
} from './textAdventure';
import type { EdgeRecord } from '../types';

/** One game's files as its episodes share them (parsed once). */
export interface MangoPlayGame {
  readonly game: string;
  readonly walkthrough: string;
  readonly records: readonly EdgeRecord[];
  readonly graph: MangoGraph;
  readonly observations: Map<number, string>;
}

export function mangoPlayGame(game: string, walkthrough: string, records: readonly EdgeRecord[]): MangoPlayGame {
  return {
    game,
    walkthrough,
    records,
    graph: MangoGraph.fromRecords(records),
    observations: walkthroughObservations(walkthrough),
  };
}

/** The question of an episode from `from` to `to` (room names as the maze spells them); its sample id is `play-<id>`. */
export function mangoPlayQuestion(
  game: MangoPlayGame,
  base: Pick<MangoQuestion, 'sampleId' | 'src' | 'dst' | 'answerable' | 'easy' | 'cutoff' | 'pathLength'>,
  maxSteps = DEFAULT_PLAY_STEPS,
): MangoQuestion {
  // A question set's RF question already carries its route length (cached distances per source).
  const length = base.pathLength ?? shortestActions(game.graph, base.src, base.dst)?.length;
  return {
    benchmark: 'mango',
    game: game.game,
    task: 'rf',
    sampleId: base.sampleId,
    src: base.src,
    dst: base.dst,
    actionList: [],
    answerable: base.answerable,
    easy: base.easy,
    cutoff: base.cutoff,
    ...(length !== undefined ? { pathLength: length } : {}),
    play: { maxSteps },
  };
}

/** The environment of a play question. */
function mangoPlayEnv(game: MangoPlayGame, question: MangoQuestion): MangoTextAdventure {
  return new MangoTextAdventure({
    ...game,
    from: question.src,
    to: question.dst,
    maxSteps: question.play?.maxSteps ?? DEFAULT_PLAY_STEPS,
  });
}

export function preparedMangoEpisode(game: MangoPlayGame, question: MangoQuestion): PreparedQuestion<MangoQuestion> {
  return preparedEpisode<MangoQuestion, MangoTextAdventure>({
    question,
    makeEnv: () => mangoPlayEnv(game, question),
    builtInAgent: (env, provider, seed) =>
      provider === 'oracle' ? mangoOracleAgent(env) : mangoRandomAgent(env, seed),
    scores(transcript) {
      const reached = transcript.reached ? 1 : 0;
      const shortest = question.pathLength ?? null;
      return {
        reached,
        success_strict: reached,
        success_loose: reached,
        moves: transcript.moves,
        shortest,
        optimal: reached && shortest !== null && transcript.moves === shortest ? 1 : 0,
        invalid_moves: transcript.steps.filter((step) => !step.valid).length,
        parse_error: false,
      };
    },
  });
}
