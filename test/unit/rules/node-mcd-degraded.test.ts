import type { RelatedLocation } from '../../../server/src/core/finding';
import type { Json } from '../../../server/src/model/access';
import type { Snapshot } from '../../../server/src/model/snapshot';
import { nodeMcdDegraded } from '../../../server/src/rules/node-mcd-degraded';
import { hosted, samples, updates } from '../../support/fixtures';
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
/** A worker of healthy-4.10, and a reason no known signature explains. */
const healthyWorker = 'ip-10-0-130-171.us-west-2.compute.internal';
const unknownReason =
  'failed to run nmstatectl: exit status 1: NmstateError: VerificationError: Failed to apply the network state on bond0, the link did not come up';
const node = (s: Snapshot, name: string) => s.nodes.find((n) => n.name === name)!;

ruleTester(nodeMcdDegraded, {
  valid: [
    { name: 'stays quiet on a healthy cluster', snapshot: snapshotOf(samples.healthy) },
    {
      name: "stays quiet on a hosted cluster's degraded InPlace node (no pools: nodepool-update-blocked's)",
      snapshot: snapshotOf(hosted.inPlaceDegraded),
    },
  ],
  invalid: [
    {
      name: 'quotes an unknown reason in the message, cut to 80 characters, and whole in the detail',
      snapshot: snapshotOf(samples.healthy, (s) => {
        const a = (node(s, healthyWorker).raw.metadata as Json).annotations as Json;
        a['machineconfiguration.openshift.io/state'] = 'Degraded';
        a['machineconfiguration.openshift.io/reason'] = unknownReason;
      }),
      findings: [
        {
          severity: 'error',
          subject: `node/${healthyWorker}`,
          message: [
            /^Node ip-10-0-130-171\.us-west-2\.compute\.internal \(pool worker\): the machine-config daemon is Degraded, reason "failed to run nmstatectl: .{40,80}…"\n/,
            new RegExp(
              `\\(its \`reason\` annotation\\): ${unknownReason.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\.`,
            ),
          ],
        },
      ],
    },
    {
      name: 'names the pod and budget the drain controller could not get past (4.15, drain timed out)',
      snapshot: snapshotOf(updates.stalled),
      findings: [
        {
          severity: 'error',
          subject: 'node/ip-10-0-151-214.ec2.internal',
          message: [
            /^Node ip-10-0-151-214\.ec2\.internal \(pool worker\): the machine-config daemon is Degraded: the drain cannot evict pod payments\/ledger-0, refused by its PodDisruptionBudget\n/,
            /\nThe daemon's reason \(its `reason` annotation\): failed to drain node: ip-10-0-151-214\.ec2\.internal after 1 hour/,
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
            new RegExp(
              `^Node ${name.replace(/\./g, '\\.')} \\(pool worker\\): the machine-config daemon is Degraded: the drain cannot evict pod [a-z-]+/[a-z0-9-]+( and 1 more pod)?\n`,
            ),
            ...(i === 0
              ? [
                  /^Node ip-10-0-137-214\.ec2\.internal \(pool worker\): the machine-config daemon is Degraded: the drain cannot evict pod payments\/ledger-api-6f7c9d8b5-h2kqz\n/,
                  /\nThe daemon's reason \(its `reason` annotation\): failed to drain node \(5 tries\)/,
                  /It is stuck moving from rendered-worker-680bf661822aa3cf1e62a1a992c7ddae to rendered-worker-3b5ccd4ef0317ede03b6d2b5d976f9b5\./,
                  /This means the node cannot drain|This means a PodDisruptionBudget blocks/,
                ]
              : []),
          ],
          location: (s) => ({
            ...node(s, name).at(),
            pointer: '/metadata/annotations/machineconfiguration.openshift.io~1state',
          }),
          related: [
            ...(i === 0 ? [(r: RelatedLocation) => r.file.endsWith('worker.yaml')] : []),
            // The daemon's FailedToDrain event on the node, from `default`'s events.
            (r: RelatedLocation) =>
              /^event FailedToDrain \(\d+ times, last \d+[hm]\d+[ms]\d*s? before the gather\): 5 tries: \[?error when evicting pods\//.test(
                r.message,
              ) &&
              r.file.endsWith('/namespaces/default/core/events.yaml') &&
              /^\/items\/\d+\/message$/.test(r.pointer),
          ],
        }),
      ),
    },
  ],
});
