/**
 * Off is off, and only off (issue 39): for every pair a rule's `explains` declares, on a generated
 * fixture where both rules see the same object, the explained finding is folded into its
 * explainer while both run, and is shown on its own once the explainer is off. A rule never
 * keeps quiet about what another rule would report: the fold decides, after the user's levels.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkSnapshot } from '../../server/src/analysis/analyze';
import type { RuleLevels } from '../../server/src/analysis/analyze';
import type { Finding } from '../../server/src/core/finding';
import type { Json } from '../../server/src/model/access';
import type { Snapshot } from '../../server/src/model/snapshot';
import { rules } from '../../server/src/rules/registry';
import { samples, updates } from '../support/fixtures';
import { ruleContext } from '../support/rules';
import { snapshotOf } from '../support/ruleTester';
import { setCondition } from '../support/snapshot';

interface Pair {
  explainer: string;
  explained: string;
  subject: string;
  /** The explainer's subject when it is another object (a node's kubelet explains an operator's). */
  explainerSubject?: string;
  /** What the fixture shows, for the test's name. */
  what: string;
  snapshot: () => Promise<Snapshot>;
}

const annotationsOf = (s: Snapshot, node: string) =>
  (s.nodes.find((n) => n.name === node)!.raw.metadata as Json).annotations as Json;

/** The daemon marks `node` Degraded with `reason`. */
const degradedBy = (node: string, reason: string) => (s: Snapshot) => {
  const a = annotationsOf(s, node);
  a['machineconfiguration.openshift.io/state'] = 'Degraded';
  a['machineconfiguration.openshift.io/reason'] = reason;
};

/** The daemon's reasons, one per daemon rule (`model/nodeFailures.ts` classifies them). */
const daemonReasons: Record<string, string> = {
  'node-mcd-degraded':
    'unexpected error while syncing: failed to write file /etc/kubernetes/kubelet.conf',
  'node-os-update-failed':
    'Failed to update OS to quay.io/openshift-release-dev/ocp-v4.0-art-dev@sha256:9c1e after retries: error running rpm-ostree rebase: exit status 1',
  'node-ondisk-drift':
    'unexpected on-disk state validating against rendered-worker-7e05e4ba3bd5460aa1c820cc7e5f4a20: content mismatch for file "/etc/containers/registries.conf"',
};

/** The worker of update-mcn-stuck whose MachineConfigNode holds AppliedFilesAndOS. */
const mcnWorker = 'ip-10-0-169-127.eu-west-1.compute.internal';
const mcnOf = (s: Snapshot) => s.machineConfigNodes.find((m) => m.name === mcnWorker)!;
/** The worker of update-stalled-degraded-node a PodDisruptionBudget keeps from draining. */
const drainingWorker = 'ip-10-0-151-214.ec2.internal';

/** update-mcn-stuck's worker held in Drained by a drain the controller has not finished. */
const heldInDrain = (s: Snapshot) => {
  setCondition(mcnOf(s), 'AppliedFilesAndOS', { status: 'False' });
  setCondition(mcnOf(s), 'Drained', {
    status: 'Unknown',
    message:
      'Draining node. The drain will not be complete until desired drainer drain-rendered-worker-1 matches current drainer uncordon-rendered-worker-0',
    lastTransitionTime: '2026-01-14T09:47:02Z',
  });
  annotationsOf(s, mcnWorker)['machineconfiguration.openshift.io/lastAppliedDrain'] =
    'uncordon-rendered-worker-7e05e4ba3bd5460aa1c820cc7e5f4a20';
};

