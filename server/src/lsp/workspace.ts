/**
 * The server's model of the workspace: which must-gather roots exist, their latest analysis,
 * and which files carry findings. It knows nothing of the LSP connection; it reports through
 * the callbacks it is given, so it can be driven directly in tests.
 */
import { stat } from 'node:fs/promises';
import { dirname, join, sep } from 'node:path';
import { analyzeRoot, applyLevels } from '../analysis/analyze';
import { invalidFile } from '../analysis/loadSnapshot';
import type { RootAnalysis, RuleLevels } from '../analysis/analyze';
import { discoverRoots } from '../gather/discover';
import { logNotes } from '../gather/notes';
import type { GatherRoot } from '../gather/discover';
import { cacheLimitsFrom, ParsedFileCache } from '../gather/fileCache';
import { mib } from '../limits';
import type { Limits } from '../limits';
import { setMaxDecodedBytes } from '../machineconfig/dataUrl';
import type { Finding } from '../rules/finding';

export interface WorkspaceEvents {
  /** Findings for one file; an empty list clears it. */
  publish(file: string, findings: Finding[]): void;
  log(message: string): void;
  /** Called whenever the set of roots or the totals change. */
  status(status: WorkspaceStatus): void;
  /**
   * Publishes what a previous server remembered for a root not analysed yet (warm start), and
   * returns the files it published, so the real analysis clears the ones it no longer reports.
   */
  recall?(root: GatherRoot): Promise<string[]>;
  /** An analysis of the files as they are on disk (no open buffer in the root) was published. */
  analysed?(analysis: RootAnalysis): void;
}

export interface WorkspaceStatus {
  indexing: boolean;
  roots: { path: string; kind: string; findings: number }[];
  counts: Record<'error' | 'warning' | 'info' | 'hint', number>;
}

export class Workspace {
  readonly cache = new ParsedFileCache();
  private folders: string[] = [];
  private roots = new Map<string, GatherRoot>();
  private analyses = new Map<string, RootAnalysis>();
  private published = new Map<string, Set<string>>();
  private openFiles = new Set<string>();
  private levels: RuleLevels = {};
  /** Roots found by walking up from an opened file rather than by discovery. */
  private foundAbove = new Set<string>();
  /** Roots whose path index must be rebuilt at their next analysis. */
  private staleIndex = new Set<string>();
  private pending = new Map<string, ReturnType<typeof setTimeout>>();
  private running: Promise<void> = Promise.resolve();
  private busy = 0;

  constructor(
    private readonly events: WorkspaceEvents,
    private readonly debounceMs = 250,
  ) {}

  setFolders(folders: string[]): void {
    this.folders = folders;
  }

  setRuleLevels(levels: RuleLevels): void {
    this.levels = levels;
  }

  /** The bounds on work per file; files read under other bounds are read again. */
  setLimits(limits: Limits): void {
    this.cache.setLimits(cacheLimitsFrom(limits));
    setMaxDecodedBytes(limits.maxDecompressedMiB * mib);
  }

  /** Finds every root in the workspace folders and analyses each. */
  reindex(): Promise<void> {
    return this.serialize(async () => {
      this.cache.clear();
      const found = (await Promise.all(this.folders.map((f) => discoverRoots(f)))).flat();
      const next = new Map(found.map((r) => [r.path, r]));
      for (const r of this.roots.values()) {
        if (next.has(r.path)) continue;
        // Roots found above an opened file (deeper than discovery looks, or outside every
        // folder) survive a reindex while they still look like must-gathers.
        if (this.foundAbove.has(r.path) && (await isMustGatherRoot(r.path))) next.set(r.path, r);
        else this.forget(r.path);
      }
      this.roots = next;
      // Old analyses keep answering hovers and requests until the new ones replace them.
      for (const path of next.keys()) this.staleIndex.add(path);
      this.events.log(
        `found ${found.length} must-gather root(s): ${found.map((r) => r.path).join(', ') || 'none'}`,
      );
      await this.recall();
      for (const root of this.roots.values()) await this.analyze(root);
    });
  }

