import assert from 'node:assert/strict';
import { checkSnapshot } from '../../../server/src/analysis/analyze';
import { describe, it } from 'node:test';
import type { Json } from '../../../server/src/model/access';
import { assessUpdate } from '../../../server/src/model/assessment';
import type { ClusterVersion } from '../../../server/src/model/clusterVersion';
import { findCondition } from '../../../server/src/model/condition';
import type { Snapshot } from '../../../server/src/model/snapshot';
import { preconditionFailures } from '../../../server/src/model/updateAcceptance';
import { clusterVersionFailing } from '../../../server/src/rules/clusterversion-failing';
import { clusterVersionUpdateNotAccepted } from '../../../server/src/rules/clusterversion-update-not-accepted';
import { healthyUpdates, samples, updates } from '../../support/fixtures';
import { ruleTester, snapshotOf } from '../../support/ruleTester';
import { ruleContext } from '../../support/rules';
import { setCondition } from '../../support/snapshot';

const cvOf = (s: Snapshot) => s.clusterVersion!;
const conditionAt = (s: Snapshot, type: string) =>
  findCondition(cvOf(s).conditions, type)!.location;
const image48 =
  'quay.io/openshift-release-dev/ocp-release@sha256:2bb1b4d3b2ae5d1f5c1a5d0f7d5a3c1e9f0b7a6c5d4e3f2a1b0c9d8e7f6a5b4c';

/** Drops a condition from the raw ClusterVersion (4.7–4.9 have no ReleaseAccepted). */
function dropCondition(cv: ClusterVersion, type: string): void {
  const conds = cv.status.conditions as Json[];
  conds.splice(
    conds.findIndex((c) => c.type === type),
    1,
  );
}

/**
 * The 4.7.4 cluster of bug 1943289 asked for 4.8.2 as a 4.7 CVO shows a refused minor update:
 * Failing=True (reason), status.desired and a Partial history entry already on the target.
 */
function asRefused47(reason: string, message: string) {
  return (s: Snapshot) => {
    const cv = cvOf(s);
    cv.spec.desiredUpdate = { force: false, image: image48, version: '4.8.2' };
    const desired = cv.status.desired as Json;
    desired.version = '4.8.2';
    desired.image = image48;
    const history = cv.status.history as Json[];
    history[0]!.state = 'Completed';
    history[0]!.completionTime = '2021-03-25T10:01:12Z';
    history.unshift({
      completionTime: null,
      image: image48,
      startedTime: '2021-03-25T10:01:12Z',
      state: 'Partial',
      verified: true,
      version: '4.8.2',
    });
    setCondition(cv, 'Failing', {
      status: 'True',
      reason,
      message,
      lastTransitionTime: '2021-03-25T10:01:13Z',
    });
    setCondition(cv, 'Progressing', {
      status: 'True',
      reason,
      message: 'Unable to apply 4.8.2: it may not be safe to apply this update',
      lastTransitionTime: '2021-03-25T10:01:12Z',
    });
  };
}

/** The 4.15.20 fixture's ClusterVersion asked for `version` with another ReleaseAccepted. */
function accepted(fields: Record<string, string>, version?: string) {
  return (s: Snapshot) => {
    const cv = cvOf(s);
    if (version) (cv.spec.desiredUpdate as Json).version = version;
    setCondition(cv, 'ReleaseAccepted', fields);
  };
}

const mcoUpgradeable47 =
  'Precondition "ClusterVersionUpgradeable" failed because of "One or more machine config pool is degraded, please see `oc get mcp` for further details and resolve before upgrading": Cluster operator machine-config cannot be upgraded between minor versions: ';

