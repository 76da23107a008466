/**
 * Reads and parses must-gather files once per version: a cache keyed by path, mtime and size,
 * with open editor buffers taking precedence over the file on disk. Bounded in entries and in
 * the size of any one file, so a hostile file costs one error, not the process.
 */
import { readFile, stat } from 'node:fs/promises';
import { parseText } from '../yaml/parse';
import type { ParsedFile, ParseLimits } from '../yaml/parse';
import { defaultParseLimits, plainText } from '../yaml/parse';

export type ReadResult = { ok: true; parsed: ParsedFile } | { ok: false; error: string };

export interface CacheLimits extends ParseLimits {
  maxFileBytes: number;
  maxEntries: number;
}

export const defaultCacheLimits: CacheLimits = {
  ...defaultParseLimits,
  maxFileBytes: 64 * 1024 * 1024,
  maxEntries: 5000,
};

interface DiskEntry {
  mtimeMs: number;
  size: number;
  result: ReadResult;
}

interface Overlay {
  version: number;
  result: ReadResult;
}

export class ParsedFileCache {
  private readonly disk = new Map<string, DiskEntry>();
  private readonly overlays = new Map<string, Overlay>();

  constructor(private readonly limits: CacheLimits = defaultCacheLimits) {}

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
    this.disk.delete(path);
  }

  clear(): void {
    this.disk.clear();
  }

  /** The last result for a path without touching the disk (used to place findings). */
  peek(path: string): ParsedFile | undefined {
    const r = this.overlays.get(path)?.result ?? this.disk.get(path)?.result;
    return r?.ok ? r.parsed : undefined;
  }

  /**
   * The parsed file. `text` mode (pod logs) keeps only the text and its line starts, so that
   * findings in logs get positions the same way as findings in YAML.
   */
  async get(path: string, mode: 'yaml' | 'text' = 'yaml'): Promise<ReadResult> {
    const overlay = this.overlays.get(path);
    if (overlay) return overlay.result;
    let st;
    try {
      st = await stat(path);
    } catch (err) {
      return {
        ok: false,
        error: `cannot read: ${(err as NodeJS.ErrnoException).code ?? String(err)}`,
      };
    }
    if (!st.isFile()) return { ok: false, error: 'not a regular file' };
    const cached = this.disk.get(path);
    if (cached && cached.mtimeMs === st.mtimeMs && cached.size === st.size) {
      // Refresh recency so the bound evicts the least recently used entries.
      this.disk.delete(path);
      this.disk.set(path, cached);
      return cached.result;
    }
    let result: ReadResult;
    if (st.size > this.limits.maxFileBytes) {
      result = {
        ok: false,
        error: `file is ${mib(st.size)} MiB, over the ${mib(this.limits.maxFileBytes)} MiB parse limit`,
      };
    } else {
      try {
        const bytes = await readFile(path);
        result = looksBinary(bytes)
          ? { ok: false, error: `file is binary, not ${mode === 'yaml' ? 'YAML or JSON' : 'text'}` }
          : mode === 'yaml'
            ? this.parse(bytes.toString('utf8'))
            : { ok: true, parsed: plainText(bytes.toString('utf8')) };
      } catch (err) {
        result = {
          ok: false,
          error: `cannot read: ${(err as NodeJS.ErrnoException).code ?? String(err)}`,
        };
      }
    }
    this.disk.set(path, { mtimeMs: st.mtimeMs, size: st.size, result });
    while (this.disk.size > this.limits.maxEntries) {
      const oldest = this.disk.keys().next().value;
      if (oldest === undefined) break;
      this.disk.delete(oldest);
    }
    return result;
  }

  private parse(text: string): ReadResult {
    return { ok: true, parsed: parseText(text, this.limits) };
  }
}

function mib(n: number): string {
  return (n / 1024 / 1024).toFixed(1);
}

function looksBinary(bytes: Buffer): boolean {
  return bytes.subarray(0, 8192).includes(0);
}
