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
    {
      name: 'leaves a refused release (4.7–4.9 UpgradePreconditionCheckFailed) to clusterversion-update-not-accepted',
      snapshot: snapshotOf(samples.workerBlocksMco, (s) =>
        setCondition(s.clusterVersion!, 'Failing', {
          status: 'True',
          reason: 'UpgradePreconditionCheckFailed',
          message:
            'Precondition "ClusterVersionUpgradeable" failed because of "DegradedPool": Cluster operator machine-config cannot be upgraded between minor versions: One or more machine config pools are degraded',
        }),
      ),
      reason: 'one finding per cause: the refusal is clusterversion-update-not-accepted',
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
          severity: 'error',
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
  ],
});
