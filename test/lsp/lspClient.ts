/** A minimal LSP client that drives the real bundled server (`dist/server.js --stdio`). */
import { spawn } from 'node:child_process';
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  createProtocolConnection,
  StreamMessageReader,
  StreamMessageWriter,
} from 'vscode-languageserver-protocol/node';
import type {
  Diagnostic,
  DocumentLink,
  DocumentSymbol,
  Hover,
  ProtocolConnection,
  PublishDiagnosticsParams,
  SymbolInformation,
  WorkspaceSymbol,
} from 'vscode-languageserver-protocol';

/** A `$/progress` notification of work-done progress. */
export interface ProgressParams {
  token: string | number;
  value: {
    kind: 'begin' | 'report' | 'end';
    title?: string;
    message?: string;
    percentage?: number;
    cancellable?: boolean;
  };
}

const serverPath = join(__dirname, '..', '..', '..', 'dist', 'server.js');

/** An item of a `workspace/configuration` request. */
export interface ConfigurationItem {
  scopeUri?: string;
  section?: string;
}

export class LspClient {
  readonly diagnostics = new Map<string, Diagnostic[]>();
  readonly logs: string[] = [];
  /** Every `$/progress` the server sent, in order. */
  readonly progress: ProgressParams[] = [];
  private waiters: (() => void)[] = [];

  private constructor(
    private readonly proc: ChildProcessWithoutNullStreams,
    readonly connection: ProtocolConnection,
  ) {
    connection.onNotification('textDocument/publishDiagnostics', (p: PublishDiagnosticsParams) => {
      this.diagnostics.set(p.uri, p.diagnostics);
      this.notify();
    });
    connection.onNotification('window/logMessage', (p: { message: string }) =>
      this.logs.push(p.message),
    );
    connection.onNotification(
      'mustGatherInspector/status',
      (st: { indexing: boolean; roots: unknown[] }) => {
        this.status = st;
        this.notify();
      },
    );
    connection.onRequest('workspace/configuration', (p: { items: ConfigurationItem[] }) =>
      p.items.map((item) =>
        typeof this.settings === 'function' ? this.settings(item) : this.settings,
      ),
    );
    connection.onRequest('window/workDoneProgress/create', () => null);
    connection.onNotification('$/progress', (p: ProgressParams) => this.progress.push(p));
  }

  /** What the server answered to `initialize`. */
  capabilities: Record<string, unknown> = {};

  /** What `workspace/configuration` answers: one value for every item, or one per item. */
  settings: unknown = {};

  /** The server's process id (the benchmark reads its memory). */
  get pid(): number | undefined {
    return this.proc.pid;
  }

  status: { indexing: boolean; roots: unknown[] } | undefined;

  /** Resolves once the server reports it is idle with at least one root analysed. */
  idle(): Promise<true> {
    return this.waitFor('indexing to finish', () =>
      this.status && !this.status.indexing && this.status.roots.length > 0 ? true : undefined,
    );
  }

  /**
   * @param nodeArgs extra Node options for the server process, e.g. `--require <preload>`.
   * @param opts.server the bundled server to run (the benchmark runs from another folder);
   *   opts.initializationOptions what the VS Code client would send (e.g. `storageDir`).
   */
  static async start(
    folders: string[],
    settings: unknown = {},
    nodeArgs: string[] = [],
    opts: {
      server?: string;
      initializationOptions?: unknown;
      workspaceFolders?: boolean;
      /** Say, as VS Code does, that a workspace symbol's range may be resolved later. */
      symbolResolve?: boolean;
    } = {},
  ): Promise<LspClient> {
    const server = opts.server ?? serverPath;
    const proc = spawn(process.execPath, [...nodeArgs, server, '--stdio'], { stdio: 'pipe' });
    proc.stderr.on('data', (d: Buffer) => process.stderr.write(d));
    // A write to a server that already exited fails with EPIPE: the writer's promise says so.
    proc.stdin.on('error', () => undefined);
    const connection = createProtocolConnection(
      new StreamMessageReader(proc.stdout),
      new StreamMessageWriter(proc.stdin),
    );
    const client = new LspClient(proc, connection);
    client.settings = settings;
    connection.listen();
    const init: { capabilities: Record<string, unknown> } = await connection.sendRequest(
      'initialize',
      {
        processId: process.pid,
        rootUri: null,
        workspaceFolders: folders.map((f, i) => ({
          uri: pathToFileURL(f).href,
          name: `folder${i}`,
        })),
        initializationOptions: opts.initializationOptions,
        capabilities: {
          textDocument: { publishDiagnostics: { relatedInformation: true } },
          workspace: {
            configuration: true,
            didChangeWatchedFiles: { dynamicRegistration: false },
            workspaceFolders: opts.workspaceFolders === true,
            ...(opts.symbolResolve
              ? { symbol: { resolveSupport: { properties: ['location.range'] } } }
              : {}),
          },
          window: { workDoneProgress: true },
        },
      },
    );
    client.capabilities = init.capabilities;
    await connection.sendNotification('initialized', {});
    return client;
  }

