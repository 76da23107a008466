import assert from 'node:assert/strict';
import type { Json } from '../../../server/src/model/access';
import type { Node } from '../../../server/src/model/node';
import { PodDisruptionBudget } from '../../../server/src/model/podDisruptionBudget';
import type { Snapshot } from '../../../server/src/model/snapshot';
import { mcoDrainStuck } from '../../../server/src/rules/mcoDrainStuck';
import { samples, updates } from '../../support/fixtures';
import { ruleTester, snapshotOf } from '../../support/ruleTester';

/** The fourth worker of `update-drain-blocked`, cordoned 32 minutes before the gather. */
const blocked = 'ip-10-0-143-229.us-east-2.compute.internal';
const master = 'ip-10-0-137-106.us-east-2.compute.internal';
const node = (s: Snapshot, name: string) => s.nodes.find((n) => n.name === name)!;
const annotations = (n: Node) => (n.raw.metadata as Json).annotations as Record<string, string>;
const drainAnnotation = (name: string) => (s: Snapshot) => ({
  ...node(s, name).at(),
  pointer: '/metadata/annotations/machineconfiguration.openshift.io~1desiredDrain',
});
const isControllerLine = (r: { file: string; span?: [number, number] }) =>
  r.file.includes('machine-config-controller') && r.span !== undefined;

/** Moves the gather `minutes` later (ages come from the gather time only). */
const gatherLater = (minutes: number) => (s: Snapshot) => {
  s.gatherTime = new Date(s.gatherTime!.getTime() + minutes * 60_000);
};

/** A PodDisruptionBudget as `oc adm inspect` writes one in namespaces/<ns>/policy/poddisruptionbudgets.yaml. */
const pdb = (s: Snapshot, namespace: string, name: string, minAvailable: number | string) => {
  const file = `${s.root.path}/namespaces/${namespace}/policy/poddisruptionbudgets.yaml`;
  const raw: Json = {
    apiVersion: 'policy/v1',
    kind: 'PodDisruptionBudget',
    metadata: { name, namespace },
    spec: { minAvailable, selector: { matchLabels: { app: name } } },
    status: {
      currentHealthy: 1,
      desiredHealthy: 1,
      disruptionsAllowed: 0,
      expectedPods: 1,
      observedGeneration: 1,
    },
  };
  s.pdbs.push(new PodDisruptionBudget(raw, { file, doc: 0, base: '/items/0' }));
  if (!s.namespaces.includes(namespace)) s.namespaces.push(namespace);
};

/** The drain stops at the etcd guard of a master instead (4.11+: etcd-guard-pdb). */
const etcdGuardOnMaster = (s: Snapshot) => {
  const m = node(s, master);
  const w = node(s, blocked);
  const a = annotations(m);
  a['machineconfiguration.openshift.io/desiredDrain'] = `drain-${m.desiredConfig}`;
  a['machineconfiguration.openshift.io/lastAppliedDrain'] = `uncordon-${m.currentConfig}`;
  a['machineconfiguration.openshift.io/state'] = 'Working';
  const taint = (w.spec.taints as Json[]).find((t) => t.key === 'node.kubernetes.io/unschedulable');
  Object.assign(m.spec, {
    unschedulable: true,
    taints: [...((m.spec.taints as Json[]) ?? []), taint],
  });
  // The worker finished; its lines are the master's now.
  annotations(w)['machineconfiguration.openshift.io/lastAppliedDrain'] = w.desiredDrain!;
  for (const log of s.drainLogs)
    for (const l of log.lines) {
      if (l.node === blocked) l.node = master;
      l.pods = l.pods.map((p) =>
        p.name === 'inventory-db-0'
          ? { namespace: 'openshift-etcd', name: `etcd-guard-${master}` }
          : p,
      );
    }
  pdb(s, 'openshift-etcd', 'etcd-guard-pdb', 2);
};

