// What the agent tools need of their host (the MCP server in the CLI, the extension's language
// model tools): the file system, passed in so the tools stay in core (no node:fs). Both hosts hand
// node:fs/promises; the extension's resolves relative paths against the workspace folder first.
import type { QuestionSetFiles } from '../benchmark/registry';
import { questionFilesOn } from '../runs/hostFiles';
import type { TextFileSystem } from '../util/fileLimits';
import type { WalkFs, WalkStats } from '../util/walk';

export interface ToolFileSystem extends TextFileSystem, WalkFs {
  stat(path: string): Promise<WalkStats & { size: number; isFIFO?(): boolean }>;
  /** Only ever called with a path the caller named in a tool's `out` argument. */
  writeFile(path: string, text: string, encoding: 'utf8'): Promise<void>;
}

export interface ToolHost {
  readonly fs: ToolFileSystem;
}

/** The question sets' view of the host: whole files without a BOM, sorted listings. */
export function questionFiles(host: ToolHost): QuestionSetFiles {
  return questionFilesOn(host.fs);
}

/** The folder holding `path` (`.` for a bare name). */
export function parentOf(path: string): string {
  const trimmed = path.replace(/[\\/]+$/, '');
  const at = Math.max(trimmed.lastIndexOf('/'), trimmed.lastIndexOf('\\'));
  if (at < 0) return '.';
  return at === 0 ? trimmed.slice(0, 1) : trimmed.slice(0, at);
}
