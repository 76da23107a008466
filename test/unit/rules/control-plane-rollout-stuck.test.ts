import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkSnapshot } from '../../../server/src/analysis/analyze';
import type { RuleLevels } from '../../../server/src/analysis/analyze';
import type { Snapshot } from '../../../server/src/model/snapshot';
import { controlPlaneRolloutStuck } from '../../../server/src/rules/control-plane-rollout-stuck';
import { operatorDegraded } from '../../../server/src/rules/operator-degraded';
import { healthyUpdates, samples, updates } from '../../support/fixtures';
import { ruleContext } from '../../support/rules';
import { warningEvent } from '../../support/events';
import { ruleTester, snapshotOf, wordsOf } from '../../support/ruleTester';
import { loadFixture } from '../../support/snapshot';

type Json = Record<string, unknown>;

/** The installer fails on the second master of the fixture. */
const failingNode = 'ip-10-0-145-170.us-east-2.compute.internal';
const revisions416 =
  '2 nodes are at revision 14; 1 node is at revision 15; 0 nodes have achieved new revision 16';

const co = (s: Snapshot, name: string) => s.operators.find((o) => o.name === name)!;
const conditionsOf = (s: Snapshot, name: string) =>
  (co(s, name).raw.status as Json).conditions as Json[];
const condition = (s: Snapshot, name: string, type: string) =>
  conditionsOf(s, name).find((c) => c.type === type)!;
const minutesBefore = (s: Snapshot, m: number) =>
  new Date(s.gatherTime!.getTime() - m * 60_000).toISOString().replace(/\.\d{3}Z$/, 'Z');

/** kube-apiserver's rollout converged: every node on revision 16, nothing failing. */
function converged(s: Snapshot): void {
  Object.assign(condition(s, 'kube-apiserver', 'Progressing'), {
    status: 'False',
    reason: 'AsExpected',
    message: 'NodeInstallerProgressing: 3 nodes are at revision 16',
  });
  Object.assign(condition(s, 'kube-apiserver', 'Degraded'), {
    status: 'False',
    reason: 'AsExpected',
    message: 'NodeControllerDegraded: All master nodes are ready',
  });
}

/** Only the rollout, no installer failure. */
function noInstallerFailure(s: Snapshot): void {
  Object.assign(condition(s, 'kube-apiserver', 'Degraded'), {
    status: 'False',
    reason: 'AsExpected',
    message: 'NodeControllerDegraded: All master nodes are ready',
  });
}

/** The same rollout as a 4.14 -> 4.15 update writes it: `1 nodes are` (4.15's plural kept). */
function wording415(s: Snapshot): void {
  noInstallerFailure(s);
  condition(s, 'kube-apiserver', 'Progressing').message =
    'NodeInstallerProgressing: 2 nodes are at revision 14; 1 nodes are at revision 15; 0 nodes have achieved new revision 16';
  (s.clusterVersion!.raw.status as Json).desired = {
    ...((s.clusterVersion!.raw.status as Json).desired as Json),
    version: '4.15.18',
  };
  for (const o of s.operators) {
    for (const v of ((o.raw.status as Json).versions ?? []) as Json[]) {
      if (v.version === '4.15.18') v.version = '4.14.30';
      if (v.version === '4.16.0') v.version = '4.15.18';
    }
  }
}

/** etcd loses a member on the failing master; kube-apiserver's rollout converged. */
function etcdMemberUnhealthy(s: Snapshot): void {
  converged(s);
  Object.assign(condition(s, 'etcd', 'Degraded'), {
    status: 'True',
    lastTransitionTime: minutesBefore(s, 25),
    reason: 'EtcdMembers_UnhealthyMembers',
    message: `NodeControllerDegraded: All master nodes are ready\nEtcdMembersDegraded: 2 of 3 members are available, ${failingNode} is unhealthy`,
  });
}

