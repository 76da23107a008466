import assert from 'node:assert/strict';
import { checkSnapshot } from '../../../server/src/analysis/analyze';
import { it } from 'node:test';
import type { Json } from '../../../server/src/model/access';
import type { Snapshot } from '../../../server/src/model/snapshot';
import { mcnPhaseStuck } from '../../../server/src/rules/mcn-phase-stuck';
import { nodeMcdDegraded } from '../../../server/src/rules/node-mcd-degraded';
import { samples, updates } from '../../support/fixtures';
import { ruleContext } from '../../support/rules';
import { ruleTester, snapshotOf } from '../../support/ruleTester';
import { setCondition } from '../../support/snapshot';

const escape = (t: string) => t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The worker whose MachineConfigNode holds AppliedFilesAndOS in update-mcn-stuck. */
const stuck = 'ip-10-0-169-127.eu-west-1.compute.internal';
const mcn = (s: Snapshot) => s.machineConfigNodes.find((m) => m.name === stuck)!;
const node = (s: Snapshot) => s.nodes.find((n) => n.name === stuck)!;
const annotations = (s: Snapshot) => (node(s).raw.metadata as Json).annotations as Json;

/** 4.20 `reportMachineNodeDegradeStatus`: `Node %s upgrade failure. %v`. */
const failure = `Node ${stuck} upgrade failure. Failed to update OS to quay.io/openshift-release-dev/ocp-v4.0-art-dev@sha256:1f2e after retries: error running rpm-ostree rebase: exit status 1`;
const degradedMcn = (s: Snapshot) =>
  setCondition(mcn(s), 'NodeDegraded', {
    status: 'True',
    message: failure,
    lastTransitionTime: '2026-01-14T10:02:11Z',
  });

