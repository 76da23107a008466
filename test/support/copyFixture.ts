/** A writable temporary copy of a fixture, for tests that edit files on disk. */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';

export function copyFixture(scenario: string): { path: string; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'mgi-copy-'));
  const path = join(dir, basename(scenario));
  cpSync(scenario, path, { recursive: true });
  return { path, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
