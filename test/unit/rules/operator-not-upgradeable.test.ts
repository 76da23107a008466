import { operatorNotUpgradeable } from '../../../server/src/rules/operatorNotUpgradeable';
import { samples } from '../../support/fixtures';
import { ruleTester, snapshotOf } from '../../support/ruleTester';

ruleTester(operatorNotUpgradeable, {
  valid: [{ name: 'stays quiet on a healthy cluster', snapshot: snapshotOf(samples.healthy) }],
  invalid: [
    {
      name: 'informs, with the 4.7.4 sentence that sits in the reason field (seed 000)',
      snapshot: snapshotOf(samples.workerBlocksMco),
      findings: [
        {
          severity: 'info',
          subject: 'co/machine-config',
          message: /One or more machine config pool is degraded/,
        },
      ],
    },
  ],
});
