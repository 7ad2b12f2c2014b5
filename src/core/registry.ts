// The benchmark registry: each benchmark declares its file kinds and how a file of each kind is
// validated, and the hosts (CLI, language server, the manifest test) iterate the declarations
// instead of naming benchmarks. The built-ins are registered by core/benchmarks.ts; this module
// holds only the types and the table, so declarations can import it without a cycle.
import type { Diagnostic } from './text';

/** One kind of benchmark file, recognised by its name alone. */
export interface FileKindDeclaration {
  /** Unique over all benchmarks, e.g. `grasp-grids`; used in reports (`waypoint validate --json`). */
  readonly id: string;
  /**
   * Endings of the path, written in lower case and compared case-insensitively; the name must be longer than the ending
   * (`.walkthrough` alone is no file of a game). Suffix matches win over `pattern` matches.
   */
  readonly suffixes?: readonly string[];
  /** Tested against the whole path when no suffix of any kind matched (upstream names such as `inner_uniform_free.jsonl`). */
  readonly pattern?: RegExp;
  /** The VS Code language id package.json contributes for this kind, if any. */
  readonly languageId?: string;
  /** The JSON schema (`dist/schemas/<schemaId>.schema.json`) package.json binds to this kind with jsonValidation, if any. */
  readonly schemaId?: string;
  /**
   * `standalone`: one file is validated on its own by the benchmark's `validate`. `{ group }`: the
   * file is a member of a folder group (a MANGO game's files share a folder and a `<game>` prefix)
   * that its host validates together.
   */
  readonly validation: 'standalone' | { readonly group: string };
  /** File names of this kind (at least one), used by the tests that check package.json's activation events and menus against the registry. */
  readonly examples: readonly string[];
}

export interface BenchmarkDefinition {
  /** Unique, e.g. `mango`. */
  readonly id: string;
  /** What a person calls it, e.g. `LLM-BabyBench`. */
  readonly label: string;
  readonly kinds: readonly FileKindDeclaration[];
  /**
   * Diagnostics of one file of one of this benchmark's standalone kinds. `text` has no byte order
   * mark; `path` is a file path (not a URI), since some checks compare the content with the name.
   * May throw: the caller reports the exception as an internal error on the file.
   */
  readonly validate?: (kind: string, text: string, path: string) => Diagnostic[];
}

/** A file kind together with the benchmark that declares it. */
export interface RegisteredKind {
  readonly benchmark: BenchmarkDefinition;
  readonly kind: FileKindDeclaration;
}

const registered: BenchmarkDefinition[] = [];

/**
 * Adds a benchmark. Throws when its id or one of its kind ids is taken, a kind has no way to match
 * a name or no example, or a standalone kind has no validator: a declaration error shows at start-up,
 * not as a file that silently goes unvalidated.
 */
export function registerBenchmark(definition: BenchmarkDefinition): void {
  const problem = (message: string) => new Error(`Benchmark ${definition.id}: ${message}`);
  if (registered.some((other) => other.id === definition.id)) throw problem('a benchmark with this id is already registered');
  for (const kind of definition.kinds) {
    if (findKind(kind.id) || definition.kinds.filter((other) => other.id === kind.id).length > 1) throw problem(`the file kind ${kind.id} is already declared`);
    if (!kind.suffixes?.length && !kind.pattern) throw problem(`the file kind ${kind.id} has neither suffixes nor a pattern`);
    if (kind.examples.length === 0) throw problem(`the file kind ${kind.id} has no example name`);
    if (kind.validation === 'standalone' && !definition.validate) throw problem(`the standalone file kind ${kind.id} needs the benchmark's validate`);
  }
  registered.push(definition);
}

/** The registered benchmarks, in registration order. */
export function benchmarks(): readonly BenchmarkDefinition[] {
  return registered;
}

/** The declaration of a kind id, or null. */
export function findKind(id: string): RegisteredKind | null {
  for (const benchmark of registered) for (const kind of benchmark.kinds) if (kind.id === id) return { benchmark, kind };
  return null;
}

/**
 * The kind of a file from its path, over every registered kind, or null. Suffixes are tried before
 * patterns (over all kinds, in registration order), so a name such as `llm-babybench_output.jsonl`
 * is the suffix kind (a GRASP results file), whatever order the benchmarks are registered in.
 */
export function fileKindOf(path: string, accept: (kind: FileKindDeclaration) => boolean = () => true): RegisteredKind | null {
  const lower = path.toLowerCase();
  for (const benchmark of registered) {
    for (const kind of benchmark.kinds) {
      if (!accept(kind)) continue;
      for (const suffix of kind.suffixes ?? []) if (lower.endsWith(suffix) && lower.length > suffix.length) return { benchmark, kind };
    }
  }
  for (const benchmark of registered) for (const kind of benchmark.kinds) if (accept(kind) && kind.pattern?.test(path)) return { benchmark, kind };
  return null;
}

/** The matched suffix of a suffix kind's path (for splitting `zork1.edges.json` into game and suffix), or null. */
export function matchedSuffix(kind: FileKindDeclaration, path: string): string | null {
  const lower = path.toLowerCase();
  return kind.suffixes?.find((suffix) => lower.endsWith(suffix) && lower.length > suffix.length) ?? null;
}
