/**
 * `compare`: two gathers of one cluster (the ledger's PodDisruptionBudget blocking worker b,
 * then two hours later with the budget deleted and the update complete), through the analysis,
 * the Markdown the editor shows, and the CLI.
 */
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { analysisContext, analyzeRoot } from '../../server/src/analysis/analyze';
import type { RuleLevels } from '../../server/src/analysis/analyze';
import { compareGathers } from '../../server/src/analysis/compareGathers';
import type { GatherComparison } from '../../server/src/core/compare';
import { discoverRoots } from '../../server/src/gather/discover';
import { objectComparisonMarkdown, placeComparison } from '../../server/src/reports/comparison';
import type { ReportedComparison } from '../../server/src/reports/comparison';
import { runCli } from '../support/cli';
import { fixturesDir, updates } from '../support/fixtures';

const blockedWorker = 'node/ip-10-0-151-214.ec2.internal';

async function analyze(path: string, levels: RuleLevels = {}) {
  const [root] = await discoverRoots(path);
  assert.ok(root, path);
  return analyzeRoot(root, analysisContext({ levels }));
}

const keys = (list: { rule: string; subject: string }[]) =>
  list.map((f) => `${f.rule} ${f.subject}`);

function changesOf(c: GatherComparison | ReportedComparison, subject: string) {
  const o = c.objects.find((x) => x.subject === subject);
  assert.ok(o, `${subject} changed`);
  return Object.fromEntries(o.changes.map((ch) => [ch.path, [ch.before, ch.after]]));
}

describe('compareGathers: the budget deleted between two gathers', () => {
  let c: GatherComparison;
  before(async () => {
    // Given newest first: the comparison still puts the older gather as `a`.
    c = compareGathers(
      await analyze(updates.budgetRemoved),
      await analyze(updates.stalledBudgetGathered),
    );
  });

  it('orders the gathers by gather time and knows them for one cluster', () => {
    assert.equal(c.a.gatherTime, '2024-04-09T16:22:05Z');
    assert.equal(c.b.gatherTime, '2024-04-09T18:22:05Z');
    assert.ok(c.a.root.includes('update-stalled-budget-gathered'));
    assert.equal(c.sameCluster, true);
    assert.equal(c.a.clusterId, c.b.clusterId);
  });

  it('names the cleared pool, node and machine-config findings', () => {
    const cleared = keys(c.findings.cleared);
    for (const k of [
      'pool-degraded mcp/worker',
      `node-mcd-degraded ${blockedWorker}`,
      'operator-not-leveled co/machine-config',
      'mco-blocked-by-non-required-pool co/machine-config',
      'clusterversion-failing cv/version',
    ])
      assert.ok(cleared.includes(k), `${k} cleared: ${cleared.join(', ')}`);
    assert.deepEqual(c.findings.appeared, []);
    assert.deepEqual(c.findings.changed, []);
    assert.equal(c.findings.cleared[0]!.before, 'error', 'errors first');
  });

  it('shows machine-config levelling and its conditions turning', () => {
    const mco = changesOf(c, 'co/machine-config');
    assert.deepEqual(mco['versions.operator'], ['4.15.2', '4.15.3']);
    assert.deepEqual(mco['conditions.Degraded.status'], ['True', 'False']);
    assert.deepEqual(mco['conditions.Degraded.reason'], ['RequiredPoolsFailed', null]);
    // Placed at its first changed fact in each gather: the operator's version.
    const o = c.objects.find((x) => x.subject === 'co/machine-config')!;
    assert.deepEqual([o.a?.pointer, o.b?.pointer], ['/status/versions/0', '/status/versions/0']);
    assert.deepEqual(mco['conditions.Degraded.since'], [
      '2024-04-09T14:31:53Z',
      '2024-04-09T17:18:05Z',
    ]);
  });

  it("shows the pool's configs and counts, the node's configs and state, the budget gone", () => {
    const pool = changesOf(c, 'mcp/worker');
    assert.deepEqual(pool['status.updatedMachineCount'], ['0', '3']);
    assert.deepEqual(pool['status.degradedMachineCount'], ['1', '0']);
    assert.deepEqual(pool['update.assessment'], ['Degraded', 'Completed']);
    assert.notEqual(pool['status.configuration']![0], pool['status.configuration']![1]);
    const node = changesOf(c, blockedWorker);
    assert.deepEqual(node['state'], ['Degraded', 'Done']);
    assert.deepEqual(node['unschedulable'], ['true', 'false']);
    assert.deepEqual(node['update.phase'], ['Draining', 'Updated']);
    assert.equal(node['desiredConfig'], undefined, 'its desired config did not change');
    assert.deepEqual(changesOf(c, 'pdb/payments/ledger')['present'], ['yes', null]);
    const pdb = c.objects.find((x) => x.subject === 'pdb/payments/ledger')!;
    assert.equal(pdb.a?.pointer, '/items/0/status/disruptionsAllowed');
    assert.equal(pdb.b, undefined);
    assert.deepEqual(changesOf(c, 'cv/version')['history[0].state'], ['Partial', 'Completed']);
    // Masters did not change: no entry for them.
    assert.ok(!c.objects.some((o) => o.subject === 'mcp/master'));
  });

  it('gives the assessment before and after', () => {
    assert.equal(c.assessment.before.controlPlane, 'Stalled');
    assert.equal(c.assessment.after.controlPlane, 'Not updating');
    assert.deepEqual(
      c.assessment.after.pools.map((p) => [p.name, p.assessment, p.completionPercent]),
      [['worker', 'Completed', 100]],
    );
    assert.equal(c.assessment.before.pools[0]!.assessment, 'Degraded');
  });

  it('finds nothing between a gather and itself', async () => {
    const a = await analyze(updates.stalledBudgetGathered);
    const same = compareGathers(a, await analyze(updates.stalledBudgetGathered));
    assert.deepEqual(same.objects, []);
    assert.deepEqual(same.findings, { appeared: [], cleared: [], changed: [] });
  });

  it('names a finding whose level changed, and one that appeared', async () => {
    const a = await analyze(updates.stalledBudgetGathered);
    const b = await analyze(updates.stalledBudgetGathered, {
      'pool-degraded': 'error',
      'node-mcd-degraded': 'off',
    });
    const x = compareGathers(b, a);
    assert.deepEqual(
      x.findings.changed.map((f) => [f.rule, f.before, f.after]),
      [['pool-degraded', 'error', 'info']],
    );
    assert.deepEqual(keys(x.findings.appeared), [`node-mcd-degraded ${blockedWorker}`]);
  });
});

