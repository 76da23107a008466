import assert from 'node:assert/strict';
import { clusterVersionUpdateIncomplete } from '../../../server/src/rules/clusterversion-update-incomplete';
import { samples, updates } from '../../support/fixtures';
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
      name: 'reports a stalled Partial update with its age (seed 000): information, the status judges the stall',
      snapshot: snapshotOf(samples.workerBlocksMco),
      findings: [
        {
          severity: 'info',
          subject: 'cv/version',
          location: (s) => ({ ...s.clusterVersion!.at(), pointer: '/status/history/0' }),
          message: [
            /from 4\.7\.3 to 4\.7\.4 started 2021-03-25T07:30:44Z \(4h49m before the gather\)/,
            /machine-config \(4\.7\.3\)/,
          ],
        },
      ],
      check: (found) =>
        assert.equal(
          found[0]!.message,
          'The update from 4.7.3 to 4.7.4 is stalled, 4h49m after it started; machine-config is not yet at 4.7.4',
        ),
    },
  ],
});

ruleTester(clusterVersionUpdateIncomplete, {
  valid: [],
  invalid: [
    {
      name: 'an update on time is information',
      snapshot: snapshotOf(updates.early),
      findings: [{ severity: 'info', subject: 'cv/version', message: /from 4\.15\.2 to 4\.15\.3/ }],
      check: (found) =>
        assert.match(
          found[0]!.message,
          /^The update from 4\.15\.2 to 4\.15\.3 has not completed, 7s after it started; authentication, console, dns and 8 more are not yet at 4\.15\.3$/,
        ),
    },
    {
      name: 'an update over one that never completed names it, as a warning',
      snapshot: snapshotOf(updates.previousIncomplete),
      findings: [
        {
          severity: 'warning',
          subject: 'cv/version',
          message:
            /from 4\.14\.1 \(an update that itself never completed; the last completed release is 4\.14\.0-rc\.7\) to 4\.14\.2/,
          related: [(r) => /the update to 4\.14\.1 is Partial/.test(r.message)],
        },
      ],
      check: (found) =>
        assert.match(
          found[0]!.message,
          /^The update from 4\.14\.1 \(itself never completed\) to 4\.14\.2 has not completed, /,
        ),
    },
  ],
});
