// Location and action names across a game's files: which name is under the cursor, where every
// occurrence is, and where a location is first seen. Completion, hover, go to definition, find
// references and rename are built on these.
import { getLocation, parseTree, type JSONPath, type Node } from 'jsonc-parser';
import type { FileKind } from '../../core/benchmarks/mango/fileKinds';
import { excessiveDepthOffset, OffsetMapper } from '../../core/util/locatedJson';
import { NEVER } from '../../core/benchmarks/mango/types';
import type { WalkthroughStep } from '../../core/benchmarks/mango/walkthrough/walkthroughDocument';
import { lineStartOffsets, splitLines, type Range } from '../../core/util/text';
import type { DocumentStore } from '../documents';
import { memberText, type LoadedGame } from './games';

export type NameKind = 'location' | 'action';

export interface NameAt {
  kind: NameKind;
  name: string;
  /** The string's content, without its quotes. */
  range: Range;
}

interface NameOccurrence {
  uri: string;
  range: Range;
}

/** Which kind of name a JSON path holds in a file of the given kind. */
function nameKindAtPath(fileKind: FileKind, path: JSONPath): NameKind | null {
  const last = path[path.length - 1];
  switch (fileKind) {
    case 'mango-locations':
      return path.length === 1 && typeof last === 'number' ? 'location' : null;
    case 'mango-actions':
      return path.length === 1 && typeof last === 'number' ? 'action' : null;
    case 'mango-edges':
      if (path.length !== 2) return null;
      return last === 'src_node' || last === 'dst_node' ? 'location' : last === 'action' ? 'action' : null;
    case 'mango-df':
    case 'mango-rf':
      if (path.length === 1) return last === 'src_node' || last === 'dst_node' ? 'location' : null;
      if (path.length === 3 && path[0] === 'path_details')
        return last === 'prev_node' || last === 'node' ? 'location' : last === 'action' ? 'action' : null;
      return null;
    default:
      return null;
  }
}

function stringContentRange(mapper: OffsetMapper, node: Node, lineOffset: number): Range {
  const range = mapper.range(node.offset + 1, Math.max(0, node.length - 2));
  return {
    start: { line: range.start.line + lineOffset, character: range.start.character },
    end: { line: range.end.line + lineOffset, character: range.end.character },
  };
}

/** The name at a position of a MANGO JSON or JSON Lines text, or null. */
export function nameAtPosition(fileKind: FileKind, text: string, line: number, character: number): NameAt | null {
  const jsonLines = fileKind === 'mango-df' || fileKind === 'mango-rf';
  const source = jsonLines ? (splitLines(text)[line] ?? '') : text;
  if (excessiveDepthOffset(source) >= 0) return null;
  const mapper = new OffsetMapper(source);
  const offset = jsonLines ? character : offsetOf(source, line, character);
  const location = getLocation(source, offset);
  const kind = nameKindAtPath(fileKind, location.path);
  const node = location.previousNode;
  if (!kind || !node || node.type !== 'string' || location.isAtPropertyKey) return null;
  return { kind, name: String(node.value), range: stringContentRange(mapper, node, jsonLines ? line : 0) };
}

function offsetOf(text: string, line: number, character: number): number {
  const start = lineStartOffsets(text)[line];
  return start === undefined ? text.length : start + character;
}

/** jsonc-parser's tree, or none for text nested past MAX_JSON_DEPTH (its recursion would overflow). */
function treeOf(text: string): Node | undefined {
  return excessiveDepthOffset(text) >= 0 ? undefined : parseTree(text);
}

function collectInTree(
  root: Node | undefined,
  fileKind: FileKind,
  kind: NameKind,
  name: string,
  mapper: OffsetMapper,
  lineOffset: number,
  into: Range[],
): void {
  if (!root) return;
  const visit = (node: Node, path: JSONPath) => {
    if (node.type === 'string' && node.value === name && nameKindAtPath(fileKind, path) === kind)
      into.push(stringContentRange(mapper, node, lineOffset));
    if (node.type === 'array') node.children?.forEach((child, index) => visit(child, [...path, index]));
    if (node.type === 'object') {
      for (const property of node.children ?? []) {
        const [key, value] = property.children ?? [];
        if (key && value) visit(value, [...path, String(key.value)]);
      }
    }
  };
  visit(root, []);
}

/** Every occurrence of a name in the game's JSON and JSON Lines files. */
export async function findNameOccurrences(
  game: LoadedGame,
  documents: DocumentStore,
  kind: NameKind,
  name: string,
): Promise<NameOccurrence[]> {
  const occurrences: NameOccurrence[] = [];
  const quoted = JSON.stringify(name);
  for (const member of game.members) {
    if (member.kind === 'mango-walkthrough') continue;
    const text = await memberText(game, documents, member.kind);
    if (text === undefined || !text.includes(quoted)) continue;
    const ranges: Range[] = [];
    if (member.kind === 'mango-df' || member.kind === 'mango-rf') {
      // Parse only the lines that mention the name: skeleton files run to megabytes.
      splitLines(text).forEach((line, index) => {
        if (line.includes(quoted))
          collectInTree(treeOf(line), member.kind, kind, name, new OffsetMapper(line), index, ranges);
      });
    } else collectInTree(treeOf(text), member.kind, kind, name, new OffsetMapper(text), 0, ranges);
    for (const range of ranges) occurrences.push({ uri: member.uri, range });
  }
  return occurrences;
}

/** The walkthrough step where a location is first reached (or the start), for hover and go to definition. */
export function firstSeenStep(
  game: LoadedGame,
  location: string,
): { step: WalkthroughStep; via: string | null } | null {
  const steps = game.model.walkthrough?.steps() ?? [];
  if (steps.length === 0) return null;
  let best: { number: number; via: string | null } | null = null;
  if (steps[0].location?.toLowerCase() === location) best = { number: steps[0].number, via: null };
  for (const { record } of game.model.edges?.edges ?? []) {
    if (record.dst_node !== location || record.seen_in_forward === NEVER) continue;
    if (!best || record.seen_in_forward < best.number)
      best = { number: record.seen_in_forward, via: `${record.action} from ${record.src_node}` };
  }
  if (!best) {
    // Not annotated yet: the first step whose observation shows the room.
    const shown = steps.find((step) => step.location?.toLowerCase() === location);
    return shown ? { step: shown, via: null } : null;
  }
  const number = best.number;
  const step = steps.find((candidate) => candidate.number === number);
  return step ? { step, via: best.via } : null;
}