  /** Waits until a predicate over the received diagnostics holds (or fails after a timeout). */
  async waitFor<T>(what: string, probe: () => T | undefined, timeoutMs = 15000): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const v = probe();
      if (v !== undefined) return v;
      if (Date.now() > deadline)
        throw new Error(`timed out waiting for ${what}; logs:\n${this.logs.join('\n')}`);
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, 200);
        this.waiters.push(() => {
          clearTimeout(t);
          resolve();
        });
      });
    }
  }

  diagnosticsFor(file: string): Diagnostic[] | undefined {
    return this.diagnostics.get(pathToFileURL(file).href);
  }

  open(file: string, text: string, languageId = 'yaml'): void {
    this.send('textDocument/didOpen', {
      textDocument: { uri: pathToFileURL(file).href, languageId, version: 1, text },
    });
  }

  change(file: string, text: string, version: number): void {
    this.send('textDocument/didChange', {
      textDocument: { uri: pathToFileURL(file).href, version },
      contentChanges: [{ text }],
    });
  }

  /** `textDocument/hover` at a 0-based line and character. */
  hover(file: string, line: number, character: number): Promise<Hover | null> {
    return this.connection.sendRequest('textDocument/hover', {
      textDocument: { uri: pathToFileURL(file).href },
      position: { line, character },
    });
  }

  /**
   * Opens `file` as it is on disk and hovers the end of the first line's `find` (a condition's
   * `type: Ready`, say): the hover's Markdown, '' when there is none.
   */
  async hoverOnText(file: string, find: string): Promise<string> {
    const text = readFileSync(file, 'utf8');
    this.open(file, text);
    const lines = text.split('\n');
    const line = lines.findIndex((l) => l.includes(find));
    if (line < 0) throw new Error(`${find} not in ${file}`);
    const h = await this.hover(file, line, lines[line]!.indexOf(find) + find.length - 1);
    const contents = h?.contents;
    return contents && typeof contents === 'object' && 'value' in contents ? contents.value : '';
  }

  documentLinks(file: string): Promise<DocumentLink[] | null> {
    return this.connection.sendRequest('textDocument/documentLink', {
      textDocument: { uri: pathToFileURL(file).href },
    });
  }

  /** `workspace/symbol`: Ctrl+T. */
  workspaceSymbols(query: string): Promise<(WorkspaceSymbol | SymbolInformation)[] | null> {
    return this.connection.sendRequest('workspace/symbol', { query });
  }

  resolveWorkspaceSymbol(symbol: WorkspaceSymbol): Promise<WorkspaceSymbol> {
    return this.connection.sendRequest('workspaceSymbol/resolve', symbol);
  }

  /** `textDocument/documentSymbol`: the Outline. */
  documentSymbols(file: string): Promise<DocumentSymbol[] | null> {
    return this.connection.sendRequest('textDocument/documentSymbol', {
      textDocument: { uri: pathToFileURL(file).href },
    });
  }

  /** Tells the server that files changed on disk (what the client's file watcher does). */
  filesChanged(files: string[]): void {
    this.send('workspace/didChangeWatchedFiles', {
      changes: files.map((f) => ({ uri: pathToFileURL(f).href, type: 2 })),
    });
  }

  /** Workspace folders added and removed, as a client says when the user changes them. */
  changeFolders(added: string[], removed: string[]): void {
    const folder = (f: string) => ({ uri: pathToFileURL(f).href, name: f });
    this.send('workspace/didChangeWorkspaceFolders', {
      event: { added: added.map(folder), removed: removed.map(folder) },
    });
  }

  close(file: string): void {
    this.send('textDocument/didClose', {
      textDocument: { uri: pathToFileURL(file).href },
    });
  }

  async stop(): Promise<void> {
    this.stopping = true;
    try {
      await Promise.race([
        this.connection.sendRequest('shutdown'),
        new Promise((r) => setTimeout(r, 2000)),
      ]);
      this.send('exit');
    } finally {
      setTimeout(() => this.proc.kill('SIGKILL'), 500).unref();
      this.connection.dispose();
    }
  }

  /**
   * A notification whose write may fail once the server is gone (EPIPE while it stops): a test
   * that ends with a notification in flight must not leave an unhandled rejection behind.
   */
  send(method: string, params?: unknown): void {
    this.connection.sendNotification(method, params).catch((err: unknown) => {
      if (!this.stopping) throw err;
    });
  }

  private stopping = false;

  private notify(): void {
    const w = this.waiters;
    this.waiters = [];
    for (const f of w) f();
  }
}
