/**
 * What the server holds between tool calls: the roots (given at start, else the client's), the
 * must-gathers found under them, and each one's analysis, made on first use and kept until the
 * agent asks for a fresh look or the client's roots change.
 */
import { join } from 'node:path';
import { analysisContext, readPoolOf } from '../service';
import type { AnalysisContext, ParsedFileCache } from '../service';
import { readThreads } from '../limits';
import type { Limits } from '../limits';
import { analyse } from './analysed';
import type { Analysed } from './analysed';
import { openRoots } from './open';
import type { Gather, Opened } from './open';
import { Gathers } from './gathers';

/** Where the roots come from: the paths given at start, or the client asked each time. */
export interface RootSource {
  /** The root paths now; empty when there are none. */
  paths(): Promise<string[]>;
  /** Said when there is no root, to tell the agent how to give one. */
  readonly howToGive: string;
}

export class Session extends Gathers {
  private readonly ctx: AnalysisContext;
  private opened: Promise<Opened> | undefined;
  private readonly analyses = new Map<Gather, Promise<Analysed>>();

  constructor(
    private readonly source: RootSource,
    private readonly options: { cacheDir: string; limits: Limits; log: (m: string) => void },
  ) {
    super();
    // Read threads only when MUST_GATHER_INSPECTOR_JOBS asks (bundled beside the MCP server).
    const pool = readPoolOf(readThreads(), join(__dirname, 'readWorker.js'), options.log);
    this.ctx = analysisContext({ limits: options.limits, ...(pool ? { pool } : {}) });
  }

  get limits(): Limits {
    return this.options.limits;
  }

  get cache(): ParsedFileCache {
    return this.ctx.cache;
  }

  get howToGive(): string {
    return this.source.howToGive;
  }

  /** Forget the roots and analyses: the next call looks again (files changed, roots changed). */
  reset(): void {
    this.opened = undefined;
    this.analyses.clear();
  }

  /** The must-gathers under the roots, and what could not be opened. */
  open(): Promise<Opened> {
    this.opened ??= this.source.paths().then(
      (paths) => openRoots(paths, this.options),
      (err: unknown) => {
        this.opened = undefined;
        throw err;
      },
    );
    return this.opened;
  }

  /** A gather's analysis, made once. */
  analysed(g: Gather): Promise<Analysed> {
    let a = this.analyses.get(g);
    if (!a) {
      a = analyse(g, this.ctx, this.options.log);
      // A failed analysis is not kept: the next call tries again.
      a.catch(() => this.analyses.delete(g));
      this.analyses.set(g, a);
    }
    return a;
  }
}
