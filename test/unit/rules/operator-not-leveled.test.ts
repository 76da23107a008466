import assert from 'node:assert/strict';
import { operatorNotLeveled } from '../../../server/src/rules/operator-not-leveled';
import { samples, updates } from '../../support/fixtures';
import { ruleTester, snapshotOf } from '../../support/ruleTester';
import { setCondition } from '../../support/snapshot';

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
      check: ([f]) =>
        assert.equal(
          f!.message,
          "machine-config is at version 4.7.3, not the cluster's target 4.7.4; the cluster-version operator waits on it, and it is Degraded (RequiredPoolsFailed) and not available",
        ),
    },
  ],
});

// During an update: operators the CVO has not reached are progress; the one it waits on is
// information while it rolls out on time, a warning once the update is stalled.
ruleTester(operatorNotLeveled, {
  valid: [
    {
      name: '6 seconds into an update, no operator reached yet',
      snapshot: snapshotOf(updates.early),
    },
  ],
  invalid: [
    {
      name: 'machine-config rolling out in an update on time: information',
      snapshot: snapshotOf(updates.draining),
      findings: [
        {
          severity: 'info',
          subject: 'co/machine-config',
          message: [/reports waiting on machine-config/, /this is its progress/],
        },
      ],
      check: ([f]) =>
        assert.match(
          f!.message,
          /^machine-config is at version 4\.15\.2, not the cluster's target 4\.15\.3; it is rolling out and the update is on time$/,
        ),
    },
    {
      name: 'the operator the CVO has just reached, not yet Progressing, in an update on time: information',
      snapshot: snapshotOf(updates.draining, (s) => {
        const mco = s.operators.find((o) => o.name === 'machine-config')!;
        // Its condition moved half a minute ago, when the CVO reached it: the update is on time.
        setCondition(mco, 'Progressing', {
          status: 'False',
          message: 'Cluster version is 4.15.2',
          lastTransitionTime: new Date(s.gatherTime!.getTime() - 30_000).toISOString(),
        });
      }),
      findings: [
        {
          severity: 'info',
          subject: 'co/machine-config',
          message: [/reports waiting on machine-config/, /has yet to start its rollout/],
        },
      ],
      check: ([f]) => assert.match(f!.message, /; the update has just reached it and is on time$/),
    },
    {
      name: 'the operator the CVO waits on, Degraded, in an update on time: a warning',
      snapshot: snapshotOf(updates.draining, (s) => {
        const mco = s.operators.find((o) => o.name === 'machine-config')!;
        setCondition(mco, 'Degraded', { status: 'True', reason: 'RequiredPoolsFailed' });
      }),
      findings: [{ severity: 'warning', subject: 'co/machine-config', message: /4\.15\.2/ }],
      check: ([f]) =>
        assert.match(
          f!.message,
          /; the cluster-version operator waits on it, and it is Degraded \(RequiredPoolsFailed\)$/,
        ),
    },
    {
      name: 'the same operator in a stalled update: a warning',
      snapshot: snapshotOf(updates.stalled),
      findings: [{ severity: 'warning', subject: 'co/machine-config', message: /4\.15\.2/ }],
    },
  ],
});

// Only the release payload's operators (include/exclude.release.openshift.io annotations, as
// oc adm upgrade status counts them) are the CVO's to level.
ruleTester(operatorNotLeveled, {
  valid: [
    {
      name: 'an add-on ClusterOperator outside the payload is not leveled by the CVO',
      snapshot: snapshotOf(samples.workerBlocksMco, (s) => {
        const mco = s.operators.find((o) => o.name === 'machine-config')!;
        const meta = mco.raw.metadata as Record<string, unknown>;
        meta.annotations = {};
      }),
    },
  ],
  invalid: [],
});
