import assert from 'node:assert/strict';
import type { Json } from '../../../server/src/model/access';
import type { Snapshot } from '../../../server/src/model/snapshot';
import { hostedClusterUpdateBlocked } from '../../../server/src/rules/hostedcluster-update-blocked';
import { hosted, samples } from '../../support/fixtures';
import { ruleTester, snapshotOf } from '../../support/ruleTester';
import { setCondition } from '../../support/snapshot';

const hc = (s: Snapshot) => s.hosted!.cluster;
const image420 = 'quay.io/openshift-release-dev/ocp-release:4.20.2-x86_64';

/** An admin asked the control plane for 4.20.2 (a minor update) on the 4.19.9 cluster. */
const askFor420 = (s: Snapshot) => {
  ((hc(s).raw.spec as Json).release as Json).image = image420;
};
/** The guest's cluster-version operator refuses the next minor, as an operator asks it to. */
const notUpgradeable = (s: Snapshot) => {
  setCondition(hc(s), 'ClusterVersionUpgradeable', {
    status: 'False',
    reason: 'AdminAckRequired',
    message:
      'Kubernetes 1.33 and therefore OpenShift 4.20 remove several APIs which require admin consideration.',
  });
  setCondition(hc(s), 'Progressing', {
    status: 'False',
    reason: 'Blocked',
    message: 'ClusterVersionUpgradeable condition is false: cluster version is not upgradeable',
  });
};
const invalidImage = (s: Snapshot) =>
  setCondition(hc(s), 'ValidReleaseImage', {
    status: 'False',
    reason: 'InvalidImage',
    message: 'the latest version supported is: "4.19.12". Attempting to use: "4.20.2"',
  });
const paused = (s: Snapshot) =>
  setCondition(hc(s), 'ReconciliationActive', {
    status: 'False',
    reason: 'ReconciliationPaused',
    message: 'Reconciliation paused until: 2025-09-20T00:00:00Z',
  });

ruleTester(hostedClusterUpdateBlocked, {
  valid: [
    {
      name: 'stays quiet on a hosted cluster whose control plane is done',
      snapshot: snapshotOf(hosted.drainBlocked),
    },
    { name: 'stays quiet on a standalone cluster', snapshot: snapshotOf(samples.healthy) },
    {
      name: 'stays quiet on Upgradeable=False while no minor update is asked for',
      snapshot: snapshotOf(hosted.drainBlocked, (s) =>
        setCondition(hc(s), 'ClusterVersionUpgradeable', {
          status: 'False',
          reason: 'AdminAckRequired',
        }),
      ),
    },
  ],
  invalid: [
    {
      name: "holds 4.14.55 -> 4.15.59 on the guest's OLM, since the update was asked for (the generated 4.15 dump)",
      snapshot: snapshotOf(hosted.updateBlocked415),
      findings: [
        {
          severity: 'error',
          subject: 'hc/clusters/prod',
          message: [
            /^The minor update of HostedCluster prod to 4\.15\.59 is held: the guest cluster is not upgradeable \(operator-lifecycle-manager\)\n/,
            /`ClusterVersionUpgradeable=False` \(`ClusterOperatorNotUpgradeable`\)/,
            /Cluster operator operator-lifecycle-manager should not be upgraded between minor versions: ClusterServiceVersions blocking minor version upgrades to 4\.15\.0 or higher/,
            /asks for 4\.15\.59; the control plane's newest completed version is 4\.14\.55/,
          ],
          location: (s) => hc(s).condition('ClusterVersionUpgradeable')!.location,
          related: [
            (r) => r.message === 'Progressing=False (Blocked)',
            (r) =>
              r.message ===
                'operator-lifecycle-manager: Upgradeable=False (IncompatibleOperatorsInstalled)' &&
              r.file.endsWith('clusteroperators/operator-lifecycle-manager.yaml'),
          ],
        },
      ],
      // Held since the request (Progressing=False Blocked), not since OLM's older Upgradeable=False.
      check: (fs) => assert.equal(fs[0]!.since?.toISOString(), '2025-09-16T15:52:31.000Z'),
    },
    {
      name: 'says a minor update is held by the guest not being upgradeable, and how to force it',
      snapshot: snapshotOf(hosted.drainBlocked, askFor420, notUpgradeable),
      findings: [
        {
          severity: 'error',
          subject: 'hc/clusters/prod',
          message: [
            /^The minor update of HostedCluster prod to 4\.20\.2 is held: the guest cluster is not upgradeable\n/,
            /`ClusterVersionUpgradeable=False` \(`AdminAckRequired`\)/,
            /asks for 4\.20\.2; the control plane's newest completed version is 4\.19\.9/,
            /hypershift\.openshift\.io\/force-upgrade-to: <release image>/,
          ],
          location: (s) => hc(s).condition('ClusterVersionUpgradeable')!.location,
          related: [(r) => r.message === 'Progressing=False (Blocked)'],
        },
      ],
      check: (fs) => assert.match(fs[0]!.quote ?? '', /Kubernetes 1\.33/),
    },
    {
      name: 'an unusable release image comes first, with its message',
      snapshot: snapshotOf(hosted.drainBlocked, askFor420, notUpgradeable, invalidImage),
      findings: [
        {
          severity: 'error',
          subject: 'hc/clusters/prod',
          message:
            /^HostedCluster prod cannot use its release image to 4\.20\.2 for \S+: the latest version supported is: "4\.19\.12"/,
        },
      ],
    },
    {
      name: 'warns of paused reconciliation',
      snapshot: snapshotOf(hosted.drainBlocked, paused),
      findings: [
        {
          severity: 'warning',
          subject: 'hc/clusters/prod',
          message:
            /^Reconciliation of HostedCluster prod is paused( for \S+)?: Reconciliation paused until: 2025-09-20T00:00:00Z\n/,
        },
      ],
    },
  ],
});
