// Inspect AI `.eval` files on disk: a zip of JSON members (inspect_ai/log/_recorders/eval.py),
// written here in Inspect's member order (`_journal/start.json`, the samples, the journal's and the
// consolidated summaries, `reductions.json`, `header.json`), each deflated. fflate streams the zip
// out a chunk at a time, so memory follows one sample, not the log. Inspect's `.json` logs (the
// whole EvalLog in one JSON document) are read too.
import { promises as fs } from 'node:fs';
import { strFromU8, strToU8, unzipSync, Zip, ZipDeflate } from 'fflate';
import type { InspectLogPlan } from '../core/runs/inspectExport';
import { inspectSample, sampleFileName } from '../core/runs/inspectExport';

/** Inspect's own compression level for `.eval` members (ZipLogFile: compresslevel=5). */
const LEVEL = 5;

/**
 * Streams the `.eval` zip of `plan` to `write`; `progress` hears how many samples are written.
 * Member times are the log's creation time, so the same records give the same bytes.
 */
export function writeEvalZip(
  plan: InspectLogPlan,
  write: (chunk: Uint8Array) => void,
  progress: (samples: number) => void = () => {},
): void {
  let failure: Error | null = null;
  const zip = new Zip((error, chunk) => {
    if (error) failure = error;
    else if (failure === null) write(chunk);
  });
  const mtime = new Date(plan.records[0].time);
  const member = (name: string, value: unknown) => {
    const file = new ZipDeflate(name, { level: LEVEL });
    file.mtime = Number.isNaN(mtime.getTime()) ? new Date(0) : mtime;
    zip.add(file);
    file.push(strToU8(JSON.stringify(value)), true);
    if (failure) throw failure;
  };
  member('_journal/start.json', plan.start);
  plan.records.forEach((record, index) => {
    member(sampleFileName(record), inspectSample(record, plan.model));
    progress(index + 1);
  });
  member('_journal/summaries/1.json', plan.summaries);
  member('summaries.json', plan.summaries);
  member('reductions.json', plan.reductions);
  member('header.json', plan.header);
  zip.end();
  if (failure) throw failure;
}

/** A log read back: its header (null in a `.json` log that has none) and its samples, in file order, each with where it is. */
export interface ReadLog {
  header: unknown;
  /** Sample count, for progress. */
  count: number;
  samples(): Iterable<{ where: string; sample: unknown }>;
}

/** A log that is no Inspect log (not a zip, no samples, JSON that does not parse): the message names the file. */
export class InspectLogError extends Error {}

/** Samples decompressed at a time: memory holds a batch, not the log. */
const BATCH = 256;

/** Reads a `.eval` (zip) or `.json` Inspect log. */
export async function readInspectLog(path: string): Promise<ReadLog> {
  const bytes = await fs.readFile(path);
  const zipped = bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b;
  return zipped ? readEval(path, bytes) : readJson(path, bytes);
}

function parseMember(path: string, name: string, data: Uint8Array): unknown {
  try {
    return JSON.parse(strFromU8(data));
  } catch (error) {
    throw new InspectLogError(`${path}:${name}: ${(error as Error).message}`);
  }
}

function unzip(path: string, bytes: Uint8Array, wanted: (name: string) => boolean): Record<string, Uint8Array> {
  try {
    return unzipSync(bytes, { filter: (file) => wanted(file.name) });
  } catch (error) {
    throw new InspectLogError(`${path}: not a readable zip (${(error as Error).message})`);
  }
}

function readEval(path: string, bytes: Uint8Array): ReadLog {
  const names: string[] = [];
  unzip(path, bytes, (name) => {
    names.push(name);
    return false;
  });
  const sampleNames = names.filter((name) => name.startsWith('samples/') && name.endsWith('.json'));
  const headerName = names.includes('header.json') ? 'header.json' : '_journal/start.json';
  const headerData = names.includes(headerName) ? unzip(path, bytes, (name) => name === headerName)[headerName] : null;
  if (headerData === null && sampleNames.length === 0)
    throw new InspectLogError(
      `${path}: a zip without header.json, _journal/start.json or samples/: not an Inspect log`,
    );
  return {
    header: headerData === null ? null : parseMember(path, headerName, headerData),
    count: sampleNames.length,
    *samples() {
      for (let at = 0; at < sampleNames.length; at += BATCH) {
        const batch = new Set(sampleNames.slice(at, at + BATCH));
        const files = unzip(path, bytes, (name) => batch.has(name));
        for (const name of batch) yield { where: `${path}:${name}`, sample: parseMember(path, name, files[name]) };
      }
    },
  };
}

function readJson(path: string, bytes: Uint8Array): ReadLog {
  let log: unknown;
  try {
    log = JSON.parse(strFromU8(bytes));
  } catch (error) {
    throw new InspectLogError(`${path}: neither a .eval zip nor JSON (${(error as Error).message})`);
  }
  const samples = typeof log === 'object' && log !== null ? (log as { samples?: unknown }).samples : undefined;
  if (!Array.isArray(samples))
    throw new InspectLogError(`${path}: an Inspect JSON log needs a "samples" list (a header-only log has no answers)`);
  return {
    header: log,
    count: samples.length,
    *samples() {
      for (const [index, sample] of samples.entries()) yield { where: `${path}:samples[${index}]`, sample };
    },
  };
}
