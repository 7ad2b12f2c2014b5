// What the grid and game benchmarks' commands need from the main bundle: the answer documents
// (one provider for every benchmark), the log, and the evaluation bundle, which holds the model
// client, loaded only when a question is asked.
import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import type { AnswerDocuments } from '../eval/answerDocuments';

export type EvaluationModule = typeof import('../../bundles/evaluation');

export interface BoardEvalDeps {
  context: vscode.ExtensionContext;
  answers: AnswerDocuments;
  log: vscode.LogOutputChannel;
  evaluation: () => EvaluationModule;
  /** The language server, which parses and validates the benchmark files the board draws. */
  client: () => LanguageClient;
}

/** Where a question's source file is, relative to the workspace when it is inside it. */
export function questionSourcePath(uri: vscode.Uri): string {
  return vscode.workspace.asRelativePath(uri);
}
