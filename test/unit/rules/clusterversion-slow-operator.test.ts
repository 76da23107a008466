import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Json } from '../../../server/src/model/access';
import type { Snapshot } from '../../../server/src/model/snapshot';
import { clusterVersionFailing } from '../../../server/src/rules/clusterversion-failing';
import { clusterVersionSlowOperator } from '../../../server/src/rules/clusterversion-slow-operator';
import { operatorMentions, slowOperators } from '../../../server/src/model/operatorMessages';
import { samples, updates } from '../../support/fixtures';
import { ruleContext } from '../../support/rules';
import { ruleTester, snapshotOf } from '../../support/ruleTester';
import { setCondition } from '../../support/snapshot';

const escape = (t: string) => t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const mcoSlow = 'waiting on machine-config over 90 minutes which is longer than expected';
const both =
  'waiting on network, ingress over 30 minutes and machine-config over 90 minutes which is longer than expected';

/** The update-draining cluster as a 4.16 -> 4.17 update whose CVO has waited on `message`'s operators too long. */
function slow(message: string, target = '4.17.3') {
  return (s: Snapshot) => {
    const cv = s.clusterVersion!;
    (cv.status.desired as Json).version = target;
    setCondition(cv, 'Failing', {
      status: 'Unknown',
      reason: 'SlowClusterOperator',
      message,
    });
    setCondition(cv, 'Progressing', {
      reason: 'ClusterOperatorUpdating',
      message: `Working towards ${target}: 695 of 903 done (76% complete), ${message}`,
    });
  };
}

