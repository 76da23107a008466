import { clusterVersionUpdateIncomplete } from '../../../server/src/rules/clusterVersionUpdateIncomplete';
import { samples } from '../../support/fixtures';
import { ruleTester, snapshotOf } from '../../support/ruleTester';

ruleTester(clusterVersionUpdateIncomplete, {
  valid: [
    {
      name: 'stays quiet once the newest history entry is Completed (seed 001)',
      snapshot: snapshotOf(samples.levelEarly),
    },
  ],
  invalid: [
    {
      name: 'reports a Partial update with its age (seed 000)',
      snapshot: snapshotOf(samples.workerBlocksMco),
      findings: [
        {
          severity: 'warning',
          subject: 'cv/version',
          location: (s) => ({ ...s.clusterVersion!.at(), pointer: '/status/history/0' }),
          message: [
            /from 4\.7\.3 to 4\.7\.4 started 2021-03-25T07:30:44Z \(4h49m before the gather\)/,
            /machine-config \(4\.7\.3\)/,
          ],
        },
      ],
    },
  ],
});