ruleTester(controlPlaneRolloutStuck, {
  valid: [
    { name: 'stays quiet on a healthy cluster', snapshot: snapshotOf(samples.healthy) },
    ...healthyUpdates.map(([name, dir]) => ({
      name: `no error in the healthy in-progress update ${name}`,
      snapshot: snapshotOf(dir),
      atOrAbove: 'error' as const,
      reason: 'a healthy update is not a stuck rollout',
    })),
    ...healthyUpdates.map(([name, dir]) => ({
      name: `no finding at all in ${name} (no static-pod operator is rolling)`,
      snapshot: snapshotOf(dir),
    })),
    {
      name: 'the stalled machine-config update is not a control-plane rollout',
      snapshot: snapshotOf(updates.stalled),
    },
    {
      name: 'a converged rollout (Progressing=False: 3 nodes are at revision 16)',
      snapshot: snapshotOf(updates.staticPodRolloutStuck, converged),
    },
  ],
  invalid: [
    {
      name: 'kube-apiserver stuck 1h20m with its installer failing on one master: an error naming node, pod and what waits',
      snapshot: snapshotOf(updates.staticPodRolloutStuck),
      findings: [
        {
          severity: 'error',
          subject: 'co/kube-apiserver',
          message: [
            new RegExp(
              `^kube-apiserver's static-pod rollout to revision 16 has not converged for 1h20m \\(0 of 3 nodes on it\\); its installer fails on node ${failingNode.replace(/\./g, '\\.')}\n`,
            ),
            /\nkube-apiserver's static-pod revision rollout has not converged since 2024-07-09T13:12:17Z \(1h20m before the gather\): 2 nodes are at revision 14; 1 node is at revision 15; 0 nodes have achieved new revision 16 \(NodeInstallerProgressing\)\./,
            /Its installer fails on 1 node for revision 16 \(NodeInstallerDegraded since 2024-07-09T13:41:27Z/,
            new RegExp(
              `node ${failingNode.replace(/\./g, '\\.')}; installer pod installer-16-retry-5-${failingNode.replace(/\./g, '\\.')} in openshift-kube-apiserver`,
            ),
            /namespaces\/openshift-kube-apiserver\/pods\/<pod>\//,
            /dial tcp 172\.30\.0\.1:443: i\/o timeout \/ F0709 14:23:46\.485562 1 cmd\.go:106\] timed out waiting for the condition"/,
            /still reports operator version 4\.15\.18; the cluster's target is 4\.16\.0 \(its operator already runs 4\.16\.0/,
            /machine-config at 80\) and waits on kube-apiserver before it moves on: 9 other operators still report the old version/,
            /machine-config has not been reached \(it reports 4\.15\.18\), so no machine-config pool can start rolling to 4\.16\.0 until this rollout clears/,
            /waits up to 40 minutes on a degraded operator/,
          ],
          // Degraded is the first condition, Progressing the second (as the operator writes them).
          location: (s) => co(s, 'kube-apiserver').at('status', 'conditions', 1),
          related: [
            (r) =>
              /NodeInstallerDegraded: the installer fails on revision 16/.test(r.message) &&
              r.pointer === '/status/conditions/0',
            (r) => r.file.endsWith(`core/nodes/${failingNode}.yaml`),
            (r) => r.message === 'kube-apiserver reports version 4.15.18',
            (r) =>
              r.file.endsWith('clusterversions/version.yaml') &&
              /waits on kube-apiserver/.test(r.message),
            (r) =>
              r.file.endsWith('clusteroperators/machine-config.yaml') &&
              /not reached/.test(r.message),
          ],
        },
      ],
      check: (found) => {
        assert.equal(found[0]!.since?.toISOString(), '2024-07-09T13:12:17.000Z');
        assert.match(
          found[0]!.detail!,
          /Look at the installer pod .* at its node's kubelet and network/,
        );
        assert.doesNotMatch(found[0]!.message, /\n/);
      },
    },
    {
      name: "cites the installer controller's InstallerPodFailed and kubelet's warnings on the failing installer pod",
      snapshot: snapshotOf(updates.staticPodRolloutStuck, (s) => {
        const pod = `installer-16-retry-5-${failingNode}`;
        s.events.push(
          warningEvent(s, {
            namespace: 'openshift-kube-apiserver-operator',
            involved: {
              kind: 'Deployment',
              name: 'kube-apiserver-operator',
              namespace: 'openshift-kube-apiserver-operator',
            },
            reason: 'InstallerPodFailed',
            message: 'installer errors: installer: timed out waiting for the condition',
            minutesBefore: 9,
            count: 6,
            component: 'kube-apiserver-operator-installer-controller',
          }),
        );
        s.events.push(
          warningEvent(s, {
            namespace: 'openshift-kube-apiserver',
            involved: { kind: 'Pod', name: pod, namespace: 'openshift-kube-apiserver' },
            reason: 'FailedCreatePodSandBox',
            message: 'Failed to create pod sandbox: error adding pod to CNI network',
            minutesBefore: 20,
            host: failingNode,
          }),
        );
        // Another pod's warning is not the installer's.
        s.events.push(
          warningEvent(s, {
            namespace: 'openshift-kube-apiserver',
            involved: {
              kind: 'Pod',
              name: 'kube-apiserver-guard-x',
              namespace: 'openshift-kube-apiserver',
            },
            reason: 'ProbeError',
            message: 'Readiness probe error',
            minutesBefore: 1,
          }),
        );
      }),
      findings: [
        {
          severity: 'error',
          subject: 'co/kube-apiserver',
          message: /its installer fails on node/,
          related: [
            (r) =>
              /^event InstallerPodFailed \(6 times, last 9m0s before the gather\): installer errors/.test(
                r.message,
              ),
            (r) =>
              /^event FailedCreatePodSandBox \(20m0s before the gather\): Failed to create pod sandbox/.test(
                r.message,
              ),
          ],
        },
      ],
      check: (found) =>
        assert.ok(!found[0]!.related.some((r) => /ProbeError/.test(r.message)), 'another pod'),
    },
    {
      name: 'the 4.16 wording without an installer failure: still an error after an hour, with 4.16 SlowClusterOperator',
      snapshot: snapshotOf(updates.staticPodRolloutStuck, noInstallerFailure),
      findings: [
        {
          severity: 'error',
          subject: 'co/kube-apiserver',
          message: [
            new RegExp(`: ${revisions416} \\(NodeInstallerProgressing\\)\\.`),
            /From 4\.16 the cluster-version operator reports Failing=Unknown \(SlowClusterOperator, "waiting on kube-apiserver over 30 minutes which is longer than expected"\)/,
          ],
        },
      ],
      check: (found) => {
        assert.doesNotMatch(wordsOf(found[0]!), /installer fails/);
        assert.equal(
          found[0]!.message,
          "kube-apiserver's static-pod rollout to revision 16 has not converged for 1h20m (0 of 3 nodes on it); the update to 4.16.0 waits on it",
        );
      },
    },
    {
      name: 'the 4.15 wording (`1 nodes are at revision 15`, a 4.14 -> 4.15 update): read alike, no SlowClusterOperator before 4.16',
      snapshot: snapshotOf(updates.staticPodRolloutStuck, wording415),
      findings: [
        {
          severity: 'error',
          subject: 'co/kube-apiserver',
          message: [
            /2 nodes are at revision 14; 1 nodes are at revision 15; 0 nodes have achieved new revision 16 \(NodeInstallerProgressing\)/,
            /still reports operator version 4\.14\.30; the cluster's target is 4\.15\.18/,
            /no machine-config pool can start rolling to 4\.15\.18/,
          ],
        },
      ],
      check: (found) => assert.doesNotMatch(wordsOf(found[0]!), /SlowClusterOperator/),
    },
    {
      name: 'under an hour: a warning that says so',
      snapshot: snapshotOf(updates.staticPodRolloutStuck, (s) => {
        condition(s, 'kube-apiserver', 'Progressing').lastTransitionTime = minutesBefore(s, 40);
      }),
      findings: [
        {
          severity: 'warning',
          subject: 'co/kube-apiserver',
          message: [/\(40m0s before the gather\)/, /under the 60 minutes after which/],
        },
      ],
    },
    {
      name: 'a young rollout without failures in an update on time: information',
      snapshot: snapshotOf(updates.staticPodRolloutStuck, noInstallerFailure, (s) => {
        condition(s, 'kube-apiserver', 'Progressing').lastTransitionTime = minutesBefore(s, 12);
        // The update started 20 minutes ago and fails nothing.
        const cv = (s.clusterVersion!.raw.status as Json).conditions as Json[];
        Object.assign(cv.find((c) => c.type === 'Failing')!, {
          status: 'False',
          reason: undefined,
          message: undefined,
        });
        const history = (s.clusterVersion!.raw.status as Json).history as Json[];
        history[0]!.startedTime = minutesBefore(s, 20);
      }),
      findings: [
        {
          severity: 'info',
          subject: 'co/kube-apiserver',
          message:
            /No installer has failed, the rollout is younger than 30 minutes and the update is on time: this is its progress\./,
        },
      ],
    },
    {
      name: 'etcd EtcdMembersDegraded: the member (a node) named, quorum said',
      snapshot: snapshotOf(updates.staticPodRolloutStuck, etcdMemberUnhealthy),
      findings: [
        {
          severity: 'warning',
          subject: 'co/etcd',
          message: [
            /^etcd's control-plane static pods are failing for 25m0s; 2 of 3 etcd members are healthy \(quorum needs 2\)\n/,
            /\netcd's control-plane static pods are failing \(Degraded=True since .* \(25m0s before the gather\)\)\./,
            new RegExp(
              `etcd reports EtcdMembersDegraded since .*: 2 of 3 members are available, ${failingNode.replace(/\./g, '\\.')} is unhealthy \\(2 of 3 members healthy; quorum needs 2\\)`,
            ),
          ],
          location: (s) => co(s, 'etcd').at('status', 'conditions', 0),
          related: [
            (r) => r.file.endsWith(`core/nodes/${failingNode}.yaml`),
            (r) => r.message === 'etcd EtcdMembersDegraded',
          ],
        },
      ],
    },
  ],
});

