/**
 * Every file a tool opens resolves inside its must-gather: names are plain names, paths are
 * relative without `..`, and the real path (links resolved) must lie under the gather's own
 * real path. A link out of the gather, an absolute path and `../` are refused, never followed.
 */
import { lstat, realpath, stat } from 'node:fs/promises';
import { isAbsolute, join, relative, resolve, sep } from 'node:path';
import { isInside } from '../core/paths';
import { Refusal } from './refusal';

/**
 * Where a gather's files may be, as real paths: paths are relative to `root`, and reads resolve
 * inside one of `inside`: the gather's folder, or for a hosted cluster of a `hypershift dump` its
 * guest part and its two namespaces of the dump's management part (`placeInRoot`), which hold its
 * HostedCluster, NodePools and Machines; nothing else of the management part (its nodes, other
 * hosted clusters).
 */
export interface Boundary {
  root: string;
  inside: readonly string[];
}

function within(b: Boundary, real: string): boolean {
  return b.inside.some((d) => isInside(real, d));
}

/** One path segment an agent gave (a name, a namespace, a pod): never a path of its own. */
export function plainName(what: string, name: string): string {
  if (name === '' || name === '.' || name === '..' || /[/\\\0]/.test(name))
    throw new Refusal(
      `${what} ${JSON.stringify(name)} is not a plain name: names may not be empty, '.', '..', or hold '/', '\\' or NUL`,
    );
  return name;
}

/**
 * A path relative to a must-gather, as an agent gave it: refused when absolute or with `..`,
 * unless `..` leads into the hosted cluster's own namespaces of its dump (as findings name them).
 */
export function relativePath(rel: string, b?: Boundary): string {
  if (rel.includes('\0')) throw new Refusal('a path may not hold NUL');
  if (isAbsolute(rel) || /^[a-zA-Z]:/.test(rel) || rel.startsWith('\\'))
    throw new Refusal(
      `${JSON.stringify(rel)} is an absolute path: name a file relative to the must-gather (as the findings do)`,
    );
  const parts = rel.split(/[/\\]/);
  // Findings name a hosted cluster's management files from its guest part: `../namespaces/…`.
  const above = b ? b.inside.filter((d) => !isInside(d, b.root)) : [];
  if (parts.includes('..') && b && above.length > 0) {
    const full = resolve(b.root, ...parts);
    const shown = above.map((d) => relative(b.root, d).split(sep).join('/'));
    if (!above.some((d) => isInside(full, d) && full !== d))
      throw new Refusal(
        `${JSON.stringify(rel)} climbs out with '..' to a part of the hypershift dump that is not this hosted cluster's: only its namespaces there are read (${shown.join(', ')})`,
      );
    return relative(b.root, full).split(sep).join('/');
  }
  if (parts.includes('..'))
    throw new Refusal(
      `${JSON.stringify(rel)} climbs out with '..': paths stay inside the must-gather`,
    );
  const kept = parts.filter((p) => p !== '' && p !== '.');
  if (kept.length === 0) throw new Refusal('an empty path names no file');
  return kept.join('/');
}

/**
 * The real path of `path` (absolute, or relative to `boundary.root`), when it lies inside the
 * boundary and is a regular file, or a folder when `folder` is set (`step`: a folder on the way
 * to one, which may hold the boundary's folders). A FIFO or a device is refused too: reading one
 * could block the server.
 */
export async function confined(
  boundary: Boundary,
  path: string,
  shown: string,
  folder = false,
  step = false,
): Promise<string> {
  const full = isAbsolute(path) ? path : join(boundary.root, path);
  let real: string;
  try {
    real = await realpath(full);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    throw new Refusal(
      code === 'ENOENT' || code === 'ENOTDIR'
        ? `${shown}: no such ${folder ? 'folder' : 'file'} in the must-gather`
        : `${shown}: cannot be read (${code ?? String(err)})`,
    );
  }
  // A folder on the way, not a link, may hold the boundary's folders (a dump's `namespaces/`).
  const unlinked = real === resolve(full);
  const onTheWay = step && unlinked && boundary.inside.some((d) => isInside(d, real));
  if (!within(boundary, real) && !onTheWay)
    throw new Refusal(
      isInside(full, boundary.root) && unlinked
        ? `${shown} is in the hypershift dump's management part, not this hosted cluster's: refused, only its own namespaces there are read`
        : `${shown} resolves outside the must-gather (a link out of it): refused, only files inside the must-gather are read`,
    );
  const st = await stat(real);
  if (folder ? !st.isDirectory() : !st.isFile())
    throw new Refusal(`${shown} is not a ${folder ? 'folder' : 'regular file'}: not read`);
  return real;
}

/**
 * A subject, locator or container an agent names (`node/`, `co/machine-config`): never a path,
 * but one with `..`, an absolute path or NUL is refused all the same, as every tool refuses it.
 */
export function subjectFilter(
  what: string,
  s: string,
  how = 'name an object as findings do (co/machine-config, node/<name>)',
): string {
  if (s.includes('\0') || isAbsolute(s) || /^[a-zA-Z]:|^\\/.test(s))
    throw new Refusal(`${what} ${JSON.stringify(s)} is an absolute path: refused, ${how}`);
  if (s.split(/[/\\]/).includes('..'))
    throw new Refusal(`${what} ${JSON.stringify(s)} climbs out with '..': refused, ${how}`);
  return s;
}

/**
 * Every folder on the way to `rel` (relative to the gather at `top`), and `rel` itself, confined
 * as far as they exist: a link out of the gather at any depth is refused and said, never read
 * through nor taken for a missing file. Whether `rel` is there is the answer.
 */
export async function confinedWay(
  top: string,
  boundary: Boundary,
  rel: string,
  folder = false,
): Promise<boolean> {
  const parts = rel.split('/');
  for (let i = 1; i <= parts.length; i++) {
    const prefix = parts.slice(0, i).join('/');
    if (!(await lstat(join(top, prefix)).catch(() => undefined))) return false;
    const last = i === parts.length;
    await confined(boundary, prefix, prefix, !last || folder, !last);
  }
  return true;
}
