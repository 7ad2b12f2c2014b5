// Reopening a recorded BabyAI or GRASP episode (the Runs view, the results view's replay): its
// transcript in an answer document, and the episode stepped on the board from the level or grid as
// it is now — the same timelines the Play panel draws live (core's babyaiEpisodeTimeline and
// graspEpisodeTimeline over the record's commands). MANGO episodes step on the maze (extension.ts).
import * as vscode from 'vscode';
import type { EpisodeAnswer } from '../../core/eval/episodeQuestions';
import { runDocumentName } from '../../core/eval/runLabels';
import type { BoardTimeline } from '../../core/benchmark/board';
import type { RunRecord } from '../../core/eval/types';
import type { BabyaiQuestion } from '../../core/benchmarks/babyai/questionSchema';
import type { GraspQuestion } from '../../core/benchmarks/grasp/questionSchema';
import { graspEpisodeTimeline } from '../../core/benchmarks/grasp/episode';
import { parseGraspGridFile } from '../../core/benchmarks/grasp/gridFile';
import { isGraspScoringMode } from '../../core/benchmarks/grasp/types';
import { baseName } from '../../core/util/walk';
import { BoardPanel } from '../boards/boardPanel';
import type { BoardEvalDeps } from '../boards/evalDeps';
import { episodeSource, SourceError } from './episodeSources';

/** A recorded path, workspace-relative as the editor and the CLI (run from the workspace) write it; else found by name. */
async function recordedFile(path: string): Promise<vscode.Uri | undefined> {
  const folder = vscode.workspace.workspaceFolders?.[0];
  const plain = !path.startsWith('/') && !/^[A-Za-z]:/.test(path) && !path.split(/[/\\]/).includes('..');
  if (folder && plain) {
    const uri = vscode.Uri.joinPath(folder.uri, path);
    if (
      await vscode.workspace.fs.stat(uri).then(
        () => true,
        () => false,
      )
    )
      return uri;
  }
  return (await vscode.workspace.findFiles(`**/${baseName(path)}`, '**/node_modules/**', 1))[0];
}

/** The transcript in an answer document and the timeline on the board; false when there is no timeline (the file is gone). */
async function showEpisode(
  deps: BoardEvalDeps,
  record: RunRecord,
  timeline: (steps: EpisodeAnswer['steps'], title: string) => Promise<BoardTimeline | null>,
): Promise<boolean> {
  const answer = record.parsedAnswer as EpisodeAnswer | null;
  const steps = Array.isArray(answer?.steps) ? answer.steps : [];
  await deps.answers.show(runDocumentName(record), record.rawAnswer, []);
  const title = `${record.model.id} · ${record.question.sampleId}`;
  let drawn: BoardTimeline | null;
  try {
    drawn = await timeline(steps, title);
  } catch (error) {
    if (!(error instanceof SourceError)) throw error;
    void vscode.window.showWarningMessage(
      `Waypoint: cannot step ${record.question.sampleId} on the board: ${error.message}`,
    );
    return false;
  }
  if (!drawn) return false;
  BoardPanel.show(deps.context).showTimeline({ ...drawn, title }, 0);
  return true;
}

/** A BabyAI episode on its level (a level file, or the record of a record file); false when the file is gone. */
export function reopenBabyaiEpisode(
  deps: BoardEvalDeps,
  record: RunRecord & { question: BabyaiQuestion },
): Promise<boolean> {
  const { question } = record;
  return showEpisode(deps, record, async (steps) => {
    const file = await recordedFile(question.source);
    const source = file ? await episodeSource(file, { index: question.record ?? undefined }, 'faithful') : undefined;
    return source?.map.kind === 'board' ? source.map.timeline(steps) : null;
  });
}

/** A GRASP episode on its grid under its setting, simulated in the record's mode; false when the grid is gone. */
export function reopenGraspEpisode(
  deps: BoardEvalDeps,
  record: RunRecord & { question: GraspQuestion },
): Promise<boolean> {
  const { question } = record;
  return showEpisode(deps, record, async (steps, title) => {
    const file = await recordedFile(question.gridPath ?? question.file);
    const entry = file
      ? parseGraspGridFile(
          new TextDecoder().decode(await vscode.workspace.fs.readFile(file)),
          question.file,
        ).entries.find((candidate) => candidate.record.index === question.index)
      : undefined;
    const mode = isGraspScoringMode(record.mode) ? record.mode : 'faithful';
    return entry ? graspEpisodeTimeline(entry.grid, question.settings, steps, mode, title) : null;
  });
}
