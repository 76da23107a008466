import assert from 'node:assert/strict';
import { clusterVersionFailing } from '../../../server/src/rules/clusterversion-failing';
import { samples } from '../../support/fixtures';
import { ruleTester, snapshotOf } from '../../support/ruleTester';
import { setCondition } from '../../support/snapshot';

ruleTester(clusterVersionFailing, {
  valid: [
    {
      name: 'stays quiet while ClusterVersion is not Failing (seed 000)',
      snapshot: snapshotOf(samples.workerBlocksMco),
      reason: 'Failing=False in the seed',
    },
  ],
  invalid: [
    {
      name: 'names the operators the Failing message mentions and links them',
      snapshot: snapshotOf(samples.workerBlocksMco, (s) =>
        setCondition(s.clusterVersion!, 'Failing', {
          status: 'True',
          reason: 'ClusterOperatorDegraded',
          message: 'Cluster operator machine-config is degraded',
        }),
      ),
      findings: [
        {
          // oc's "Update Stalled" warning: the operator's own finding carries the error.
          severity: 'warning',
          subject: 'cv/version',
          message:
            /Start from the ClusterOperator they? ?names?: machine-config|Start from the ClusterOperator it names: machine-config/,
          related: [(r) => r.file.endsWith('machine-config.yaml')],
        },
      ],
      check: (found) =>
        assert.match(
          found[0]!.message,
          /^ClusterVersion is Failing \(ClusterOperatorDegraded\) (for \S+|since \S+): "Cluster operator machine-config is degraded"$/,
        ),
    },
    {
      name: 'a Failing of its own (a payload error) is an error',
      snapshot: snapshotOf(samples.workerBlocksMco, (s) =>
        setCondition(s.clusterVersion!, 'Failing', {
          status: 'True',
          reason: 'UpdatePayloadFailed',
          message:
            'Could not update deployment "openshift-cluster-version/cluster-version-operator" (5 of 668)',
        }),
      ),
      findings: [{ severity: 'error', subject: 'cv/version', message: /UpdatePayloadFailed/ }],
    },
    {
      name: 'a refused release (4.7–4.9 UpgradePreconditionCheckFailed) carries the cause clusterversion-update-not-accepted explains',
      snapshot: snapshotOf(samples.workerBlocksMco, (s) =>
        setCondition(s.clusterVersion!, 'Failing', {
          status: 'True',
          reason: 'UpgradePreconditionCheckFailed',
          message:
            'Precondition "ClusterVersionUpgradeable" failed because of "DegradedPool": Cluster operator machine-config cannot be upgraded between minor versions: One or more machine config pools are degraded',
        }),
      ),
      findings: [
        {
          severity: 'error',
          subject: 'cv/version',
          message: /UpgradePreconditionCheckFailed/,
          cause: 'release-refused',
        },
      ],
    },
  ],
});
