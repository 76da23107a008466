/** Builds throwaway folder trees for discovery and index tests. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

export interface TempTree {
  path: string;
  write(rel: string, text?: string): string;
  dir(rel: string): string;
  remove(): void;
}

export function tempTree(): TempTree {
  const path = mkdtempSync(join(tmpdir(), 'mgi-test-'));
  return {
    path,
    write(rel, text = '') {
      const full = join(path, rel);
      mkdirSync(dirname(full), { recursive: true });
      writeFileSync(full, text);
      return full;
    },
    dir(rel) {
      const full = join(path, rel);
      mkdirSync(full, { recursive: true });
      return full;
    },
    remove() {
      rmSync(path, { recursive: true, force: true });
    },
  };
}