ruleTester(mcnPhaseStuck, {
  valid: [
    {
      name: 'stays quiet on a healthy cluster (no MachineConfigNode objects at all)',
      snapshot: snapshotOf(samples.healthy),
    },
    // Every other update fixture: 4.14–4.17 gathers, none holds a MachineConfigNode; the healthy
    // in-progress ones among them.
    ...Object.entries(updates)
      .filter(([name]) => name !== 'mcnStuck')
      .map(([name, dir]) => ({
        name: `stays quiet on update fixture ${name}`,
        snapshot: snapshotOf(dir),
      })),
    {
      name: 'stays quiet when the gather holds no MachineConfigNode',
      snapshot: snapshotOf(updates.mcnStuck, (s) => {
        s.machineConfigNodes = [];
      }),
    },
    {
      name: 'a phase in progress for 2 minutes is an update at work',
      snapshot: snapshotOf(updates.mcnStuck, (s) => {
        const twoMinutes = new Date(s.gatherTime!.getTime() - 120_000).toISOString();
        setCondition(mcn(s), 'AppliedFilesAndOS', { lastTransitionTime: twoMinutes });
        setCondition(mcn(s), 'UpdateExecuted', { lastTransitionTime: twoMinutes });
      }),
    },
  ],
  invalid: [
    {
      name: 'a node whose daemon says Degraded: an error (node-mcd-degraded and its siblings explain it)',
      snapshot: snapshotOf(updates.mcnStuck, degradedMcn, (s) => {
        annotations(s)['machineconfiguration.openshift.io/state'] = 'Degraded';
        annotations(s)['machineconfiguration.openshift.io/reason'] = 'unexpected error';
      }),
      findings: [
        {
          severity: 'error',
          subject: `node/${stuck}`,
          message: [/NodeDegraded=True/, /The node's daemon state is Degraded too\./],
          cause: undefined,
        },
      ],
    },
    {
      name: 'a drain still open (Drained Unknown, desiredDrain not applied) carries the drain cause mco-drain-stuck explains',
      snapshot: snapshotOf(updates.mcnStuck, (s) => {
        setCondition(mcn(s), 'AppliedFilesAndOS', { status: 'False' });
        setCondition(mcn(s), 'Drained', {
          status: 'Unknown',
          message: 'Error: Node Drain has not succeeded. Error is: …',
          lastTransitionTime: '2026-01-14T09:47:02Z',
        });
        annotations(s)['machineconfiguration.openshift.io/lastAppliedDrain'] =
          'uncordon-rendered-worker-7e05e4ba3bd5460aa1c820cc7e5f4a20';
      }),
      findings: [
        {
          severity: 'warning',
          subject: `node/${stuck}`,
          message: /stuck in MachineConfigNode phase .*Drained/,
          cause: 'drain',
        },
      ],
    },
    {
      name: 'update-mcn-stuck: a worker holds AppliedFilesAndOS for 34 minutes (4.20, v1)',
      snapshot: snapshotOf(updates.mcnStuck),
      findings: [
        {
          severity: 'warning',
          subject: `node/${stuck}`,
          message: new RegExp(
            '^' +
              escape(
                `Node ${stuck} (pool worker) has been stuck in MachineConfigNode phase UpdateExecuted/AppliedFilesAndOS for 34m3s\n` +
                  'Its MachineConfigNode has been in phase UpdateExecuted/AppliedFilesAndOS (Unknown) for 34m3s (since 2026-01-14T09:48:34Z): ' +
                  'Applying files and new OS config to node. OS will need an update. SSH Keys will not need an update.\n\n' +
                  'It is moving from rendered-worker-7e05e4ba3bd5460aa1c820cc7e5f4a20 to rendered-worker-cff6bde654f2c9da5c51d1eeb0c1271f. ' +
                  "A phase stays Unknown while it runs and while a failed step is retried; a node's whole update should take about 10 minutes.\n\n" +
                  "In this phase the daemon writes the new files and rebases the OS (rpm-ostree); the node's machine-config-daemon log shows the step it is on.",
              ) +
              '$',
          ),
          location: (s) => mcn(s).condition('AppliedFilesAndOS')!.location,
          related: [
            (r) => /parent phase UpdateExecuted is Unknown/.test(r.message),
            (r) => r.file.endsWith(`core/nodes/${stuck}.yaml`),
          ],
        },
      ],
    },
    {
      name: 'NodeDegraded=True before the node annotations say Degraded is an error, with its message',
      snapshot: snapshotOf(updates.mcnStuck, degradedMcn),
      findings: [
        {
          severity: 'error',
          subject: `node/${stuck}`,
          message: [
            /in phase UpdateExecuted\/AppliedFilesAndOS \(Unknown\) for 34m3s/,
            new RegExp(escape(`NodeDegraded=True: ${failure}.`)),
            /The node's daemon state is Working, not yet Degraded\./,
          ],
          location: (s) => mcn(s).condition('NodeDegraded')!.location,
          related: [(r) => /phase AppliedFilesAndOS is Unknown/.test(r.message)],
        },
      ],
      check: (found) =>
        assert.match(
          found[0]!.message,
          new RegExp(
            `^${escape(`Node ${stuck} (pool worker): its MachineConfigNode reports NodeDegraded=True ("Failed to update OS to quay.io/`)}.*"\\)$`,
          ),
        ),
    },
    {
      name: 'v1alpha1 (4.16–4.18 TechPreviewNoUpgrade): says it has no NodeDegraded condition',
      snapshot: snapshotOf(updates.mcnStuck, (s) => {
        const m = mcn(s);
        m.raw.apiVersion = 'machineconfiguration.openshift.io/v1alpha1';
        const conds = m.status.conditions as Json[];
        m.status.conditions = conds.filter((c) => c.type !== 'NodeDegraded');
        (s.clusterVersion!.status.desired as Json).version = '4.18.12';
      }),
      findings: [
        {
          severity: 'warning',
          subject: `node/${stuck}`,
          message: [
            /\(Unknown\) for 34m3s \(since 2026-01-14T09:48:34Z\) \(MachineConfigNode v1alpha1, 4\.16–4\.18 behind TechPreviewNoUpgrade: it has no NodeDegraded condition/,
          ],
        },
      ],
    },
    {
      name: 'v1 on 4.19: the MachineConfigNodes gate is TechPreview there',
      snapshot: snapshotOf(updates.mcnStuck, (s) => {
        const mco = s.operators.find((o) => o.name === 'machine-config')!;
        const versions = mco.status.versions as Json[];
        for (const v of versions) if (v.name === 'operator') v.version = '4.19.17';
      }),
      findings: [
        {
          severity: 'warning',
          subject: `node/${stuck}`,
          message: [
            /\(MachineConfigNode v1; on 4\.19 only with the MachineConfigNodes feature gate/,
          ],
        },
      ],
    },
  ],
});

it('node-mcd-degraded carries the MachineConfigNode phase of the node it reports', async () => {
  const s = await snapshotOf(updates.mcnStuck, (x) => {
    annotations(x)['machineconfiguration.openshift.io/state'] = 'Degraded';
    annotations(x)['machineconfiguration.openshift.io/reason'] = 'unexpected error';
  })();
  const found = nodeMcdDegraded.check(s, ruleContext);
  assert.equal(found.length, 1);
  const r = found[0]!.related.find((x) => x.file === mcn(s).source.file);
  assert.ok(r, 'a related location in the MachineConfigNode');
  assert.match(
    r.message,
    /^its MachineConfigNode is in phase UpdateExecuted\/AppliedFilesAndOS \(Unknown\) since 2026-01-14T09:48:34Z \(34m3s before the gather\)$/,
  );
  // Its own finding is folded into node-mcd-degraded's (explainedPairs.test.ts).
  assert.equal(mcnPhaseStuck.check(s, ruleContext).length, 1);
  assert.deepEqual(
    checkSnapshot(s, ruleContext, {})
      .findings.filter((f) => f.subject === `node/${stuck}`)
      .map((f) => f.rule),
    ['node-mcd-degraded'],
  );
});
