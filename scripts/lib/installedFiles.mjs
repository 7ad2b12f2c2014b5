// The check that the extension a user installs holds everything its code loads at run time: every
// file dist/runtime-files.json lists (written by esbuild.mjs from its own run-time entry points and
// the schemas it generates), looked up in the folder code-server unpacked the .vsix into.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The folder the .vsix was installed into: the one extension of `extensionsDir` named like package.json. */
export function installedExtensionDir(extensionsDir, manifest) {
  const prefix = `${manifest.publisher}.${manifest.name}-`.toLowerCase();
  const found = readdirSync(extensionsDir).filter((name) => name.toLowerCase().startsWith(prefix));
  if (found.length !== 1) throw new Error(`expected one installed ${prefix}* in ${extensionsDir}, found ${found.length ? found.join(', ') : 'none'}`);
  return join(extensionsDir, found[0]);
}

/** The run-time files of the build that the installed extension lacks (empty when complete). */
export function missingRuntimeFiles(repo, extensionsDir) {
  const manifest = JSON.parse(readFileSync(join(repo, 'package.json'), 'utf8'));
  const { files } = JSON.parse(readFileSync(join(repo, 'dist', 'runtime-files.json'), 'utf8'));
  if (!Array.isArray(files) || files.length === 0) throw new Error('dist/runtime-files.json lists no files: was the build run?');
  const installed = installedExtensionDir(extensionsDir, manifest);
  return files.filter((file) => !existsSync(join(installed, file)));
}
