/**
 * The extension's README as installed. `vsce package` stores it as `readme.md` (lower case), so
 * an installed copy has no `README.md` on a case-sensitive file system; a development copy has
 * `README.md`. No VS Code here, tested in plain node.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

export function readmeIn(extensionDir: string): string | undefined {
  let names: string[];
  try {
    names = readdirSync(extensionDir);
  } catch {
    return undefined;
  }
  // The exact name first, when both spellings exist (a case-sensitive development folder).
  const name = names.includes('README.md')
    ? 'README.md'
    : names.find((n) => n.toLowerCase() === 'readme.md');
  return name === undefined ? undefined : join(extensionDir, name);
}
