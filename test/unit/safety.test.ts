import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { copyFixture } from '../support/copyFixture';
import { examplesDir, repoRoot, samples } from '../support/fixtures';

const cli = join(repoRoot, 'dist', 'cli.js');
const noNetwork = join(repoRoot, 'test', 'support', 'no-network.cjs');

/** Every file below a folder with its sha256 and mtime. */
function snapshotTree(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, e.name);
      if (e.isDirectory()) walk(p);
      else {
        const st = statSync(p);
        out.set(p, `${createHash('sha256').update(readFileSync(p)).digest('hex')} ${st.mtimeMs}`);
      }
    }
  };
  walk(dir);
  return out;
}

describe('safety', () => {
  const copy = copyFixture(samples.workerBlocksMco);
  after(() => copy.remove());

  it('analysing a read-only copy leaves every byte and mtime unchanged', () => {
    const chmodTree = (d: string, mode: number) => {
      for (const e of readdirSync(d, { withFileTypes: true })) {
        const p = join(d, e.name);
        if (e.isDirectory()) chmodTree(p, mode);
        chmodSync(p, e.isDirectory() ? mode | 0o111 : mode);
      }
    };
    chmodTree(copy.path, 0o444);
    const before = snapshotTree(copy.path);
    const r = spawnSync(process.execPath, [cli, 'analyze', copy.path, '--format', 'json'], {
      encoding: 'utf8',
    });
    assert.equal(r.status, 1, r.stderr);
    assert.ok((JSON.parse(r.stdout) as { findings: unknown[] }).findings.length > 0);
    assert.deepEqual(snapshotTree(copy.path), before);
    chmodTree(copy.path, 0o644);
  });

  it('the CLI completes an analysis and a diff with networking disabled', () => {
    const analyze = spawnSync(
      process.execPath,
      ['--require', noNetwork, cli, 'analyze', examplesDir, '--format', 'json'],
      {
        encoding: 'utf8',
      },
    );
    assert.equal(analyze.status, 1, analyze.stderr);
    assert.ok((JSON.parse(analyze.stdout) as { findings: unknown[] }).findings.length > 0);
    const diff = spawnSync(
      process.execPath,
      [
        '--require',
        noNetwork,
        cli,
        'diff',
        samples.levelEarly,
        'rendered-master-78d48a9fbc8ba6a746040c11f8335d1a',
        'rendered-master-ebc4fc8c7b6a155d86684204394e4930',
      ],
      { encoding: 'utf8' },
    );
    assert.equal(diff.status, 0, diff.stderr);
    assert.match(diff.stdout, /pause image changed/);
  });

  it('the preload really blocks the network (the test above would catch a connection)', () => {
    const r = spawnSync(
      process.execPath,
      ['--require', noNetwork, '-e', "require('node:net').connect(80, '127.0.0.1')"],
      {
        encoding: 'utf8',
      },
    );
    assert.notEqual(r.status, 0);
    assert.match(r.stderr, /network access attempted/);
  });
});