// One finding per operator and cause: a Degraded that only the rollout causes carries the cause
// control-plane-rollout-stuck explains (folded while it runs, shown when it is off).
ruleTester(operatorDegraded, {
  valid: [],
  invalid: [
    {
      name: 'a Degraded that is only NodeInstaller_InstallerPodFailed carries the static-pod-rollout cause',
      snapshot: snapshotOf(updates.staticPodRolloutStuck),
      findings: [
        {
          severity: 'error',
          subject: 'co/kube-apiserver',
          message: /NodeInstaller/,
          cause: 'static-pod-rollout',
        },
      ],
    },
    {
      name: 'etcd EtcdMembers_UnhealthyMembers carries the static-pod-rollout cause',
      snapshot: snapshotOf(updates.staticPodRolloutStuck, etcdMemberUnhealthy),
      findings: [
        {
          severity: 'warning',
          subject: 'co/etcd',
          message: /EtcdMembers/,
          cause: 'static-pod-rollout',
        },
      ],
    },
    {
      name: 'still reports a Degraded with a cause of its own beside the installer',
      snapshot: snapshotOf(updates.staticPodRolloutStuck, (s) => {
        const d = condition(s, 'kube-apiserver', 'Degraded');
        d.reason = 'NodeInstaller_InstallerPodFailed::StaticPods_Error';
        d.message = `${String(d.message)}\nStaticPodsDegraded: pod/kube-apiserver-${failingNode} container "kube-apiserver" is waiting: CrashLoopBackOff`;
      }),
      findings: [
        {
          severity: 'error',
          subject: 'co/kube-apiserver',
          message: /StaticPods_Error/,
          cause: undefined,
        },
      ],
    },
  ],
});

// The fixture's other findings stay what they were: nothing else shows kube-apiserver twice.
describe('control-plane-rollout-stuck on its fixture', () => {
  it('is the only finding shown on co/kube-apiserver, the others folded into it', async () => {
    const { snapshot } = await loadFixture(updates.staticPodRolloutStuck);
    const about = (levels: RuleLevels) =>
      checkSnapshot(snapshot, ruleContext, levels)
        .findings.filter((f) => f.subject === 'co/kube-apiserver')
        .map((f) => f.rule);
    assert.deepEqual(about({}), ['control-plane-rollout-stuck']);
    assert.deepEqual(about({ 'control-plane-rollout-stuck': 'off' }).sort(), [
      'operator-degraded',
      'operator-not-leveled',
    ]);
  });
});
