/**
 * Diagnostics remembered between server runs, so that reopening an editor on a must-gather
 * shows them at once while the analysis runs again. One JSON file per root in a storage folder
 * the client gives (never inside a must-gather), holding the diagnostics as published and the
 * size and mtime of every file and folder they came from; any difference and they are ignored.
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import { dirname, join, sep } from 'node:path';
import type { Diagnostic } from 'vscode-languageserver';

/** Bump when the stored shape or the meaning of a diagnostic changes. */
const formatVersion = 1;
const maxStoreBytes = 32 * 1024 * 1024;

/** [path, mtimeMs, size]; folders have size -1 (their mtime changes when entries come or go). */
type Stamp = [string, number, number];

interface Stored {
  format: number;
  key: string;
  root: string;
  stamps: Stamp[];
  diagnostics: [string, Diagnostic[]][];
}

export class RememberedDiagnostics {
  /** @param dir the storage folder; undefined remembers nothing. */
  constructor(private readonly dir: string | undefined) {}

  /**
   * The diagnostics of the last analysis of `root` under the same settings (`key`), if no file
   * or folder they depend on changed since; undefined otherwise.
   */
  async load(root: string, key: string): Promise<Map<string, Diagnostic[]> | undefined> {
    const file = this.fileFor(root);
    if (!file) return undefined;
    try {
      const st = await stat(file);
      if (st.size > maxStoreBytes) return undefined;
      const s = JSON.parse(await readFile(file, 'utf8')) as Stored;
      if (s.format !== formatVersion || s.key !== key || s.root !== root) return undefined;
      if (!Array.isArray(s.stamps) || !Array.isArray(s.diagnostics)) return undefined;
      const same = await Promise.all(s.stamps.map(unchanged));
      if (!same.every(Boolean)) return undefined;
      return new Map(s.diagnostics);
    } catch {
      return undefined; // absent, unreadable or not ours: analyse as if new
    }
  }

  /** Stores what was just published for `root`, read from `files`. */
  async save(
    root: string,
    key: string,
    files: string[],
    diagnostics: Map<string, Diagnostic[]>,
  ): Promise<void> {
    const file = this.fileFor(root);
    // Never write inside a must-gather, even if the storage folder was put there.
    if (!file || file.startsWith(root + sep)) return;
    const stamps = await stampsOf(root, files);
    if (!stamps) return; // a file vanished meanwhile: the next analysis will store
    const stored: Stored = {
      format: formatVersion,
      key,
      root,
      stamps,
      diagnostics: [...diagnostics],
    };
    await mkdir(dirname(file), { recursive: true });
    // Write then rename, so a concurrent reader never sees half a file.
    const tmp = `${file}.${process.pid}.tmp`;
    await writeFile(tmp, JSON.stringify(stored));
    await rename(tmp, file);
  }

  private fileFor(root: string): string | undefined {
    if (!this.dir) return undefined;
    const hash = createHash('sha256').update(root).digest('hex').slice(0, 32);
    return join(this.dir, 'diagnostics', `${hash}.json`);
  }
}

async function stampsOf(root: string, files: string[]): Promise<Stamp[] | undefined> {
  const folders = new Set<string>([root]);
  for (const f of files) {
    for (let d = dirname(f); d.startsWith(root + sep); d = dirname(d)) folders.add(d);
  }
  try {
    const fileStamps = await Promise.all(
      [...new Set(files)].map(async (f): Promise<Stamp> => {
        const st = await stat(f);
        return [f, st.mtimeMs, st.size];
      }),
    );
    const folderStamps = await Promise.all(
      [...folders].map(async (d): Promise<Stamp> => [d, (await stat(d)).mtimeMs, -1]),
    );
    return [...fileStamps, ...folderStamps];
  } catch {
    return undefined;
  }
}

async function unchanged([path, mtimeMs, size]: Stamp): Promise<boolean> {
  try {
    const st = await stat(path);
    return st.mtimeMs === mtimeMs && (size === -1 || st.size === size);
  } catch {
    return false;
  }
}
