// zod schema of Waypoint's BabyAI level file (`*.level.json`): an authored LLM-BabyBench-style
// level with explicit size, room layout, doors, objects, agent and mission. Turned into a JSON
// Schema at build time for completion and hover in plain JSON editing.
import { z } from 'zod';
import { COLOR_NAMES } from './world';

const color = z.enum(COLOR_NAMES).describe('One of the six MiniGrid colours.');
const position = z
  .tuple([z.number().int(), z.number().int()])
  .describe('[x, y]: x grows east (column), y grows south (row); (0, 0) is the top-left wall.');

const carriedSchema: z.ZodType<{
  type: 'key' | 'ball' | 'box';
  color: (typeof COLOR_NAMES)[number];
  contains?: unknown;
}> = z.lazy(() =>
  z
    .object({
      type: z.enum(['key', 'ball', 'box']).describe('A carriable object type.'),
      color,
      contains: carriedSchema.nullable().optional().describe('Boxes only: what toggling the box reveals.'),
    })
    .strict(),
);

const levelDoorSchema = z
  .object({
    pos: position,
    color,
    state: z
      .enum(['closed', 'open', 'locked'])
      .default('closed')
      .describe('Benchmark levels start with every door closed; a locked door needs a key of its colour.'),
  })
  .strict()
  .describe('A door in a wall between two rooms.');

const levelObjectSchema = z
  .object({
    type: z.enum(['key', 'ball', 'box']).describe('key, ball or box (doors go in "doors").'),
    color,
    pos: position,
    contains: carriedSchema
      .nullable()
      .optional()
      .describe('Boxes only: the object that replaces the box when it is toggled.'),
  })
  .strict();

export const levelFileSchema = z
  .object({
    $schema: z.string().optional(),
    name: z.string().optional().describe('A title shown in the grid view.'),
    width: z.number().int().min(3).max(256).describe('Grid width: (room size − 1) · columns + 1.'),
    height: z.number().int().min(3).max(256).describe('Grid height: (room size − 1) · rows + 1.'),
    rooms: z
      .object({
        rows: z.number().int().min(1).max(16),
        cols: z.number().int().min(1).max(16),
        size: z.number().int().min(3).max(64).describe('Room size including its walls (8 in BabyAI levels).'),
      })
      .strict()
      .describe('Square rooms in a rows × cols layout; walls every size − 1 cells.'),
    doors: z.array(levelDoorSchema).default([]),
    objects: z.array(levelObjectSchema).default([]),
    agent: z
      .object({
        pos: position,
        dir: z
          .union([z.number().int().min(0).max(3), z.enum(['east', 'south', 'west', 'north'])])
          .describe('0 east, 1 south, 2 west, 3 north.'),
      })
      .strict(),
    carrying: carriedSchema
      .nullable()
      .optional()
      .describe('What the agent holds at the start (benchmark levels: nothing).'),
    mission: z
      .string()
      .describe("A BabyAI mission, e.g. 'go to the red ball' or 'open the green door, then pick up a key'."),
    maxSteps: z.number().int().min(1).optional().describe('Overrides room size² · rows · cols · navigations.'),
  })
  .strict()
  .describe('Waypoint BabyAI level (*.level.json).');

export type LevelFile = z.infer<typeof levelFileSchema>;

/** The level file's JSON Schema, contributed through `jsonValidation` for completion and hovers. */
export function babyaiJsonSchemas(): Record<string, unknown> {
  return { 'babyai-level': z.toJSONSchema(levelFileSchema, { target: 'draft-7', io: 'input' }) };
}
