// What every webview protocol shares: the schema type both sides validate with, and the export
// message (board and maze views send a drawn image the same way). zod/mini, the tree-shakable
// build: these schemas ship in the webview bundles and the extension host.
import * as z from 'zod/mini';

/** A schema one side parses incoming messages with; its output type is the message type. */
export type MessageSchema<T> = z.ZodMiniType<T, unknown>;

/** Export of a drawn scene or maze: `data` is SVG text, or a PNG as base64. */
export const exportMessage = z.object({
  type: z.literal('export'),
  format: z.enum(['svg', 'png']),
  fileName: z.string(),
  data: z.string(),
});
