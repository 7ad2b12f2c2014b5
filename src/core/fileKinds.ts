// Which MANGO file a path is, decided by name alone so the CLI, the server and the extension agree.
// Free of validators: the extension imports it on its activation path, so it reads MANGO's name
// table from core/mango/declaration.ts directly instead of loading the whole registry
// (core/benchmarks.ts). Standalone kinds are matched in core/standaloneValidation.ts.
import { mangoDeclaration, type MangoKind } from './mango/declaration';
import { matchedSuffix } from './registry';

export { mangoSuffixes } from './mango/declaration';

/** A MANGO file kind (the members of a game folder); the names live in core/mango/declaration.ts. */
export type FileKind = MangoKind;

/** The MANGO kind of a file from its name, or null when it is no MANGO release file. */
export function fileKindOf(path: string): FileKind | null {
  for (const kind of mangoDeclaration.kinds) if (matchedSuffix(kind, path) !== null) return kind.id as FileKind;
  return null;
}

/** For a MANGO file path, its folder and game name: `data/zork1/zork1.edges.json` → game `zork1`. */
export function mangoGameOf(path: string): { directory: string; game: string; kind: FileKind } | null {
  for (const declaration of mangoDeclaration.kinds) {
    const suffix = matchedSuffix(declaration, path);
    if (suffix === null) continue;
    const slash = Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\'));
    const base = path.slice(slash + 1);
    return { directory: path.slice(0, slash + 1), game: base.slice(0, base.length - suffix.length), kind: declaration.id as FileKind };
  }
  return null;
}

/**
 * The built-in kinds validated on their own, not as members of a MANGO game folder (declared in
 * core/{smartplay,babyai,grasp}/benchmark.ts). A registered benchmark's kinds are plain strings;
 * this union types the built-ins' per-kind tables (core/bom.ts). Their names are matched by
 * core/standaloneValidation.ts's standaloneKindOf, over the registry.
 */
export type StandaloneKind = 'smartplay-episode' | 'babyai-level' | 'babyai-records' | 'grasp-grids' | 'grasp-results' | 'grasp-baseline-results';

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
