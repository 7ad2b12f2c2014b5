// Which benchmark file a path is, decided by name alone so the CLI, the server's workspace scan
// and the extension agree. Dependency-free: the extension imports it on its activation path.

export type FileKind = 'mango-walkthrough' | 'mango-edges' | 'mango-actions' | 'mango-locations' | 'mango-df' | 'mango-rf';

/** Suffix after `<game>` for each MANGO release file. */
export const mangoSuffixes: ReadonlyArray<readonly [string, FileKind]> = [
  ['.walkthrough', 'mango-walkthrough'],
  ['.edges.json', 'mango-edges'],
  ['.actions.json', 'mango-actions'],
  ['.locations.json', 'mango-locations'],
  ['.all2all.jsonl', 'mango-df'],
  ['.all_pairs.jsonl', 'mango-rf'],
];

/** The kind of a file from its name, or null when Waypoint does not know it. */
export function fileKindOf(path: string): FileKind | null {
  const lower = path.toLowerCase();
  for (const [suffix, kind] of mangoSuffixes) if (lower.endsWith(suffix) && lower.length > suffix.length) return kind;
  return null;
}

/** For a MANGO file path, its folder and game name: `data/zork1/zork1.edges.json` → game `zork1`. */
export function mangoGameOf(path: string): { directory: string; game: string; kind: FileKind } | null {
  const kind = fileKindOf(path);
  if (kind === null) return null;
  const slash = Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\'));
  const base = path.slice(slash + 1);
  const suffix = mangoSuffixes.find(([, candidate]) => candidate === kind)?.[0] ?? '';
  return { directory: path.slice(0, slash + 1), game: base.slice(0, base.length - suffix.length), kind };
}
