// "Compare Runs": two runs of one question side by side in VS Code's diff editor, one line per
// trajectory step (MANGO: with the maze's verdict on it; grid benchmarks: one parsed action per
// line), so where two models (or two prompts) part ways is the first highlighted line. The texts
// are read-only virtual documents.
import * as vscode from 'vscode';
import { questionGroup, questionLabel, runDocumentName, scoreLine } from '../../core/eval/runLabels';
import { replaysOnMaze } from '../../core/benchmarks/mango/maze/runView';
import type { RunRecord } from '../../core/eval/types';
import type { Trajectory } from '../../protocol/maze';
import { companionColumn } from '../views/tabGroups';

export const RUN_TRAJECTORY_SCHEME = 'waypoint-run';

/** Renders a run as diffable text: a header, then `n. from —action→ to   verdict`. */
function trajectoryText(record: RunRecord, trajectory: Trajectory | null): string {
  const header = [
    `# ${questionLabel(record.question)} (${questionGroup(record.question)}, ${record.question.sampleId.slice(0, 12)})`,
    `# ${record.model.id} · ${record.mode} · ${record.time}`,
    `# ${scoreLine(record.scores)}`,
  ];
  if (!replaysOnMaze(record.question)) return [...header, ...parsedLines(record.parsedAnswer)].join('\n') + '\n';
  if (!trajectory)
    return (
      [...header, '(the game was not found, so the steps could not be checked)', record.rawAnswer].join('\n') + '\n'
    );
  if (trajectory.error) return [...header, `unparseable answer: ${trajectory.error}`].join('\n') + '\n';
  const width = Math.max(0, ...trajectory.steps.map((step) => `${step.from} —${step.action}→ ${step.to}`.length));
  const steps = trajectory.steps.map(
    (step) =>
      `${String(step.index + 1).padStart(2)}. ${`${step.from} —${step.action}→ ${step.to}`.padEnd(width)}   ${step.verdict}${step.chained ? '' : ' (does not start where the last step ended)'}`,
  );
  return [...header, ...steps].join('\n') + '\n';
}

/** A grid benchmark's parsed answer, one action (or subgoal) per line. */
function parsedLines(parsed: unknown): string[] {
  const items = Array.isArray(parsed) ? parsed : parsed === null || parsed === undefined ? [] : [parsed];
  if (items.length === 0) return ['(no answer could be parsed)'];
  return items.map(
    (item, index) => `${String(index + 1).padStart(2)}. ${typeof item === 'string' ? item : JSON.stringify(item)}`,
  );
}

export class RunTrajectoryDocuments implements vscode.TextDocumentContentProvider, vscode.Disposable {
  private readonly contents = new Map<string, string>();
  private readonly changed = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.changed.event;

  provideTextDocumentContent(uri: vscode.Uri): string {
    return this.contents.get(uri.toString()) ?? '';
  }

  put(name: string, text: string): vscode.Uri {
    const uri = vscode.Uri.from({ scheme: RUN_TRAJECTORY_SCHEME, path: `/${name}.trajectory` });
    this.contents.set(uri.toString(), text);
    this.changed.fire(uri);
    return uri;
  }

  dispose(): void {
    this.changed.dispose();
  }
}

/**
 * Opens the diff of two runs. `pickOther` is asked for the second run when only one was chosen;
 * `trajectoryOf` checks an answer against the game as it is now.
 */
export async function openRunDiff(
  documents: RunTrajectoryDocuments,
  chosen: readonly RunRecord[],
  allRuns: readonly RunRecord[],
  trajectoryOf: (record: RunRecord) => Promise<Trajectory | null>,
): Promise<{ left: vscode.Uri; right: vscode.Uri } | undefined> {
  let pair = chosen.slice(0, 2);
  if (pair.length === 0) {
    void vscode.window.showInformationMessage(
      'Waypoint: select a run in the Waypoint Runs view to compare it with another.',
    );
    return undefined;
  }
  if (pair.length === 1) {
    const [first] = pair;
    const others = allRuns.filter(
      (record) =>
        record !== first &&
        record.question.sampleId === first.question.sampleId &&
        questionGroup(record.question) === questionGroup(first.question),
    );
    if (others.length === 0) {
      void vscode.window.showInformationMessage(
        'Waypoint: this question has only one run; run it again with another model to compare.',
      );
      return undefined;
    }
    const picked =
      others.length === 1
        ? { record: others[0] }
        : await vscode.window.showQuickPick(
            others.map((record) => ({
              label: record.model.id,
              description: `${record.mode} · ${record.time.slice(0, 16).replace('T', ' ')}`,
              record,
            })),
            { title: 'Compare with which run?' },
          );
    if (!picked) return undefined;
    pair = [first, picked.record];
  }
  const [left, right] = await Promise.all(
    pair.map(async (record) =>
      documents.put(
        `${runDocumentName(record)}-${record.time.replace(/[:.]/g, '')}`,
        trajectoryText(record, await trajectoryOf(record)),
      ),
    ),
  );
  const [a, b] = pair;
  // Beside the view it was asked from (the Runs view's editor, the results view), not over it, and
  // not in a third column: with the answers and the maze.
  await vscode.commands.executeCommand(
    'vscode.diff',
    left,
    right,
    `${questionLabel(a.question)}: ${a.model.id} ↔ ${b.model.id}`,
    { viewColumn: companionColumn(), preview: true },
  );
  return { left, right };
}
