import type { Json } from '../../../server/src/model/access';
import type { Node } from '../../../server/src/model/node';
import type { Snapshot } from '../../../server/src/model/snapshot';
import { nodePoolInPlaceDrainStuck } from '../../../server/src/rules/nodepool-inplace-drain-stuck';
import { hosted, samples, updates } from '../../support/fixtures';
import { ruleTester, snapshotOf } from '../../support/ruleTester';

const mco = 'machineconfiguration.openshift.io';
/** The node the in-place upgrader drains: `desiredDrain` ≠ `lastAppliedDrain`. */
const draining = (s: Snapshot): Node =>
  s.nodes.find((n) => n.desiredDrain?.startsWith('drain-') === true)!;
const annotations = (n: Node) => (n.raw.metadata as Json).annotations as Json;
const drained = (s: Snapshot) => {
  const a = annotations(draining(s));
  a[`${mco}/lastAppliedDrain`] = a[`${mco}/desiredDrain`];
};
const cordonedMinutesAgo = (m: number) => (s: Snapshot) => {
  const taints = (draining(s).raw.spec as Json).taints as Json[];
  const t = taints.find((x) => x.key === 'node.kubernetes.io/unschedulable')!;
  t.timeAdded = new Date(s.gatherTime!.getTime() - m * 60_000)
    .toISOString()
    .replace(/\.\d+Z$/, 'Z');
};
const noBudgets = (s: Snapshot) => {
  s.pdbs.length = 0;
};
/** A dump without the hosted cluster config operator's log (or one that names no failure). */
const noDrainerLog = (s: Snapshot) => {
  delete s.hosted!.controlPlane!.drainLog;
};

ruleTester(nodePoolInPlaceDrainStuck, {
  valid: [
    { name: 'stays quiet on a settled hosted cluster', snapshot: snapshotOf(hosted.healthy) },
    {
      name: 'stays quiet on a Replace NodePool (Cluster API drains it: nodepool-drain-blocked)',
      snapshot: snapshotOf(hosted.drainBlocked),
    },
    {
      name: 'stays quiet on an in-place update whose node degraded before any drain',
      snapshot: snapshotOf(hosted.inPlaceDegraded),
    },
    { name: 'stays quiet on a standalone cluster', snapshot: snapshotOf(samples.healthy) },
    {
      name: 'stays quiet on a standalone cluster draining for its machine-config operator',
      snapshot: snapshotOf(updates.draining),
    },
    {
      name: 'stays quiet once the drain is applied',
      snapshot: snapshotOf(hosted.inPlaceDrainStuck, drained),
    },
    {
      name: 'stays quiet in the first minutes of a drain no budget holds',
      snapshot: snapshotOf(hosted.inPlaceDrainStuck, noBudgets, cordonedMinutesAgo(3)),
    },
  ],
  invalid: [
    {
      name: 'names the PodDisruptionBudget at its limit with a pod on the node',
      snapshot: snapshotOf(hosted.inPlaceDrainStuck),
      findings: [
        {
          severity: 'warning',
          subject: 'pdb/shop/cart-db',
          message: [
            /^PodDisruptionBudget shop\/cart-db blocks the drain of node ip-10-0-137-64\S* for 1h5\dm: InPlace NodePool prod-workers cannot update it\n/,
            /desiredDrain: drain-/,
            /lastAppliedDrain: uncordon-/,
            /pod shop\/cart-db-0 \(PodDisruptionBudget cart-db needs 2 healthy pods and has 2, 0 disruptions allowed\)/,
            /drainer has failed 74 attempts on this node since 2025-09-17T06:26:34\.000Z/,
            /drain failed: failed to drain node ip-10-0-137-64\S*: \[error when evicting pods\/"cart-db-0" -n "shop": global timeout reached: 90s\]/,
          ],
          location: (s) => draining(s).at('metadata', 'annotations', `${mco}/desiredDrain`),
          related: [
            (r) => r.message === 'PodDisruptionBudget shop/cart-db: 0 disruptions allowed',
            (r) => r.message === 'NodePool prod-workers',
            (r) => /desiredDrain$/.test(r.message),
            (r) => /lastAppliedDrain$/.test(r.message),
            (r) => /cordoned$/.test(r.message),
            // The drainer's newest failure, a line of its flat log in the management part.
            (r) =>
              r.message === 'hosted-cluster-config-operator: drain failed 74×' &&
              /\/core\/pods\/logs\/hosted-cluster-config-operator-[a-z0-9]+-[a-z0-9]+-hosted-cluster-config-operator\.log$/.test(
                r.file,
              ),
          ],
        },
      ],
    },
    {
      name: "names the pod the drainer's log names when no budget of the guest is at its limit",
      snapshot: snapshotOf(hosted.inPlaceDrainStuck, noBudgets),
      findings: [
        {
          severity: 'warning',
          subject: 'pod/shop/cart-db-0',
          message: [
            /^Pod shop\/cart-db-0 blocks the drain of node ip-10-0-137-64\S* for 1h5\dm: InPlace NodePool prod-workers cannot update it\n/,
            /No PodDisruptionBudget of the guest is at its limit/,
          ],
        },
      ],
    },
    {
      name: 'names the node when neither a budget nor the log names a pod, after ten minutes',
      snapshot: snapshotOf(hosted.inPlaceDrainStuck, noBudgets, noDrainerLog),
      findings: [
        {
          severity: 'warning',
          subject: 'node/ip-10-0-137-64.us-east-2.compute.internal',
          message: [
            /^Node ip-10-0-137-64\S* has not drained for 1h5\dm: InPlace NodePool prod-workers cannot update it\n/,
            /No PodDisruptionBudget of the guest is at its limit/,
            /namespaces\/clusters-prod\/core\/pods\/logs\/hosted-cluster-config-operator-\*-hosted-cluster-config-operator\.log/,
          ],
        },
      ],
    },
    {
      name: 'only informs while the drain is young',
      snapshot: snapshotOf(hosted.inPlaceDrainStuck, cordonedMinutesAgo(4)),
      findings: [{ severity: 'info', subject: 'pdb/shop/cart-db', message: /for 4m/ }],
    },
  ],
});
