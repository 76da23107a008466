/**
 * The path index of one must-gather root: every resource and List file by group and plural,
 * and the log paths the analysis reads, built from directory listings only. Nothing here opens
 * a file except the tiny `timestamp`.
 */
import { readdir, readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { GatherRoot } from './discover';
import { layoutOfKind } from './layout';
import type { GatherLayout } from './layout';
import { classifyGatherExtraPath, classifyMustGatherPath } from './resourcePath';
import type { PathKind, ResourcePath } from './resourcePath';
import { parseTimestampFile } from './timestamp';

export interface IndexedFile {
  /** Absolute path. */
  path: string;
  /** Path relative to the root, `/`-separated. */
  rel: string;
  resource: ResourcePath;
  list: boolean;
}

export interface GatherIndex {
  root: GatherRoot;
  files: IndexedFile[];
  logs: string[];
  /** Start of the gather, from the root's `timestamp` file. */
  gatherTime?: Date;
  /** What the index left out and why, one line each, for the log (files nobody opened). */
  notes: string[];
  /** How the root was gathered, for the first look. */
  layout: GatherLayout;
}

export async function buildIndex(root: GatherRoot): Promise<GatherIndex> {
  const files: IndexedFile[] = [];
  const logs: string[] = [];
  const classify = root.kind === 'must-gather' ? classifyMustGatherPath : classifyGatherExtraPath;
  const notes: string[] = [];
  await walk(root.path, '', wanted, notes, (rel) => {
    const k: PathKind = classify(rel);
    if (k.kind === 'log') logs.push(join(root.path, rel));
    else if (k.kind === 'resource' || k.kind === 'list') {
      files.push({
        path: join(root.path, rel),
        rel,
        resource: k.resource,
        list: k.kind === 'list',
      });
    }
  });
  // Code-unit order: stable across locales, and far cheaper than localeCompare on 40k paths.
  files.sort((a, b) => (a.rel < b.rel ? -1 : a.rel > b.rel ? 1 : 0));
  const gatherTime = await readGatherTime(root.path);
  if (!gatherTime) {
    notes.push(
      `${root.path}: no readable timestamp file in it or its parent; ages from the gather time are not shown`,
    );
  }
  notes.sort();
  const layout = layoutOfKind(root.kind);
  return gatherTime
    ? { root, files, logs, gatherTime, notes, layout }
    : { root, files, logs, notes, layout };
}

export function filesOf(index: GatherIndex, group: string, plural: string): IndexedFile[] {
  return index.files.filter((f) => f.resource.group === group && f.resource.plural === plural);
}

/**
 * Namespaces whose pod folders are listed: those whose logs a rule reads (the CVO's). Pod
 * folders are most of a must-gather's directories (one per pod, two per container, one for
 * logs; 250 machine-config-daemon pods alone make 1,750), so a rule that reads another
 * namespace's logs adds it here.
 */
export const podLogNamespaces: ReadonlySet<string> = new Set(['openshift-cluster-version']);

const resourceName = /\.(ya?ml|json)$/;

/** Whether the walk enters a folder: everything but pod folders of other namespaces. */
function wanted(rel: string): boolean {
  const m = /^namespaces\/([^/]+)\/pods$/.exec(rel);
  return !m || podLogNamespaces.has(m[1] as string);
}

async function walk(
  dir: string,
  rel: string,
  enter: (rel: string) => boolean,
  notes: string[],
  visit: (rel: string) => void,
): Promise<void> {
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code ?? String(err);
    notes.push(`${rel || '.'}: folder not read (${code})`);
    return;
  }
  const subdirs: Promise<void>[] = [];
  for (const e of entries) {
    const childRel = rel === '' ? e.name : `${rel}/${e.name}`;
    // Symbolic links are neither followed nor read.
    if (e.isDirectory()) {
      if (resourceName.test(e.name)) notes.push(`${childRel}: a folder where a file was expected`);
      if (enter(childRel)) subdirs.push(walk(join(dir, e.name), childRel, enter, notes, visit));
    } else if (e.isFile()) {
      visit(childRel);
    } else if (e.isSymbolicLink()) {
      notes.push(`${childRel}: symbolic link not followed`);
    } else if (resourceName.test(e.name)) {
      notes.push(`${childRel}: not a regular file, not read`);
    }
  }
  await Promise.all(subdirs);
}

/** `oc adm inspect` writes `timestamp` in the image folder; `oc adm must-gather` one level up. */
async function readGatherTime(rootPath: string): Promise<Date | undefined> {
  for (const dir of [rootPath, dirname(rootPath)]) {
    try {
      const text = await readFile(join(dir, 'timestamp'), 'utf8');
      const t = parseTimestampFile(text.slice(0, 4096));
      if (t) return t;
    } catch {
      // absent here: try the parent
    }
  }
  return undefined;
}
