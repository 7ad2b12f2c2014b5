// Question-set access over a host's file system (node:fs/promises in the CLI and the extension
// host), passed in so core stays free of node:fs. Run files are written by host/runFile.ts (both
// hosts: a locked file, one synchronous write a record, a cut-short tail repaired).
import { stripBom } from '../util/bom';
import { readTextFile, type TextFileSystem } from '../util/fileLimits';
import type { QuestionSetFiles } from '../benchmark/registry';
import { describeFsError } from '../util/walk';

interface HostFileSystem extends TextFileSystem {
  readdir(path: string): Promise<string[]>;
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
