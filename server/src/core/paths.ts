/**
 * How front ends name a file: relative to the analysed path, `/`-separated; a file extracted
 * from an archive by its path inside the archive, `!/` between nesting levels
 * (`case.tar!/must-gather.tar.gz!/must-gather.local.1/…`).
 */
import { isAbsolute, relative, resolve, sep } from 'node:path';

export type PathDisplay = (absolute: string) => string;

export interface ExtractedArchive {
  /** Where the archive's tree was extracted. */
  root: string;
  /** The archive as the user named it, relative to the analysed path's folder. */
  label: string;
}

export function pathDisplay(base: string, archives: ExtractedArchive[] = []): PathDisplay {
  const slash = (p: string) => p.split(sep).join('/');
  // Many findings name the same files, and `relative` resolves both paths each time.
  const named = new Map<string, string>();
  return (p) => {
    for (const a of archives) {
      if (p === a.root) return `${a.label}!`;
      if (p.startsWith(a.root + sep)) return `${a.label}!/${slash(p.slice(a.root.length + 1))}`;
    }
    let name = named.get(p);
    if (name === undefined) {
      name = slash(relative(base, p)) || '.';
      if (named.size < 10_000) named.set(p, name);
    }
    return name;
  };
}

/** A file named relative to the must-gather it lies in, when it does (the lines above name it). */
export function inRoot(root: string, file: string): string {
  return file.startsWith(root) && /^[\\/]/.test(file.slice(root.length))
    ? file.slice(root.length + 1)
    : file;
}

/** Whether `file` lies inside `dir` (or is it), both resolved: where nothing may be written. */
export function isInside(file: string, dir: string): boolean {
  const rel = relative(resolve(dir), resolve(file));
  return rel === '' || (rel !== '..' && !rel.startsWith(`..${sep}`) && !isAbsolute(rel));
}
