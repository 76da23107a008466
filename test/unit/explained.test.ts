/**
 * One owner per cause, applied after the user's levels (issue 25): a finding another rule's
 * shown finding explains becomes its related evidence; turning a rule off never removes a
 * finding of another rule.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { analysisContext, analyzeRoot } from '../../server/src/analysis/analyze';
import type { RuleLevels } from '../../server/src/analysis/analyze';
import type { Finding } from '../../server/src/core/finding';
import { discoverRoots } from '../../server/src/gather/discover';
import type { GatherRoot } from '../../server/src/gather/discover';
import { ParsedFileCache } from '../../server/src/gather/fileCache';
import { rules } from '../../server/src/rules/registry';
import { runCli } from '../support/cli';
import { copyFixture } from '../support/copyFixture';
import { examplesDir, fixturesDir, samples, updates } from '../support/fixtures';

const key = (f: Finding) =>
  [f.rule, f.subject, f.location.file, f.location.pointer, f.message].join('\u0000');

/** update-early with a worker's kubelet two minors behind and kube-apiserver saying so. */
function skewedCopy() {
  const copy = copyFixture(updates.early);
  const [mg] = readdirSync(copy.path).filter((n) => n.startsWith('must-gather.'));
  const [image] = readdirSync(join(copy.path, mg!)).filter((n) => n.startsWith('quay-io-'));
  const root = join(copy.path, mg!, image!, 'cluster-scoped-resources');
  const edit = (file: string, from: string, to: string) => {
    const text = readFileSync(file, 'utf8');
    assert.ok(text.includes(from), `${file} holds ${from}`);
    writeFileSync(file, text.replace(from, to));
  };
  edit(
    join(root, 'config.openshift.io/clusteroperators/kube-apiserver.yaml'),
    '    reason: AsExpected\n    status: "True"\n    type: Upgradeable',
    '    message: Unsupported kubelet minor version (1.26.9) on node ip-10-0-142-76.us-west-2.compute.internal\n' +
      '      is too far behind the target API server version (1.28.7).\n' +
      '    reason: KubeletMinorVersion_KubeletMinorVersionUnsupported\n    status: "False"\n    type: Upgradeable',
  );
  edit(
    join(root, 'core/nodes/ip-10-0-142-76.us-west-2.compute.internal.yaml'),
    'kubeletVersion: v1.28.6+6216ea1',
    'kubeletVersion: v1.26.9+636f2be',
  );
  return copy;
}

describe('explained findings', () => {
  it("kube-apiserver's kubelet-skew Upgradeable=False is node-version-skew's evidence, and comes back when that rule is off", () => {
    const copy = skewedCopy();
    try {
      const run = (...args: string[]) =>
        (
          JSON.parse(runCli('analyze', copy.path, '--format', 'json', ...args).stdout) as {
            findings: { rule: string; subject: string; related?: { message: string }[] }[];
          }
        ).findings;
      const shown = run();
      const skew = shown.filter((f) => f.rule === 'node-version-skew');
      assert.equal(skew.length, 1);
      assert.ok(
        !shown.some(
          (f) => f.rule === 'operator-not-upgradeable' && f.subject === 'co/kube-apiserver',
        ),
      );
      const off = run('--rule', 'node-version-skew=off');
      assert.ok(!off.some((f) => f.rule === 'node-version-skew'));
      assert.ok(
        off.some((f) => f.rule === 'operator-not-upgradeable' && f.subject === 'co/kube-apiserver'),
        'with node-version-skew off, its explained finding is shown again',
      );
    } finally {
      copy.remove();
    }
  });

  it('the explained finding becomes related evidence of its explainer', async () => {
    const copy = skewedCopy();
    try {
      const [root] = await discoverRoots(copy.path);
      const a = await analyzeRoot(root!, analysisContext());
      const skew = a.findings.find((f) => f.rule === 'node-version-skew')!;
      assert.ok(
        skew.related.some(
          (r) =>
            /explained here/.test(r.message) && /kube-apiserver is not upgradeable/.test(r.message),
        ),
        skew.related.map((r) => r.message).join('\n'),
      );
    } finally {
      copy.remove();
    }
  });

  it("machine-config's Degraded=True is mco-blocked-by-non-required-pool's evidence on seed 000, and shown when that rule is off", async () => {
    const [root] = await discoverRoots(samples.workerBlocksMco);
    const degraded = (fs: Finding[]) =>
      fs.filter((f) => f.rule === 'operator-degraded' && f.subject === 'co/machine-config');
    const on = (await analyzeRoot(root!, analysisContext())).findings;
    assert.deepEqual(degraded(on), []);
    const blocked = on.find((f) => f.rule === 'mco-blocked-by-non-required-pool')!;
    assert.ok(
      blocked.related.some((r) => /\[operator-degraded, explained here\]$/.test(r.message)),
    );
    const off = (
      await analyzeRoot(
        root!,
        analysisContext({ levels: { 'mco-blocked-by-non-required-pool': 'off' } }),
      )
    ).findings;
    assert.equal(degraded(off).length, 1);
  });

  it('turning any rule off never removes a finding of another rule, on every fixture', async () => {
    const cache = new ParsedFileCache();
    const roots: GatherRoot[] = [];
    for (const dir of [fixturesDir, examplesDir]) {
      for (const e of readdirSync(dir, { withFileTypes: true })) {
        if (e.isDirectory()) roots.push(...(await discoverRoots(join(dir, e.name))));
      }
    }
    const analyse = async (root: GatherRoot, levels: RuleLevels) =>
      (await analyzeRoot(root, analysisContext({ cache, levels }))).findings;
    let compared = 0;
    for (const root of roots) {
      const all = await analyse(root, {});
      for (const r of rules) {
        const without = new Set((await analyse(root, { [r.meta.id]: 'off' })).map(key));
        for (const f of all) {
          if (f.rule === r.meta.id) continue;
          assert.ok(
            without.has(key(f)),
            `${r.meta.id}=off removed ${f.rule} ${f.subject} in ${root.path}`,
          );
          compared++;
        }
      }
    }
    assert.ok(roots.length >= 20 && compared > 1000, `${roots.length} roots, ${compared} findings`);
  });
});
