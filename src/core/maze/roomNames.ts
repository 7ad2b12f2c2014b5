// How the maze view and map comparisons match room names a person or a model spelled differently.

/** Case- and spacing-insensitive form of a name (spaces, underscores and hyphens ignored). */
export function normalizeRoom(name: string): string {
  return name.toLowerCase().replace(/[\s_-]+/g, '');
}
