// An upstream MANGO result file (`result_sample_id_*.json`) as far as stepping through its answer
// needs: the game to find, the question's ends, and the answer (`response` for the evaluator,
// `answer` as inference writes it; either may be any JSON value, which the trajectory reads as
// upstream does). zod/mini: Step Through Answer is in the extension's main bundle (activation time).
import * as z from 'zod/mini';

export const mangoResultFileSchema = z.object({
  game_name: z.string().check(z.minLength(1)),
  task: z.optional(z.string()),
  src_node: z.optional(z.string()),
  dst_node: z.optional(z.string()),
  model_cutoff_num: z.optional(z.int().check(z.minimum(0))),
  response: z.optional(z.unknown()),
  answer: z.optional(z.unknown()),
});