  /** Re-analyses every known root (after a settings change). */
  reanalyzeAll(): Promise<void> {
    return this.serialize(async () => {
      for (const root of this.roots.values()) await this.analyze(root);
    });
  }

  async documentChanged(file: string, text: string, version: number): Promise<void> {
    this.openFiles.add(file);
    this.cache.setOverlay(file, text, version);
    const root = this.rootOf(file) ?? (await this.findRootAbove(file));
    if (root) this.schedule(root);
  }

  documentClosed(file: string): void {
    this.openFiles.delete(file);
    this.cache.clearOverlay(file);
    const root = this.rootOf(file);
    if (root) this.schedule(root);
  }

  /** Files changed on disk: drop their cache entries; new or deleted files rebuild the index. */
  filesChanged(changes: { file: string; structural: boolean }[]): void {
    let rediscover = false;
    const affected = new Set<GatherRoot>();
    for (const c of changes) {
      this.cache.invalidate(c.file);
      const root = this.rootOf(c.file);
      if (root) {
        affected.add(root);
        if (c.structural) this.staleIndex.add(root.path);
      } else if (c.structural) {
        rediscover = true;
      }
    }
    if (rediscover) void this.reindexQuietly();
    for (const r of affected) this.schedule(r);
  }

  status(): WorkspaceStatus {
    const counts = { error: 0, warning: 0, info: 0, hint: 0 };
    const roots = [...this.roots.values()].map((r) => {
      const fs = this.analyses.get(r.path)?.findings ?? [];
      for (const f of fs) counts[f.severity]++;
      return { path: r.path, kind: r.kind, findings: fs.length };
    });
    return { indexing: this.busy > 0, roots, counts };
  }

  analysisOf(rootPath: string): RootAnalysis | undefined {
    return this.analyses.get(rootPath);
  }

  /** The analysis of a file's root, or of every root when no file is given. */
  analysesFor(file?: string): RootAnalysis[] {
    if (file === undefined) return [...this.analyses.values()];
    const one = this.analysisForFile(file);
    return one ? [one] : [];
  }

  /** The latest analysis of the root a file belongs to (what hovers and links read). */
  analysisForFile(file: string): RootAnalysis | undefined {
    const root = this.rootOf(file);
    return root ? this.analyses.get(root.path) : undefined;
  }

  /** Resolves when every scheduled analysis has run. */
  async idle(): Promise<void> {
    while (this.pending.size > 0) await new Promise((r) => setTimeout(r, this.debounceMs));
    await this.running;
  }

  rootOf(file: string): GatherRoot | undefined {
    let best: GatherRoot | undefined;
    for (const r of this.roots.values()) {
      if (file.startsWith(r.path + sep) && (!best || r.path.length > best.path.length)) best = r;
    }
    return best;
  }

  private async reindexQuietly(): Promise<void> {
    try {
      await this.reindex();
    } catch (err) {
      this.events.log(`reindex failed: ${String(err)}`);
    }
  }

  /** A file opened outside the workspace folders may still sit inside a must-gather. */
  private async findRootAbove(file: string): Promise<GatherRoot | undefined> {
    let dir = dirname(file);
    for (let i = 0; i < 8; i++) {
      if (await isMustGatherRoot(dir)) {
        const root: GatherRoot = { kind: 'must-gather', path: dir };
        this.roots.set(dir, root);
        this.foundAbove.add(dir);
        this.events.log(`found must-gather root above an opened file: ${dir}`);
        return root;
      }
      const up = dirname(dir);
      if (up === dir) break;
      dir = up;
    }
    return undefined;
  }

  private schedule(root: GatherRoot): void {
    const prev = this.pending.get(root.path);
    if (prev) clearTimeout(prev);
    this.pending.set(
      root.path,
      setTimeout(() => {
        this.pending.delete(root.path);
        void this.serialize(() => this.analyze(root));
      }, this.debounceMs),
    );
  }

