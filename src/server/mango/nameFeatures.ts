// Completion, hover, go to definition, find references and rename for location and action names
// in a game's JSON files. Renaming a location rewrites every file of the game in one edit and is
// refused when the new name is already taken (two locations would merge silently).
import { fileURLToPath } from 'node:url';
import { promises as fs } from 'node:fs';
import { readTextFile } from '../../core/util/fileLimits';
import {
  CompletionItemKind,
  ErrorCodes,
  MarkupKind,
  ResponseError,
  type CompletionItem,
  type Connection,
  type Hover,
  type Location,
  type TextEdit,
  type WorkspaceEdit,
} from 'vscode-languageserver';
import type { DocumentStore } from '../documents';
import { loadGame, memberText, type LoadedGame } from './games';
import { renameInSkeletonLine } from '../../core/benchmarks/mango/skeletons/skeletonRename';
import { splitLines } from '../../core/util/text';
import { findNameOccurrences, firstSeenStep, nameAtPosition, type NameAt } from './names';

const OBSERVATION_PREVIEW_LINES = 6;

async function nameAtRequest(
  documents: DocumentStore,
  uri: string,
  line: number,
  character: number,
): Promise<{ game: LoadedGame; name: NameAt } | null> {
  const document = documents.get(uri);
  if (!document || document.kind === 'mango-walkthrough') return null;
  const name = nameAtPosition(document.kind, document.text.getText(), line, character);
  if (!name) return null;
  const game = await loadGame(uri, documents);
  return game ? { game, name } : null;
}

export function namesOfKind(game: LoadedGame, kind: NameAt['kind']): string[] {
  const list = kind === 'location' ? game.model.locations : game.model.actions;
  if (list) return list.names.map((name) => name.value);
  const fromEdges = (game.model.edges?.edges ?? []).flatMap(({ record }) =>
    kind === 'location' ? [record.src_node, record.dst_node] : [record.action],
  );
  return [...new Set(fromEdges)];
}

const fileLinesCache = new Map<string, string[]>();

/** One line of a game file (open editor first); skeleton files are split once per rename. */
async function lineOf(documents: DocumentStore, uri: string, line: number): Promise<string | undefined> {
  const open = documents.get(uri);
  if (open)
    return open.text
      .getText({ start: { line, character: 0 }, end: { line: line + 1, character: 0 } })
      .replace(/\r?\n$|\r$/, '');
  let lines = fileLinesCache.get(uri);
  if (!lines) {
    lines = splitLines(await readTextFile(fs, fileURLToPath(uri)));
    fileLinesCache.set(uri, lines);
  }
  return lines[line];
}

/**
 * The text edits that rename `from` to `target` in every file of the game (the name's JSON strings; a
 * skeleton line whole, since its id hashes the names). Shared by rename and the review queue's
 * rename and merge (locationRename.ts); the caller checks that the rename is allowed.
 */
export async function renameChanges(
  game: LoadedGame,
  documents: DocumentStore,
  kind: NameAt['kind'],
  from: string,
  target: string,
): Promise<Record<string, TextEdit[]>> {
  fileLinesCache.clear();
  const changes: Record<string, TextEdit[]> = {};
  const skeletonMembers = new Map(
    game.members
      .filter((member) => member.kind === 'mango-df' || member.kind === 'mango-rf')
      .map((member) => [member.uri, member.kind]),
  );
  const rewrittenLines = new Set<string>();
  for (const occurrence of await findNameOccurrences(game, documents, kind, from)) {
    const skeletonKind = skeletonMembers.get(occurrence.uri);
    if (!skeletonKind) {
      (changes[occurrence.uri] ??= []).push({ range: occurrence.range, newText: JSON.stringify(target).slice(1, -1) });
      continue;
    }
    // Skeleton ids hash the names: rewrite each affected line whole, with its new id.
    const key = `${occurrence.uri}#${occurrence.range.start.line}`;
    if (rewrittenLines.has(key)) continue;
    rewrittenLines.add(key);
    const line = await lineOf(documents, occurrence.uri, occurrence.range.start.line);
    const renamed =
      line === undefined
        ? null
        : renameInSkeletonLine(line, skeletonKind === 'mango-df' ? 'df' : 'rf', kind, from, target);
    if (renamed !== null && line !== undefined) {
      (changes[occurrence.uri] ??= []).push({
        range: {
          start: { line: occurrence.range.start.line, character: 0 },
          end: { line: occurrence.range.start.line, character: line.length },
        },
        newText: renamed,
      });
    }
  }
  return changes;
}

