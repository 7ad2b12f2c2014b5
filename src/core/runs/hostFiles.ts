// Question-set and run-file access over a host's file system (node:fs/promises in the CLI and the
// extension host), passed in so core stays free of node:fs. `waypoint run` keeps its own
// synchronous run file (cli/runs/runFiles.ts: Ctrl+C can strike between two writes); hosts without
// signals append through runFilesOn, one whole line per record, each awaited before the next.
import { stripBom } from '../util/bom';
import { redactKnownSecrets } from '../eval/redact';
import { readTextFile, type TextFileSystem } from '../util/fileLimits';
import type { QuestionSetFiles } from '../benchmark/registry';
import { describeFsError, isMissingFile } from '../util/walk';
import type { RunFileAccess } from './batchRun';

interface HostFileSystem extends TextFileSystem {
  readdir(path: string): Promise<string[]>;
  appendFile(path: string, data: string): Promise<void>;
  realpath?(path: string): Promise<string>;
}

/** Whole UTF-8 files under the size cap, without a BOM, sorted folder listings (null for a file) and real paths. */
export function questionFilesOn(fs: HostFileSystem): QuestionSetFiles {
  const realpath = fs.realpath;
  return {
    async readText(path) {
      try {
        return stripBom(await readTextFile(fs, path));
      } catch (error) {
        throw new Error(describeFsError(error));
      }
    },
    async list(path) {
      let stat;
      try {
        stat = await fs.stat(path);
      } catch (error) {
        throw new Error(describeFsError(error));
      }
      // Sorted, so question sets come out in the same order on every file system.
      return stat.isDirectory() ? (await fs.readdir(path)).sort() : null;
    },
    realPath: realpath && ((path) => realpath.call(fs, path)),
  };
}

/** Run files appended one record a line; the folder must exist. A key never reaches the file, even quoted in an answer. */
export function runFilesOn(fs: HostFileSystem): RunFileAccess {
  const readText = async (path: string): Promise<string | null> => {
    try {
      return await fs.readFile(path, 'utf8');
    } catch (error) {
      if (isMissingFile(error)) return null;
      throw error;
    }
  };
  return {
    readText,
    async openAppend(path) {
      // A file ending without a newline (edited by hand) would glue the first new record onto its last line.
      const text = await readText(path);
      if (text !== null && text !== '' && !text.endsWith('\n')) await fs.appendFile(path, '\n');
      return {
        append: (record) => fs.appendFile(path, `${redactKnownSecrets(JSON.stringify(record))}\n`),
        close: () => {},
      };
    },
  };
}
