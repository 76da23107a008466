import assert from 'node:assert/strict';
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
          ],
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
