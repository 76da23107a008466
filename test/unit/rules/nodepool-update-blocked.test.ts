import type { Json } from '../../../server/src/model/access';
import type { Snapshot } from '../../../server/src/model/snapshot';
import { nodePoolUpdateBlocked } from '../../../server/src/rules/nodepool-update-blocked';
import { hosted, samples } from '../../support/fixtures';
import { ruleTester, snapshotOf } from '../../support/ruleTester';
import { setCondition } from '../../support/snapshot';

const pool = (s: Snapshot) => s.hosted!.nodePools[0]!;

/** The NodePool asked for 4.20.2 while the control plane's newest Completed is 4.19.9. */
const ahead = (s: Snapshot) => {
  ((pool(s).raw.spec as Json).release as Json).image =
    'quay.io/openshift-release-dev/ocp-release:4.20.2-x86_64';
  setCondition(pool(s), 'ValidReleaseImage', {
    status: 'False',
    reason: 'ValidationFailed',
    message:
      'Failed to get release image: the latest version supported is: "4.19.9". Attempting to use: "4.20.2"',
  });
};
const inPlaceDegraded = (s: Snapshot) => {
  ((pool(s).raw.spec as Json).management as Json).upgradeType = 'InPlace';
  setCondition(pool(s), 'UpdatingVersion', {
    status: 'False',
    reason: 'InplaceUpgradeFailed',
    message:
      'Node ip-10-0-137-64.us-east-2.compute.internal in nodepool degraded: failed to drain node',
  });
};
const badConfig = (s: Snapshot) =>
  setCondition(pool(s), 'ValidMachineConfig', {
    status: 'False',
    reason: 'ValidationFailed',
    message: 'failed to validate machine config: unsupported config kind "Tuned"',
  });
const paused = (s: Snapshot) =>
  setCondition(pool(s), 'ReconciliationActive', {
    status: 'False',
    reason: 'ReconciliationPaused',
    message: 'Reconciliation paused until field removed',
  });

ruleTester(nodePoolUpdateBlocked, {
  valid: [
    {
      name: 'stays quiet on a NodePool rolling normally (its drain is another rule)',
      snapshot: snapshotOf(hosted.drainBlocked),
    },
    { name: 'stays quiet on a settled NodePool', snapshot: snapshotOf(hosted.healthy) },
    {
      name: 'stays quiet on a NodePool one minor behind a 4.20 control plane',
      snapshot: snapshotOf(hosted.cpRolloutStuck420),
    },
    { name: 'stays quiet on a standalone cluster', snapshot: snapshotOf(samples.healthy) },
  ],
  invalid: [
    {
      name: "warns of 4.21's SupportedVersionSkew=False on a NodePool four minors behind, with both versions (the generated dump)",
      snapshot: snapshotOf(hosted.versionSkew421),
      findings: [
        {
          severity: 'warning',
          subject: 'np/clusters/prod-workers',
          message: [
            /^The version skew of NodePool prod-workers is not supported \(4\.17\.35 with the control plane's 4\.21\.19\) for 13h\d+m/,
            /`SupportedVersionSkew=False` \(`UnsupportedSkew`\)/,
            /NodePool minor version 4\.17 is less than 4\.18, which is the minimum NodePool version compatible with the 4\.21 HostedCluster/,
            /The NodePool runs 4\.17\.35; the control plane's newest Completed version is 4\.21\.19/,
          ],
          location: (s) => pool(s).condition('SupportedVersionSkew')!.location,
          related: [
            (r) =>
              r.message === 'control plane 4.21.19' && r.file.endsWith('hostedclusters/prod.yaml'),
          ],
        },
      ],
    },
    {
      name: 'names the skew rule with both versions when the NodePool is ahead of the control plane',
      snapshot: snapshotOf(hosted.drainBlocked, ahead),
      findings: [
        {
          severity: 'error',
          subject: 'np/clusters/prod-workers',
          message: [
            /^NodePool prod-workers cannot use its release image \(4\.20\.2 is past the control plane's 4\.19\.9\)/,
            /A NodePool's minor may not pass it/,
          ],
          location: (s) => pool(s).condition('ValidReleaseImage')!.location,
          related: [(r) => r.message === 'control plane 4.19.9'],
        },
      ],
    },
    {
      name: 'titles an in-place update stopped on a degraded node by the node (the generated dump)',
      snapshot: snapshotOf(hosted.inPlaceDegraded),
      findings: [
        {
          severity: 'error',
          subject: 'node/ip-10-0-141-27.us-east-2.compute.internal',
          message: [
            /^Node ip-10-0-141-27\S* is degraded, so the in-place update of NodePool prod-workers stopped: on-disk content mismatch for file "\/etc\/chrony\.conf"$/m,
            /`UpdatingConfig=False` \(`InplaceUpgradeFailed`\)/,
            /content mismatch for file/,
            /state` is `Degraded`/,
            /prod-workers-upgrade\/pods\/machine-config-daemon-ip-10-0-141-27/,
          ],
          location: (s) =>
            s.nodes
              .find((n) => n.name.startsWith('ip-10-0-141-27'))!
              .at('metadata', 'annotations', 'machineconfiguration.openshift.io/reason'),
          related: [
            (r) => r.message === 'NodePool prod-workers UpdatingConfig',
            (r) => r.message === 'MachineSet prod-workers',
            (r) => /^node \S+ state$/.test(r.message),
            (r) => /^node \S+ reason$/.test(r.message),
          ],
        },
      ],
    },
    {
      name: 'names the node the condition names when the guest holds it',
      snapshot: snapshotOf(hosted.drainBlocked, inPlaceDegraded),
      findings: [
        {
          severity: 'error',
          subject: 'node/ip-10-0-137-64.us-east-2.compute.internal',
          message:
            /^Node ip-10-0-137-64\S* is degraded, so the in-place update of NodePool prod-workers stopped/,
        },
      ],
    },
    {
      name: 'stays on the NodePool when the degraded node is not in the guest part',
      snapshot: snapshotOf(hosted.drainBlocked, inPlaceDegraded, (s) => {
        s.nodes.length = 0;
      }),
      findings: [
        {
          severity: 'error',
          subject: 'np/clusters/prod-workers',
          message:
            /^The in-place update of NodePool prod-workers stopped on a degraded node( for \S+)?: Node ip-10-0-137-64\S* in nodepool degraded/,
        },
      ],
    },
    {
      name: 'says its config is invalid',
      snapshot: snapshotOf(hosted.drainBlocked, badConfig),
      findings: [
        {
          severity: 'error',
          subject: 'np/clusters/prod-workers',
          message: /^The config of NodePool prod-workers is invalid/,
        },
      ],
    },
    {
      name: 'warns of paused reconciliation',
      snapshot: snapshotOf(hosted.drainBlocked, paused),
      findings: [
        {
          severity: 'warning',
          subject: 'np/clusters/prod-workers',
          message: /reconciliation is paused/,
        },
      ],
    },
  ],
});
