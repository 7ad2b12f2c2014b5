// Which benchmark file a path is, decided by name alone so the CLI, the server's workspace scan
// and the extension agree. Later benchmarks add kinds here.
import type { Diagnostic } from './text';
import { validateWalkthrough } from './mango/walkthroughDocument';

export type FileKind = 'mango-walkthrough';

const kindsBySuffix: ReadonlyArray<readonly [string, FileKind]> = [['.walkthrough', 'mango-walkthrough']];

/** The kind of a file from its name, or null when Waypoint does not know it. */
export function fileKindOf(path: string): FileKind | null {
  const lower = path.toLowerCase();
  for (const [suffix, kind] of kindsBySuffix) if (lower.endsWith(suffix)) return kind;
  return null;
}

/** Validates one file's text as the given kind. */
export function validateText(kind: FileKind, text: string): Diagnostic[] {
  switch (kind) {
    case 'mango-walkthrough':
      return validateWalkthrough(text);
  }
}