/** The same drain on a 4.10 cluster: no drain annotations, the daemon drains (its log unread). */
const daemonDrain410 = (s: Snapshot) => {
  for (const n of s.nodes) {
    delete annotations(n)['machineconfiguration.openshift.io/desiredDrain'];
    delete annotations(n)['machineconfiguration.openshift.io/lastAppliedDrain'];
  }
  s.drainLogs = [];
};

const healthyUpdates = [
  ['update-draining', updates.draining],
  ['update-config-rollout', updates.configRollout],
  ['update-early', updates.early],
  ['update-completed-pool-rolling', updates.completedPoolRolling],
  ['update-compact', updates.compact],
  ['update-single-node', updates.singleNode],
  ['update-multiarch', updates.multiarch],
] as const;

ruleTester(mcoDrainStuck, {
  valid: [
    { name: 'stays quiet on a healthy 4.10 cluster', snapshot: snapshotOf(samples.healthy) },
    ...healthyUpdates.map(([name, path]) => ({
      name: `stays quiet on the healthy in-progress update ${name} (short drains, no refused eviction)`,
      snapshot: snapshotOf(path),
      reason: 'a drain of a few minutes without eviction errors is normal',
    })),
    {
      name: 'leaves a node already Degraded for the drain to node-mcd-degraded (one finding per node and cause)',
      snapshot: snapshotOf(updates.stalled),
    },
    {
      name: 'stays quiet on a drain of 5 minutes with no eviction refused',
      snapshot: snapshotOf(updates.drainBlocked, (s) => {
        s.drainLogs = [];
        s.gatherTime = new Date(node(s, blocked).unschedulableSince!.getTime() + 5 * 60_000);
      }),
    },
    {
      name: 'stays quiet once the drain completed (lastAppliedDrain caught up)',
      snapshot: snapshotOf(updates.drainBlocked, (s) => {
        const n = node(s, blocked);
        annotations(n)['machineconfiguration.openshift.io/lastAppliedDrain'] = n.desiredDrain!;
      }),
    },
  ],
  invalid: [
    {
      name: 'warns on a worker cordoned 32 minutes, naming the refused pod of a namespace not gathered (4.15)',
      snapshot: snapshotOf(updates.drainBlocked),
      findings: [
        {
          severity: 'warning',
          subject: `node/${blocked}`,
          message: [
            /^Node ip-10-0-143-229\.us-east-2\.compute\.internal \(pool `worker`\) has been draining for 32m33s \(since 2024-04-18T13:19:54Z\) to move to rendered-worker-/,
            /desiredDrain is drain-rendered-worker-\w+ but lastAppliedDrain is uncordon-rendered-worker-\w+\./,
            /The eviction of pod inventory\/inventory-db-0 was refused by its PodDisruptionBudget \d+ times, the last 2024-04-18T13:50:50Z/,
            /namespace inventory was not gathered, so its PodDisruptionBudget is not in the must-gather \(oc get pdb -n inventory shows it\)/,
            /The machine-config-controller \(4\.11\+\) retries the drain every minute, every 5 minutes once it has failed for 10 minutes; after 1 hour the daemon marks the node Degraded/,
          ],
          location: drainAnnotation(blocked),
          related: [
            (r) =>
              r.pointer ===
              '/metadata/annotations/machineconfiguration.openshift.io~1lastAppliedDrain',
            (r) =>
              r.pointer.startsWith('/spec/taints/') &&
              /cordoned 2024-04-18T13:19:54Z/.test(r.message),
            (r) =>
              isControllerLine(r) &&
              /eviction of inventory\/inventory-db-0 refused/.test(r.message),
            (r) =>
              isControllerLine(r) && /drain of .* failed \(\d+ failed attempts/.test(r.message),
          ],
        },
      ],
      check: ([f]) => {
        assert.equal(f!.since?.toISOString(), '2024-04-18T13:19:54.000Z');
        assert.doesNotMatch(f!.message, /DrainThresholdExceeded/, '4.15 emits no such event');
      },
    },
    {
      name: 'is information only while refusals are under 10 minutes old',
      snapshot: snapshotOf(updates.drainBlocked, (s) => {
        const t = node(s, blocked).unschedulableSince!.getTime() + 4 * 60_000;
        s.gatherTime = new Date(t);
        for (const log of s.drainLogs) log.lines = log.lines.filter((l) => l.time!.getTime() < t);
      }),
      findings: [
        {
          severity: 'info',
          subject: `node/${blocked}`,
          message: [
            /has been draining for 4m0s/,
            /was refused by its PodDisruptionBudget \d+ times/,
            /Under 10 minutes in, refused evictions often clear by themselves/,
          ],
        },
      ],
    },
    {
      name: 'tells of the drain events a 4.19 controller emits',
      snapshot: snapshotOf(updates.drainBlocked, (s) => {
        const mco = s.operators.find((o) => o.name === 'machine-config')!;
        for (const v of mco.status.versions as Json[])
          if (v.name === 'operator') v.version = '4.19.2';
      }),
      findings: [
        {
          severity: 'warning',
          subject: `node/${blocked}`,
          message:
            /emits the node events DrainThresholdExceeded \(after 10 minutes\) and DrainFailed \(after the hour\)/,
        },
      ],
    },
    {
      name: 'is an error once the drain is over the hour, and says what comes next',
      snapshot: snapshotOf(updates.drainBlocked, gatherLater(30)),
      findings: [
        {
          severity: 'error',
          subject: `node/${blocked}`,
          message: [/has been draining for 1h2m/, /The drain is past that hour/],
        },
      ],
    },
    {
      name: 'names the PodDisruptionBudget when its namespace was gathered',
      snapshot: snapshotOf(updates.drainBlocked, (s) => pdb(s, 'inventory', 'inventory-db', 1)),
      findings: [
        {
          severity: 'warning',
          subject: `node/${blocked}`,
          message:
            /PodDisruptionBudget inventory\/inventory-db allows 0 disruptions \(minAvailable 1, 1 of 1 pods healthy, 1 required\)/,
          related: [
            (r) =>
              r.pointer === '/items/0/status/disruptionsAllowed' &&
              r.file.endsWith('namespaces/inventory/policy/poddisruptionbudgets.yaml'),
          ],
        },
      ],
    },
    {
      name: "names a master's etcd guard as the control-plane budget it is (etcd-guard-pdb)",
      snapshot: snapshotOf(updates.drainBlocked, etcdGuardOnMaster),
      findings: [
        {
          severity: 'warning',
          subject: `node/${master}`,
          message: [
            /\(pool `master`\) has been draining/,
            /eviction of pod openshift-etcd\/etcd-guard-ip-10-0-137-106\.us-east-2\.compute\.internal was refused/,
            /PodDisruptionBudget openshift-etcd\/etcd-guard-pdb allows 0 disruptions/,
            /It is the etcd guard pod, protected by the control-plane budget etcd-guard-pdb: etcd is not healthy on every other master/,
          ],
          location: drainAnnotation(master),
        },
      ],
    },
    {
      name: "reports a 4.10 daemon's drain from the cordon alone, and says where the pod is named",
      snapshot: snapshotOf(updates.drainBlocked, daemonDrain410),
      findings: [
        {
          severity: 'warning',
          subject: `node/${blocked}`,
          message: [
            /has been draining for 32m33s/,
            /it is cordoned and its daemon is Working \(until 4\.10 the daemon drains its own node\)/,
            /machine-config-daemon log \(Draining failed with: …, retrying\) names the pod/,
            /The daemon \(4\.10 and earlier\) retries every minute, every 5 minutes after 5 failures, and after 1 hour marks the node Degraded/,
          ],
          location: (s) => node(s, blocked).unschedulableLocation,
        },
      ],
    },
    {
      name: 'says when no controller line tells what blocks a drain past 10 minutes',
      snapshot: snapshotOf(updates.drainBlocked, (s) => {
        for (const log of s.drainLogs) log.lines = [];
      }),
      findings: [
        {
          severity: 'warning',
          subject: `node/${blocked}`,
          message:
            /the machine-config-controller logs in the gather have no line about this drain/i,
        },
      ],
    },
  ],
});
