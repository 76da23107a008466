import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import type { RelatedLocation } from '../../../server/src/core/finding';
import type { Json } from '../../../server/src/model/access';
import type { CapiMachine } from '../../../server/src/model/hosted';
import type { Snapshot } from '../../../server/src/model/snapshot';
import { nodePoolDrainBlocked } from '../../../server/src/rules/nodepool-drain-blocked';
import { hosted, samples } from '../../support/fixtures';
import { ruleTester, snapshotOf } from '../../support/ruleTester';
import { setCondition } from '../../support/snapshot';

/** The Machine the NodePool is replacing: the one with a deletion timestamp. */
const deleting = (s: Snapshot): CapiMachine =>
  s.hosted!.machines.find((m) => m.deletionTimestamp !== undefined)!;
const minutesBeforeGather = (s: Snapshot, m: number) =>
  new Date(s.gatherTime!.getTime() - m * 60_000).toISOString().replace(/\.\d+Z$/, 'Z');

/** A related location on a refused eviction of `pod` in the cluster-api manager's flat log. */
function isRefusalLine(r: RelatedLocation, pod: string): boolean {
  if (!/cluster-api-[a-z0-9]+-[a-z0-9]+-manager\.log$/.test(r.file) || !r.span) return false;
  const line = readFileSync(r.file, 'utf8').slice(...r.span);
  return (
    /^cluster-api: \d+ evictions refused$/.test(r.message) &&
    /^E\d{4} /.test(line) &&
    line.includes(`error when evicting pods/\\"${pod}\\"`)
  );
}

/** As Cluster API before 1.9 (hosted 4.16 to 4.18) words it: no pod, no budget. */
const before419 = (s: Snapshot) =>
  setCondition(deleting(s), 'DrainingSucceeded', {
    message: 'Draining the node before deletion',
  });
const deletedMinutesAgo = (m: number) => (s: Snapshot) => {
  (deleting(s).raw.metadata as Json).deletionTimestamp = minutesBeforeGather(s, m);
};
const drained = (s: Snapshot) => setCondition(deleting(s), 'DrainingSucceeded', { status: 'True' });

ruleTester(nodePoolDrainBlocked, {
  valid: [
    { name: 'stays quiet on a settled hosted cluster', snapshot: snapshotOf(hosted.healthy) },
    { name: 'stays quiet on a standalone cluster', snapshot: snapshotOf(samples.healthy) },
    {
      name: 'stays quiet once the drain succeeded',
      snapshot: snapshotOf(hosted.drainBlocked, drained),
    },
    {
      name: 'stays quiet in the first minutes of a drain that names nothing',
      snapshot: snapshotOf(hosted.drainBlocked, before419, deletedMinutesAgo(4), (s) => {
        s.pdbs.length = 0;
      }),
    },
  ],
  invalid: [
    {
      name: 'names the PodDisruptionBudget and pod the Machine condition names (4.19+)',
      snapshot: snapshotOf(hosted.drainBlocked),
      findings: [
        {
          severity: 'warning',
          subject: 'pdb/shop/cart-db',
          message: [
            /^PodDisruptionBudget shop\/cart-db blocks the drain of node \S+ for \d+m\d*s?: Machine \S+ of NodePool prod-workers cannot be replaced\n/,
            /pod shop\/cart-db-0 \(PodDisruptionBudget cart-db needs 2 healthy pods and has 2\)/,
            /upgradeType: Replace/,
          ],
          location: (s) => deleting(s).condition('DrainingSucceeded')!.location,
          related: [
            (r) => /deleted$/.test(r.message),
            (r) => /cordoned$/.test(r.message),
            (r) => r.message === 'PodDisruptionBudget shop/cart-db: 0 disruptions allowed',
            (r) => r.message === 'NodePool prod-workers',
          ],
        },
      ],
    },
    {
      name: 'finds the budget at its limit on the node when the condition names none (before 4.19)',
      snapshot: snapshotOf(hosted.drainBlocked, before419),
      findings: [
        {
          severity: 'warning',
          subject: 'pdb/shop/cart-db',
          message: [/^PodDisruptionBudget shop\/cart-db blocks the drain/, /pod shop\/cart-db-0/],
        },
      ],
    },
    {
      name: 'names the guest budget at its limit on a 4.17 dump whose Machine names no pod (Cluster API 1.8)',
      snapshot: snapshotOf(hosted.drainBlocked417),
      findings: [
        {
          severity: 'warning',
          subject: 'pdb/shop/cart-db',
          message: [
            /^PodDisruptionBudget shop\/cart-db blocks the drain of node \S+ for \d+m\d*s?: Machine \S+ of NodePool prod-workers cannot be replaced\n/,
            /\(`DrainingSucceeded=False`, reason `Draining`\)/,
            /pod shop\/cart-db-0 \(PodDisruptionBudget cart-db needs 2 healthy pods and has 2\)/,
          ],
          location: (s) => {
            const c = deleting(s).condition('DrainingSucceeded')!;
            assert.equal(c.message, 'Draining the node before deletion');
            return c.location;
          },
          related: [
            (r) => /deleted$/.test(r.message),
            (r) => /cordoned$/.test(r.message),
            (r) =>
              r.message === 'PodDisruptionBudget shop/cart-db: 0 disruptions allowed' &&
              r.file.endsWith('namespaces/shop/policy/poddisruptionbudgets.yaml'),
            (r) => r.message === 'NodePool prod-workers',
            (r) => isRefusalLine(r, 'cart-db-0'),
          ],
        },
      ],
    },
    {
      name: "names the pod the cluster-api controller's log cannot evict when no guest budget explains it (before 4.19)",
      snapshot: snapshotOf(hosted.drainBlocked417, (s) => {
        s.pdbs.length = 0;
      }),
      findings: [
        {
          severity: 'warning',
          subject: 'pod/shop/cart-db-0',
          message: [
            /^Pod shop\/cart-db-0 blocks the drain of node \S+ for \d+m\d*s?: Machine \S+ of NodePool prod-workers cannot be replaced\n/,
            /the cluster-api controller's log does: \d+ evictions refused \(shop\/cart-db-0\) and \d+ drain attempts failed since 2025-09-16T13:31:37\.511Z/,
            /the newest, at 2025-09-16T14:2\d:\d\d\.\d+Z: error when evicting pods\/"cart-db-0" -n "shop" \(will retry after 5s\): Cannot evict pod as it would violate the pod's disruption budget\.\n/,
          ],
          related: [(r) => isRefusalLine(r, 'cart-db-0'), (r) => /deleted$/.test(r.message)],
        },
      ],
    },
    {
      name: 'only informs while the drain is young',
      snapshot: snapshotOf(hosted.drainBlocked, deletedMinutesAgo(5)),
      findings: [{ severity: 'info', subject: 'pdb/shop/cart-db', message: /for 5m/ }],
    },
  ],
});
