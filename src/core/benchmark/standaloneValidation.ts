// Validation of standalone benchmark files (one file, no game folder) through the benchmark
// registry: each benchmark's definition (core/benchmarks/<b>/benchmark.ts) says which kinds it has
// and validates them. The CLI, the language server's open documents and its workspace scan all come
// through here; each host registers the built-ins first by importing core/benchmarks.
import { fileKindOf, findKind } from './registry';
import { withoutBom } from '../util/bom';
import { internalDiagnostic, type Diagnostic } from '../util/text';

/**
 * The kind of a standalone benchmark file from its name, or null. Only standalone kinds are
 * considered, so a name that also ends like a MANGO file still has its standalone kind here; hosts
 * that handle both ask the registry's fileKindOf, which decides between them.
 */
export function standaloneKindOf(path: string): string | null {
  return fileKindOf(path, (kind) => kind.validation === 'standalone')?.kind.id ?? null;
}

/**
 * Diagnostics of one standalone file, or null when the kind is not a registered standalone kind.
 * `path` is the file's path (not a URI): some checks compare the content with the file's name. A
 * byte order mark is stripped first (and reported where upstream rejects it); an exception in a
 * validator becomes one internal-error diagnostic instead of failing the host.
 */
export function validateStandalone(kind: string, text: string, path: string): Diagnostic[] | null {
  const found = findKind(kind);
  const validate = found?.kind.validation === 'standalone' ? found.benchmark.validate : undefined;
  if (!validate) return null;
  try {
    return withoutBom(found?.kind.upstreamBom, text, (content) => validate(kind, content, path));
  } catch (error) {
    return [internalDiagnostic(error)];
  }
}
