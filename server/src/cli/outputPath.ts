/** Where the CLI may write a report: never inside the path it analysed. */
import { isAbsolute, relative, resolve, sep } from 'node:path';

/** Whether `file` lies inside `dir` (or is it): both resolved; for refusing `--output` there. */
export function isInside(file: string, dir: string): boolean {
  const rel = relative(resolve(dir), resolve(file));
  return rel === '' || (rel !== '..' && !rel.startsWith(`..${sep}`) && !isAbsolute(rel));
}
