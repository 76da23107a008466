import type { Json } from '../../../server/src/model/access';
import type { Snapshot } from '../../../server/src/model/snapshot';
import { pinnedImageSetDegraded } from '../../../server/src/rules/pinnedimageset-degraded';
import { poolDegraded } from '../../../server/src/rules/pool-degraded';
import { samples, updates } from '../../support/fixtures';
import { ruleTester, snapshotOf } from '../../support/ruleTester';
import { setCondition } from '../../support/snapshot';

const escape = (t: string) => t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** What the 4.16+ pinned image set controller writes when it cannot update the pool. */
const populate =
  'Failed to populate pinned image sets for pool worker: MachineConfigPool.machineconfiguration.openshift.io "worker" is invalid: spec.pinnedImageSets: Too many: 101: must have at most 100 items';
/** The 4.19/4.20 node controller's wording for a node that failed to prefetch. */
const nodeReport =
  'Node ip-10-0-151-214.ec2.internal is reporting: "Error: storage available is less than minimum required capacity: 21474836480, required: 32212254720"';

/** The worker pool of a fixture with PinnedImageSetsDegraded=True, on `version`. */
function pinned(message: string, version: string, opts: { degraded: boolean; reason?: string }) {
  return (s: Snapshot) => {
    (s.clusterVersion!.status.desired as Json).version = version;
    const pool = s.pools.find((p) => p.name === 'worker')!;
    pool.spec.pinnedImageSets = [{ name: 'release-4-17-images' }, { name: 'ai-workload-images' }];
    (pool.status.conditions as Json[]).push({
      lastTransitionTime: '2024-03-26T09:20:14Z',
      message,
      reason: opts.reason ?? '',
      status: 'True',
      type: 'PinnedImageSetsDegraded',
    });
    if (opts.degraded) setCondition(pool, 'Degraded', { status: 'True' });
  };
}

