import type { Snapshot } from '../../../server/src/model/snapshot';
import { nodeMcdDegraded } from '../../../server/src/rules/node-mcd-degraded';
import { samples, updates } from '../../support/fixtures';
import { ruleTester, snapshotOf } from '../../support/ruleTester';
import type { ExpectedFinding } from '../../support/ruleTester';

/** The nodes of seed 000 whose daemon failed to drain, in the order the snapshot lists them. */
const degraded = [
  'ip-10-0-137-214.ec2.internal',
  'ip-10-0-139-166.ec2.internal',
  'ip-10-0-139-43.ec2.internal',
  'ip-10-0-141-192.ec2.internal',
  'ip-10-0-145-39.ec2.internal',
  'ip-10-0-147-187.ec2.internal',
  'ip-10-0-152-7.ec2.internal',
  'ip-10-0-165-6.ec2.internal',
  'ip-10-0-172-154.ec2.internal',
];
const node = (s: Snapshot, name: string) => s.nodes.find((n) => n.name === name)!;

ruleTester(nodeMcdDegraded, {
  valid: [
    { name: 'stays quiet on a healthy cluster', snapshot: snapshotOf(samples.healthy) },
    {
      name: 'leaves an OS update failure to node-os-update-failed (one finding per node and cause)',
      snapshot: snapshotOf(updates.osPullFailed),
    },
    {
      name: 'leaves on-disk drift to node-ondisk-drift (one finding per node and cause)',
      snapshot: snapshotOf(updates.ondiskDrift),
    },
  ],
  invalid: [
    {
      name: 'names the pod and budget the drain controller could not get past (4.15, drain timed out)',
      snapshot: snapshotOf(updates.stalled),
      findings: [
        {
          severity: 'error',
          subject: 'node/ip-10-0-151-214.ec2.internal',
          message: [
            /the machine-config daemon is Degraded: failed to drain node: ip-10-0-151-214\.ec2\.internal after 1 hour/,
            /From the machine-config-controller log: The eviction of pod payments\/ledger-0 was refused by its PodDisruptionBudget \d+ times/,
            /namespace payments was not gathered, so its PodDisruptionBudget is not in the must-gather/,
          ],
          related: [
            (r) => r.file.endsWith('worker.yaml'),
            (r) =>
              r.file.includes('machine-config-controller') &&
              /eviction of payments\/ledger-0 refused/.test(r.message),
            // Prometheus names the budget the namespace's files would have: it was not gathered.
            (r) =>
              r.file.endsWith('monitoring/prometheus/rules.json') &&
              r.pointer === '/data/groups/2/rules/1/alerts/0' &&
              r.message ===
                'Prometheus alert PodDisruptionBudgetAtLimit (PodDisruptionBudget payments/ledger) firing since 2024-04-05T15:21:58Z (4d1h before the gather)',
          ],
        },
      ],
    },
    {
      name: 'puts each degraded node on its own file with the drain signature explained (seed 000)',
      snapshot: snapshotOf(samples.workerBlocksMco),
      findings: degraded.map(
        (name, i): ExpectedFinding => ({
          severity: 'error',
          subject: `node/${name}`,
          message: [
            new RegExp(`^Node ${name.replace(/\./g, '\\.')} `),
            ...(i === 0
              ? [
                  /\(pool `worker`\): the machine-config daemon is Degraded: failed to drain node/,
                  /This means the node cannot drain|This means a PodDisruptionBudget blocks/,
                ]
              : []),
          ],
          location: (s) => ({
            ...node(s, name).at(),
            pointer: '/metadata/annotations/machineconfiguration.openshift.io~1state',
          }),
          related: i === 0 ? [(r) => r.file.endsWith('worker.yaml')] : [],
        }),
      ),
    },
  ],
});
