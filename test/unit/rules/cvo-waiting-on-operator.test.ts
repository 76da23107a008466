import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { cvoWaitingOnOperator } from '../../../server/src/rules/cvo-waiting-on-operator';
import { samples, updates } from '../../support/fixtures';
import { ruleTester, snapshotOf } from '../../support/ruleTester';

// The log line, its span and the old-log window are tested in test/unit/cvoLog.test.ts.
ruleTester(cvoWaitingOnOperator, {
  valid: [
    {
      name: 'stays quiet when the last results name no operator',
      snapshot: snapshotOf(samples.healthy),
    },
  ],
  invalid: [
    {
      name: 'warns while an update is in progress, on the pod log (seed 000)',
      snapshot: snapshotOf(samples.workerBlocksMco),
      findings: [
        {
          severity: 'warning',
          subject:
            'log/openshift-cluster-version/cluster-version-operator-f54b6964f-ckqcz/cluster-version-operator',
          message: [
            /waiting on machine-config \(is still updating\)/,
            /4\.7 checks versions first/,
          ],
          location: (s) => {
            const file = s.cvoLogs[0]!.file;
            const text = readFileSync(file, 'utf8');
            const line =
              '2021-03-25T12:14:54.883529345Z I0325 12:14:54.883514       1 task_graph.go:555] Result of work: [Cluster operator machine-config is still updating]';
            const start = text.indexOf(line);
            return { file, doc: 0, pointer: '', span: [start, start + line.length] };
          },
          related: [(r) => r.file.endsWith('clusteroperators/machine-config.yaml')],
        },
      ],
      check: (found) =>
        assert.equal(
          found[0]!.message,
          'The cluster-version operator was waiting on machine-config (is still updating) at its last sync, 5m46s before the gather, in 5 of its last 10 results',
        ),
    },
    {
      name: 'only informs once the update has completed (seed 001)',
      snapshot: snapshotOf(samples.levelEarly),
      findings: [
        {
          severity: 'info',
          subject:
            'log/openshift-cluster-version/cluster-version-operator-f7lzrmgwj-7drc7/cluster-version-operator',
          message: /From 4\.8 the cluster-version operator checks Available and Degraded/,
        },
      ],
    },
  ],
});

// Waiting on operators is what an update does: a warning only once the update is slow or stalled.
ruleTester(cvoWaitingOnOperator, {
  valid: [],
  invalid: [
    {
      name: 'waiting on machine-config in an update on time: information',
      snapshot: snapshotOf(updates.draining),
      findings: [
        {
          severity: 'info',
          subject:
            'log/openshift-cluster-version/cluster-version-operator-2l848btgn-zgdbm/cluster-version-operator',
          message: /waiting on machine-config/,
        },
      ],
    },
    {
      name: 'the same wait in a stalled update: a warning',
      snapshot: snapshotOf(updates.stalled),
      findings: [
        {
          severity: 'warning',
          subject:
            'log/openshift-cluster-version/cluster-version-operator-l9bpptwjr-5hz4b/cluster-version-operator',
          message: /machine-config/,
        },
      ],
    },
    {
      name: 'several operators in the last result: each with its state, the counts in the detail',
      snapshot: snapshotOf(updates.stalled, (s) => {
        const results = s.cvoLogs[0]!.results;
        results[results.length - 1]!.waits.push({ operator: 'network', state: 'is not available' });
      }),
      findings: [
        {
          severity: 'warning',
          subject:
            'log/openshift-cluster-version/cluster-version-operator-l9bpptwjr-5hz4b/cluster-version-operator',
          message: [
            /^The cluster-version operator was waiting on machine-config \(is degraded\) and network \(is not available\) at its last sync, 3m58s before the gather\n/,
            /machine-config appears in 10 and network appears in 1 of its last 10 results\./,
            /Look at the operators it names: their conditions and versions\.$/,
          ],
        },
      ],
    },
    {
      name: 'an update on time whose 4.17 CVO marks the operator slow: a warning, as clusterversion-slow-operator',
      snapshot: snapshotOf(updates.slowOperator),
      findings: [
        {
          severity: 'warning',
          subject:
            'log/openshift-cluster-version/cluster-version-operator-w2l8x6fvd-4vcg2/cluster-version-operator',
          message: [
            /waiting on kube-apiserver \(is updating versions\)/,
            /ClusterVersion marks kube-apiserver slow \(Failing=Unknown SlowClusterOperator\)\./,
          ],
        },
      ],
      check: (found) =>
        assert.match(
          found[0]!.message,
          /^The cluster-version operator was waiting on kube-apiserver \(is updating versions\) at its last sync, .*; ClusterVersion marks it slow$/,
        ),
    },
  ],
});