const pairs: Pair[] = [
  ...['node-os-update-failed', 'node-ondisk-drift'].map(
    (explainer): Pair => ({
      explainer,
      explained: 'node-mcd-degraded',
      subject: `node/${drainingWorker}`,
      what: 'a worker Degraded for that reason (update-stalled-degraded-node)',
      snapshot: snapshotOf(updates.stalled, degradedBy(drainingWorker, daemonReasons[explainer]!)),
    }),
  ),
  {
    explainer: 'node-mcd-degraded',
    explained: 'mco-drain-stuck',
    subject: `node/${drainingWorker}`,
    what: 'a worker Degraded by the drain it could not finish (update-stalled-degraded-node)',
    snapshot: snapshotOf(updates.stalled),
  },
  {
    explainer: 'node-mcd-degraded',
    explained: 'mcn-phase-stuck',
    subject: `node/${mcnWorker}`,
    what: 'a worker whose MachineConfigNode holds a phase, Degraded (update-mcn-stuck)',
    snapshot: snapshotOf(
      updates.mcnStuck,
      degradedBy(mcnWorker, daemonReasons['node-mcd-degraded']!),
    ),
  },
  {
    explainer: 'mco-drain-stuck',
    explained: 'mcn-phase-stuck',
    subject: `node/${mcnWorker}`,
    what: 'a MachineConfigNode held in Drained by an open drain (update-mcn-stuck)',
    snapshot: snapshotOf(updates.mcnStuck, heldInDrain),
  },
  {
    explainer: 'control-plane-rollout-stuck',
    explained: 'operator-degraded',
    subject: 'co/kube-apiserver',
    what: 'kube-apiserver Degraded only by its failing installer (update-static-pod-rollout-stuck)',
    snapshot: snapshotOf(updates.staticPodRolloutStuck),
  },
  {
    explainer: 'control-plane-rollout-stuck',
    explained: 'operator-not-leveled',
    subject: 'co/kube-apiserver',
    what: 'kube-apiserver not at the target while its revisions roll out (update-static-pod-rollout-stuck)',
    snapshot: snapshotOf(updates.staticPodRolloutStuck),
  },
  {
    explainer: 'operator-degraded',
    explained: 'control-plane-rollout-stuck',
    subject: 'co/etcd',
    what: 'etcd Degraded by an unhealthy member and a NotReady master at once (update-static-pod-rollout-stuck)',
    snapshot: snapshotOf(updates.staticPodRolloutStuck, (s) => {
      const member = 'ip-10-0-145-170.us-east-2.compute.internal';
      setCondition(s.operators.find((o) => o.name === 'etcd')!, 'Degraded', {
        status: 'True',
        reason: 'EtcdMembers_UnhealthyMembers::NodeController_MasterNodesReady',
        message: `EtcdMembersDegraded: 2 of 3 members are available, ${member} is unhealthy\nNodeControllerDegraded: The master nodes not ready: node "${member}" not ready since 2024-06-26 14:13:05 +0000 UTC because KubeletNotReady (container runtime network not ready: NetworkReady=false reason:NetworkPluginNotReady message:Network plugin returns error: No CNI configuration file in /etc/kubernetes/cni/net.d/. Has your network provider started?)`,
        lastTransitionTime: '2024-06-26T14:14:05Z',
      });
    }),
  },
  {
    explainer: 'pinnedimageset-degraded',
    explained: 'pool-degraded',
    subject: 'mcp/worker',
    what: 'a worker pool Degraded through its pinned image sets alone (update-pinned-images-degraded)',
    snapshot: snapshotOf(updates.pinnedImages),
  },
  {
    explainer: 'ocl-build-failed',
    explained: 'pool-degraded',
    subject: 'mcp/worker',
    what: 'a worker pool Degraded by its failed image build (update-ocl-build-failed)',
    snapshot: snapshotOf(updates.oclBuildFailed),
  },
  {
    explainer: 'pool-paused',
    explained: 'pool-not-updated',
    subject: 'mcp/worker',
    what: 'a paused worker pool behind its target (update-paused-pool)',
    snapshot: snapshotOf(updates.pausedPool),
  },
  {
    explainer: 'clusterversion-update-not-accepted',
    explained: 'clusterversion-failing',
    subject: 'cv/version',
    what: 'a 4.7 ClusterVersion Failing=True UpgradePreconditionCheckFailed (bug 1943289 sample)',
    snapshot: snapshotOf(samples.workerBlocksMco, (s) =>
      setCondition(s.clusterVersion!, 'Failing', {
        status: 'True',
        reason: 'UpgradePreconditionCheckFailed',
        message:
          'Precondition "ClusterVersionUpgradeable" failed because of "AdminAckRequired": Kubernetes 1.22 and therefore OpenShift 4.9 remove several APIs which require admin consideration.',
        lastTransitionTime: '2021-03-25T11:40:13Z',
      }),
    ),
  },
  {
    explainer: 'node-version-skew',
    explained: 'operator-not-upgradeable',
    subject: 'co/kube-apiserver',
    explainerSubject: 'node/ip-10-0-142-76.us-west-2.compute.internal',
    what: "a worker's kubelet two minors behind, and kube-apiserver saying so (update-early)",
    snapshot: snapshotOf(updates.early, (s) => {
      setCondition(s.operators.find((o) => o.name === 'kube-apiserver')!, 'Upgradeable', {
        status: 'False',
        reason: 'KubeletMinorVersion_KubeletMinorVersionUnsupported',
        message:
          'Unsupported kubelet minor version (1.26.9) on node ip-10-0-142-76.us-west-2.compute.internal is too far behind the target API server version (1.28.7).',
      });
      const node = s.nodes.find((n) => n.name === 'ip-10-0-142-76.us-west-2.compute.internal')!;
      ((node.raw.status as Json).nodeInfo as Json).kubeletVersion = 'v1.26.9+636f2be';
    }),
  },
  {
    explainer: 'mco-blocked-by-non-required-pool',
    explained: 'operator-degraded',
    subject: 'co/machine-config',
    what: 'machine-config Degraded by a pool not required for upgrade (bug 1943289 sample)',
    snapshot: snapshotOf(samples.workerBlocksMco),
  },
];

