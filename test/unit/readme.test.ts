import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { readmeIn } from '../../client/src/readme';

describe('the README the Supported Layouts command opens', () => {
  const folder = (files: string[]) => {
    const dir = mkdtempSync(join(tmpdir(), 'mgi-readme-'));
    for (const f of files) writeFileSync(join(dir, f), '# Must-Gather Inspector\n');
    return dir;
  };

  it('finds readme.md, as vsce packages it, in an installed extension', () => {
    const dir = folder(['package.json', 'readme.md', 'changelog.md']);
    try {
      assert.equal(readmeIn(dir), join(dir, 'readme.md'));
    } finally {
      rmSync(dir, { recursive: true });
    }
  });

  it('finds README.md in a development copy, and nothing where there is none', () => {
    const dir = folder(['README.md']);
    const none = folder(['package.json']);
    try {
      assert.equal(readmeIn(dir), join(dir, 'README.md'));
      assert.equal(readmeIn(none), undefined);
      assert.equal(readmeIn(join(none, 'missing')), undefined);
    } finally {
      rmSync(dir, { recursive: true });
      rmSync(none, { recursive: true });
    }
  });
});
