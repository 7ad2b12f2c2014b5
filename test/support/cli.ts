// The built CLI run as a user runs it (`node dist/cli.js ...`), beside servers this test process
// hosts (a synchronous spawn would block them), and a free port to restart a server on. The one
// helper for it: every CLI test runs the built CLI this way.
import { type ChildProcess, spawn } from 'node:child_process';
import { type AddressInfo, createServer } from 'node:net';
import { join } from 'node:path';
import { distDir } from './paths';

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

export function runWaypoint(args: readonly string[], cwd: string, env: Record<string, string> = {}): Promise<CliRun> {
  return runWaypointWith(args, cwd, { env });
}

export interface RunWaypointOptions {
  env?: Record<string, string>;
  /** Node's own options before the script (e.g. a heap cap). */
  nodeArgs?: readonly string[];
  /** Each piece of stderr as it arrives, with the child (to signal it at a chosen point). */
  onStderr?: (text: string, child: ChildProcess) => void;
}

/** The CLI with Node options and a look at its stderr as it runs; `signal` is the signal that ended it, if any. */
export function runWaypointWith(
  args: readonly string[],
  cwd: string,
  options: RunWaypointOptions,
): Promise<CliRun & { signal: NodeJS.Signals | null }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [...(options.nodeArgs ?? []), join(distDir, 'cli.js'), ...args], {
      cwd,
      env: { ...process.env, ...options.env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
      options.onStderr?.(String(chunk), child);
    });
    child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr }));
  });
}

export function freePort(): Promise<number> {
  return new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}
