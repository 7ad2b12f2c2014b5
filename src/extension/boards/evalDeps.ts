// What the grid and game benchmarks' commands need from the main bundle: the answer documents
// (one provider for every benchmark), the log, and the evaluation bundle, which holds the model
// client, loaded only when a question is asked.
import * as vscode from 'vscode';
import type { AnswerDocuments } from '../eval/answerDocuments';

export type EvaluationModule = typeof import('../eval/runQuestion');

export interface BoardEvalDeps {
  context: vscode.ExtensionContext;
  answers: AnswerDocuments;
  log: vscode.LogOutputChannel;
  evaluation: () => EvaluationModule;
}

/** The scoring mode settings: `waypoint.evaluation.scoringMode` (MANGO, BabyAI) and `waypoint.grasp.scoringMode`. */
export function modeSetting<T extends string>(key: string, allowed: readonly T[], fallback: T): T {
  const value = vscode.workspace.getConfiguration('waypoint').get<unknown>(key);
  return (allowed as readonly unknown[]).includes(value) ? (value as T) : fallback;
}

/** Where a question's source file is, relative to the workspace when it is inside it. */
export function shownPath(uri: vscode.Uri): string {
  return vscode.workspace.asRelativePath(uri);
}
