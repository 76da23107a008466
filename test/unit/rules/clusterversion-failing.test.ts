import { clusterVersionFailing } from '../../../server/src/rules/clusterVersionFailing';
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
          severity: 'error',
          subject: 'cv/version',
          message:
            /Start from the ClusterOperator they? ?names?: machine-config|Start from the ClusterOperator it names: machine-config/,
          related: [(r) => r.file.endsWith('machine-config.yaml')],
        },
      ],
    },
  ],
});
