import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import {
  findMachineConfig,
  listMachineConfigs,
} from '../../server/src/analysis/loadMachineConfigs';
import { discoverRoots } from '../../server/src/gather/discover';
import { ParsedFileCache } from '../../server/src/gather/fileCache';
import { buildIndex } from '../../server/src/gather/gatherIndex';
import { unifiedDiff } from '../../server/src/machineconfig/unifiedDiff';
import { examplesDir, repoRoot, samples } from '../support/fixtures';

const oldA = 'rendered-master-78d48a9fbc8ba6a746040c11f8335d1a';
const newB = 'rendered-master-ebc4fc8c7b6a155d86684204394e4930';

/** Applies a unified diff to the old lines: the result must be the new lines. */
function apply(oldText: string, diff: string): string {
  const a = oldText.split('\n');
  if (a[a.length - 1] === '') a.pop();
  const out: string[] = [];
  let next = 0;
  const lines = diff.split('\n').slice(2);
  for (let i = 0; i < lines.length; i++) {
    const m = /^@@ -(\d+),(\d+) \+(\d+),(\d+) @@$/.exec(lines[i]!);
    if (!m) continue;
    const start = Number(m[2]) === 0 ? Number(m[1]) : Number(m[1]) - 1;
    while (next < start) out.push(a[next++]!);
    let seenA = 0;
    let seenB = 0;
    while (seenA < Number(m[2]) || seenB < Number(m[4])) {
      const l = lines[++i]!;
      if (l[0] === ' ' || l[0] === '-') {
        assert.equal(l.slice(1), a[next], 'context and removed lines match the old text');
        next++;
        seenA++;
      }
      if (l[0] === ' ' || l[0] === '+') {
        out.push(l.slice(1));
        seenB++;
      }
    }
  }
  while (next < a.length) out.push(a[next++]!);
  return out.map((l) => l + '\n').join('');
}

function rng(seed: number) {
  return () => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return seed / 0x7fffffff;
  };
}

describe('unifiedDiff', () => {
  it('prints diff -u hunks with 3 lines of context', () => {
    const a = 'l1\nl2\nl3\nl4\nl5\nl6\nl7\nl8\n';
    const b = 'l1\nl2\nl3\nl4\nX\nl6\nl7\nl8\n';
    assert.equal(
      unifiedDiff(a, b, 'a', 'b'),
      '--- a\n+++ b\n@@ -2,7 +2,7 @@\n l2\n l3\n l4\n-l5\n+X\n l6\n l7\n l8\n',
    );
    assert.equal(unifiedDiff(a, a, 'a', 'b'), '');
    assert.equal(unifiedDiff('', 'x\n', 'a', 'b'), '--- a\n+++ b\n@@ -0,0 +1,1 @@\n+x\n');
  });

  it('is a correct patch on random edits', () => {
    const r = rng(7);
    for (let t = 0; t < 200; t++) {
      const a = Array.from({ length: Math.floor(r() * 40) }, () => `l${Math.floor(r() * 8)}`);
      const b = a.filter(() => r() > 0.2).map((l) => (r() < 0.1 ? l + 'x' : l));
      if (r() < 0.5) b.splice(Math.floor(r() * b.length), 0, 'new');
      const ta = a.map((l) => l + '\n').join('');
      const tb = b.map((l) => l + '\n').join('');
      assert.equal(apply(ta, unifiedDiff(ta, tb, 'a', 'b')), tb, `case ${t}`);
    }
  });

  // Speed is measured by the benchmark, not asserted here; this checks correctness at size.
  it('diffs two ~1 MiB texts that differ in a few lines', () => {
    const a = Array.from({ length: 30000 }, (_, i) => `line ${i} ${'x'.repeat(25)}`);
    const b = [...a];
    b[100] = 'changed';
    b[15000] = 'changed too';
    b.splice(29000, 1);
    const ta = a.join('\n') + '\n';
    const tb = b.join('\n') + '\n';
    assert.ok(ta.length > 1_000_000);
    const d = unifiedDiff(ta, tb, 'a', 'b');
    assert.equal(apply(ta, d), tb);
    assert.equal((d.match(/^@@/gm) ?? []).length, 3);
  });
});

