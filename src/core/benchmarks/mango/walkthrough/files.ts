// Single-file validation of a MANGO file by kind. The kinds and their names live in fileKinds.ts only.
import { withoutBom } from '../../../util/bom';
import type { Diagnostic } from '../../../util/text';
import { splitLines } from '../../../util/text';
import { parseActionsFile, parseDfSkeletons, parseEdgesFile, parseLocationsFile, parseRfSkeletons } from './gameFiles';
import { validateWalkthrough } from './walkthroughDocument';
import { upstreamBomOf, type FileKind } from '../fileKinds';

/** Validates one file's text on its own (syntax and schema) as the given kind. */
export function validateText(kind: FileKind, text: string): Diagnostic[] {
  return withoutBom(upstreamBomOf(kind), text, (content) => validateContent(kind, content));
}

function validateContent(kind: FileKind, text: string): Diagnostic[] {
  switch (kind) {
    case 'mango-walkthrough':
      return validateWalkthrough(text);
    case 'mango-edges':
      return parseEdgesFile(text).diagnostics;
    case 'mango-actions':
      return parseActionsFile(text).diagnostics;
    case 'mango-locations':
      return parseLocationsFile(text).diagnostics;
    case 'mango-df':
      return parseDfSkeletons(splitLines(text), () => {});
    case 'mango-rf':
      return parseRfSkeletons(splitLines(text), () => {});
  }
}
