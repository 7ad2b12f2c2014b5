// `waypoint validate <path>... [--json]` (spec cli.md). Walks files and directories, validates every
// file of a known kind with the same core the language server uses, and reports per the contract.
import { promises as fs } from 'node:fs';
import { join, relative } from 'node:path';
import { fileKindOf } from '../core/benchmarks';
import { mangoGameOf, type FileKind } from '../core/benchmarks/mango/fileKinds';
import { walkFiles, type WalkFs } from '../core/util/walk';
import { FileCodes } from '../core/util/fileLimits';
import { validateStandalone } from '../core/benchmark/standaloneValidation';
import { gameFileReports, type GameTexts } from '../core/benchmarks/mango/walkthrough/game';
import { plural, type Diagnostic } from '../core/util/text';
import { capDiagnostics, severityCounts } from '../core/util/diagnosticCap';
import { parseArgs, UsageError } from './args';
import { diagnosticLine } from './output';
import { tryReadInputText } from './input';

interface FileReport {
  path: string;
  /** The registry's kind id. */
  kind: string;
  diagnostics: Diagnostic[];
}

const SKIPPED_DIRECTORIES = new Set(['node_modules', '.git']);

/** Node's file system as the shared walker wants it. */
const nodeWalkFs: WalkFs = {
  lstat: fs.lstat,
  stat: fs.stat,
  readdir: (path) => fs.readdir(path),
  realpath: fs.realpath,
};

/** Any kind of any registered benchmark (core/benchmarks/index.ts). */
const isBenchmarkName = (name: string) => fileKindOf(name) !== null;

/** Runs the validate subcommand; returns the exit code. */
export async function runValidate(
  argv: readonly string[],
  out: (text: string) => void,
  err: (text: string) => void,
): Promise<number> {
  const args = parseArgs(argv, ['json'], []);
  if (args.positionals.length === 0) throw new UsageError('validate needs at least one file or directory');
  const { games, standaloneReports, skipped, unreadable } = await walkRoots(args.positionals, err);
  const reports: FileReport[] = [];
  for (const members of games.values()) reports.push(...(await validateGameFolder(members, err)));
  reports.push(...standaloneReports);
  // Counted in full (the summary and the exit code), shown as the editor shows them: the first
  // MAX_DIAGNOSTICS_PER_FILE of a file, then one line saying how many more.
  let errors = unreadable;
  let warnings = 0;
  for (const report of reports) {
    const counts = severityCounts(report.diagnostics);
    errors += counts.error;
    warnings += counts.warning;
    report.diagnostics = capDiagnostics(report.diagnostics);
  }
  if (args.flags.has('json')) {
    out(
      JSON.stringify({
        files: reports,
        skippedFiles: skipped,
        summary: { files: reports.length, errors, warnings, skipped: skipped.length },
      }),
    );
  } else {
    for (const report of reports)
      for (const diagnostic of report.diagnostics) out(diagnosticLine(report.path, diagnostic));
    out(
      `${plural(reports.length, 'file')} validated: ${plural(errors, 'error')}, ${plural(warnings, 'warning')}, ${skipped.length} skipped.`,
    );
  }
  return errors > 0 ? 1 : 0;
}

/**
 * What the walk found: MANGO game folders to check together, the standalone files' reports, files skipped, paths
 * unreadable.
 */
interface Walked {
  /**
   * Files of one MANGO game (same folder, same <game> prefix), validated together so the cross-file checks see the
   * whole folder.
   */
  games: Map<string, Array<{ path: string; kind: FileKind }>>;
  standaloneReports: FileReport[];
  skipped: string[];
  unreadable: number;
}

/** Walks each root, validating standalone files as they come and gathering game folders' members. */
async function walkRoots(roots: readonly string[], err: (text: string) => void): Promise<Walked> {
  const skipped: string[] = [];
  const games = new Map<string, Array<{ path: string; kind: FileKind }>>();
  let unreadable = 0;
  const standaloneReports: FileReport[] = [];
  for (const root of roots) {
    const walk = walkFiles(root, nodeWalkFs, {
      join,
      wanted: isBenchmarkName,
      skipDirectory: (name) => SKIPPED_DIRECTORIES.has(name),
    });
    for await (const item of walk) {
      const shownPath = relative(process.cwd(), item.path) || item.path;
      if (item.type === 'problem') {
        // One path that cannot be read is one error line; the rest of the tree is still validated.
        err(`${shownPath}: ${item.reason}`);
        unreadable++;
        continue;
      }
      if (item.type === 'skipped') {
        skipped.push(shownPath);
        continue;
      }
      const found = fileKindOf(shownPath);
      if (found?.kind.validation === 'standalone') {
        const report = await validateStandaloneFile(shownPath, found.kind.id, err);
        if (report) standaloneReports.push(report);
        else skipped.push(shownPath);
        continue;
      }
      // Folder groups: MANGO's game folders are the only group kind so far, validated by its game checks.
      const game = mangoGameOf(shownPath);
      if (game === null) {
        skipped.push(shownPath);
        continue;
      }
      const key = `${game.directory}\0${game.game}`;
      const members = games.get(key) ?? [];
      if (!members.some((member) => member.path === shownPath)) members.push({ path: shownPath, kind: game.kind });
      games.set(key, members);
    }
  }
  return { games, standaloneReports, skipped, unreadable };
}

/** A file that could not be read: one error at its start. */
function unreadable(reason: string): Diagnostic {
  return {
    severity: 'error',
    code: FileCodes.unreadable,
    message: reason,
    range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
  };
}

async function validateGameFolder(
  members: ReadonlyArray<{ path: string; kind: FileKind }>,
  err: (text: string) => void,
): Promise<FileReport[]> {
  const texts: GameTexts = {};
  const reports: FileReport[] = [];
  for (const member of members) {
    const read = await tryReadInputText(member.path, { keepBom: true });
    if (read.ok) texts[member.kind] = read.value;
    else {
      err(read.message);
      reports.push({ path: member.path, kind: member.kind, diagnostics: [unreadable(read.reason)] });
    }
  }
  reports.push(...gameFileReports(members, texts));
  return reports;
}

/** A standalone file's report, or null when this kind has no validator (then it is skipped). */
async function validateStandaloneFile(
  path: string,
  kind: string,
  err: (text: string) => void,
): Promise<FileReport | null> {
  const read = await tryReadInputText(path, { keepBom: true });
  if (!read.ok) {
    err(read.message);
    return { path, kind, diagnostics: [unreadable(read.reason)] };
  }
  const diagnostics = validateStandalone(kind, read.value, path);
  return diagnostics === null ? null : { path, kind, diagnostics };
}
