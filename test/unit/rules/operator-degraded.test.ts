import { requiredForUpgradeLabel } from '../../../server/src/model/machineConfigPool';
import { operator, pool } from '../../../server/src/model/snapshot';
import { operatorDegraded } from '../../../server/src/rules/operatorDegraded';
import { samples } from '../../support/fixtures';
import { ruleTester, snapshotOf } from '../../support/ruleTester';
import { labelsOf, setCondition } from '../../support/snapshot';

ruleTester(operatorDegraded, {
  valid: [
    {
      name: 'leaves machine-config to the more specific explanation (seed 000)',
      snapshot: snapshotOf(samples.workerBlocksMco),
      reason: 'mco-blocked-by-non-required-pool explains it',
    },
    { name: 'stays quiet on a healthy cluster', snapshot: snapshotOf(samples.healthy) },
  ],
  invalid: [
    {
      name: 'reports machine-config once the pool it names is required',
      snapshot: snapshotOf(samples.workerBlocksMco, (s) => {
        labelsOf(pool(s, 'worker')!)[requiredForUpgradeLabel] = '';
      }),
      findings: [
        {
          severity: 'error',
          subject: 'co/machine-config',
          message:
            /^machine-config is Degraded since .*RequiredPoolsFailed: Unable to apply 4\.7\.4/,
        },
      ],
    },
    {
      name: 'reports any other degraded operator',
      snapshot: snapshotOf(samples.healthy, (s) =>
        setCondition(operator(s, 'ingress')!, 'Degraded', {
          status: 'True',
          reason: 'IngressDegraded',
          message: 'The "default" ingress controller reports Degraded=True',
        }),
      ),
      findings: [
        {
          severity: 'error',
          subject: 'co/ingress',
          message: /^ingress is Degraded since .*IngressDegraded: The "default" ingress controller/,
        },
      ],
    },
  ],
});
