// A minimal LSP client for tests: spawns the real server bundle over stdio and speaks JSON-RPC.
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  createMessageConnection,
  StreamMessageReader,
  StreamMessageWriter,
  type CancellationToken,
  type MessageConnection,
} from 'vscode-jsonrpc/node';
import type { LspNotification, LspRequest } from '../../src/protocol/lsp';
import { distDir, repoRoot } from './paths';

export interface PublishedDiagnostics {
  uri: string;
  version?: number;
  diagnostics: Array<{
    code: string;
    message: string;
    severity: number;
    range: { start: { line: number; character: number }; end: { line: number; character: number } };
  }>;
}

export class TestLspClient {
  readonly connection: MessageConnection;
  private readonly process: ChildProcess;
  private readonly waiters: Array<{
    match: (p: PublishedDiagnostics) => boolean;
    resolve: (p: PublishedDiagnostics) => void;
    reject: (error: Error) => void;
  }> = [];
  readonly published: PublishedDiagnostics[] = [];

  /**
   * `nodeArgs` go before the server script (e.g. `--require` a file-read counter); `env` is added to
   * the process's; `heapProbe` lets heapAfterGc() ask the server for its memory.
   */
  constructor(options: { nodeArgs?: string[]; env?: Record<string, string>; heapProbe?: boolean } = {}) {
    const probe = options.heapProbe ? ['--expose-gc', '--require', join(repoRoot, 'test/support/heapProbe.cjs')] : [];
    this.process = spawn(
      process.execPath,
      [...(options.nodeArgs ?? []), ...probe, join(distDir, 'server.js'), '--stdio'],
      {
        stdio: ['pipe', 'pipe', 'inherit', ...(options.heapProbe ? (['ipc'] as const) : [])],
        env: { ...process.env, ...options.env },
      },
    );
    this.process.on('exit', (code, signal) => {
      this.exit = { code, signal };
      // A server that died answers nothing more: waiting tests fail now, not at their timeout.
      const error = new Error(`the language server exited (code ${code}, signal ${signal})`);
      for (const waiter of this.waiters.splice(0)) waiter.reject(error);
      this.connection.dispose();
    });
    this.connection = createMessageConnection(
      new StreamMessageReader(this.process.stdout!),
      new StreamMessageWriter(this.process.stdin!),
    );
    this.connection.onNotification('textDocument/publishDiagnostics', (params: PublishedDiagnostics) => {
      this.published.push(params);
      for (const waiter of [...this.waiters]) {
        if (waiter.match(params)) {
          this.waiters.splice(this.waiters.indexOf(waiter), 1);
          waiter.resolve(params);
        }
      }
    });
    this.connection.listen();
  }

  /** A custom request, typed by its protocol descriptor (sent by method name, as the extension does). */
  request<P, R>(type: LspRequest<P, R>, params: P, token?: CancellationToken): Promise<R> {
    // Never pass an undefined token: by method name, every argument counts as a parameter.
    return (
      token ? this.connection.sendRequest(type.method, params, token) : this.connection.sendRequest(type.method, params)
    ) as Promise<R>;
  }

  /** Listens for a custom notification, typed by its protocol descriptor. */
  onNotification<P>(type: LspNotification<P>, handler: (params: P) => void): void {
    this.connection.onNotification(type.method, handler as (...params: unknown[]) => void);
  }

  /** How the server process ended, once it has. */
  exit: { code: number | null; signal: NodeJS.Signals | null } | undefined;

  /** The server's process.memoryUsage() after a full garbage collection (needs `heapProbe`). */
  heapAfterGc(): Promise<NodeJS.MemoryUsage> {
    return new Promise((resolve, reject) => {
      if (this.exit) return reject(new Error(`the server exited (${JSON.stringify(this.exit)})`));
      const exited = () => reject(new Error(`the server exited (${JSON.stringify(this.exit)})`));
      this.process.once('exit', exited);
      this.process.once('message', (usage) => {
        this.process.off('exit', exited);
        resolve(usage as NodeJS.MemoryUsage);
      });
      this.process.send?.('heap');
    });
  }

  async initialize(workspaceFolder: string): Promise<unknown> {
    const uri = pathToFileURL(workspaceFolder).toString();
    const result = await this.connection.sendRequest('initialize', {
      processId: process.pid,
      rootUri: uri,
      capabilities: {},
      workspaceFolders: [{ uri, name: 'test' }],
    });
    await this.connection.sendNotification('initialized', {});
    return result;
  }

  /**
   * Opens `text` as `uri` at version 1 and resolves with the diagnostics the server publishes for
   * that version, so a test starts its edits from a document the server has read.
   */
  async openDocument(uri: string, text: string, languageId = 'mango-walkthrough'): Promise<PublishedDiagnostics> {
    // Listen before sending: the diagnostics may arrive before the send resolves.
    const opened = this.nextDiagnostics(uri, (p) => p.version === 1);
    await this.connection.sendNotification('textDocument/didOpen', {
      textDocument: { uri, languageId, version: 1, text },
    });
    return opened;
  }

  /** Resolves with the next diagnostics published for `uri` that satisfy `match`. */
  nextDiagnostics(
    uri: string,
    match: (p: PublishedDiagnostics) => boolean = () => true,
    timeoutMs = 120_000,
  ): Promise<PublishedDiagnostics> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no diagnostics for ${uri} within ${timeoutMs} ms`)), timeoutMs);
      this.waiters.push({
        match: (p) => p.uri === uri && match(p),
        resolve: (p) => {
          clearTimeout(timer);
          resolve(p);
        },
        reject: (error) => {
          clearTimeout(timer);
          reject(error);
        },
      });
    });
  }

  async dispose(): Promise<void> {
    try {
      await this.connection.sendRequest('shutdown');
      await this.connection.sendNotification('exit');
    } catch {
      // The server may already be gone; the kill below is the backstop.
    }
    this.connection.dispose();
    this.process.kill();
  }
}
