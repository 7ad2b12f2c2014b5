// What activation shares with the commands (rust-analyzer's Ctx): made once by activate(), handed
// to every command's factory in the command table (commandTable.ts). A handler asks for the
// language client and the lazily loaded bundles when it runs, never when it is made, so
// registering the table loads nothing.
import type * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import type { BoardEvalDeps } from './board/evalDeps';
import type { AnswerDocuments } from './eval/answerDocuments';
import type { RunTrajectoryDocuments } from './eval/compareRuns';
import type { RunsView } from './eval/runsView';
import type { LazyBundles } from './lazyBundles';
import type { MapDiffDeps } from './mango/showMapDiff';

/** The Runs view's tree (two runs selected together are what "Compare Runs" compares). */
export type RunsTree = Parameters<RunsView['reveal']>[0];

export interface CommandContext {
  readonly context: vscode.ExtensionContext;
  /** The one "Waypoint" log channel. */
  readonly output: vscode.LogOutputChannel;
  /** The language client: started right after activation; a command that runs before that creates it on the spot. */
  client(): LanguageClient;
  readonly bundles: LazyBundles;
  /** Answer documents, one provider for every benchmark. */
  readonly answers: AnswerDocuments;
  readonly runs: RunsView;
  readonly runsTree: RunsTree;
  readonly runTrajectories: RunTrajectoryDocuments;
  /** Problems in map answer files (Show Map Diff): their own collection, cleared with each new diff of the file. */
  readonly mapDiagnostics: vscode.DiagnosticCollection;
}

/** A command's handler, as vscode.commands.registerCommand takes it (arguments as each command declares them). */
type CommandHandler = (...args: never[]) => unknown;
/** Makes a command's handler from what activation shares. */
export type CommandFactory = (ctx: CommandContext) => CommandHandler;
/** Command ids and their factories: each feature exports one, commandTable.ts joins them. */
export type CommandTable = Readonly<Record<string, CommandFactory>>;

/** What the grid and game benchmarks' commands (the boards bundle) need from the activation bundle. */
export function boardDeps(ctx: CommandContext): BoardEvalDeps {
  return {
    context: ctx.context,
    answers: ctx.answers,
    log: ctx.output,
    evaluation: () => ctx.bundles.evaluation(),
    client: () => ctx.client(),
  };
}

/** What Show Map Diff (the boards bundle) needs. */
export function mapDeps(ctx: CommandContext): MapDiffDeps {
  return { context: ctx.context, client: () => ctx.client(), diagnostics: ctx.mapDiagnostics };
}
