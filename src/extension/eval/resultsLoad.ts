// Reading the run files the results view shows: each read as `waypoint report` reads it, merged
// into one benchmark's record set and the view's model, with where each record's line is (the view
// keeps records without their prompts and answers and reads a record whole again when opened). A
// file asked for that holds no record is an error naming its first bad line, never left out quietly.
import { basename } from 'node:path';
import * as vscode from 'vscode';
import type { RunRecord } from '../../core/eval/types';
import { notARunFile, type NotARunFile } from '../../core/runs/notARunFile';
import { mergeRunFiles, type RecordSet, separateRunsOfOneModel } from '../../core/runs/records';
import type { ReportRow } from '../../core/runs/report';
import { buildResultsModel } from '../../core/runs/resultsModel';
import { describeFsError } from '../../core/util/walk';
import { readRunFile } from '../../host/runFileReader';
import type { ResultsModel } from '../../protocol/results';

export interface Loaded {
  /** Records without their prompts and answers (tables need neither); `where` finds each one whole. */
  set: RecordSet;
  rows: ReportRow[];
  model: ResultsModel;
  problems: string[];
  where: Map<RunRecord, RecordPlace>;
}

/** Where a record's line is, and the model id written there (the view may have suffixed it with the file's name). */
export interface RecordPlace {
  file: string;
  offset: number;
  model: string;
}

/** A file asked for that holds no run record: where its first line that is not one is, and why. */
class NotARunFileError extends Error {
  constructor(readonly located: NotARunFile) {
    super(located.message);
  }
}

export const shownPath = (file: string) => vscode.workspace.asRelativePath(file, false);

/**
 * Reads and merges the run files, keeping only what tables need so a 40,000-record run stays small
 * in memory (large files are parsed in worker threads); throws with the reason the files cannot be
 * reported: NotARunFileError for a file that holds no record (each file was asked for by name, so
 * one that is not a run file is an error, not a silent omission beside the others).
 */
export async function loadResults(
  files: readonly string[],
  workerScript: string,
  includeTruncated?: boolean,
  includeUnanswerable?: boolean,
): Promise<Loaded> {
  const read = await Promise.all(
    files.map(async (file) => {
      const contents = await readRunFile(file, { workerScript, offsets: true }).catch((error: unknown) => {
        throw new Error(`${shownPath(file)}: ${describeFsError(error)}`);
      });
      return { file, ...contents };
    }),
  );
  const empty = read.find((entry) => entry.records.length === 0);
  if (empty)
    throw new NotARunFileError(notARunFile(empty.file, shownPath(empty.file), [...empty.problems, ...empty.torn]));
  const parsed = separateRunsOfOneModel(read, (file) => basename(file, '.jsonl'));
  const where = new Map<RunRecord, RecordPlace>();
  parsed.forEach(({ file, records, offsets }, fileIndex) =>
    records.forEach((record, index) =>
      where.set(record, { file, offset: offsets[index], model: read[fileIndex].records[index].model.id }),
    ),
  );
  const set = mergeRunFiles(parsed);
  const names = files.map(shownPath);
  const title = files.length === 1 ? basename(files[0], '.jsonl') : `${set.benchmark}: ${files.length} run files`;
  const { model, rows } = buildResultsModel(set, names, title, { includeTruncated, includeUnanswerable });
  // Records cut short are shown with the lines that are not records: the view's one list of what it left out.
  return { set, rows, model, problems: read.flatMap((entry) => [...entry.problems, ...entry.torn]), where };
}

/**
 * The same records with cut ones, and questions without a correct answer, counted in the means or
 * not (the view's switches; each kept as it is when not given): nothing is read again, and the
 * rows keep their records and order.
 */
export function withTruncatedTreatment(
  loaded: Loaded,
  includeTruncated: boolean,
  includeUnanswerable = loaded.model.report.unanswerable_treatment === 'included',
): Loaded {
  const { model, rows } = buildResultsModel(loaded.set, loaded.model.files, loaded.model.title, {
    includeTruncated,
    includeUnanswerable,
  });
  return { ...loaded, model, rows };
}

/** Says why files could not be shown (and returns it); a file that is not a run file gets "Open File", at its bad line. */
export function showLoadFailure(files: readonly string[], error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  if (error instanceof NotARunFileError) {
    const { file, line, column } = error.located;
    void vscode.window
      .showErrorMessage(`Waypoint: cannot show results: ${error.message}`, 'Open File')
      .then(async (choice) => {
        if (!choice) return;
        const at = new vscode.Position(Math.max(0, (line ?? 1) - 1), Math.max(0, (column ?? 1) - 1));
        await vscode.window.showTextDocument(vscode.Uri.file(file), {
          preview: true,
          selection: new vscode.Range(at, at),
        });
      });
    return message;
  }
  void vscode.window.showErrorMessage(
    `Waypoint: cannot show results of ${files.map(shownPath).join(', ')}: ${message}`,
  );
  return message;
}
