// The `validate` tool: a file, a folder or a text checked with the same code as `waypoint validate`
// and the language server, answered as `file:line:col: severity message [code]` lines. A MANGO
// game file is checked with its whole folder (the cross-file checks need every member).
import { benchmarks, fileKindOf, findKind } from '../benchmark/registry';
import { validateStandalone } from '../benchmark/standaloneValidation';
import { mangoGameOf, type FileKind } from '../benchmarks/mango/fileKinds';
import { gameFileReports, validateGameTexts, type GameTexts } from '../benchmarks/mango/walkthrough/game';
import { capDiagnostics, severityCounts } from '../util/diagnosticCap';
import { FileCodes, readTextFile } from '../util/fileLimits';
import { plural, type Diagnostic } from '../util/text';
import { describeFsError, joinPath, walkFiles } from '../util/walk';
import type { ToolHost } from './host';
import { argumentError, atStart, locatedError, locatedLine, ok, type ToolResult } from './result';
import type { ValidateInput } from './schemas';

interface FileReport {
  path: string;
  kind: string;
  diagnostics: Diagnostic[];
}

const SKIPPED_DIRECTORIES = new Set(['node_modules', '.git']);

export async function validateTool(input: ValidateInput, host: ToolHost): Promise<ToolResult> {
  if (input.path !== undefined && input.text !== undefined)
    return argumentError('path', 'give either path or text (with kind), not both');
  if (input.path !== undefined) return validatePath(input.path, host);
  if (input.text === undefined) return argumentError('path', 'give path, or text with kind');
  if (input.kind === undefined) return argumentError('kind', 'text needs its file kind (e.g. babyai-level)');
  return validateText(input.text, input.kind, input.name);
}

function validateText(text: string, kind: string, name: string | undefined): ToolResult {
  const found = findKind(kind);
  if (!found) {
    const known = benchmarkKinds();
    return argumentError('kind', `unknown file kind '${kind}' (known: ${known.join(', ')})`, 'tool/unknown-kind');
  }
  const file = name ?? found.kind.examples[0];
  const diagnostics =
    found.kind.validation === 'standalone'
      ? (validateStandalone(kind, text, file) ?? [])
      : // A game member alone: its own checks; the cross-file ones need the folder (give path).
        (validateGameTexts({ [kind as FileKind]: text }).get(kind as FileKind) ?? []);
  return summarise([{ path: file, kind, diagnostics }], []);
}

function benchmarkKinds(): string[] {
  return benchmarks().flatMap((benchmark) => benchmark.kinds.map((kind) => kind.id));
}

async function validatePath(path: string, host: ToolHost): Promise<ToolResult> {
  try {
    await host.fs.stat(path);
  } catch (error) {
    return locatedError(path, [atStart(FileCodes.unreadable, describeFsError(error))]);
  }
  const reports: FileReport[] = [];
  const skipped: string[] = [];
  const games = new Map<string, { directory: string; game: string }>();
  const walk = walkFiles(path, host.fs, {
    join: joinPath,
    wanted: (name) => fileKindOf(name) !== null,
    skipDirectory: (name) => SKIPPED_DIRECTORIES.has(name),
  });
  for await (const item of walk) {
    if (item.type === 'problem') {
      reports.push({ path: item.path, kind: 'unknown', diagnostics: [atStart(FileCodes.unreadable, item.reason)] });
      continue;
    }
    if (item.type === 'skipped') {
      skipped.push(item.path);
      continue;
    }
    const found = fileKindOf(item.path);
    if (found?.kind.validation === 'standalone') {
      reports.push(await standaloneReport(item.path, found.kind.id, host));
      continue;
    }
    const game = mangoGameOf(item.path);
    if (game === null) skipped.push(item.path);
    else games.set(`${game.directory}\0${game.game}`, game);
  }
  for (const game of games.values()) reports.push(...(await gameReports(game.directory, game.game, host)));
  return summarise(reports, skipped);
}

async function standaloneReport(path: string, kind: string, host: ToolHost): Promise<FileReport> {
  let text: string;
  try {
    text = await readTextFile(host.fs, path);
  } catch (error) {
    return { path, kind, diagnostics: [atStart(FileCodes.unreadable, describeFsError(error))] };
  }
  return { path, kind, diagnostics: validateStandalone(kind, text, path) ?? [] };
}

/** Every member of a game in its folder, checked together (as the CLI and the server do). */
async function gameReports(directory: string, game: string, host: ToolHost): Promise<FileReport[]> {
  const folder = directory === '' ? '.' : directory;
  const members: Array<{ path: string; kind: FileKind }> = [];
  for (const name of (await host.fs.readdir(folder)).sort()) {
    const member = mangoGameOf(name);
    if (member?.game === game) members.push({ path: `${directory}${name}`, kind: member.kind });
  }
  const texts: GameTexts = {};
  const reports: FileReport[] = [];
  for (const member of members) {
    try {
      texts[member.kind] = await readTextFile(host.fs, member.path);
    } catch (error) {
      reports.push({
        path: member.path,
        kind: member.kind,
        diagnostics: [atStart(FileCodes.unreadable, describeFsError(error))],
      });
    }
  }
  reports.push(...gameFileReports(members, texts));
  return reports;
}

/** The lines (capped per file as the editor shows them) and a summary; found problems are no tool failure. */
function summarise(reports: FileReport[], skipped: string[]): ToolResult {
  let errors = 0;
  let warnings = 0;
  const lines: string[] = [];
  for (const report of reports) {
    const counts = severityCounts(report.diagnostics);
    errors += counts.error;
    warnings += counts.warning;
    report.diagnostics = capDiagnostics(report.diagnostics);
    for (const diagnostic of report.diagnostics) lines.push(locatedLine(report.path, diagnostic));
  }
  lines.push(
    `${plural(reports.length, 'file')} validated: ${plural(errors, 'error')}, ${plural(warnings, 'warning')}, ${skipped.length} skipped.`,
  );
  return ok(lines.join('\n'), {
    files: reports,
    skippedFiles: skipped,
    summary: { files: reports.length, errors, warnings, skipped: skipped.length },
  });
}