  /** Analyses run one at a time, in order, so publications never interleave. */
  private serialize(work: () => Promise<void>): Promise<void> {
    const next = this.running.then(async () => {
      this.busy++;
      this.events.status(this.status());
      try {
        await work();
      } catch (err) {
        this.events.log(`analysis failed: ${(err as Error).stack ?? String(err)}`);
      } finally {
        this.busy--;
        this.events.status(this.status());
      }
    });
    this.running = next;
    return next;
  }

  /** Remembered diagnostics for the roots that have no analysis yet, shown while they run. */
  private async recall(): Promise<void> {
    const recall = this.events.recall;
    if (!recall) return;
    for (const root of this.roots.values()) {
      if (this.analyses.has(root.path) || this.published.has(root.path)) continue;
      const files = await recall(root);
      if (files.length > 0) this.published.set(root.path, new Set(files));
    }
  }

  private async analyze(root: GatherRoot): Promise<void> {
    if (!this.roots.has(root.path)) return;
    const started = Date.now();
    const prevIndex = this.staleIndex.has(root.path)
      ? undefined
      : this.analyses.get(root.path)?.index;
    this.staleIndex.delete(root.path);
    const a = await analyzeRoot(root, this.cache, this.levels, prevIndex);
    if (!prevIndex) logNotes(a.index.notes, (m) => this.events.log(m));
    for (const e of a.internalErrors) this.events.log(e);
    a.findings.push(...(await this.openFileProblems(root, a)));
    this.analyses.set(root.path, a);
    this.publishRoot(root.path, a.findings);
    if (![...this.openFiles].some((f) => this.rootOf(f) === root)) this.events.analysed?.(a);
    this.events.log(
      `analysed ${root.path}: ${a.findings.length} finding(s) in ${Date.now() - started} ms`,
    );
  }

  /** Open YAML/JSON files in the root that no rule reads still get their parse errors. */
  private async openFileProblems(root: GatherRoot, a: RootAnalysis): Promise<Finding[]> {
    const read = new Set(a.filesRead);
    const out: Finding[] = [];
    for (const file of this.openFiles) {
      if (read.has(file) || this.rootOf(file) !== root || !/\.(ya?ml|json)$/.test(file)) continue;
      const r = await this.cache.get(file);
      const first = r.ok ? r.parsed.problems[0] : undefined;
      const message = r.ok ? (first ? `does not parse: ${first.message}` : undefined) : r.error;
      if (message) {
        out.push(
          invalidFile(
            file,
            first?.span ?? [0, 0],
            `${file.slice(root.path.length + 1)} ${message}`,
          ),
        );
      }
    }
    return applyLevels(out, this.levels);
  }

  private publishRoot(rootPath: string, findings: Finding[]): void {
    const byFile = new Map<string, Finding[]>();
    for (const f of findings)
      byFile.set(f.location.file, [...(byFile.get(f.location.file) ?? []), f]);
    const before = this.published.get(rootPath) ?? new Set<string>();
    for (const file of before) if (!byFile.has(file)) this.events.publish(file, []);
    for (const [file, fs] of byFile) this.events.publish(file, fs);
    this.published.set(rootPath, new Set(byFile.keys()));
  }

  private forget(rootPath: string): void {
    for (const file of this.published.get(rootPath) ?? []) this.events.publish(file, []);
    this.published.delete(rootPath);
    this.analyses.delete(rootPath);
  }
}

/** A must-gather root holds `cluster-scoped-resources/` or `namespaces/`. */
async function isMustGatherRoot(dir: string): Promise<boolean> {
  return Promise.any(
    ['cluster-scoped-resources', 'namespaces'].map(async (d) => {
      if (!(await stat(join(dir, d))).isDirectory()) throw new Error('not a folder');
      return true;
    }),
  ).catch(() => false);
}
