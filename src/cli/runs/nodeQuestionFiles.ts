// The file access question sets and importers need (core has no node:fs): whole UTF-8 files under
// the size cap, without a BOM, and sorted folder listings (null for a file). The editor's Run
// Benchmark reads through the same core function over the extension host's node:fs.
import { promises as fs } from 'node:fs';
import type { QuestionSetFiles } from '../../core/benchmark/registry';
import { questionFilesOn } from '../../core/runs/hostFiles';

export const nodeQuestionFiles: QuestionSetFiles = questionFilesOn(fs);
