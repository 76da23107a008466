import { operatorNotLeveled } from '../../../server/src/rules/operatorNotLeveled';
import { samples } from '../../support/fixtures';
import { ruleTester, snapshotOf } from '../../support/ruleTester';

ruleTester(operatorNotLeveled, {
  valid: [
    {
      name: 'stays quiet when every operator is at the target',
      snapshot: snapshotOf(samples.healthy),
    },
  ],
  invalid: [
    {
      name: 'reports machine-config behind the target (seed 000)',
      snapshot: snapshotOf(samples.workerBlocksMco),
      findings: [
        {
          severity: 'warning',
          subject: 'co/machine-config',
          message: [
            /^machine-config /,
            /reports operator version 4\.7\.3, but the cluster's target is 4\.7\.4/,
          ],
        },
      ],
    },
  ],
});