ruleTester(clusterVersionUpdateNotAccepted, {
  valid: [
    { name: 'stays quiet on a healthy cluster', snapshot: snapshotOf(samples.healthy) },
    ...healthyUpdates.map(([name, path]) => ({
      name: `stays quiet on the healthy update ${name}`,
      snapshot: snapshotOf(path),
      reason: 'ReleaseAccepted=True PayloadLoaded for the requested release',
    })),
    {
      name: 'stays quiet on a Failing=True the payload did not cause (seed 000 stalled on a pool)',
      snapshot: snapshotOf(samples.workerBlocksMco, (s) =>
        setCondition(cvOf(s), 'Failing', {
          status: 'True',
          reason: 'ClusterOperatorDegraded',
          message: 'Cluster operator machine-config is degraded',
        }),
      ),
    },
    {
      name: 'stays quiet while the CVO is still retrieving the release (Unknown for 3 minutes)',
      snapshot: snapshotOf(
        updates.notAcceptedAdminAck,
        accepted({
          status: 'Unknown',
          reason: 'RetrievePayload',
          message:
            'Retrieving and verifying payload version="4.16.0" image="quay.io/openshift-release-dev/ocp-release@sha256:28981635e60892292efea6be06916a6e314c07dd11b7fd2ff1f8c69adb1565a0"',
          lastTransitionTime: '2024-07-16T09:39:18Z',
        }),
      ),
    },
  ],
  invalid: [
    {
      name: '4.15 → 4.16 refused for the admin ack: quotes the precondition, names the gate key, links the evidence',
      snapshot: snapshotOf(updates.notAcceptedAdminAck),
      findings: [
        {
          severity: 'error',
          subject: 'cv/version',
          message: [
            /^The update to 4\.16\.0 was not accepted: precondition ClusterVersionUpgradeable failed \(AdminAckRequired\); the cluster stays on 4\.15\.20\n/,
            /\nThe update to 4\.16\.0 requested in spec\.desiredUpdate was not accepted: since 2024-07-16T09:30:04Z \(12m15s before the gather\) the cluster-version operator refuses it \(ReleaseAccepted=False PreconditionChecks\) and the cluster stays on 4\.15\.20\./,
            /On 4\.15 it reports the refusal in ReleaseAccepted only and keeps status\.desired and the history on 4\.15\.20: nothing of 4\.16\.0 is applied, so the update is not progressing\./,
            /Of the preconditions 4\.15 runs \(ClusterVersionRollback, ClusterVersionUpgradeable, ClusterVersionRecommendedUpdate\), ClusterVersionUpgradeable failed: Precondition "ClusterVersionUpgradeable" failed because of "AdminAckRequired": Kubernetes 1\.29 and therefore OpenShift 4\.16 remove several APIs/,
            /The admin gate ack-4\.15-kube-1\.29-api-removals-in-4\.16 \(openshift-config-managed\/admin-gates\) is not acknowledged: openshift-config\/admin-acks does not set it to "true"\./,
            /oc -n openshift-config patch configmap admin-acks --type=merge --patch '\{"data":\{"ack-4\.15-kube-1\.29-api-removals-in-4\.16":"true"\}\}'/,
            /On 4\.15 the cluster-version operator refuses an update to a later minor version while ClusterVersion Upgradeable=False; 4\.15 → 4\.16 is a minor-version update, which it holds/,
          ],
          location: (s) => conditionAt(s, 'ReleaseAccepted'),
          related: [
            (r) => r.pointer === '/spec/desiredUpdate' && /Requested: 4\.16\.0/.test(r.message),
            (r, s) =>
              r.pointer === conditionAt(s, 'Upgradeable').pointer &&
              r.message === 'ClusterVersion Upgradeable=False (AdminAckRequired)',
            (r) =>
              r.file.endsWith('namespaces/openshift-config-managed/core/configmaps.yaml') &&
              r.pointer === '/items/0/data/ack-4.15-kube-1.29-api-removals-in-4.16',
            (r) =>
              r.file.endsWith('namespaces/openshift-config/core/configmaps.yaml') &&
              /admin-acks\): none/.test(r.message),
          ],
        },
      ],
    },
    {
      name: 'says so when the admin ConfigMaps were not gathered',
      snapshot: snapshotOf(updates.notAcceptedAdminAck, (s) => {
        s.adminConfigMaps = { gates: { gathered: false }, acks: { gathered: false } };
      }),
      findings: [
        {
          severity: 'error',
          subject: 'cv/version',
          message: [
            /the openshift-config-managed\/admin-gates and openshift-config\/admin-acks ConfigMaps were not gathered/,
            /oc -n openshift-config-managed get configmap admin-gates -o yaml lists it/,
          ],
          related: [(r, s) => r.pointer === conditionAt(s, 'Upgradeable').pointer],
        },
      ],
    },
    {
      name: 'an acknowledged gate in the gather: the next check should pass',
      snapshot: snapshotOf(updates.notAcceptedAdminAck, (s) => {
        s.adminConfigMaps!.acks.configMap!.raw.data = {
          'ack-4.15-kube-1.29-api-removals-in-4.16': 'true',
        };
      }),
      findings: [
        {
          severity: 'error',
          subject: 'cv/version',
          message:
            /Every admin gate of openshift-config-managed\/admin-gates is acknowledged in openshift-config\/admin-acks in this gather/,
        },
      ],
    },
    {
      name: 'a z-stream refused for ClusterVersion overrides (4.15): overrides block every update',
      snapshot: snapshotOf(
        updates.notAcceptedAdminAck,
        (s) => {
          const cv = cvOf(s);
          cv.spec.overrides = [
            {
              group: 'apps',
              kind: 'Deployment',
              name: 'cluster-monitoring-operator',
              namespace: 'openshift-monitoring',
              unmanaged: true,
            },
          ];
          setCondition(cv, 'Upgradeable', {
            reason: 'ClusterVersionOverridesSet',
            message:
              'Disabling ownership via cluster version overrides prevents upgrades. Please remove overrides before continuing.',
          });
        },
        accepted(
          {
            message:
              'Preconditions failed for payload loaded version="4.15.21" image="quay.io/openshift-release-dev/ocp-release@sha256:0d5c9e1e1ba4c9ad2b2b0a4ec1b08f4e5f8a5f0f2d7c81c1e5f27bb6a4d31ab2": Precondition "ClusterVersionUpgradeable" failed because of "ClusterVersionOverridesSet": Disabling ownership via cluster version overrides prevents upgrades. Please remove overrides before continuing.',
          },
          '4.15.21',
        ),
      ),
      findings: [
        {
          severity: 'error',
          subject: 'cv/version',
          message: [
            /^The update to 4\.15\.21 was not accepted: precondition ClusterVersionUpgradeable failed \(ClusterVersionOverridesSet\); the cluster stays on 4\.15\.20\n/,
            /ClusterVersion spec\.overrides marks Deployment openshift-monitoring\/cluster-monitoring-operator unmanaged \(ClusterVersionOverridesSet\); overrides block every update, z-stream included/,
            /4\.15\.20 → 4\.15\.21 is a z-stream update, which Upgradeable=False alone does not block/,
          ],
          related: [(r) => r.pointer === '/spec/overrides'],
        },
      ],
    },
    {
      name: '4.10+: a release whose retrieval failed quotes the failure and says what to check',
      snapshot: snapshotOf(
        updates.notAcceptedAdminAck,
        accepted({
          reason: 'RetrievePayload',
          message:
            'Retrieving payload failed version="4.16.0" image="quay.io/openshift-release-dev/ocp-release@sha256:28981635e60892292efea6be06916a6e314c07dd11b7fd2ff1f8c69adb1565a0" failure=The update cannot be verified: unable to verify sha256:28981635e60892292efea6be06916a6e314c07dd11b7fd2ff1f8c69adb1565a0 against keyrings: verifier-public-key-redhat',
        }),
      ),
      findings: [
        {
          severity: 'error',
          subject: 'cv/version',
          message: [
            /^The update to 4\.16\.0 was not accepted: the release image signature could not be verified; the cluster stays on 4\.15\.20\n/,
            /\(ReleaseAccepted=False RetrievePayload\)/,
            /The update cannot be verified: unable to verify sha256:2898/,
            /The release image signature could not be verified/,
          ],
        },
      ],
    },
    {
      name: 'a release still being retrieved after 25 minutes is a warning',
      snapshot: snapshotOf(
        updates.notAcceptedAdminAck,
        accepted({
          status: 'Unknown',
          reason: 'RetrievePayload',
          message:
            'Retrieving and verifying payload version="4.16.0" image="quay.io/openshift-release-dev/ocp-release@sha256:28981635e60892292efea6be06916a6e314c07dd11b7fd2ff1f8c69adb1565a0"',
          lastTransitionTime: '2024-07-16T09:17:18Z',
        }),
      ),
      findings: [
        {
          severity: 'warning',
          subject: 'cv/version',
          message: [
            /^The update to 4\.16\.0 is not accepted yet: the cluster-version operator has been at step RetrievePayload for 25m\ds; the cluster stays on 4\.15\.20\n/,
            /is not accepted yet: since 2024-07-16T09:17:18Z \(25m\ds before the gather\) the cluster-version operator is at step RetrievePayload/,
          ],
        },
      ],
    },
    {
      name: '4.7 (Failing=True UpgradePreconditionCheckFailed): the release variant, with the operator that is not upgradeable',
      snapshot: snapshotOf(
        samples.workerBlocksMco,
        asRefused47('UpgradePreconditionCheckFailed', mcoUpgradeable47),
      ),
      findings: [
        {
          severity: 'error',
          subject: 'cv/version',
          message: [
            /^The update to 4\.8\.2 was not accepted: precondition ClusterVersionUpgradeable failed; the cluster stays on 4\.7\.4\n/,
            /\nThe update to 4\.8\.2 requested in spec\.desiredUpdate was not accepted: since 2021-03-25T10:01:13Z .* refuses it \(Failing=True UpgradePreconditionCheckFailed\) and the cluster stays on 4\.7\.4\./,
            /On 4\.7 it reports the refusal as Failing=True and already lists 4\.8\.2 in status\.desired and as a Partial history entry, but applies nothing of it/,
            /Of the preconditions 4\.7 runs \(ClusterVersionUpgradeable\), ClusterVersionUpgradeable failed/,
            /ClusterOperator machine-config reports Upgradeable=False: machine-config: One or more machine config pool is degraded/,
            /On 4\.7 the cluster-version operator refuses an update that changes the minor version while ClusterVersion Upgradeable=False; 4\.7 → 4\.8 is a minor-version update/,
          ],
          location: (s) => conditionAt(s, 'Failing'),
          related: [
            (r) => r.file.endsWith('clusteroperators/machine-config.yaml'),
            (r, s) => r.pointer === conditionAt(s, 'Upgradeable').pointer,
          ],
        },
      ],
    },
    {
      name: '4.9 (Failing=True ImageVerificationFailed): the signature, not a precondition',
      snapshot: snapshotOf(samples.workerBlocksMco, (s) => {
        asRefused47(
          'ImageVerificationFailed',
          'The update cannot be verified: unable to locate a valid signature for one or more sources',
        )(s);
        dropCondition(cvOf(s), 'Upgradeable');
      }),
      findings: [
        {
          severity: 'error',
          subject: 'cv/version',
          message: [
            /^The update to 4\.8\.2 was not accepted: the release image signature could not be verified; the cluster stays on 4\.7\.4\n/,
            /\(Failing=True ImageVerificationFailed\)/,
            /The update cannot be verified: unable to locate a valid signature/,
            /signature ConfigMap \(openshift-config-managed, label release\.openshift\.io\/verification-signatures\)/,
          ],
        },
      ],
    },
  ],
});

