/**
 * The server's model of the workspace: which must-gather roots exist, their latest analysis,
 * and which files carry findings. It knows nothing of the LSP connection; it reports through
 * the callbacks it is given, so it can be driven directly in tests.
 */
import { stat } from 'node:fs/promises';
import { basename, dirname, join, relative, sep } from 'node:path';
import {
  analysisContext,
  analyzeRoot,
  applyLevels,
  archiveOfExtraction,
  discoverRoots,
  logNotes,
  maxDiscoveryDepth,
  openFileProblems,
  ParsedFileCache,
  placeInRoot,
} from '../service';
import type { GatherRoot, ReadPool, RootAnalysis, RuleLevels } from '../service';
import type { Finding } from '../core/finding';
import { pathDisplay } from '../core/paths';
import { defaultLimits } from '../limits';
import type { Limits } from '../limits';
import type { StatusParams } from '../protocol/messages';

export interface WorkspaceEvents {
  /** A root's findings, which replace everything it reported before. */
  results(rootPath: string, findings: Finding[]): void;
  /** A root is gone: whatever it reported is cleared. */
  forgotten(rootPath: string): void;
  log(message: string): void;
  /** Called whenever the set of roots or the totals change. */
  status(status: WorkspaceStatus): void;
  /** The user's rule levels for one root (resource-scoped settings); none: every default. */
  levelsFor?(rootPath: string): Promise<RuleLevels>;
  /** Shows what a previous server remembered for a root not analysed yet (warm start). */
  recall?(root: GatherRoot, levels: RuleLevels): Promise<void>;
  /** How far a reindex is: `done` of `total` roots analysed. */
  progress?(done: number, total: number): void;
  /** An analysis of the files as they are on disk (no open buffer in the root) was reported. */
  analysed?(analysis: RootAnalysis, levels: RuleLevels): void;
}

export type WorkspaceStatus = StatusParams;

export class Workspace {
  readonly cache: ParsedFileCache;
  private limitsNow: Limits = defaultLimits;
  private folders: string[] = [];
  private archiveCache: string | undefined;
  /** The archive each workspace folder is the extraction of ('' for none), read once. */
  private extractionOf = new Map<string, string>();
  private roots = new Map<string, GatherRoot>();
  private analyses = new Map<string, RootAnalysis>();
  private openFiles = new Set<string>();
  /** Roots found by walking up from an opened file rather than by discovery. */
  private foundAbove = new Set<string>();
  /** Roots whose path index must be rebuilt at their next analysis. */
  private staleIndex = new Set<string>();
  private pending = new Map<string, ReturnType<typeof setTimeout>>();
  private running: Promise<void> = Promise.resolve();
  private busy = 0;

  /** @param pool read threads beside the server's (`MUST_GATHER_INSPECTOR_JOBS`); none: one. */
  constructor(
    private readonly events: WorkspaceEvents,
    private readonly debounceMs = 250,
    pool?: ReadPool,
  ) {
    this.cache = new ParsedFileCache(undefined, pool);
  }

  setFolders(folders: string[]): void {
    this.folders = [...folders];
  }

  get folderList(): readonly string[] {
    return this.folders;
  }

  /** Workspace folders added or removed: their roots are found or forgotten, no restart. */
  changeFolders(added: string[], removed: string[]): Promise<void> {
    const gone = new Set(removed);
    this.folders = [...this.folders.filter((f) => !gone.has(f)), ...added];
    return this.reindex(false);
  }

  /**
   * How a person names a root: inside a workspace folder that is an extracted archive, by the
   * archive (`/case/must-gather.tar.gz!/must-gather.local.1/…`), never by the cache's path.
   */
  async placeOf(root: string): Promise<string> {
    for (const folder of this.folders) {
      if (root !== folder && !root.startsWith(folder + sep)) continue;
      let archive = this.extractionOf.get(folder);
      if (archive === undefined) {
        archive = (await archiveOfExtraction(folder)) ?? '';
        this.extractionOf.set(folder, archive);
      }
      if (archive) return pathDisplay(folder, [{ root: folder, label: archive }])(root);
    }
    return root;
  }

