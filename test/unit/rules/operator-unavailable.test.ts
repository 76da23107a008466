import { operatorUnavailable } from '../../../server/src/rules/operatorUnavailable';
import { samples } from '../../support/fixtures';
import { ruleTester, snapshotOf } from '../../support/ruleTester';

ruleTester(operatorUnavailable, {
  valid: [{ name: 'stays quiet on a healthy cluster', snapshot: snapshotOf(samples.healthy) }],
  invalid: [
    {
      name: 'reports machine-config on 4.7 and says why it follows Degraded (seed 000)',
      snapshot: snapshotOf(samples.workerBlocksMco),
      findings: [
        {
          severity: 'error',
          subject: 'co/machine-config',
          message: [
            /^machine-config is not available since 2021-03-25T09:18:42Z \(3h1m before the gather\): Cluster not available for 4\.7\.4\./,
            /On 4\.7 and 4\.8 machine-config also reports Available=False whenever it is Degraded/,
          ],
        },
      ],
    },
  ],
});
