/**
 * Finds must-gather roots below a folder. A root is a folder holding `cluster-scoped-resources/`
 * or `namespaces/` (normally the image-named folder beside `timestamp`), a CI gather-extra
 * folder of JSON Lists, or an Insights Operator archive's tree (`config/version.json` or
 * `config/clusteroperator/`). Only directory listings are read; roots never nest. Image folders
 * a gather left holding nothing the analysis reads are reported too: their image failed.
 */
import { readdir } from 'node:fs/promises';
import { basename, join } from 'node:path';
import {
  holdsOnlyBookkeeping,
  imageOfFolder,
  isDestinationListing,
  isImageFolderName,
  isInspectDestination,
} from './gatherNames';
import { gatherExtraMarkers } from './resourcePath';

export type RootKind = 'must-gather' | 'gather-extra' | 'insights';

export interface GatherRoot {
  kind: RootKind;
  /** Absolute path of the root folder. */
  path: string;
  /**
   * The archive's file name when the root is the top of an archive's extraction (whose folder
   * name says nothing): an Insights archive's name holds its gather time.
   */
  archiveName?: string;
}

/** An image folder holding nothing the analysis reads: that gather image failed. */
export interface FailedImageFolder {
  /** Absolute path of the folder. */
  path: string;
  /** The image it stands for, read from its name (best effort), when it has an image's name. */
  image?: string;
}

export interface Discovery {
  roots: GatherRoot[];
  failedImages: FailedImageFolder[];
}

export const maxDiscoveryDepth = 4;

const skipped = new Set(['node_modules', '.git', '.cache', 'dist', 'out']);

export async function discoverRoots(
  folder: string,
  maxDepth = maxDiscoveryDepth,
): Promise<GatherRoot[]> {
  return (await discoverGathers(folder, maxDepth)).roots;
}

/** The roots below a folder, and the failed image folders beside (or instead of) them. */
export async function discoverGathers(
  folder: string,
  maxDepth = maxDiscoveryDepth,
): Promise<Discovery> {
  const out: Discovery = { roots: [], failedImages: [] };
  await visit(folder, 0, maxDepth, false, out);
  out.roots.sort((a, b) => a.path.localeCompare(b.path));
  out.failedImages.sort((a, b) => a.path.localeCompare(b.path));
  return out;
}

async function visit(
  dir: string,
  depth: number,
  maxDepth: number,
  inDestination: boolean,
  out: Discovery,
): Promise<void> {
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch {
    return; // unreadable or vanished: nothing to find here
  }
  const dirs = new Set(entries.filter((e) => e.isDirectory()).map((e) => e.name));
  const files = new Set(entries.filter((e) => e.isFile()).map((e) => e.name));
  // Insights archives hold cluster-scoped-resources/ and namespaces/ of their own: first.
  if (dirs.has('config') && (await isInsightsConfig(join(dir, 'config')))) {
    out.roots.push({ kind: 'insights', path: dir });
    return;
  }
  if (dirs.has('cluster-scoped-resources') || dirs.has('namespaces')) {
    out.roots.push({ kind: 'must-gather', path: dir });
    return;
  }
  if (gatherExtraMarkers.some((m) => files.has(m))) {
    out.roots.push({ kind: 'gather-extra', path: dir });
    return;
  }
  const name = basename(dir);
  if (
    holdsOnlyBookkeeping(entries) &&
    !isInspectDestination(name) &&
    (isImageFolderName(name) || (depth > 0 && inDestination))
  ) {
    const image = imageOfFolder(name);
    out.failedImages.push(image ? { path: dir, image } : { path: dir });
    return;
  }
  if (depth >= maxDepth) return;
  const destination = isDestinationListing(name, files);
  // Symbolic links are not followed: a must-gather may point anywhere.
  const subdirs = [...dirs].filter((d) => !skipped.has(d) && !d.startsWith('.')).sort();
  await Promise.all(subdirs.map((d) => visit(join(dir, d), depth + 1, maxDepth, destination, out)));
}

/** `config/` of an Insights archive: `version.json` (the ClusterVersion) or `clusteroperator/`. */
async function isInsightsConfig(config: string): Promise<boolean> {
  try {
    const entries = await readdir(config, { withFileTypes: true });
    return entries.some(
      (e) =>
        (e.isFile() && e.name === 'version.json') ||
        (e.isDirectory() && e.name === 'clusteroperator'),
    );
  } catch {
    return false;
  }
}
