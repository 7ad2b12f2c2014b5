// Replays for the HTML report's drill-down (runs.md §4 "maze/board replays"). Run records do not
// carry grids, levels or games, so the report is told where they are (--grids, --games, --levels)
// and each record is replayed by its benchmark's own `replay` hook (core/benchmark/registry.ts), which scores
// the answer again on those files to get the frames the board and maze views show. This module
// names no benchmark: it looks the hook up, reads each file once for all records, and packs the
// timeline for the page. Every record gets a replay or a sentence saying why not.
//
// Run files come from anyone, and the paths they name (a grid's recorded path, a game or level
// name) can be `../../x` or absolute: a report must not read, and quote into a page someone shares,
// a file it was not pointed at. So a file is read only when it lies, links followed, inside one of
// the folders given (`--grids`, `--games`, `--levels`), or inside the current folder when none is.
import { stripBom } from '../util/bom';
import { findBenchmark, type QuestionSetFiles, type ReplayContext } from '../benchmark/registry';
import type { RunRecord } from '../eval/types';
import { isUnreadableRow } from '../eval/unreadableRow';
import { describeFsError, isInsideFolder } from '../util/walk';
import { PACK_LEVELS } from './htmlData';
import { packTimeline, type ReplayResult } from './replayFrames';

/** Where the report finds the files records name: folders by the option naming them (`grids`, `games`, `levels`); relative paths resolve against the CLI's cwd. */
export type ReplaySources = Readonly<Record<string, string | undefined>>;

export type { ReplayResult } from './replayFrames';

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Builds replays for many records, reading every file once (ReplayContext). */
export class ReplayBuilder {
  private readonly parsed = new Map<string, Promise<unknown>>();
  private readonly made = new Map<string, Promise<unknown>>();
  private readonly context: ReplayContext;

  private roots: Promise<string[]> | undefined;

  constructor(
    private readonly sources: ReplaySources,
    files: QuestionSetFiles,
  ) {
    this.context = {
      sources,
      readText: (path) => this.readInside(files, path),
      firstFound: async <T>(cache: string, paths: readonly string[], parse: (text: string, path: string) => T) => {
        let last: T | string = 'no file to look in';
        for (const path of paths) {
          last = (await this.read(files, cache, path, parse)) as T | string;
          if (typeof last !== 'string') return last;
        }
        return last;
      },
      once: <T>(key: string, make: () => Promise<T>) => {
        let entry = this.made.get(key);
        if (!entry) this.made.set(key, (entry = make()));
        return entry as Promise<T>;
      },
    };
  }

  /** A file read and parsed once per cache name; a failure is remembered as its message. */
  private read<T>(
    files: QuestionSetFiles,
    cache: string,
    path: string,
    parse: (text: string, path: string) => T,
  ): Promise<T | string> {
    const key = `${cache}\u0000${path}`;
    let entry = this.parsed.get(key) as Promise<T | string> | undefined;
    if (!entry) {
      entry = this.readInside(files, path).then(
        (text) => {
          try {
            return parse(stripBom(text), path);
          } catch (error) {
            return `${path}: ${message(error)}`;
          }
        },
        (error) => `${path}: ${describeFsError(error)}`,
      );
      this.parsed.set(key, entry);
    }
    return entry;
  }

  /** The file's text, or an error saying it lies outside the folders given (it is then not read at all). */
  private async readInside(files: QuestionSetFiles, path: string): Promise<string> {
    const { realPath } = files;
    if (realPath) {
      const given = Object.entries(this.sources).filter((entry): entry is [string, string] => Boolean(entry[1]));
      this.roots ??= Promise.all(
        (given.length > 0 ? given.map(([, folder]) => folder) : ['.']).map((folder) =>
          realPath(folder).catch(() => null),
        ),
      ).then((roots) => roots.filter((root): root is string => root !== null));
      const [roots, real] = await Promise.all([this.roots, realPath(path)]);
      if (!roots.some((root) => isInsideFolder(real, root)))
        throw new Error(
          given.length > 0
            ? `not read: it lies outside the folders given (${given.map(([name, folder]) => `--${name} ${folder}`).join(', ')})`
            : 'not read: it lies outside the current folder (name the folder that holds it with --grids, --games or --levels)',
        );
    }
    return files.readText(path);
  }

  async replay(record: RunRecord): Promise<ReplayResult> {
    // The benchmark's hook reads its own questions; an unreadable row's envelope names none.
    if (isUnreadableRow(record.question))
      return { note: 'the row could not be read, so it names no question to replay' };
    const definition = findBenchmark(record.question.benchmark);
    if (!definition?.replay) return { note: 'this benchmark has no replay' };
    try {
      const timeline = await definition.replay(record, this.context);
      return typeof timeline === 'string' ? { note: timeline } : { replay: packTimeline(timeline) };
    } catch (error) {
      return { note: `the replay could not be built: ${message(error)}` };
    }
  }
}

/** Each record's replay, or why it has none; the files are read once each. Past the largest replay budget the rest are not built (the page could not hold them). */
export async function buildReplays(
  records: readonly RunRecord[],
  builder: ReplayBuilder,
): Promise<Map<RunRecord, ReplayResult>> {
  const replays = new ReplaysInOrder(builder);
  for (const record of records) await replays.add(record);
  return replays.results;
}

/** buildReplays one record at a time, for hosts that read each record whole only for its turn. */
export class ReplaysInOrder {
  readonly results = new Map<RunRecord, ReplayResult>();
  private readonly budget = Math.max(...PACK_LEVELS.map((level) => level.replayBudget));
  private size = 0;

  constructor(private readonly builder: ReplayBuilder) {}

  /** The replay of `record` (read whole), kept under `key` (the row's record; the same by default). */
  async add(record: RunRecord, key: RunRecord = record): Promise<void> {
    if (this.size > this.budget) {
      this.results.set(key, { omitted: true });
      return;
    }
    const result = await this.builder.replay(record);
    if ('replay' in result) this.size += JSON.stringify(result.replay).length;
    this.results.set(key, result);
  }
}
