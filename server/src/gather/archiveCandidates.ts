/**
 * Archives in a workspace folder that may hold a must-gather: files whose names say archive
 * (`.tar`, `.tar.gz`, `.tgz`, `.tar.xz`, `.txz`, `.zip`), confirmed by their first bytes. Only
 * names are candidates, so a folder of logs is never opened file by file.
 */
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { isExtractable, sniffArchive } from './archive/sniff';

/** How deep a folder is searched: a case folder holds the archive, or one folder down. */
const archiveSearchDepth = 2;

const archiveName = /\.(tar|tar\.gz|tgz|tar\.xz|txz|zip)$/i;

function looksLikeArchiveName(name: string): boolean {
  return archiveName.test(name);
}

/** Candidate archives under `folder`, sorted, skipping folders that cannot be read. */
export async function findArchives(folder: string, depth = archiveSearchDepth): Promise<string[]> {
  const out: string[] = [];
  const walk = async (dir: string, left: number): Promise<void> => {
    const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
    for (const e of entries) {
      if (e.name.startsWith('.') || e.name === 'node_modules') continue;
      const path = join(dir, e.name);
      if (e.isDirectory() && left > 1) await walk(path, left - 1);
      else if (e.isFile() && looksLikeArchiveName(e.name)) {
        const kind = await sniffArchive(path).catch(() => 'other' as const);
        if (isExtractable(kind)) out.push(path);
      }
    }
  };
  await walk(folder, depth);
  return out.sort();
}