  /**
   * A root as a list beside other names shows it (Ctrl+T's container): its place when that is
   * an archive's, else its path from the workspace folder that holds it, starting with the
   * folder's name (`examples/bug-1943289…/must-gather.local.…`), never the whole absolute path.
   */
  async shortPlaceOf(root: string): Promise<string> {
    const place = await this.placeOf(root);
    if (place !== root) return place;
    const folder = this.folders.find((f) => root === f || root.startsWith(f + sep));
    if (folder === undefined) return root;
    return relative(dirname(folder), root).split(sep).join('/') || basename(root);
  }

  /** Folders inside this one are extracted archives: they are searched deeper for roots. */
  setArchiveCache(dir: string): void {
    this.archiveCache = dir;
  }

  /**
   * How deep a folder is searched: an extracted archive adds, per level of nesting, the
   * folders a case or a must-gather archive wraps its tree in (as the CLI does).
   */
  private depthFor(folder: string): number {
    const cache = this.archiveCache;
    if (!cache || !(folder === cache || folder.startsWith(cache + sep))) return maxDiscoveryDepth;
    return maxDiscoveryDepth + 2 * (this.limitsNow.maxArchiveNesting + 1);
  }

  /** The bounds on work per file; the next analysis applies them (files are read again). */
  setLimits(limits: Limits): void {
    this.limitsNow = limits;
  }

  get limits(): Limits {
    return this.limitsNow;
  }

  /**
   * Finds every root in the workspace folders and analyses each.
   * @param fresh read every file again (the user asked); false keeps what was parsed.
   */
  reindex(fresh = true): Promise<void> {
    return this.serialize(async () => {
      if (fresh) this.cache.clear();
      const found = (
        await Promise.all(this.folders.map((f) => discoverRoots(f, this.depthFor(f))))
      ).flat();
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
      await this.analyzeEach([...this.roots.values()]);
    });
  }

  /** Analyses roots one by one, telling how far it is. */
  private async analyzeEach(roots: GatherRoot[]): Promise<void> {
    this.events.progress?.(0, roots.length);
    for (const [i, root] of roots.entries()) {
      await this.analyzeQuietly(root);
      this.events.progress?.(i + 1, roots.length);
    }
  }

  /** Re-analyses every known root (after a settings change). */
  reanalyzeAll(): Promise<void> {
    return this.serialize(() => this.analyzeEach([...this.roots.values()]));
  }

  /** One root that fails (an unreadable folder, …) is logged; the others are still analysed. */
  private async analyzeQuietly(root: GatherRoot): Promise<void> {
    try {
      await this.analyze(root);
    } catch (err) {
      this.events.log(`analysis of ${root.path} failed: ${(err as Error).stack ?? String(err)}`);
    }
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
    let bestAt = -1;
    for (const r of this.roots.values()) {
      const at = placeInRoot(r, file);
      if (at > bestAt) [best, bestAt] = [r, at];
    }
    return best;
  }

  private async reindexQuietly(): Promise<void> {
    try {
      // Files are validated by mtime and size: what was parsed stays valid.
      await this.reindex(false);
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
      if (!this.analyses.has(root.path)) await recall(root, await this.levelsFor(root));
    }
  }

  private async levelsFor(root: GatherRoot): Promise<RuleLevels> {
    return (await this.events.levelsFor?.(root.path)) ?? {};
  }

  private async analyze(root: GatherRoot): Promise<void> {
    if (!this.roots.has(root.path)) return;
    const started = Date.now();
    const prevIndex = this.staleIndex.has(root.path)
      ? undefined
      : this.analyses.get(root.path)?.index;
    this.staleIndex.delete(root.path);
    const levels = await this.levelsFor(root);
    const ctx = analysisContext({ cache: this.cache, limits: this.limitsNow, levels });
    const a = await analyzeRoot(root, ctx, prevIndex);
    if (!prevIndex) logNotes(a.index.notes, (m) => this.events.log(m));
    for (const e of a.internalErrors) this.events.log(e);
    const open = [...this.openFiles].filter((f) => this.rootOf(f) === root);
    const problems = await openFileProblems(root.path, open, a.filesRead, this.cache);
    a.findings.push(...applyLevels(problems, levels));
    this.analyses.set(root.path, a);
    this.events.results(root.path, a.findings);
    if (open.length === 0) this.events.analysed?.(a, levels);
    this.events.log(
      `analysed ${root.path}: ${a.findings.length} finding(s) in ${Date.now() - started} ms`,
    );
  }

  private forget(rootPath: string): void {
    this.events.forgotten(rootPath);
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
