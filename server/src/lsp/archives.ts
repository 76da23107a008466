/**
 * Archives for the language server: extracted into the archive cache (never beside the archive)
 * with cancellable work-done progress, and, for clients that cannot offer it themselves (any
 * plain `--stdio` client), opened as extra workspace folders when found in the workspace.
 */
import { basename } from 'node:path';
import type {
  CancellationToken,
  Connection,
  WorkDoneProgressReporter,
} from 'vscode-languageserver';
import { archiveBoundsFrom, ExtractionCancelled, openArchive } from '../service';
import type { Limits } from '../limits';
import type { OpenArchiveResult } from '../protocol/messages';

export class ArchiveOpener {
  private inFlight = new Map<string, Promise<OpenArchiveResult>>();

  constructor(
    private readonly connection: Connection,
    /** Known once the client has initialised. */
    private readonly cacheDir: () => string,
    private readonly limits: () => Limits,
    private readonly progressSupport: () => boolean,
  ) {}

  /** The extracted tree of one archive; one extraction at a time per archive. */
  open(
    path: string,
    token?: CancellationToken,
    workDoneToken?: string | number,
  ): Promise<OpenArchiveResult> {
    const running = this.inFlight.get(path);
    if (running) return running;
    const work = this.extract(path, token, workDoneToken).finally(() => this.inFlight.delete(path));
    this.inFlight.set(path, work);
    return work;
  }

  private async extract(
    path: string,
    token?: CancellationToken,
    workDoneToken?: string | number,
  ): Promise<OpenArchiveResult> {
    const name = basename(path);
    const abort = new AbortController();
    token?.onCancellationRequested(() => abort.abort());
    const progress = await this.reporter(workDoneToken, abort);
    progress?.begin(`Extracting ${name}`, 0, undefined, true);
    let shown = -1;
    const notes: string[] = [];
    const limits = this.limits();
    try {
      const root = await openArchive(
        path,
        this.cacheDir(),
        archiveBoundsFrom(limits),
        limits.archiveCacheGiB * 1024 ** 3,
        (m) => {
          notes.push(m);
          this.connection.console.log(`${name}: ${m}`);
        },
        {
          signal: abort.signal,
          progress: (done, total) => {
            const percent = total > 0 ? Math.floor((100 * done) / total) : 0;
            if (percent === shown) return;
            shown = percent;
            progress?.report(percent, `${percent}%`);
          },
        },
      );
      this.connection.console.log(`${name}: extracted into ${root}`);
      return { root, name, notes };
    } catch (err) {
      const why =
        err instanceof ExtractionCancelled ? err.message : `${name}: ${(err as Error).message}`;
      this.connection.console.log(why);
      throw err;
    } finally {
      progress?.done();
    }
  }

  /**
   * The client's own progress when it gave a token (it cancels the request), else one of the
   * server's, cancellable from the client's progress UI.
   */
  private async reporter(
    workDoneToken: string | number | undefined,
    abort: AbortController,
  ): Promise<WorkDoneProgressReporter | undefined> {
    if (workDoneToken !== undefined) {
      return this.connection.window.attachWorkDoneProgress(workDoneToken);
    }
    if (!this.progressSupport()) return undefined;
    const created = await this.connection.window.createWorkDoneProgress();
    created.token.onCancellationRequested(() => abort.abort());
    return created;
  }
}