export function registerNameFeatures(connection: Connection, documents: DocumentStore): void {
  connection.onCompletion(async ({ textDocument, position }): Promise<CompletionItem[]> => {
    const found = await nameAtRequest(documents, textDocument.uri, position.line, position.character);
    if (!found) return [];
    return namesOfKind(found.game, found.name.kind).map((name) => ({
      label: name,
      kind: found.name.kind === 'location' ? CompletionItemKind.Value : CompletionItemKind.Event,
      detail: found.name.kind,
      textEdit: { range: found.name.range, newText: JSON.stringify(name).slice(1, -1) },
    }));
  });

  connection.onHover(async ({ textDocument, position }): Promise<Hover | null> => {
    const found = await nameAtRequest(documents, textDocument.uri, position.line, position.character);
    if (!found) return null;
    const { game, name } = found;
    if (name.kind === 'action') {
      const uses = (game.model.edges?.edges ?? []).filter(({ record }) => record.action === name.name);
      return {
        range: name.range,
        contents: {
          kind: MarkupKind.Markdown,
          value: `**${name.name}** (action) · ${uses.length} edge${uses.length === 1 ? '' : 's'}`,
        },
      };
    }
    const seen = firstSeenStep(game, name.name);
    const sections = [`**${name.name}** (location)`];
    if (seen) {
      sections.push(`First reached at step ${seen.step.number}${seen.via ? ` (${seen.via})` : ''}.`);
      const text = await memberText(game, documents, 'mango-walkthrough');
      if (text && seen.step.observationStart) {
        const observation = splitLines(text).slice(seen.step.observationStart.line, seen.step.range.end.line + 1);
        observation[0] = observation[0]?.slice(seen.step.observationStart.character) ?? '';
        // Observation text is game text: a code block keeps any Markdown in it inert.
        sections.push(['```text', ...observation.slice(0, OBSERVATION_PREVIEW_LINES), '```'].join('\n'));
      }
    } else sections.push('Not reached in the annotated walkthrough.');
    return { range: name.range, contents: { kind: MarkupKind.Markdown, value: sections.join('\n\n') } };
  });

  connection.onDefinition(async ({ textDocument, position }): Promise<Location | null> => {
    const found = await nameAtRequest(documents, textDocument.uri, position.line, position.character);
    if (!found || found.name.kind !== 'location') return null;
    const seen = firstSeenStep(found.game, found.name.name);
    const walkthrough = found.game.members.find((member) => member.kind === 'mango-walkthrough');
    return seen && walkthrough ? { uri: walkthrough.uri, range: seen.step.headerRange } : null;
  });

  connection.onReferences(async ({ textDocument, position }): Promise<Location[]> => {
    const found = await nameAtRequest(documents, textDocument.uri, position.line, position.character);
    if (!found) return [];
    return findNameOccurrences(found.game, documents, found.name.kind, found.name.name);
  });

  connection.onPrepareRename(async ({ textDocument, position }) => {
    const found = await nameAtRequest(documents, textDocument.uri, position.line, position.character);
    return found ? { range: found.name.range, placeholder: found.name.name } : null;
  });

  connection.onRenameRequest(async ({ textDocument, position, newName }): Promise<WorkspaceEdit | null> => {
    const found = await nameAtRequest(documents, textDocument.uri, position.line, position.character);
    if (!found) return null;
    const target = newName.trim().toLowerCase();
    if (target === '') throw new ResponseError(ErrorCodes.InvalidParams, 'A name cannot be empty.');
    if (target !== found.name.name && namesOfKind(found.game, found.name.kind).includes(target)) {
      throw new ResponseError(
        ErrorCodes.InvalidParams,
        `There is already a ${found.name.kind} named '${target}'; renaming would merge the two.`,
      );
    }
    return { changes: await renameChanges(found.game, documents, found.name.kind, found.name.name, target) };
  });
}
