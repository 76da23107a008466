/**
 * The must-gathers under the roots the server was given: a folder is searched as the CLI
 * searches it; an archive is opened through the archive cache (extracted once, outside the
 * archive's folder). Each gather gets the id tools name it by, and the real path every read of
 * it must stay inside.
 */
import { stat } from 'node:fs/promises';
import { basename, dirname, resolve } from 'node:path';
import { pathDisplay } from '../core/paths';
import type { PathDisplay } from '../core/paths';
import { archiveBoundsFrom, discoverGathers, maxDiscoveryDepth, openArchive } from '../service';
import type { GatherRoot } from '../service';
import type { Limits } from '../limits';
import { boundaryOf } from './boundary';
import type { Boundary } from './confine';

export interface Gather {
  /**
   * How tools name it: the root's name, then the gather's path below it (`case.tar.gz!/…`
   * inside an archive), as the CLI names roots.
   */
  id: string;
  root: GatherRoot;
  /** Where every file a tool opens must resolve (the gather's real path, and a hosted cluster's namespaces of its dump). */
  boundary: Boundary;
}

export interface Opened {
  gathers: Gather[];
  /** What could not be opened or held no must-gather, one sentence each. */
  notes: string[];
}

export interface OpenOptions {
  cacheDir: string;
  limits: Limits;
  /** Messages for the server's log (stderr), never the agent's answer. */
  log: (m: string) => void;
}

export async function openRoots(paths: readonly string[], o: OpenOptions): Promise<Opened> {
  const gathers: Gather[] = [];
  const notes: string[] = [];
  for (const given of paths.map((p) => resolve(p))) {
    try {
      const found = await openOne(given, o, notes);
      if (found.length === 0) notes.push(`${given}: no must-gather found in it`);
      gathers.push(...found);
    } catch (err) {
      notes.push(`${given}: ${(err as Error).message}`);
    }
  }
  // Two roots of one name (two cases' `must-gather.local.1`) stay apart.
  const seen = new Map<string, number>();
  for (const g of gathers) {
    const n = (seen.get(g.id) ?? 0) + 1;
    seen.set(g.id, n);
    if (n > 1) g.id = `${g.id}#${n}`;
  }
  return { gathers, notes };
}

async function openOne(given: string, o: OpenOptions, notes: string[]): Promise<Gather[]> {
  const st = await stat(given).catch(() => undefined);
  if (!st) throw new Error('does not exist');
  let base = given;
  let display: PathDisplay = pathDisplay(dirname(given));
  if (st.isFile()) {
    base = await openArchive(
      given,
      o.cacheDir,
      archiveBoundsFrom(o.limits),
      o.limits.archiveCacheGiB * 1024 ** 3,
      o.log,
    );
    display = pathDisplay(dirname(given), [{ root: base, label: basename(given) }]);
  } else if (!st.isDirectory()) throw new Error('is neither a folder nor an archive');
  // Each archive level adds the folders a case or a must-gather archive wraps its tree in.
  const depth =
    base === given ? maxDiscoveryDepth : maxDiscoveryDepth + 2 * (o.limits.maxArchiveNesting + 1);
  const found = await discoverGathers(base, depth);
  for (const f of found.failedImages)
    notes.push(
      `${display(f.path)}: holds nothing but the gather's own logs, so the gather image${f.image ? ` ${f.image}` : ''} failed`,
    );
  return Promise.all(
    found.roots.map(async (r) => ({
      id: display(r.path),
      // The top of an archive's extraction is named by the archive (an Insights archive's name
      // holds its gather time).
      root: r.path === base && base !== given ? { ...r, archiveName: basename(given) } : r,
      boundary: await boundaryOf(r),
    })),
  );
}
