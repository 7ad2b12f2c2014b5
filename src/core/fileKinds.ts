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

/**
 * Files that are validated on their own, not as members of a MANGO game folder: SmartPlay episode
 * logs, BabyAI level files, LLM-BabyBench record files, GRASP grid files and GRASP response files (upstream's
 * `data/results/*_output.jsonl`, e.g. `gpt_o1_mini_output.jsonl`).
 */
export type StandaloneKind = 'smartplay-episode' | 'babyai-level' | 'babyai-records' | 'grasp-grids' | 'grasp-results';

export const standaloneSuffixes: ReadonlyArray<readonly [string, StandaloneKind]> = [
  ['.episode.jsonl', 'smartplay-episode'],
  ['.level.json', 'babyai-level'],
  ['.grids.jsonl', 'grasp-grids'],
  ['_output.jsonl', 'grasp-results'],
];

/**
 * GRASP's released grid files are named `<inner|outer>_<distribution>_<free|block>.jsonl`; they are
 * recognised by that name so upstream data validates without renaming.
 */
const GRASP_RELEASE_NAME = /(?:^|[\\/])(?:inner|outer)_[A-Za-z]+_(?:free|block)\.jsonl$/;

/**
 * LLM-BabyBench's record files are `LLM_BABYBENCH_<Task>.csv` upstream; Waypoint also takes JSON
 * and JSON Lines exports whose name starts the same way (`llm-babybench-sample.jsonl`).
 */
const BABYBENCH_RECORD_NAME = /(?:^|[\\/])llm[-_]babybench[^\\/]*\.(?:csv|jsonl|ndjson|json)$/i;

/** The kind of a standalone benchmark file from its name, or null. */
export function standaloneKindOf(path: string): StandaloneKind | null {
  const lower = path.toLowerCase();
  for (const [suffix, kind] of standaloneSuffixes) if (lower.endsWith(suffix) && lower.length > suffix.length) return kind;
  if (GRASP_RELEASE_NAME.test(path)) return 'grasp-grids';
  return BABYBENCH_RECORD_NAME.test(path) ? 'babyai-records' : null;
}

/**
 * A URI with its %-escapes decoded, for deciding a file's kind by name. A malformed escape (`%zz`
 * in a name that did not come from a URI encoder) is kept as written instead of throwing.
 */
export function decodeUriSafely(uri: string): string {
  try {
    return decodeURIComponent(uri);
  } catch {
    return uri.replace(/%[0-9A-Fa-f]{2}/g, (escape) => {
      try {
        return decodeURIComponent(escape);
      } catch {
        return escape;
      }
    });
  }
}
