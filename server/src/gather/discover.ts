/**
 * Finds must-gather roots below a folder. A root is a folder holding `cluster-scoped-resources/`
 * or `namespaces/` (normally the image-named folder beside `timestamp`), or a CI gather-extra
 * folder of JSON Lists. Only directory listings are read; roots never nest.
 */
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { gatherExtraMarkers } from './resourcePath';

export type RootKind = 'must-gather' | 'gather-extra';

export interface GatherRoot {
  kind: RootKind;
  /** Absolute path of the root folder. */
  path: string;
}

export const maxDiscoveryDepth = 4;

const skipped = new Set(['node_modules', '.git', '.cache', 'dist', 'out']);

export async function discoverRoots(
  folder: string,
  maxDepth = maxDiscoveryDepth,
): Promise<GatherRoot[]> {
  const roots: GatherRoot[] = [];
  await visit(folder, 0, maxDepth, roots);
  return roots.sort((a, b) => a.path.localeCompare(b.path));
}

async function visit(
  dir: string,
  depth: number,
  maxDepth: number,
  out: GatherRoot[],
): Promise<void> {
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch {
    return; // unreadable or vanished: nothing to find here
  }
  const dirs = new Set(entries.filter((e) => e.isDirectory()).map((e) => e.name));
  const files = new Set(entries.filter((e) => e.isFile()).map((e) => e.name));
  if (dirs.has('cluster-scoped-resources') || dirs.has('namespaces')) {
    out.push({ kind: 'must-gather', path: dir });
    return;
  }
  if (gatherExtraMarkers.some((m) => files.has(m))) {
    out.push({ kind: 'gather-extra', path: dir });
    return;
  }
  if (depth >= maxDepth) return;
  // Symbolic links are not followed: a must-gather may point anywhere.
  const subdirs = [...dirs].filter((d) => !skipped.has(d) && !d.startsWith('.')).sort();
  await Promise.all(subdirs.map((d) => visit(join(dir, d), depth + 1, maxDepth, out)));
}
