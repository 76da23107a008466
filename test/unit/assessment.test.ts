import assert from 'node:assert/strict';
import { readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { analysisContext, analyzeRoot } from '../../server/src/analysis/analyze';
import type { RootAnalysis } from '../../server/src/analysis/analyze';
import { insightsOf } from '../../server/src/analysis/insights';
import { discoverRoots } from '../../server/src/gather/discover';
import type { NodeStatus, PoolStatus } from '../../server/src/model/assessment';
import { copyFixture } from '../support/copyFixture';
import { samples, updates } from '../support/fixtures';

async function analyse(scenario: string): Promise<RootAnalysis> {
  const [root] = await discoverRoots(scenario);
  assert.ok(root, scenario);
  return analyzeRoot(root, analysisContext());
}

/** `name assessment phase version` for each node, as the status lists them (worst first). */
const nodes = (ns: NodeStatus[]) =>
  ns.map((n) => `${n.name.split('.')[0]} ${n.assessment} ${n.phase} ${n.version ?? '?'}`);
const pool = (a: RootAnalysis, name = 'worker'): PoolStatus =>
  a.assessment.pools.find((p) => p.name === name)!;
/** What a support engineer would read first: errors and warnings, by rule. */
const serious = (a: RootAnalysis) =>
  a.findings.filter((f) => f.severity === 'error' || f.severity === 'warning').map((f) => f.rule);

describe('update assessment on the update scenarios', () => {
  it('not updating: a healthy cluster', async () => {
    const a = await analyse(samples.healthy);
    const cp = a.assessment.controlPlane;
    assert.equal(cp.assessment, 'NotUpdating');
    assert.equal(cp.target, '4.10.3');
    assert.equal(cp.completedAt?.toISOString(), '2022-03-23T15:09:47.000Z');
    assert.deepEqual(a.insights, []);
  });

  it('a config rollout without a version change is not an update', async () => {
    const a = await analyse(updates.configRollout);
    const cp = a.assessment.controlPlane;
    assert.equal(cp.assessment, 'NotUpdating');
    assert.match(
      cp.reason,
      /The cluster is not updating \(Progressing=False: Cluster version is 4\.15\.3\)/,
    );
    assert.deepEqual(cp.operators, { total: 11, updated: 11, updating: 0, waiting: 0 });
    // The worker drained for the new config runs 4.15.3 already: Unavailable, not outdated.
    const w = pool(a);
    assert.equal(w.counts.outdated, 0);
    assert.deepEqual(
      w.nodes.filter((n) => n.assessment === 'Unavailable').map((n) => n.message),
      ['Node is marked unschedulable'],
    );
    assert.deepEqual(serious(a), []);
    assert.deepEqual(a.insights, [], 'nothing bears on an update');
  });

  it('early in an update: progressing, every operator waiting, nothing to warn about', async () => {
    const a = await analyse(updates.early);
    const cp = a.assessment.controlPlane;
    assert.equal(cp.assessment, 'Progressing');
    assert.equal(cp.target, '4.15.3');
    assert.equal(cp.from, '4.15.2');
    assert.equal(cp.durationSeconds, 7, 'started 6 s before the gather timestamp, rounded up');
    assert.deepEqual(cp.operators, { total: 11, updated: 0, updating: 0, waiting: 11 });
    assert.equal(cp.completionPercent, 0);
    assert.equal(pool(a).assessment, 'Pending');
    assert.ok(pool(a).nodes.every((n) => n.assessment === 'Outdated' && n.version === '4.15.2'));
    assert.ok(!a.findings.some((f) => f.rule === 'operator-not-leveled'), 'not reached yet');
    assert.deepEqual(serious(a), []);
    assert.deepEqual(
      a.insights.map((i) => `${i.level} ${i.message}`),
      ['info Update is proceeding well'],
    );
  });

  it('progressing with draining and rebooting workers: normal progress, no warning', async () => {
    const a = await analyse(updates.draining);
    const cp = a.assessment.controlPlane;
    assert.equal(cp.assessment, 'Progressing', cp.reason);
    assert.deepEqual(
      cp.updating.map((o) => o.name),
      ['machine-config'],
    );
    assert.ok(cp.nodes.every((n) => n.assessment === 'Completed'));
    const w = pool(a);
    assert.equal(w.assessment, 'Progressing');
    assert.equal(w.completionPercent, 33);
    assert.deepEqual(
      { ...w.counts },
      {
        total: 6,
        updated: 2,
        // As oc counts them: the draining node (cordoned) and the rebooting one (not ready) are
        // Progressing, and out of Available.
        available: 4,
        progressing: 2,
        draining: 1,
        degraded: 0,
        excluded: 0,
        outdated: 4,
      },
    );
    assert.deepEqual(nodes(w.nodes).slice(0, 2), [
      'ip-10-0-134-190 Progressing Draining 4.15.2',
      'ip-10-0-169-218 Progressing Updating 4.15.2',
    ]);
    assert.ok(w.nodes[0]!.since, 'a drain is dated by its cordon');
    assert.deepEqual(serious(a), [], 'a healthy update in progress yields no warning');
    assert.deepEqual(
      a.insights.map((i) => i.level),
      ['info'],
    );
  });

  it('stalled on a degraded node: stalled, every error insight a finding that says why', async () => {
    const a = await analyse(updates.stalled);
    const cp = a.assessment.controlPlane;
    assert.equal(cp.assessment, 'Stalled');
    assert.match(cp.reason, /running for 3h4m where about .+ was expected/);
    const w = pool(a);
    assert.equal(w.assessment, 'Degraded');
    assert.equal(w.nodes[0]!.assessment, 'Degraded');
    assert.match(
      w.nodes[0]!.message ?? '',
      /failed to drain node: ip-10-0-151-214\.ec2\.internal after 1 hour/,
    );
    const errors = a.insights.filter((i) => i.level === 'error');
    // The ClusterVersion's Failing only repeats machine-config's Degraded: a warning, as oc.
    // The pool is Degraded through that node alone: the node's finding carries the error.
    assert.deepEqual(
      errors.map((i) => i.rule),
      ['node-mcd-degraded'],
    );
    for (const i of errors) {
      assert.ok(a.findings.some((f) => f.rule === i.rule && f.subject === i.subject));
    }
    // Findings say why it is stalled: the assessment's own row is only for when none does.
    assert.ok(
      !a.insights.some((i) => i.rule === undefined && /The update is stalled/.test(i.message)),
    );
    // Once stalled, an operator below the target is reported even if the CVO names nobody else.
    assert.ok(
      a.findings.some((f) => f.rule === 'operator-not-leveled' && f.severity === 'warning'),
    );
  });

  it('stalled with no warning or error that says why: the assessment is the one row', async () => {
    const a = await analyse(updates.stalled);
    const quiet = insightsOf(
      a.assessment,
      a.findings.map((f) => ({ ...f, severity: 'info' as const })),
    );
    assert.deepEqual(
      quiet.map((i) => [i.level, i.impact, i.rule]),
      [['warning', 'Update Stalled', undefined]],
    );
    assert.match(quiet[0]!.message, /^The update is stalled: /);
  });

  it('a refused update (admin ack): not updating, and the Update Health error is the finding that says why', async () => {
    const a = await analyse(updates.notAcceptedAdminAck);
    const cp = a.assessment.controlPlane;
    assert.equal(cp.assessment, 'NotUpdating');
    assert.match(
      cp.reason,
      /^The update to 4\.16\.0 was not accepted \(ReleaseAccepted=False PreconditionChecks\)/,
    );
    assert.deepEqual(serious(a), ['clusterversion-update-not-accepted']);
    const errors = a.insights.filter((i) => i.level === 'error');
    assert.deepEqual(
      errors.map((i) => [i.rule, i.impact]),
      [['clusterversion-update-not-accepted', 'Update Stalled']],
    );
    assert.deepEqual(errors[0]!.evidence, cp.evidence);
  });

  it('completed with a pool still rolling: Completed, not "not updating"', async () => {
    const a = await analyse(updates.completedPoolRolling);
    const cp = a.assessment.controlPlane;
    assert.equal(cp.assessment, 'Completed');
    assert.match(
      cp.reason,
      /Update to 4\.15\.3 completed at .*; 2 nodes still run an older release/,
    );
    assert.equal(pool(a).completionPercent, 60);
    assert.deepEqual(serious(a), []);
  });

  it('a paused pool: its outdated nodes are Excluded, and the pause is a warning', async () => {
    const a = await analyse(updates.pausedPool);
    assert.equal(a.assessment.controlPlane.assessment, 'Progressing');
    const w = pool(a);
    assert.equal(w.paused, true);
    assert.equal(w.assessment, 'Excluded');
    assert.ok(w.nodes.every((n) => n.assessment === 'Excluded' && n.phase === 'Paused'));
    assert.deepEqual(serious(a), ['pool-paused']);
    assert.deepEqual(
      a.insights.map((i) => `${i.level} ${i.impact} ${i.rule}`),
      ['warning Update Stalled pool-paused'],
    );
  });

  it('a migration to multi-arch: an update at the same version, nodes judged by config', async () => {
    const a = await analyse(updates.multiarch);
    const cp = a.assessment.controlPlane;
    assert.equal(cp.architecture, 'Multi');
    assert.equal(cp.assessment, 'Progressing');
    assert.equal(cp.from, '4.15.3');
    assert.ok(!a.findings.some((f) => f.rule === 'mco-level-before-required-pools'));
    const moving = [...cp.nodes, ...pool(a).nodes].filter((n) => n.assessment === 'Progressing');
    assert.ok(moving.length >= 2, 'nodes on the old payload config are not "updated"');
    assert.deepEqual(serious(a), []);
  });

  it('an update over one that never completed says so', async () => {
    const a = await analyse(updates.previousIncomplete);
    const cp = a.assessment.controlPlane;
    assert.equal(cp.target, '4.14.2');
    assert.equal(cp.from, '4.14.1');
    assert.equal(cp.fromIncomplete, true);
    assert.equal(cp.lastCompleted, '4.14.0-rc.7');
    const f = a.findings.find((x) => x.rule === 'clusterversion-update-incomplete');
    assert.equal(f?.severity, 'warning');
    assert.match(f?.message ?? '', /from 4\.14\.1 \(itself never completed\) to 4\.14\.2/);
    assert.match(
      f?.detail ?? '',
      /from 4\.14\.1 \(an update that itself never completed; the last completed release is 4\.14\.0-rc\.7\) to 4\.14\.2/,
    );
  });

  it('single node: one control-plane node, an empty worker pool', async () => {
    const a = await analyse(updates.singleNode);
    const cp = a.assessment.controlPlane;
    assert.equal(cp.nodes.length, 1);
    assert.equal(cp.nodes[0]!.assessment, 'Progressing');
    assert.equal(pool(a).assessment, 'Empty');
    assert.equal(pool(a).completionPercent, undefined);
    assert.deepEqual(serious(a), []);
  });

  it('compact: three schedulable masters rolling, an empty worker pool', async () => {
    const a = await analyse(updates.compact);
    assert.equal(a.assessment.controlPlane.assessment, 'Progressing');
    assert.deepEqual(nodes(a.assessment.controlPlane.nodes), [
      'ip-10-0-144-98 Progressing Updating 4.15.2',
      'ip-10-0-167-162 Outdated Pending 4.15.2',
      'ip-10-0-134-72 Completed Updated 4.15.3',
    ]);
    assert.equal(pool(a).counts.total, 0);
    assert.deepEqual(serious(a), []);
  });
});

describe('update assessment without a gather time or a ClusterVersion', () => {
  it('anchors "now" at the CVO log’s newest result when the timestamp file is missing', async () => {
    const copy = copyFixture(samples.workerBlocksMco);
    try {
      for (const t of findFiles(copy.path, 'timestamp')) rmSync(t);
      const a = await analyse(copy.path);
      assert.equal(a.snapshot.gatherTime, undefined);
      assert.equal(a.assessment.now?.toISOString(), '2021-03-25T12:17:59.877Z');
      assert.equal(a.assessment.controlPlane.assessment, 'Stalled', 'not "on time" at 09:45');
    } finally {
      copy.remove();
    }
  });

  it('says nothing of completion without a ClusterVersion', async () => {
    const copy = copyFixture(updates.draining);
    try {
      for (const f of findFiles(copy.path, 'clusterversions')) rmSync(f, { recursive: true });
      const a = await analyse(copy.path);
      const cp = a.assessment.controlPlane;
      assert.equal(cp.assessment, 'NotUpdating');
      assert.equal(cp.completionPercent, undefined);
      assert.match(cp.reason, /holds no ClusterVersion/);
    } finally {
      copy.remove();
    }
  });
});

/** Every path below a folder whose last segment is `name` (files or folders). */
function findFiles(dir: string, name: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    if (e.name === name || e.name === `${name}.yaml`) return [p];
    return e.isDirectory() ? findFiles(p, name) : [];
  });
}
