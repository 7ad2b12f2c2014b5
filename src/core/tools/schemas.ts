// The agent tools' input schemas (zod/mini, like the rest of core): every host validates a call's
// arguments with these before a tool runs, MCP lists them as JSON Schema (toolInputJsonSchema) and
// package.json's languageModelTools carry the same JSON (test/unit/agentTools.test.ts compares).
// Flat objects with optional fields, since agent hosts handle anyOf unevenly; the either-or rules
// (path or text) are checked by the tools, each answering with a located error.
import * as z from 'zod/mini';

const text = (description: string) => z.string().register(z.globalRegistry, { description });
const optionalText = (description: string) => z.optional(text(description));
const nonEmpty = (description: string) => z.string().check(z.minLength(1)).register(z.globalRegistry, { description });

const questionFields = {
  benchmark: nonEmpty('The benchmark id: mango, grasp, babyai or smartplay.'),
  sources: z.array(z.string().check(z.minLength(1))).register(z.globalRegistry, {
    description:
      'Files or folders the questions come from, as for `waypoint run` (a MANGO game folder, a GRASP grid file, a BabyAI level or record file, a SmartPlay game name or `all`).',
  }),
  options: z.optional(
    z.record(z.string(), z.string()).register(z.globalRegistry, {
      description:
        'Question options by name without `--`, as `waypoint run` takes them (mango: task, difficulty, cutoff; babyai: task, prompt; grasp: settings, style, indices; smartplay: episodes, seed).',
    }),
  ),
};

const sampleId = nonEmpty("The question's sample id, as list_questions gives it.");
const mode = optionalText(
  "The scoring mode (faithful, reference; GRASP also pre2025, paper); the benchmark's first when absent.",
);
const answer = optionalText('The reply to score or step, written as a model would (oracle shows the format).');
const actions = z.optional(
  z.array(z.string()).register(z.globalRegistry, {
    description: 'For multi-turn episodes (SmartPlay, play tasks): one reply per turn, in order.',
  }),
);

export const validateInput = z.strictObject({
  path: optionalText('A benchmark file, a MANGO game file (its whole game folder is checked) or a folder.'),
  text: optionalText('File text to check instead of a path (needs kind).'),
  kind: optionalText('The file kind of text, e.g. babyai-level, grasp-grids, smartplay-episode, mango-edges.'),
  name: optionalText('The file name to check text under (some checks compare content with the name).'),
});

export const explainInput = z.strictObject({
  code: nonEmpty('A diagnostic code as shown in brackets, e.g. mango/unknown-location.'),
});

export const listQuestionsInput = z.strictObject({
  ...questionFields,
  offset: z.optional(
    z.int().check(z.minimum(0)).register(z.globalRegistry, { description: 'Skip this many questions (default 0).' }),
  ),
  limit: z.optional(
    z
      .int()
      .check(z.minimum(1), z.maximum(500))
      .register(z.globalRegistry, { description: 'At most this many (default 50).' }),
  ),
});

export const oracleInput = z.strictObject({ ...questionFields, sampleId });

export const scoreInput = z.strictObject({
  ...questionFields,
  sampleId,
  answer: text('The reply to score, as a model would write it.'),
  mode,
});

export const simulateInput = z.strictObject({ ...questionFields, sampleId, answer, actions, mode });

export const renderInput = z.strictObject({
  path: optionalText(
    'A MANGO game folder or file (drawn as its maze), or a board file: a BabyAI level or record file, a GRASP grid file, a SmartPlay episode log.',
  ),
  line: z.optional(
    z.int().check(z.minimum(1)).register(z.globalRegistry, {
      description: 'The 1-based line of the record or grid to draw in a file holding several.',
    }),
  ),
  frame: z.optional(
    z
      .int()
      .check(z.minimum(0))
      .register(z.globalRegistry, { description: 'The frame of a timeline to draw (0: the start; default the last).' }),
  ),
  cutoff: z.optional(
    z
      .int()
      .check(z.minimum(0))
      .register(z.globalRegistry, { description: 'MANGO: draw the maze as known at this walkthrough step.' }),
  ),
  benchmark: optionalText('With sources and sampleId instead of path: draw the state an answer reaches.'),
  sources: z.optional(questionFields.sources),
  options: questionFields.options,
  sampleId: optionalText('With benchmark and sources: the question whose answer is drawn.'),
  answer,
  actions,
  mode,
  out: optionalText('Also write the SVG to this file (nothing is written without it).'),
});

export type ValidateInput = z.infer<typeof validateInput>;
export type ExplainInput = z.infer<typeof explainInput>;
export type ListQuestionsInput = z.infer<typeof listQuestionsInput>;
export type QuestionInput = z.infer<typeof oracleInput>;
export type ScoreInput = z.infer<typeof scoreInput>;
export type SimulateInput = z.infer<typeof simulateInput>;
export type RenderInput = z.infer<typeof renderInput>;

/** A schema as JSON Schema for MCP's tools/list and package.json (without `$schema`, which neither needs). */
export function toolInputJsonSchema(schema: z.ZodMiniType): Record<string, unknown> {
  const { $schema: _, ...json } = z.toJSONSchema(schema) as Record<string, unknown>;
  return json;
}