ruleTester(clusterVersionSlowOperator, {
  valid: [
    { name: 'stays quiet on a healthy cluster', snapshot: snapshotOf(samples.healthy) },
    ...Object.entries(updates)
      .filter(([name]) => name !== 'slowOperator')
      .map(([name, dir]) => ({
        name: `stays quiet on update fixture ${name}`,
        snapshot: snapshotOf(dir),
      })),
    {
      name: 'before 4.16 a slow operator is only "waiting on" in Progressing: nothing to report',
      snapshot: snapshotOf(updates.draining),
      reason: '4.15 has no SlowClusterOperator; Failing=False while machine-config updates',
    },
    {
      name: 'Failing=True is clusterversion-failing, not this rule',
      snapshot: snapshotOf(updates.draining, (s) =>
        setCondition(s.clusterVersion!, 'Failing', {
          status: 'True',
          reason: 'ClusterOperatorDegraded',
          message: 'Cluster operator machine-config is degraded',
        }),
      ),
    },
  ],
  invalid: [
    {
      name: 'update-slow-operator: 4.16.8 -> 4.17.3, kube-apiserver over 30 minutes',
      snapshot: snapshotOf(updates.slowOperator),
      findings: [
        {
          severity: 'warning',
          subject: 'cv/version',
          message: new RegExp(
            '^' +
              escape(
                'The cluster-version operator has waited on kube-apiserver over 30 minutes, longer than expected (Failing=Unknown SlowClusterOperator for 10m41s)\n' +
                  'The cluster-version operator reports Failing=Unknown (SlowClusterOperator) since 2024-11-07T13:30:41Z (10m41s before the gather): ' +
                  'it has waited on kube-apiserver (over 30 minutes), longer than expected.\n\n' +
                  'kube-apiserver reports version 4.16.8 (target 4.17.3), Progressing: NodeInstallerProgressing: 1 node is at revision 18; 2 nodes are at revision 19.\n\n' +
                  'From 4.16 the cluster-version operator marks Failing=Unknown when an operator that is Available and not Degraded has not reported the target version 30 minutes (90 for machine-config) after it started updating it. ' +
                  'It keeps waiting: this is not an error and the update goes on once the operator levels; ' +
                  'Failing turns True only if the operator goes Degraded (40 minutes after the start of its update) or Available=False.\n\n' +
                  'Look at the operator it names: its Progressing message.',
              ) +
              '$',
          ),
          location: (s) => s.clusterVersion!.conditions.find((c) => c.type === 'Failing')!.location,
          related: [
            (r) => r.message === 'ClusterVersion Progressing',
            (r) =>
              r.file.endsWith('kube-apiserver.yaml') &&
              r.message === 'kube-apiserver Progressing=True',
          ],
        },
      ],
    },
    {
      name: 'machine-config over 90 minutes (4.17): names it, says the CVO keeps waiting, links it',
      snapshot: snapshotOf(updates.draining, slow(mcoSlow)),
      findings: [
        {
          severity: 'warning',
          subject: 'cv/version',
          message: [
            /^The cluster-version operator has waited on machine-config over 90 minutes, longer than expected \(Failing=Unknown SlowClusterOperator for \S+\)\n/,
            /The cluster-version operator reports Failing=Unknown \(SlowClusterOperator\) since 2024-/,
            /it has waited on machine-config \(over 90 minutes\), longer than expected\./,
            /machine-config reports version 4\.15\.2 \(target 4\.17\.3\), Progressing: Working towards 4\.15\.3\./,
            /It keeps waiting: this is not an error/,
            /30 minutes \(90 for machine-config\)/,
            /Look at the operator it names: its Progressing message, and for machine-config its pools\.$/,
          ],
          location: (s) => s.clusterVersion!.conditions.find((c) => c.type === 'Failing')!.location,
          related: [
            (r) => r.message === 'ClusterVersion Progressing',
            (r) =>
              r.file.endsWith('machine-config.yaml') &&
              r.message === 'machine-config Progressing=True',
          ],
        },
      ],
    },
    {
      name: 'the mixed wording: operators over 30 minutes and machine-config over 90',
      snapshot: snapshotOf(updates.draining, slow(both)),
      findings: [
        {
          severity: 'warning',
          subject: 'cv/version',
          message: [
            /^The cluster-version operator has waited on network and ingress over 30 minutes and machine-config over 90 minutes, longer than expected/,
            /waited on network \(over 30 minutes\), ingress \(over 30 minutes\) and machine-config \(over 90 minutes\)/,
            /network reports version 4\.15\.3 \(target 4\.17\.3\)\./,
          ],
          related: [
            (r) => r.file.endsWith('network.yaml'),
            (r) => r.file.endsWith('ingress.yaml'),
            (r) => r.file.endsWith('machine-config.yaml'),
          ],
        },
      ],
    },
    {
      name: 'machine-config waits on a degraded pool: the pool is evidence',
      snapshot: snapshotOf(updates.stalled, slow(mcoSlow, '4.16.12')),
      findings: [
        {
          severity: 'warning',
          subject: 'cv/version',
          message: /machine-config \(over 90 minutes\)/,
          related: [
            (r) => r.file.endsWith('worker.yaml') && r.message === 'pool worker is Degraded',
          ],
        },
      ],
    },
  ],
});

test('the SlowClusterOperator wording is parsed for names and links; clusterversion-failing stays out', async () => {
  // The wording the 4.16+ CVO writes, parsed the same for names and links.
  assert.deepEqual(slowOperators(mcoSlow), [{ name: 'machine-config', minutes: 90 }]);
  assert.deepEqual(slowOperators(both), [
    { name: 'network', minutes: 30 },
    { name: 'ingress', minutes: 30 },
    { name: 'machine-config', minutes: 90 },
  ]);
  assert.deepEqual(
    operatorMentions(both).map((m) => both.slice(...m.span)),
    ['network', 'ingress', 'machine-config'],
  );
  // clusterversion-failing reads Failing=True only: the slow condition is this rule's alone.
  const s = await snapshotOf(updates.draining, slow(mcoSlow))();
  assert.deepEqual(clusterVersionFailing.check(s, ruleContext), []);
});
