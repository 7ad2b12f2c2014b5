// The file access question sets and importers need (core has no node:fs): whole UTF-8 files under
// the size cap, without a BOM, and sorted folder listings (null for a file).
import { promises as fs } from 'node:fs';
import { stripBom } from '../core/bom';
import { readTextFile } from '../core/fileLimits';
import type { QuestionSetFiles } from '../core/registry';
import { describeFsError } from '../core/walk';

export const nodeQuestionFiles: QuestionSetFiles = {
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
};
