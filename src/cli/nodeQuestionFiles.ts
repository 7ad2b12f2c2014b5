// The file access question sets and importers need (core has no node:fs): whole UTF-8 files under
// the size cap, without a BOM, and folder listings (null for a file).
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
    return stat.isDirectory() ? fs.readdir(path) : null;
  },
};
