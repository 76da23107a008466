/**
 * Reads and parses must-gather files once per version: a cache keyed by path, mtime and size,
 * with open editor buffers taking precedence over the file on disk. Bounded in entries and in
 * the size of any one file, so a hostile file costs one error, not the process.
 */
import { closeSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { parsedFromOcYaml, parseText } from '../yaml/parse';
import type { ParsedFile, ParseLimits } from '../yaml/parse';
import type { UnreadPointers } from '../yaml/ocYaml';
import { defaultLimits, maxPodListMiB, mib } from '../limits';
import type { Limits } from '../limits';
import { plainText } from '../yaml/parse';
import { cannotRead, fastRead, isFastMode, looksBinary, unreadIn } from './fastRead';
import type { FastMode, FastRead } from './fastRead';
import { readLogTail } from './logTail';
import { openForRead, readOpened } from './openedFile';
import type { OpenedFile } from './openedFile';
import type { ReadPool } from './readPool';

export type ReadResult = { ok: true; parsed: ParsedFile } | { ok: false; error: string };

/**
 * `yaml`: the whole file parsed. `text`: kept as text with line positions. `log`: a pod log,
 * plain or gzipped, its last `maxLogBytes` kept as text (the lines before counted, so positions
 * are the file's own), under its own bound instead of `maxFileBytes`. `head`: a resource up to
 * its top-level `spec:` (what `oc` writes after `metadata`), for rendered MachineConfigs of a MiB
 * whose spec no rule reads; only the first bytes are read. `placement`: a List read for where its
 * items run: each item's `apiVersion`, `kind`, `metadata` less annotations, owners and
 * bookkeeping, and `spec.nodeName`; the rest of its spec and its status are left unread (a pod
 * List of one pod per node is 1 to 2 MiB, and the daemons' placement is all a rule reads of it).
 * `events`: an EventList, each item's bookkeeping (`managedFields`, annotations, labels, owners)
 * and `related` left unread; read only when a hover or a rule asks for a namespace's events.
 * `pods`: a pod List read for whether its pods run: each item's `spec` but `nodeName`, its
 * annotations and `managedFields` left unread (the spec is two thirds of a pod's text), its
 * identity, labels, owners and `status` read.
 */
export type ReadMode = 'yaml' | 'text' | 'log' | 'head' | 'placement' | 'events' | 'pods';

/**
 * Files up to this size are read synchronously: one `read` costs less than the round trip to
 * libuv's pool and back (four of them for open, stat, read, close), which a cold analysis of
 * hundreds of Node files otherwise spends waiting. A pod List of a few MiB reads in a
 * millisecond or two, less than its parse holds this thread anyway.
 */
const syncReadBytes = 4 * 1024 * 1024;

/** How much of a file `head` mode reads before giving up on finding `spec:` and reading all. */
const headBytes = 64 * 1024;

export interface CacheLimits extends ParseLimits {
  maxFileBytes: number;
  /** A pod List read in `pods` mode, at most (`maxFileBytes` when absent). */
  maxPodListBytes?: number;
  maxEntries: number;
  maxLogBytes: number;
  /** Gunzipped bytes per compressed byte a `.log.gz` may reach. */
  maxLogRatio: number;
}

const defaultCacheLimits: CacheLimits = cacheLimitsFrom(defaultLimits);

/** The cache's bounds from the user's limits. */
export function cacheLimitsFrom(l: Limits): CacheLimits {
  return {
    maxAliasCount: l.maxAliasCount,
    maxDocuments: l.maxDocumentsPerFile,
    maxDepth: l.maxNestingDepth,
    maxFileBytes: l.maxFileSizeMiB * mib,
    maxPodListBytes: Math.min(l.maxFileSizeMiB, maxPodListMiB) * mib,
    maxEntries: 5000,
    maxLogBytes: l.maxLogMiB * mib,
    maxLogRatio: l.maxCompressionRatio,
  };
}

interface DiskEntry {
  mtimeMs: number;
  size: number;
  result: ReadResult;
}

interface Overlay {
  version: number;
  result: ReadResult;
}

/** What the first bytes of a file say, for files the analysis owns but does not parse. */
export type ProbeResult = { ok: true; head: string } | { ok: false; error: string };

/** How much a probe reads: enough for `apiVersion`, `kind` and the start of `metadata`. */
const probeBytes = 4096;

export class ParsedFileCache {
  private readonly disk = new Map<string, DiskEntry>();
  private readonly probes = new Map<
    string,
    { mtimeMs: number; size: number; result: ProbeResult }
  >();
  private readonly overlays = new Map<string, Overlay>();
  /** The last read from disk, settled when it is given back (`inOrder`). */
  private lastRead: Promise<void> = Promise.resolve();

  /**
   * @param pool threads that read and parse whole resource files beside this one; without it
   *   every file is read here (the same results, one core).
   */
  constructor(
    private limits: CacheLimits = defaultCacheLimits,
    private readonly pool?: ReadPool,
  ) {}

  /** New bounds apply to every file read from now on: what was read under others is dropped. */
  setLimits(limits: CacheLimits): void {
    if (JSON.stringify(limits) === JSON.stringify(this.limits)) return;
    this.limits = limits;
    this.disk.clear();
  }

  /** An open editor buffer: its text wins over the disk until it is closed. */
  setOverlay(path: string, text: string, version: number): void {
    const cur = this.overlays.get(path);
    if (cur && cur.version === version) return;
    this.overlays.set(path, { version, result: this.parse(text) });
  }

  clearOverlay(path: string): void {
    this.overlays.delete(path);
  }

  invalidate(path: string): void {
    for (const mode of ['yaml', 'text', 'log', 'head', 'placement', 'events', 'pods'] as const) {
      this.disk.delete(keyOf(path, mode));
    }
    this.probes.delete(path);
  }

  clear(): void {
    this.disk.clear();
    this.probes.clear();
  }

  /**
   * A cheap look at a file nobody asked to parse: its first bytes, or why they cannot be read
   * (empty, binary, too large). Cached by mtime and size like parses.
   */
  async probe(path: string): Promise<ProbeResult> {
    const overlay = this.overlays.get(path);
    if (overlay) {
      return overlay.result.ok
        ? { ok: true, head: overlay.result.parsed.text.slice(0, probeBytes) }
        : { ok: false, error: overlay.result.error };
    }
    let st: OpenedFile;
    try {
      // Synchronous, like the reads below: a probe is a few small calls, each cheaper than a
      // round trip to libuv's pool (a must-gather has dozens of rendered configs to probe).
      st = openForRead(path);
    } catch (err) {
      return notOpened(err);
    }
    let result: ProbeResult;
    try {
      const known = this.probes.get(path);
      if (known && known.mtimeMs === st.mtimeMs && known.size === st.size) return known.result;
      if (!st.isFile) result = { ok: false, error: 'not a regular file' };
      else if (st.size === 0) result = { ok: false, error: 'is empty' };
      else if (st.size > this.limits.maxFileBytes) {
        result = {
          ok: false,
          error: `file is ${mibText(st.size)} MiB, over the ${mibText(this.limits.maxFileBytes)} MiB parse limit (mustGatherInspector.limits.maxFileSizeMiB)`,
        };
      } else {
        try {
          const bytes = readOpened(st.fd, Math.min(probeBytes, st.size));
          result = looksBinary(bytes)
            ? { ok: false, error: 'file is binary, not YAML or JSON' }
            : { ok: true, head: bytes.toString('utf8') };
        } catch (err) {
          result = cannotRead(err);
        }
      }
    } finally {
      closeSync(st.fd);
    }
    this.probes.set(path, { mtimeMs: st.mtimeMs, size: st.size, result });
    if (this.probes.size > this.limits.maxEntries) {
      const oldest = this.probes.keys().next().value;
      if (oldest !== undefined) this.probes.delete(oldest);
    }
    return result;
  }

  /** The last result for a path without touching the disk (used to place findings). */
  peek(path: string): ParsedFile | undefined {
    const r =
      this.overlays.get(path)?.result ??
      this.disk.get(keyOf(path, 'yaml'))?.result ??
      this.disk.get(keyOf(path, 'head'))?.result ??
      this.disk.get(keyOf(path, 'pods'))?.result ??
      this.disk.get(keyOf(path, 'placement'))?.result ??
      this.disk.get(keyOf(path, 'events'))?.result ??
      this.disk.get(keyOf(path, 'text'))?.result ??
      this.disk.get(keyOf(path, 'log'))?.result;
    return r?.ok ? r.parsed : undefined;
  }

  /**
   * The parsed file. `text` mode (pod logs) keeps only the text and its line starts, so that
   * findings in logs get positions the same way as findings in YAML.
   */
  async get(path: string, mode: ReadMode = 'yaml'): Promise<ReadResult> {
    const overlay = this.overlays.get(path);
    if (overlay) return overlay.result;
    let st: OpenedFile;
    try {
      // Synchronous like the small reads below: an open and an fstat, each one cheap call.
      st = openForRead(path);
    } catch (err) {
      return notOpened(err);
    }
    const key = keyOf(path, mode);
    let read: Promise<ReadResult>;
    try {
      if (!st.isFile) return { ok: false, error: 'not a regular file' };
      const cached = this.disk.get(key);
      if (cached && cached.mtimeMs === st.mtimeMs && cached.size === st.size) {
        // Refresh recency so the bound evicts the least recently used entries.
        this.disk.delete(key);
        this.disk.set(key, cached);
        return cached.result;
      }
      // Given back in the order asked, whichever read ends first (`inOrder`).
      read = this.inOrder(this.readDisk(path, mode, st));
    } finally {
      // `readDisk` reads the open file, if at all, before it first awaits.
      closeSync(st.fd);
    }
    const result = await read;
    this.disk.set(key, { mtimeMs: st.mtimeMs, size: st.size, result });
    while (this.disk.size > this.limits.maxEntries) {
      const oldest = this.disk.keys().next().value;
      if (oldest === undefined) break;
      this.disk.delete(oldest);
    }
    return result;
  }

  /**
   * One file read from disk in `mode` (the cache's bounds checked first) and parsed. A small
   * file is read from `opened` at once, before any await (its caller closes it then); the rest
   * by path.
   */
  private async readDisk(path: string, mode: ReadMode, opened: OpenedFile): Promise<ReadResult> {
    const size = opened.size;
    if (mode === 'log') {
      const r = await readLogTail(path, {
        maxBytes: this.limits.maxLogBytes,
        maxRatio: this.limits.maxLogRatio,
      });
      return r.ok
        ? { ok: true, parsed: plainText(r.log.text, r.log.skippedLines) }
        : { ok: false, error: r.error };
    } else if (size > this.limits.maxFileBytes) {
      return {
        ok: false,
        error: `file is ${mibText(size)} MiB, over the ${mibText(this.limits.maxFileBytes)} MiB parse limit (mustGatherInspector.limits.maxFileSizeMiB)`,
      };
    } else if (mode === 'pods' && size > (this.limits.maxPodListBytes ?? Infinity)) {
      return {
        ok: false,
        error: `file is ${mibText(size)} MiB, over the ${mibText(this.limits.maxPodListBytes ?? 0)} MiB read of a namespace's pods; its pods are not judged`,
      };
    } else if (this.pool && isFastMode(mode)) {
      // Read and parsed on another thread while this one goes on; finished here like any read.
      return this.fromFast(await this.pool.read(path, mode), mode);
    } else {
      try {
        const bytes =
          mode === 'head'
            ? await readHead(path, opened)
            : size <= syncReadBytes
              ? readOpened(opened.fd, size)
              : await readFile(path);
        // A head is a resource's first lines: read like the whole resource.
        const fast = mode === 'head' ? 'yaml' : mode;
        return fast === 'text' ? textOf(bytes) : this.fromFast(fastRead(bytes, fast), fast);
      } catch (err) {
        return cannotRead(err);
      }
    }
  }

  private parse(text: string, skip?: UnreadPointers): ReadResult {
    return { ok: true, parsed: parseText(text, this.limits, true, skip) };
  }

  /**
   * A read given back in the order the reads were asked for, whether it was read at once, from
   * disk later, or on another thread: what the loaders collect (files read, problems) comes out
   * in the same order however the reads finish.
   */
  private inOrder<T>(read: Promise<T>): Promise<T> {
    const before = this.lastRead;
    const after = read.then(async (r) => {
      await before;
      return r;
    });
    this.lastRead = after.then(
      () => undefined,
      () => undefined,
    );
    return after;
  }

  /**
   * A parsed file from what a read gave, the same whichever thread read it: the fast reader's
   * value with positions on demand, else the text parsed here by `parseText`.
   */
  private fromFast(r: FastRead, mode: FastMode): ReadResult {
    if (!r.ok) return r;
    const skip = unreadIn(mode, r.fast?.quietPods);
    const parsed = r.fast && parsedFromOcYaml(r.text, r.fast, this.limits, skip);
    // Else the full parser (JSON, or YAML the fast reader leaves): it reads every block.
    const result: ReadResult = parsed ? { ok: true, parsed } : this.parse(r.text, skip);
    return r.utf8 ? result : withEncodingProblem(r.text, result);
  }
}

/** Why a file could not be opened: a folder (which Windows will not open) is no regular file. */
function notOpened(err: unknown): { ok: false; error: string } {
  return (err as NodeJS.ErrnoException).code === 'EISDIR'
    ? { ok: false, error: 'not a regular file' }
    : cannotRead(err);
}

/** A pod log or other text kept as text, with line positions. */
function textOf(bytes: Buffer): ReadResult {
  if (looksBinary(bytes)) return { ok: false, error: 'file is binary, not text' };
  return { ok: true, parsed: plainText(bytes.toString('utf8')) };
}

/**
 * Bytes that are not UTF-8 are read as U+FFFD, and the file still counts; a problem says so
 * (as one `yaml-invalid` finding), since names and messages in it may be wrong.
 */
function withEncodingProblem(text: string, r: ReadResult): ReadResult {
  if (!r.ok) return r;
  const at = text.indexOf('\ufffd');
  const line = at < 0 ? 1 : text.slice(0, at).split('\n').length;
  const problem = {
    message: `is not UTF-8 (line ${line} first); invalid bytes were read as U+FFFD`,
    span: [0, 0] as [number, number],
  };
  return { ok: true, parsed: { ...r.parsed, problems: [problem, ...r.parsed.problems] } };
}

function keyOf(path: string, mode: ReadMode): string {
  return mode === 'yaml' ? path : `${mode}\u0000${path}`;
}

/**
 * A YAML resource's bytes before its top-level `spec:` line, read from the file's first bytes
 * when they hold it; JSON, and YAML without `spec:` there, are read whole.
 */
async function readHead(path: string, opened: OpenedFile): Promise<Buffer> {
  // The open file is read before the first await (the caller closes it then).
  if (opened.size > headBytes) {
    const start = readOpened(opened.fd, headBytes);
    const head = headOf(start);
    if (head.length < start.length) return head;
  }
  return headOf(
    opened.size <= syncReadBytes ? readOpened(opened.fd, opened.size) : await readFile(path),
  );
}

/** Cut before the top-level `spec:` line (never inside a character: `\n` is one byte). */
function headOf(bytes: Buffer): Buffer {
  const first = bytes.find((b) => b !== 0x20 && b !== 0x0a && b !== 0x09 && b !== 0x0d);
  if (first === 0x7b || first === 0x5b) return bytes; // JSON
  const at = bytes.indexOf('\nspec:');
  return at === -1 ? bytes : bytes.subarray(0, at + 1);
}

function mibText(n: number): string {
  return (n / mib).toFixed(1);
}
