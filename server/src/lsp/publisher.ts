/**
 * Owns what was published: the diagnostics each file carries, per must-gather root, whether
 * they came from a live analysis or were remembered from a previous server run. A root's next
 * publication clears the files it no longer reports; a forgotten root clears them all.
 */
import type { Diagnostic } from 'vscode-languageserver';
import type { Finding } from '../core/finding';
import type { RememberedDiagnostics } from './remembered';

/** Where diagnostics are kept between server runs (`RememberedDiagnostics`). */
export type DiagnosticsStore = Pick<RememberedDiagnostics, 'load' | 'save'>;

export interface PublisherTarget {
  /** Sends one file's diagnostics (an empty list clears it). */
  send(file: string, diagnostics: Diagnostic[]): void;
  log(message: string): void;
  warn(message: string): void;
}

export class Publisher {
  /** Per root, the diagnostics last sent for each of its files (files without any left out). */
  private readonly byRoot = new Map<string, Map<string, Diagnostic[]>>();
  /** Stores being written; `flush` waits for them. */
  private readonly saves = new Set<Promise<void>>();

  constructor(
    private readonly target: PublisherTarget,
    private readonly toDiagnostics: (findings: Finding[]) => Diagnostic[],
    private remembered: DiagnosticsStore,
  ) {}

  /** Where diagnostics are remembered between runs (known once the client has initialised). */
  setStore(remembered: DiagnosticsStore): void {
    this.remembered = remembered;
  }

  /**
   * Publishes what a previous server remembered for a root that has published nothing yet
   * (warm start), valid for `key`; the real analysis replaces it.
   */
  async recall(rootPath: string, key: string): Promise<void> {
    if (this.byRoot.has(rootPath)) return;
    const known = await this.remembered.load(rootPath, key);
    if (!known || known.size === 0 || this.byRoot.has(rootPath)) return;
    for (const [file, diagnostics] of known) this.target.send(file, diagnostics);
    this.byRoot.set(rootPath, new Map(known));
    this.target.log(
      `showing the remembered diagnostics of ${known.size} file(s) in ${rootPath} while it is analysed again`,
    );
  }

  /** A root's findings replace everything published for it before. */
  publishRoot(rootPath: string, findings: Finding[]): void {
    const byFile = new Map<string, Finding[]>();
    for (const f of findings) {
      const list = byFile.get(f.location.file);
      if (list) list.push(f);
      else byFile.set(f.location.file, [f]);
    }
    const before = this.byRoot.get(rootPath);
    for (const file of before?.keys() ?? []) {
      if (!byFile.has(file)) this.target.send(file, []);
    }
    const now = new Map<string, Diagnostic[]>();
    for (const [file, fs] of byFile) {
      const diagnostics = this.toDiagnostics(fs);
      now.set(file, diagnostics);
      this.target.send(file, diagnostics);
    }
    this.byRoot.set(rootPath, now);
  }

  /** Clears every file of a root that is gone. */
  forgetRoot(rootPath: string): void {
    for (const file of this.byRoot.get(rootPath)?.keys() ?? []) this.target.send(file, []);
    this.byRoot.delete(rootPath);
  }

  /**
   * Remembers what was just published for a root, valid while the files read keep their size
   * and mtime (only for an analysis of the files as they are on disk).
   */
  remember(rootPath: string, key: string, filesRead: string[]): void {
    const published = this.byRoot.get(rootPath) ?? new Map<string, Diagnostic[]>();
    const saving = this.remembered
      .save(rootPath, key, filesRead, published)
      .catch((err: unknown) => this.target.warn(`could not remember diagnostics: ${String(err)}`))
      .finally(() => this.saves.delete(saving));
    this.saves.add(saving);
  }

  /** Resolves when every store being written is written. */
  async flush(): Promise<void> {
    await Promise.all(this.saves);
  }
}
