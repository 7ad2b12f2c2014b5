// The extension's bundles loaded on first use (see src/bundles/): they would otherwise multiply
// what every activation has to read and compile (the 150 ms budget, test/unit/activation.test.ts).
import type * as vscode from 'vscode';

/** dist/evaluation.js: the model-calling code (with the openai client), scoring and the results view. */
export type EvaluationBundle = typeof import('../bundles/evaluation');
/** dist/boards.js: the board view and the grid and game benchmarks' commands, Play Episode, the map diff. */
export type BoardsBundle = typeof import('../bundles/boards');
/** dist/languageClient.js: the language client library, most of what activation would otherwise load. */
type LanguageClientBundle = typeof import('../bundles/languageClient');

export interface LazyBundles {
  /** Loads dist/evaluation.js on the first call. */
  evaluation(): EvaluationBundle;
  /** Loads dist/boards.js on the first call. */
  boards(): BoardsBundle;
  /** The bundle if a command loaded it already: what the test-only state commands read, without loading anything. */
  loadedEvaluation(): EvaluationBundle | undefined;
  loadedBoards(): BoardsBundle | undefined;
}

/** A plain require of a bundle by its path in the installed extension (written out in full: test/unit/packaging.test.ts looks for it). */
function requireBundle<T>(context: vscode.ExtensionContext, path: string): T {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require(context.asAbsolutePath(path)) as T;
}

/** The lazily loaded bundles of this activation; log lines of each go to the one "Waypoint" channel. */
export function lazyBundles(context: vscode.ExtensionContext, output: vscode.LogOutputChannel): LazyBundles {
  let evaluation: EvaluationBundle | undefined;
  let boards: BoardsBundle | undefined;
  return {
    evaluation() {
      if (!evaluation) {
        evaluation = requireBundle<EvaluationBundle>(context, 'dist/evaluation.js');
        // Model errors go to the one "Waypoint" channel, not a second one of the same name.
        evaluation.useOutputChannel(output);
      }
      return evaluation;
    },
    boards() {
      if (!boards) {
        boards = requireBundle<BoardsBundle>(context, 'dist/boards.js');
        // The bundle has its own copy of the webview message helper: point it at the one channel too.
        boards.useWebviewMessageLog((line) => output.warn(line));
      }
      return boards;
    },
    loadedEvaluation: () => evaluation,
    loadedBoards: () => boards,
  };
}

/** The language client starts only after activate() returns: its library is loaded then. */
export function loadLanguageClientBundle(context: vscode.ExtensionContext): LanguageClientBundle {
  return requireBundle<LanguageClientBundle>(context, 'dist/languageClient.js');
}