ruleTester(pinnedImageSetDegraded, {
  valid: [
    { name: 'stays quiet on a healthy cluster', snapshot: snapshotOf(samples.healthy) },
    // The healthy cluster and every update fixture (the healthy in-progress ones among them).
    ...Object.entries(updates)
      .filter(([name]) => name !== 'pinnedImages')
      .map(([name, dir]) => ({
        name: `stays quiet on update fixture ${name}`,
        snapshot: snapshotOf(dir),
      })),
    {
      name: 'PinnedImageSetsDegraded=False is the healthy state',
      snapshot: snapshotOf(updates.draining, (s) => {
        (s.pools[0]!.status.conditions as Json[]).push({
          lastTransitionTime: '2024-03-26T09:20:14Z',
          message: '',
          reason: '',
          status: 'False',
          type: 'PinnedImageSetsDegraded',
        });
      }),
    },
  ],
  invalid: [
    {
      name: 'update-pinned-images-degraded: a webhook refused the worker pool its new set (4.16.10)',
      snapshot: snapshotOf(updates.pinnedImages),
      findings: [
        {
          severity: 'error',
          subject: 'mcp/worker',
          message: new RegExp(
            '^' +
              escape(
                'Pool worker reports PinnedImageSetsDegraded, naming PinnedImageSet ai-models-v2; the pool is Degraded by it, and so is machine-config\n' +
                  'PinnedImageSetsDegraded=True on pool `worker` since 2024-09-19T10:07:57Z (4h59m before the gather): ' +
                  'Failed to populate pinned image sets for pool worker: admission webhook "validation.gatekeeper.sh" denied the request: ' +
                  '[pinned-image-sets-approved] PinnedImageSet ai-models-v2 is not on the approved list.\n\n' +
                  'It pins ai-models-v1. The message names PinnedImageSet ai-models-v2.\n\n' +
                  'On 4.16-4.18 the node controller counts it into Degraded, so the pool is Degraded and, during an update, ' +
                  'the machine-config operator waits on it and goes Degraded after its required-pools timeout.\n\n' +
                  'machine-config is Degraded (RequiredPoolsFailed) naming this pool.\n\n' +
                  'Look at the PinnedImageSets the pool pins, the machine-config-controller log (`Error syncing pinned image sets`), ' +
                  'and on the nodes the machine-config-daemon log and their MachineConfigNodes.',
              ) +
              '$',
          ),
          location: (s) =>
            s.pools.find((p) => p.name === 'worker')!.condition('PinnedImageSetsDegraded')!
              .location,
          related: [
            (r) => r.pointer === '/spec/pinnedImageSets/0',
            (r) => r.message === 'pool worker Degraded=True',
            (r) =>
              r.file.endsWith('machine-config.yaml') &&
              r.message === 'machine-config Degraded=True names pool worker',
          ],
        },
      ],
    },
    {
      name: '4.16: the controller could not populate the pool; the pool is Degraded through it (error)',
      snapshot: snapshotOf(
        updates.draining,
        pinned(populate, '4.16.12', { degraded: true }),
        (s) => {
          const mco = s.operators.find((o) => o.name === 'machine-config')!;
          (mco.status.extension as Json).worker =
            `pool is degraded because pinned image sets failed with "": ${JSON.stringify(populate)}`;
        },
      ),
      findings: [
        {
          severity: 'error',
          subject: 'mcp/worker',
          message: [
            /^Pool worker reports PinnedImageSetsDegraded; the pool is Degraded by it\n/,
            /\nPinnedImageSetsDegraded=True on pool `worker` since 2024-03-26T09:20:14Z \(27m58s before the gather\): Failed/,
            /Failed to populate pinned image sets for pool worker: .*Too many: 101/,
            /It pins release-4-17-images and ai-workload-images\./,
            /On 4\.16-4\.18 the node controller counts it into Degraded/,
          ],
          location: (s) =>
            s.pools.find((p) => p.name === 'worker')!.condition('PinnedImageSetsDegraded')!
              .location,
          related: [
            (r) =>
              r.message === 'pool worker pins release-4-17-images' &&
              r.pointer === '/spec/pinnedImageSets/0',
            (r) => r.message === 'pool worker Degraded=True',
            (r) =>
              r.pointer === '/status/extension/worker' && r.file.endsWith('machine-config.yaml'),
          ],
        },
      ],
    },
    {
      name: '4.20: a node that failed to prefetch is named; Degraded is not counted (warning)',
      snapshot: snapshotOf(
        updates.stalled,
        pinned(nodeReport, '4.20.4', {
          degraded: false,
          reason: 'one or more pinned image set is reporting degraded',
        }),
        (s) => {
          // Only pinned images: the stalled fixture's degraded node is cleared.
          const pool = s.pools.find((p) => p.name === 'worker')!;
          setCondition(pool, 'NodeDegraded', { status: 'False' });
          setCondition(pool, 'Degraded', { status: 'False' });
        },
      ),
      findings: [
        {
          severity: 'warning',
          subject: 'mcp/worker',
          message: [
            /^Pool worker reports PinnedImageSetsDegraded: node ip-10-0-151-214\.ec2\.internal lacks the storage for the images; from 4\.19 it does not hold the rollout\n/,
            /one or more pinned image set is reporting degraded: Node ip-10-0-151-214\.ec2\.internal is reporting/,
            /Nodes named: ip-10-0-151-214\.ec2\.internal\./,
            /lack the storage/,
            /From 4\.19 the node controller no longer counts it into the pool's Degraded;/,
          ],
          related: [(r) => r.message === 'node ip-10-0-151-214.ec2.internal'],
        },
      ],
    },
    {
      name: 'a failed pull names the image',
      snapshot: snapshotOf(
        updates.draining,
        pinned(
          'Failed to populate pinned image sets for pool worker: failed to pull image "quay.io/example/model-server@sha256:0f3c" (5 tries): context deadline exceeded',
          '4.17.3',
          { degraded: true },
        ),
      ),
      findings: [
        {
          severity: 'error',
          subject: 'mcp/worker',
          message: [
            /^Pool worker reports PinnedImageSetsDegraded: image quay\.io\/example\/model-server@sha256:0f3c failed to pull; the pool is Degraded by it\n/,
            /Image that failed: quay\.io\/example\/model-server@sha256:0f3c\./,
          ],
        },
      ],
    },
  ],
});

// A pool Degraded only through its pinned image sets: pool-degraded reports it with the cause this
// rule explains (folded while this rule runs, shown when it is off; explainedPairs.test.ts).
ruleTester(poolDegraded, {
  valid: [],
  invalid: [
    {
      name: 'update-pinned-images-degraded: the worker pool, with the pinned-image-sets cause',
      snapshot: snapshotOf(updates.pinnedImages),
      findings: [
        {
          severity: 'error',
          subject: 'mcp/worker',
          message: /Degraded/,
          cause: 'pinned-image-sets',
        },
      ],
    },
    {
      name: 'a pool Degraded only by PinnedImageSetsDegraded carries the pinned-image-sets cause',
      snapshot: snapshotOf(updates.draining, pinned(populate, '4.16.12', { degraded: true })),
      findings: [
        {
          severity: 'error',
          subject: 'mcp/worker',
          message: /Degraded/,
          cause: 'pinned-image-sets',
        },
      ],
    },
    {
      name: 'a pool Degraded by a node as well is pool-degraded own finding (no cause to explain)',
      snapshot: snapshotOf(updates.stalled, pinned(populate, '4.16.12', { degraded: true })),
      findings: [
        { severity: 'error', subject: 'mcp/worker', message: /NodeDegraded/, cause: undefined },
      ],
    },
  ],
});
