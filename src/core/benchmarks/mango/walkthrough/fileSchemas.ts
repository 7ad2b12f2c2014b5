// zod schemas of the MANGO release files (spec mango.md §2). They validate untrusted files and,
// turned into JSON Schemas at build time, give plain JSON editing completion and hover help.
import { z } from 'zod';

const step = (description: string) => z.number().int().min(0).max(9999).describe(`${description} 9999 means never.`);
const name = (description: string) => z.string().min(1).describe(description);

export const edgeRecordSchema = z
  .object({
    src_node: name('Location the edge leaves (lower-cased, as in locations.json).'),
    dst_node: name('Location the edge leads to.'),
    action: name('Action taking src_node to dst_node (lower-cased, as in actions.json).'),
    seen_in_forward: step('First walkthrough step that makes this move in this direction.'),
    seen_in_reversed: step('First step k such that reversing the move made at step k gives this edge.'),
    edge_min_step: step('min(seen_in_forward, seen_in_reversed).'),
    seen_in_forward_answerable: step('seen_in_forward, using the step at which the move becomes answerable.'),
    seen_in_reversed_answerable: step('seen_in_reversed, using the answerable step.'),
    edge_min_step_answerable: step('min of the two answerable fields.'),
  })
  .describe('One directed edge (src_node, action, dst_node) of the maze multigraph.');

const edgesFileSchema = z.array(edgeRecordSchema).describe('MANGO <game>.edges.json: every directed edge of the maze.');
export const actionsFileSchema = z
  .array(name('An action name.'))
  .describe('MANGO <game>.actions.json: the action names, shown verbatim in prompts.');
export const locationsFileSchema = z
  .array(name('A location name.'))
  .describe('MANGO <game>.locations.json: the location names, shown verbatim in prompts.');

const labels = {
  min_step_forward: step('Largest seen_in_forward over the path (pair: smallest over all simple paths).'),
  min_step_total: step('Largest edge_min_step over the path (pair: smallest over all simple paths).'),
  min_step_forward_answerable: step(
    'Answerable variant of min_step_forward: the question is easy when it is <= the cutoff.',
  ),
  min_step_total_answerable: step(
    'Answerable variant of min_step_total: the question is answerable when it is <= the cutoff.',
  ),
};

const skeletonId = z.string().regex(/^[0-9a-f]{64}$/, 'must be 64 lower-case hex digits (a SHA-256)');

const pathStepSchema = z.object({
  prev_node: name('Location before the step.'),
  node: name('Location after the step.'),
  action: name('Action of the step.'),
  seen_in_forward: step('Edge label.'),
  seen_in_reversed: step('Edge label.'),
  edge_min_step: step('Edge label.'),
  seen_in_forward_answerable: step('Edge label.'),
  seen_in_reversed_answerable: step('Edge label.'),
  edge_min_step_answerable: step('Edge label.'),
});

export const dfSkeletonSchema = z.object({
  src_node: name('Start location.'),
  dst_node: name('Expected destination.'),
  diff_shortest: z.number().int().min(0).describe('Path length minus the shortest simple path length for the pair.'),
  path_details: z.array(pathStepSchema).min(1),
  step_count: z.number().int().min(1),
  id: skeletonId,
  ...labels,
});

export const rfSkeletonSchema = z.object({
  src_node: name('Start location.'),
  dst_node: name('Destination.'),
  num_paths: z.number().int().min(0),
  id: skeletonId,
  ...labels,
});

/** JSON Schemas for the files VS Code's JSON language service validates (contributed by jsonValidation). */
export function mangoJsonSchemas(): Record<string, unknown> {
  return {
    // draft-07: the dialect VS Code's JSON language service supports fully.
    'mango-edges': z.toJSONSchema(edgesFileSchema, { target: 'draft-7' }),
    'mango-actions': z.toJSONSchema(actionsFileSchema, { target: 'draft-7' }),
    'mango-locations': z.toJSONSchema(locationsFileSchema, { target: 'draft-7' }),
  };
}
