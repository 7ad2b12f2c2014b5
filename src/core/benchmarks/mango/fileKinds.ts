// Which MANGO file a path is, decided by name alone so the CLI, the server and the extension agree.
// Free of validators: the extension imports it on its activation path, so it reads MANGO's name
// table from core/benchmarks/mango/declaration.ts directly instead of loading the whole registry
// (core/benchmarks/index.ts). Standalone kinds are matched in core/standaloneValidation.ts.
import { mangoDeclaration, type MangoKind } from './declaration';
import { matchedSuffix } from '../../benchmark/registry';
import type { UpstreamBom } from '../../util/bom';

export { mangoSuffixes } from './declaration';

/** A MANGO file kind (the members of a game folder); the names live in core/mango/declaration.ts. */
export type FileKind = MangoKind;

/** What upstream's reader does with a leading BOM in a MANGO file of this kind. */
export function upstreamBomOf(kind: FileKind): UpstreamBom | undefined {
  return mangoDeclaration.kinds.find((declared) => declared.id === kind)?.upstreamBom;
}

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
    return {
      directory: path.slice(0, slash + 1),
      game: base.slice(0, base.length - suffix.length),
      kind: declaration.id as FileKind,
    };
  }
  return null;
}