describe('clusterversion-update-not-accepted: one finding per cause', () => {
  it('explains clusterversion-failing for the 4.7–4.9 refusal reasons: one finding shown', async () => {
    for (const reason of [
      'UpgradePreconditionCheckFailed',
      'ImageVerificationFailed',
      'UpdatePayloadRetrievalFailed',
    ]) {
      const s = await snapshotOf(samples.workerBlocksMco, asRefused47(reason, 'x'))();
      assert.deepEqual(
        clusterVersionFailing.check(s, ruleContext).map((f) => f.cause),
        ['release-refused'],
        reason,
      );
      assert.equal(clusterVersionUpdateNotAccepted.check(s, ruleContext).length, 1, reason);
      const shown = checkSnapshot(s, ruleContext, {}).findings.map((f) => f.rule);
      assert.ok(shown.includes('clusterversion-update-not-accepted'), reason);
      assert.ok(!shown.includes('clusterversion-failing'), reason);
    }
  });

  it('splits Multiple precondition checks failed into its preconditions', () => {
    const failures = preconditionFailures(
      'Multiple precondition checks failed:\n* Precondition "EtcdRecentBackup" failed because of "ControllerStarted": RecentBackup: The etcd backup controller is starting, and will decide if recent backups are available or if a backup is required\n* Precondition "ClusterVersionUpgradeable" failed because of "MultipleReasons": Cluster should not be upgraded between minor versions for multiple reasons: AdminAckRequired,ClusterOperatorsNotUpgradeable\n* a\n* b',
    );
    assert.deepEqual(
      failures.map((f) => [f.name, f.reason]),
      [
        ['EtcdRecentBackup', 'ControllerStarted'],
        ['ClusterVersionUpgradeable', 'MultipleReasons'],
      ],
    );
    assert.match(
      failures[1]!.message,
      /AdminAckRequired,ClusterOperatorsNotUpgradeable\n\* a\n\* b$/,
    );
  });

  it('the assessment: not updating (4.10+), stalled (4.7), with the refusal as the reason and evidence', async () => {
    const s = await snapshotOf(updates.notAcceptedAdminAck)();
    const cp = assessUpdate(s).controlPlane;
    assert.equal(cp.assessment, 'NotUpdating');
    assert.equal(
      cp.reason,
      'The update to 4.16.0 was not accepted (ReleaseAccepted=False PreconditionChecks): the cluster stays on 4.15.20 and applies nothing of it.',
    );
    assert.deepEqual(cp.evidence, conditionAt(s, 'ReleaseAccepted'));
    const old = await snapshotOf(
      samples.workerBlocksMco,
      asRefused47('UpgradePreconditionCheckFailed', mcoUpgradeable47),
    )();
    const cp47 = assessUpdate(old).controlPlane;
    assert.equal(cp47.assessment, 'Stalled');
    assert.match(
      cp47.reason,
      /^The update to 4\.8\.2 was not accepted \(Failing=True UpgradePreconditionCheckFailed\)/,
    );
    assert.deepEqual(cp47.evidence, conditionAt(old, 'Failing'));
  });
});