describe('listMachineConfigs', () => {
  it('lists single YAML files of a must-gather, oldest first, with pool and creation time', async () => {
    const [root] = await discoverRoots(samples.levelEarly);
    const list = await listMachineConfigs(await buildIndex(root!), new ParsedFileCache());
    assert.equal(list.length, 16);
    const a = findMachineConfig(list, oldA);
    const b = findMachineConfig(list, newB);
    assert.equal(a?.pool, 'master');
    assert.equal(b?.created?.toISOString(), '2021-11-03T03:23:11.000Z');
    assert.ok(list.indexOf(a!) < list.indexOf(b!));
    assert.match(
      a!.file,
      /machineconfigs\/rendered-master-78d48a9fbc8ba6a746040c11f8335d1a\.yaml$/,
    );
    assert.equal(findMachineConfig(list, 'nope'), undefined);
  });

  it('lists the items of a gather-extra machineconfigs.json List', async () => {
    const [root] = await discoverRoots(samples.gatherExtra);
    const list = await listMachineConfigs(await buildIndex(root!), new ParsedFileCache());
    const b = findMachineConfig(list, newB);
    assert.ok(b);
    assert.match(b.file, /machineconfigs\.json$/);
    assert.match(b.pointer, /^\/items\/\d+$/);
    assert.equal(list.length, 16);
  });
});

describe('CLI diff', () => {
  const cli = join(repoRoot, 'dist', 'cli.js');
  const run = (...args: string[]) =>
    spawnSync(process.execPath, [cli, ...args], { encoding: 'utf8' });

  it('text: the summary, then the unified diff (several roots: the one holding both)', () => {
    const r = run('diff', examplesDir, oldA, newB);
    assert.equal(r.status, 0, r.stderr);
    assert.match(r.stdout, /^Changes rendered-master-78d48a9f\S+ → rendered-master-ebc4fc8c\S+\n/);
    assert.match(
      r.stdout,
      /pause image changed \(file \/etc\/crio\/crio\.conf\.d\/00-default, unit kubelet\.service\)/,
    );
    assert.match(r.stdout, /Node action \(4\.10 rules\): reboot/);
    assert.match(r.stdout, new RegExp(`\n--- ${oldA}\n\\+\\+\\+ ${newB}\n@@ `));
  });

  it('json: { a, b, summary, diff } on a gather-extra folder', () => {
    const r = run('diff', samples.gatherExtra, oldA, newB, '--format', 'json');
    assert.equal(r.status, 0, r.stderr);
    const j = JSON.parse(r.stdout) as {
      a: string;
      b: string;
      summary: { images: { what: string; newDigest: string }[]; units: { changed: string[] } };
      diff: string;
    };
    assert.deepEqual(Object.keys(j), ['a', 'b', 'summary', 'diff']);
    assert.equal(j.a, oldA);
    assert.equal(j.b, newB);
    assert.deepEqual(j.summary.units.changed, ['kubelet.service']);
    assert.equal(j.summary.images[0]?.what, 'pause image');
    assert.match(j.diff, /^--- rendered-master-78d48a9f/);
  });

  it('exit 2 with close names for an unknown config, and on bad usage', () => {
    const r = run('diff', samples.gatherExtra, oldA, 'rendered-master-ebc4fc8c7b');
    assert.equal(r.status, 2);
    assert.match(
      r.stderr,
      /no MachineConfig named rendered-master-ebc4fc8c7b; close names: rendered-master-ebc4fc8c7b6a155d86684204394e4930/,
    );
    assert.equal(run('diff', samples.gatherExtra, oldA).status, 2);
    assert.equal(run('diff', samples.gatherExtra, oldA, newB, '--format', 'yaml').status, 2);
    assert.equal(run('diff', samples.gatherExtra, oldA, newB, '--rule', 'x=off').status, 2);
  });
});
