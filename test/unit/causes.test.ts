/**
 * One cause, one line (issue 27): every finding in exactly one cause, grouped from structure
 * (declared consequences, cited evidence, witnesses), never from message text.
 */
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { analysisContext, analyzeRoot } from '../../server/src/analysis/analyze';
import type { RootAnalysis, RuleLevels } from '../../server/src/analysis/analyze';
import { causesOf } from '../../server/src/analysis/causes';
import { severityRank } from '../../server/src/core/finding';
import { discoverRoots } from '../../server/src/gather/discover';
import { rules } from '../../server/src/rules/registry';
import { examplesDir, fixturesDir, samples } from '../support/fixtures';

async function analyses(dir: string, levels: RuleLevels = {}): Promise<RootAnalysis[]> {
  const roots = await discoverRoots(dir);
  const ctx = analysisContext({ levels });
  return Promise.all(roots.map((r) => analyzeRoot(r, ctx)));
}

const everyGather = [
  ...readdirSync(fixturesDir, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => join(fixturesDir, d.name)),
  ...readdirSync(examplesDir, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => join(examplesDir, d.name)),
];

describe('causes', () => {
  it('puts every finding of every fixture and example in exactly one cause, worst level first', async () => {
    let findings = 0;
    let causes = 0;
    for (const dir of everyGather) {
      for (const a of await analyses(dir)) {
        const cs = causesOf(a.findings, a.snapshot);
        const seen = cs.flatMap((c) => c.findings).sort((x, y) => x - y);
        assert.deepEqual(
          seen,
          a.findings.map((_, i) => i),
          `${dir}: each finding once`,
        );
        for (const c of cs) {
          const worst = c.findings
            .map((i) => a.findings[i]!.severity)
            .sort((x, y) => severityRank(x) - severityRank(y))[0];
          assert.equal(c.level, worst, `${dir}: ${c.id} level`);
          assert.ok(c.title.length > 0 && c.title.length <= 200 && !c.title.includes('\n'));
          assert.ok(c.subjects.length > 0);
        }
        assert.equal(new Set(cs.map((c) => c.id)).size, cs.length, `${dir}: ids are unique`);
        const levels = cs.map((c) => severityRank(c.level));
        assert.deepEqual(
          levels,
          [...levels].sort((x, y) => x - y),
          `${dir}: worst first`,
        );
        findings += a.findings.length;
        causes += cs.length;
      }
    }
    // Fewer causes than findings: grouping happened somewhere.
    assert.ok(causes < findings / 2, `${causes} causes for ${findings} findings`);
  });

  it('groups the same way when every message is replaced: no cause comes from message text', async () => {
    for (const dir of everyGather) {
      for (const a of await analyses(dir)) {
        const blank = a.findings.map((f) => ({
          ...f,
          message: 'x',
          detail: 'y',
          related: f.related.map((r) => ({ ...r, message: 'z' })),
        }));
        const groups = (cs: ReturnType<typeof causesOf>) => cs.map((c) => c.findings.join(','));
        assert.deepEqual(
          groups(causesOf(blank, a.snapshot)).sort(),
          groups(causesOf(a.findings, a.snapshot)).sort(),
          dir,
        );
      }
    }
  });

  it('bug 1943289: one cause holds the 9 drain failures, the Degraded pool, machine-config and the stalled update, and its title names pool worker, the drain and the PDBs', async () => {
    const [a] = await analyses(samples.workerBlocksMco);
    const cs = causesOf(a!.findings, a!.snapshot);
    const main = cs[0]!;
    const rulesIn = main.findings.map((i) => a!.findings[i]!.rule);
    assert.equal(rulesIn.filter((r) => r === 'node-mcd-degraded').length, 9);
    for (const r of [
      'pool-degraded',
      'mco-blocked-by-non-required-pool',
      'operator-unavailable',
      'operator-not-leveled',
      'clusterversion-update-incomplete',
      'cvo-waiting-on-operator',
    ])
      assert.ok(rulesIn.includes(r), `${r} in the cause: ${rulesIn.join(', ')}`);
    assert.match(main.title, /^Pool worker: 11 nodes cannot drain: PodDisruptionBudgets refuse/);
    assert.match(main.title, /kafka/);
    assert.match(main.title, /holds back machine-config and the update$/);
    assert.equal(main.level, 'error');
    assert.equal(main.id, 'drain@mcp/worker');
    // Causal order: the nodes first, the pool before machine-config, the ClusterVersion last.
    const tier = (s: string) =>
      s.startsWith('node/') ? 0 : s.startsWith('mcp/') ? 1 : s.startsWith('co/') ? 2 : 3;
    const firstOf = (t: number) =>
      main.findings.findIndex((i) => tier(a!.findings[i]!.about ?? a!.findings[i]!.subject) === t);
    assert.ok(firstOf(0) < firstOf(1) && firstOf(1) < firstOf(2) && firstOf(2) < firstOf(3));
    assert.equal(main.subjects[0], 'node/ip-10-0-137-214.ec2.internal');
  });

  it('bug 2019850: the worst cause is machine-config leveling early, with the master pool it did not wait for', async () => {
    const [a] = await analyses(samples.levelEarly);
    const cs = causesOf(a!.findings, a!.snapshot);
    const first = cs[0]!;
    assert.equal(a!.findings[first.findings[0]!]!.rule, 'mco-level-before-required-pools');
    assert.equal(first.id, 'mco-level-before-required-pools@co/machine-config');
    const subjects = first.findings.map((i) => a!.findings[i]!.subject);
    assert.ok(subjects.includes('mcp/master'), subjects.join(', '));
    assert.match(first.title, /^machine-config reports the update's target/);
  });

  it('keeps a paused pool and an expiring CA of the same pool apart', async () => {
    const [a] = await analyses(join(fixturesDir, 'update-pool-cert-expiring'));
    const cs = causesOf(a!.findings, a!.snapshot);
    const causeOf = (rule: string, subject: string) =>
      cs.find((c) =>
        c.findings.some(
          (i) => a!.findings[i]!.rule === rule && a!.findings[i]!.subject === subject,
        ),
      );
    assert.notEqual(
      causeOf('pool-paused', 'mcp/worker'),
      causeOf('pool-cert-expiry', 'mcp/worker'),
    );
  });

  it('an alert joins the cause of the object it is about, or of the finding that cites it; an unrelated alert stays its own', async () => {
    const [a] = await analyses(join(fixturesDir, 'update-stalled-degraded-node'));
    const cs = causesOf(a!.findings, a!.snapshot);
    const causeOfSubject = (subject: string) =>
      cs.findIndex((c) => c.findings.some((i) => a!.findings[i]!.subject === subject));
    const main = causeOfSubject('node/ip-10-0-151-214.ec2.internal');
    assert.equal(causeOfSubject('alert/openshift-machine-config-operator/MCCDrainError'), main);
    assert.equal(causeOfSubject('alert/payments/PodDisruptionBudgetAtLimit'), main);
    assert.equal(causeOfSubject('alert/openshift-cluster-version/ClusterOperatorDegraded'), main);
    assert.notEqual(causeOfSubject('alert/openshift-monitoring/KubePodNotReady'), main);
  });

  it('still groups the drain failures with machine-config when pool-degraded is off', async () => {
    const [a] = await analyses(samples.workerBlocksMco, { 'pool-degraded': 'off' });
    const cs = causesOf(a!.findings, a!.snapshot);
    const rulesIn = cs[0]!.findings.map((i) => a!.findings[i]!.rule);
    assert.ok(!rulesIn.includes('pool-degraded'));
    assert.ok(
      rulesIn.includes('node-mcd-degraded') && rulesIn.includes('mco-blocked-by-non-required-pool'),
    );
  });

  it('declares consequences between known rules only, and the graph over rules has no cycle', () => {
    const ids = new Set(rules.map((r) => r.meta.id));
    const next = new Map(rules.map((r) => [r.meta.id, r.meta.leadsTo ?? []]));
    for (const [id, to] of next) for (const t of to) assert.ok(ids.has(t), `${id} leads to ${t}`);
    const state = new Map<string, 'open' | 'done'>();
    const visit = (id: string, path: string[]) => {
      if (state.get(id) === 'done') return;
      assert.notEqual(state.get(id), 'open', `cycle: ${[...path, id].join(' → ')}`);
      state.set(id, 'open');
      for (const t of next.get(id) ?? []) visit(t, [...path, id]);
      state.set(id, 'done');
    };
    for (const id of ids) visit(id, []);
  });
});