const findingsOf = (s: Snapshot, levels: RuleLevels): Finding[] =>
  checkSnapshot(s, ruleContext, levels).findings;

describe('explained findings, every pair both ways', () => {
  it('every pair a rule explains has a case here', () => {
    const declared = rules.flatMap((r) =>
      (r.meta.explains ?? []).map((e) => `${r.meta.id} → ${e.rule}`),
    );
    const covered = new Set(pairs.map((p) => `${p.explainer} → ${p.explained}`));
    assert.deepEqual(
      declared.filter((d) => !covered.has(d)),
      [],
      'declared explains without a test',
    );
  });

  for (const p of pairs) {
    it(`${p.explainer} explains ${p.explained} on ${p.what}, which is back when it is off`, async () => {
      const s = await p.snapshot();
      const of = (fs: Finding[], rule: string) =>
        fs.filter(
          (f) =>
            f.rule === rule &&
            f.subject === (rule === p.explainer ? (p.explainerSubject ?? p.subject) : p.subject),
        );

      const on = findingsOf(s, {});
      assert.deepEqual(of(on, p.explained), [], 'folded while its explainer runs');
      const explainers = of(on, p.explainer);
      assert.ok(explainers.length > 0, `${p.explainer} reports ${p.subject}`);
      assert.ok(
        explainers.some((f) =>
          f.related.some((r) => r.message.endsWith(`[${p.explained}, explained here]`)),
        ),
        `${p.explainer} cites it: ${explainers.flatMap((f) => f.related.map((r) => r.message)).join(' | ')}`,
      );

      const off = findingsOf(s, { [p.explainer]: 'off' });
      assert.deepEqual(of(off, p.explainer), []);
      assert.equal(of(off, p.explained).length, 1, `${p.explained} is shown again`);

      // And the other way: the explained rule off leaves its explainer as it was.
      const quiet = findingsOf(s, { [p.explained]: 'off' });
      assert.deepEqual(
        of(quiet, p.explainer).map((f) => [f.severity, f.message]),
        explainers.map((f) => [f.severity, f.message]),
      );
    });
  }

  it('explaining goes through an explained finding: an OS update failure owns the node, its daemon state and its phase', async () => {
    const s = await snapshotOf(
      updates.mcnStuck,
      degradedBy(mcnWorker, daemonReasons['node-os-update-failed']!),
    )();
    const about = (fs: Finding[]) =>
      fs.filter((f) => f.subject === `node/${mcnWorker}`).map((f) => f.rule);
    const cites = (f: Finding | undefined, rule: string) =>
      !!f?.related.some((r) => r.message.endsWith(`[${rule}, explained here]`));

    const on = findingsOf(s, {});
    assert.deepEqual(about(on), ['node-os-update-failed']);
    const owner = on.find((f) => f.rule === 'node-os-update-failed');
    assert.ok(cites(owner, 'node-mcd-degraded') && cites(owner, 'mcn-phase-stuck'));

    const off = findingsOf(s, { 'node-os-update-failed': 'off' });
    assert.deepEqual(about(off), ['node-mcd-degraded']);
    assert.ok(
      cites(
        off.find((f) => f.rule === 'node-mcd-degraded'),
        'mcn-phase-stuck',
      ),
    );

    const bare = findingsOf(s, { 'node-os-update-failed': 'off', 'node-mcd-degraded': 'off' });
    assert.deepEqual(about(bare), ['mcn-phase-stuck']);
    assert.equal(bare.find((f) => f.rule === 'mcn-phase-stuck')?.severity, 'error');
  });
});
