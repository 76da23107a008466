/** Every path below a folder with its mtime: equal before and after proves nothing was written there. */
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

export function listing(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true }).map(
    (e) => `${join(e.parentPath, e.name)} ${statSync(join(e.parentPath, e.name)).mtimeMs}`,
  );
}