describe('the summary beside a diff in the editor', () => {
  it("lists the object's changes and findings in escaped Markdown", async () => {
    const c = compareGathers(
      await analyze(updates.stalledBudgetGathered),
      await analyze(updates.budgetRemoved),
    );
    const md = objectComparisonMarkdown(
      placeComparison(
        c,
        (r) => r,
        () => undefined,
      ),
      'co/machine-config',
    );
    assert.match(md, /^# `co\/machine-config`: two gathers compared/);
    assert.match(md, /\| versions\\\.operator \| 4\\\.15\\\.2 \| 4\\\.15\\\.3 \|/);
    assert.match(md, /Control plane: Stalled 91\\% .* → Not updating 100\\%/);
    assert.match(
      md,
      /\| conditions\\\.Degraded\\\.status \| True \| False \|\n\| conditions\\\.Degraded\\\.reason \| RequiredPoolsFailed \| \\\(none\\\) \|/,
    );
    assert.match(md, /\*\*Cleared:\*\*/);
    assert.match(md, /`operator-not-leveled`/);
    assert.doesNotMatch(md, /<[a-z][^>]*>/i, 'no raw HTML');
  });
});

describe('CLI compare', () => {
  it('prints the comparison as JSON, the older gather first, with file:line evidence', () => {
    const r = runCli(
      'compare',
      updates.budgetRemoved,
      updates.stalledBudgetGathered,
      '--format',
      'json',
    );
    assert.equal(r.code, 0, r.stderr);
    const j = JSON.parse(r.stdout) as ReportedComparison;
    assert.deepEqual(Object.keys(j), [
      'a',
      'b',
      'sameCluster',
      'objects',
      'findings',
      'assessment',
    ]);
    assert.ok(j.a.root.startsWith(updates.stalledBudgetGathered));
    assert.equal(j.sameCluster, true);
    const pool = j.findings.cleared.find((f) => f.rule === 'pool-degraded');
    assert.ok(pool);
    assert.match(pool.at.file, /machineconfigpools\/worker\.yaml$/);
    assert.ok(pool.at.line > 1);
    assert.deepEqual(changesOf(j, 'co/machine-config')['versions.operator'], ['4.15.2', '4.15.3']);
    assert.equal(j.objects.find((o) => o.subject === 'pdb/payments/ledger')?.b, undefined);
  });

  it('prints text with where the update stood and each change', () => {
    const r = runCli('compare', updates.stalledBudgetGathered, updates.budgetRemoved);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /^Two gathers of cluster [0-9a-f-]{36}, the older first:/);
    assert.match(r.stdout, /\(2h0m later\)/);
    assert.match(
      r.stdout,
      /Control plane: +Stalled 91% \(4\.15\.2 → 4\.15\.3\) +→ +Not updating 100%/,
    );
    assert.match(r.stdout, /versions\.operator +4\.15\.2 → 4\.15\.3/);
    assert.match(
      r.stdout,
      /info → \(none\) +mcp\/worker .*\[pool-degraded\]\n +a: .*worker\.yaml:\d+/,
    );
  });

  it('refuses gathers of two clusters unless --force', () => {
    const r = runCli('compare', updates.stalledBudgetGathered, updates.drainBlocked);
    assert.equal(r.code, 2);
    assert.match(
      r.stderr,
      /are not gathers of one cluster \(cluster IDs [0-9a-f-]+ and [0-9a-f-]+\); --force/,
    );
    assert.equal(r.stdout, '');
    const forced = runCli(
      'compare',
      updates.stalledBudgetGathered,
      updates.drainBlocked,
      '--force',
      '--format',
      'json',
    );
    assert.equal(forced.code, 0, forced.stderr);
    assert.equal((JSON.parse(forced.stdout) as ReportedComparison).sameCluster, false);
  });

  it('asks for one must-gather per argument, and for two arguments', () => {
    const many = runCli('compare', fixturesDir, updates.budgetRemoved);
    assert.equal(many.code, 2);
    assert.match(many.stderr, /holds \d+ must-gathers .*: name one of them/);
    const one = runCli('compare', updates.budgetRemoved);
    assert.equal(one.code, 2);
    assert.match(one.stderr, /compare takes two gathers of one cluster/);
  });
});
