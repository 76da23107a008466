/** Shared by the archive tests: a temporary area per archive, extraction, and the tree it left. */
import {
  chmodSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after } from 'node:test';
import { DEFAULT_ARCHIVE_BOUNDS, extractArchive } from '../../server/src/gather/archive/extract';
import type { ArchiveBounds, ExtractResult } from '../../server/src/gather/archive/extract';

const roots: string[] = [];
after(() => {
  for (const r of roots) {
    makeWritable(r);
    rmSync(r, { recursive: true, force: true });
  }
});

/** Extractions are read-only: make a tree writable again so it can be removed. */
export function makeWritable(path: string): void {
  if (!existsSync(path)) return;
  if (lstatSync(path).isDirectory()) {
    chmodSync(path, 0o755);
    for (const n of readdirSync(path)) makeWritable(join(path, n));
  }
}

/** A fresh root holding `in/<name>` (the archive) and an empty `out/`, removed after the file. */
export function setup(name: string, data: Buffer): { root: string; archive: string; out: string } {
  const root = mkdtempSync(join(tmpdir(), 'mgi-archive-'));
  roots.push(root);
  mkdirSync(join(root, 'in'));
  mkdirSync(join(root, 'out'));
  const archive = join(root, 'in', name);
  writeFileSync(archive, data);
  return { root, archive, out: join(root, 'out') };
}

/** Extracts with the default bounds, overridden as given; `heard` is every note. */
export async function run(
  archive: string,
  out: string,
  bounds: Partial<ArchiveBounds> = {},
): Promise<ExtractResult & { heard: string[] }> {
  const heard: string[] = [];
  const r = await extractArchive(archive, out, { ...DEFAULT_ARCHIVE_BOUNDS, ...bounds }, (m) =>
    heard.push(m),
  );
  return { ...r, heard };
}

/** Every path under a folder, relative, sorted; directories end with `/`. */
export function tree(root: string, rel = ''): string[] {
  const out: string[] = [];
  for (const n of readdirSync(join(root, rel)).sort()) {
    const r = rel ? `${rel}/${n}` : n;
    if (lstatSync(join(root, r)).isDirectory()) out.push(`${r}/`, ...tree(root, r));
    else out.push(r);
  }
  return out;
}
