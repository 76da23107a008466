import type { Json } from '../../../server/src/model/access';
import type { CapiMachine } from '../../../server/src/model/hosted';
import type { Snapshot } from '../../../server/src/model/snapshot';
import { nodePoolMachineNotJoining } from '../../../server/src/rules/nodepool-machine-not-joining';
import { hosted, samples } from '../../support/fixtures';
import { ruleTester, snapshotOf } from '../../support/ruleTester';
import { setCondition } from '../../support/snapshot';

/** The Machine the NodePool surged for its rollout: the newest one. */
const surge = (s: Snapshot): CapiMachine =>
  [...s.hosted!.machines].sort(
    (a, b) => (b.creationTimestamp?.getTime() ?? 0) - (a.creationTimestamp?.getTime() ?? 0),
  )[0]!;
const minutesBeforeGather = (s: Snapshot, m: number) =>
  new Date(s.gatherTime!.getTime() - m * 60_000).toISOString().replace(/\.\d+Z$/, 'Z');

/** Its instance runs; no node ever registered (no nodeRef), created `m` minutes before the gather. */
const neverJoined = (m: number) => (s: Snapshot) => {
  const machine = surge(s);
  const status = machine.raw.status as Json;
  delete status.nodeRef;
  status.phase = 'Provisioned';
  (machine.raw.metadata as Json).creationTimestamp = minutesBeforeGather(s, m);
};
const ignitionNotReached = (s: Snapshot) =>
  setCondition(s.hosted!.nodePools[0]!, 'ReachedIgnitionEndpoint', {
    status: 'False',
    reason: 'ignitionNotReached',
    message: '',
  });
const noInstance = (s: Snapshot) =>
  setCondition(surge(s), 'InfrastructureReady', {
    status: 'False',
    reason: 'InstanceProvisionFailed',
    message: 'failed to create AWSMachine instance: InsufficientInstanceCapacity',
  });

ruleTester(nodePoolMachineNotJoining, {
  valid: [
    {
      name: 'stays quiet when every Machine has its node',
      snapshot: snapshotOf(hosted.drainBlocked),
    },
    { name: 'stays quiet on a settled hosted cluster', snapshot: snapshotOf(hosted.healthy) },
    { name: 'stays quiet on a standalone cluster', snapshot: snapshotOf(samples.healthy) },
    {
      name: 'stays quiet while a new Machine is minutes old',
      snapshot: snapshotOf(hosted.drainBlocked, neverJoined(6)),
    },
  ],
  invalid: [
    {
      name: 'says a Machine running for 40 minutes never joined, and that ignition was never reached',
      snapshot: snapshotOf(hosted.drainBlocked, neverJoined(40), ignitionNotReached),
      findings: [
        {
          severity: 'warning',
          subject: 'machine/clusters-prod/prod-workers-9q4vm-qbpbs',
          message: [
            /^Machine prod-workers-9q4vm-qbpbs of NodePool prod-workers has not joined as a node after 40m\S*: ignition never reached\n/,
            /`ReachedIgnitionEndpoint=False` \(`ignitionNotReached`\)/,
            /surges this Machine before it deletes an old one/,
            /ignition-server-\*/,
          ],
          related: [
            (r) => r.message === 'InfrastructureReady=True',
            (r) => r.message === 'ReachedIgnitionEndpoint=False',
          ],
        },
      ],
    },
    {
      name: 'names the instance that is not ready, an error after an hour',
      snapshot: snapshotOf(hosted.drainBlocked, neverJoined(75), noInstance),
      findings: [
        {
          severity: 'error',
          subject: 'machine/clusters-prod/prod-workers-9q4vm-qbpbs',
          message: [
            /^Machine prod-workers-9q4vm-qbpbs of NodePool prod-workers has no ready instance after 1h15m\S*: InstanceProvisionFailed\n/,
            /InsufficientInstanceCapacity/,
          ],
        },
      ],
    },
  ],
});
