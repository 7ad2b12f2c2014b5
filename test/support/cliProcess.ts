// The built CLI run as a user runs it (`node dist/cli.js ...`), in a folder of the test's choosing.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { distDir } from './paths';

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

const cli = join(distDir, 'cli.js');

/** Runs `waypoint <args>` in `cwd` to its end; `env` is added to this process's environment. */
export function runCli(args: readonly string[], cwd: string, env: Record<string, string> = {}): Promise<CliRun> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [cli, ...args], { cwd, env: { ...process.env, ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}
