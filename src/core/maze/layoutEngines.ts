// The maze's two layouts, by the names the CLI (`--engine`), the setting `waypoint.maze.layout` and
// the view's layout control use. Compass is the default: it keeps every room in its moves' directions
// (mazeLayout.ts); ELK layered (elkLayout.ts) flows the maze top to bottom in layers.
export const LAYOUT_ENGINES = ['compass', 'elk'] as const;
export type LayoutEngineName = (typeof LAYOUT_ENGINES)[number];
export const DEFAULT_LAYOUT_ENGINE: LayoutEngineName = 'compass';

export function isLayoutEngineName(value: unknown): value is LayoutEngineName {
  return typeof value === 'string' && (LAYOUT_ENGINES as readonly string[]).includes(value);
}
