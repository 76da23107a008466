/**
 * A `<path>` argument made into must-gather roots: a folder as it is, an archive from its
 * extraction in the cache (named by its paths inside), then discovery. Every problem is one
 * line for the terminal, and the caller exits 2.
 */
import { stat } from 'node:fs/promises';
import { basename, dirname, resolve } from 'node:path';
import { pathDisplay } from '../core/paths';
import type { PathDisplay } from '../core/paths';
import { archiveBoundsFrom, discoverGathers, maxDiscoveryDepth, openArchive } from '../service';
import type { GatherRoot } from '../service';
import type { Limits } from '../limits';
import { terminalProgress } from './progress';

export interface OpenedGathers {
  /** The path as given, resolved. */
  given: string;
  /** Whether it was an archive (extracted into the cache). */
  archive: boolean;
  /** Names files relative to the path given (`<archive>!/…` inside an archive). */
  display: PathDisplay;
  roots: GatherRoot[];
}

export async function openGathers(
  path: string,
  limits: Limits,
  cacheDir: string,
  tell: (line: string) => void,
): Promise<OpenedGathers | undefined> {
  const given = resolve(path);
  const st = await stat(given).catch(() => undefined);
  if (!st) {
    tell(`${path} does not exist`);
    return undefined;
  }
  let base = given;
  let display: PathDisplay = pathDisplay(given);
  if (st.isFile()) {
    // An archive: analysed from its extraction in the cache, named by its paths inside.
    const progress = terminalProgress(`extracting ${basename(given)}`);
    try {
      base = await openArchive(
        given,
        cacheDir,
        archiveBoundsFrom(limits),
        limits.archiveCacheGiB * 1024 ** 3,
        (m) => {
          progress.done();
          tell(m);
        },
        { progress: (done, total) => progress.update(done, total) },
      );
    } catch (err) {
      progress.done();
      tell(`${path}: ${(err as Error).message}`);
      return undefined;
    }
    progress.done();
    display = pathDisplay(dirname(given), [{ root: base, label: basename(given) }]);
  } else if (!st.isDirectory()) {
    tell(`${path} is neither a folder nor an archive`);
    return undefined;
  }
  // Each archive level adds the folders a case or a must-gather archive wraps its tree in.
  const depth =
    base === given ? maxDiscoveryDepth : maxDiscoveryDepth + 2 * (limits.maxArchiveNesting + 1);
  const found = await discoverGathers(base, depth);
  // The top of an archive's extraction is named by the archive (an Insights archive's name
  // holds its gather time).
  const roots = found.roots.map((r) =>
    r.path === base && base !== given ? { ...r, archiveName: basename(given) } : r,
  );
  if (roots.length === 0) {
    if (found.failedImages.length > 0) {
      const named = found.failedImages.map(
        (f) =>
          `${display(f.path) === '.' ? basename(f.path) : display(f.path)} (${f.image ?? 'an image not known from its name'})`,
      );
      tell(
        `no must-gather found in ${path}: the image folder${named.length > 1 ? 's' : ''} ${named.join(', ')} hold${named.length > 1 ? '' : 's'} nothing but the gather's own logs, so the gather image failed (its gather.logs, and must-gather.logs beside it, may say why)`,
      );
      return undefined;
    }
    tell(
      `no must-gather found in ${path} (looked ${depth} levels deep for cluster-scoped-resources/, namespaces/, gather-extra JSON Lists or an Insights archive's config/)`,
    );
    return undefined;
  }
  return { given, archive: st.isFile(), display, roots };
}
