// The agent tools' file system in the extension host: node:fs/promises with relative paths taken
// from the first workspace folder (the extension host's own cwd is not the user's folder), so a
// path a chat names means what it means in the terminal and in `waypoint mcp` started there.
import { promises as fs } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import type { ToolFileSystem, ToolHost } from '../core/tools';

export function workspaceToolHost(root: string | undefined): ToolHost {
  const at = (path: string) => (root === undefined || isAbsolute(path) ? path : resolve(root, path));
  const rooted: ToolFileSystem = {
    stat: (path) => fs.stat(at(path)),
    lstat: (path) => fs.lstat(at(path)),
    readdir: (path) => fs.readdir(at(path)),
    realpath: (path) => fs.realpath(at(path)),
    readFile: (path, encoding) => fs.readFile(at(path), encoding),
    writeFile: (path, text, encoding) => fs.writeFile(at(path), text, encoding),
  };
  return { fs: rooted };
}
