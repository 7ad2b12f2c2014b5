// `waypoint run --resume`'s read of its --out: the file streamed through the skeleton read into a
// ResumeIndex (core/runs/resumeIndex.ts), so memory stays with the question set whatever the
// file's size. A last line cut short is left out: RunFile cuts it off before appending, and says so.
import { closeSync, openSync, promises as fs } from 'node:fs';
import type { ResumeIndex } from '../core/runs/resumeIndex';
import { type RunFileTail, runFileTail } from './runFileTail';
import { streamRunFile } from './runFileReader';

/** Whether the file exists, and its last line when that lacks a line end. */
export interface ResumeRead {
  exists: boolean;
  tail: RunFileTail | null;
}

/** Streams the run file at `path` into `index`; a missing file is an empty run. */
export async function readResumeIndex(path: string, index: ResumeIndex, signal?: AbortSignal): Promise<ResumeRead> {
  let size: number;
  try {
    const stat = await fs.stat(path);
    // A FIFO would block the read forever (and is no file a run can append to and resume).
    if (!stat.isFile())
      throw Object.assign(new Error('not a regular file (a folder, FIFO or device is not a run file)'), { path });
    size = stat.size;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { exists: false, tail: null };
    throw error;
  }
  const fd = openSync(path, 'r');
  let tail: RunFileTail | null;
  try {
    tail = runFileTail(fd, size);
  } finally {
    closeSync(fd);
  }
  await streamRunFile(
    path,
    tail?.cutShort ? tail.start : size,
    {
      records: (records) => {
        for (const record of records) index.add(record);
      },
      problem: (problem) => index.skip(problem),
      torn: (torn) => index.cutShort(torn),
    },
    signal,
  );
  // The cut tail is a line of the file still (the file "has records" for the --resume check).
  if (tail?.cutShort) index.lines++;
  return { exists: true, tail };
}
