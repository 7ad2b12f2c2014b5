// How a GRASP question is read back from a run record (see core/eval/recordSchemas.ts).
import * as z from 'zod/mini';
import type { SchemaMatches } from '../../util/schema/matches';
import type { GraspSettings } from './types';

/** One GRASP grid under one agent setting, rendered in one prompt style. */
export interface GraspQuestion {
  benchmark: 'grasp';
  /** The grid file's name, as upstream custom_ids spell it (`inner_cluster_free.jsonl`); empty for an imported row that named no grid (importRows.ts). */
  file: string;
  /** The grid file asked about, workspace-relative, so a reopened run finds this file and not a namesake. */
  gridPath?: string;
  index: number;
  settings: GraspSettings;
  style: 'chat' | 'o1-mini';
  /** Upstream's custom_id: `<file>-<index>-<m>-<e>-<c>` (`play-` before it for an episode). */
  sampleId: string;
  /** Present on an interactive episode on the grid, one action a turn (`waypoint run grasp --task play`). */
  play?: true;
}

const graspSettingsSchema = z.object({
  moves: z.union([z.literal(4), z.literal(8)]),
  carryLimit: z.union([z.literal('none'), z.literal(2)]),
  stepCost: z.union([z.literal(0), z.literal(0.3)]),
});

export const graspQuestionSchema = z.object({
  benchmark: z.literal('grasp'),
  file: z.string(),
  gridPath: z.optional(z.string()),
  index: z.int().check(z.minimum(0)),
  settings: graspSettingsSchema,
  style: z.enum(['chat', 'o1-mini']),
  sampleId: z.string(),
  play: z.optional(z.literal(true)),
});

export const graspQuestionSchemaMatchesType: [
  SchemaMatches<typeof graspSettingsSchema, GraspSettings>,
  SchemaMatches<typeof graspQuestionSchema, GraspQuestion>,
] = [true, true];
