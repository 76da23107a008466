import assert from 'node:assert/strict';
import type { Json } from '../../../server/src/model/access';
import type { Node } from '../../../server/src/model/node';
import type { Snapshot } from '../../../server/src/model/snapshot';
import { nodeNotReady } from '../../../server/src/rules/node-not-ready';
import { samples } from '../../support/fixtures';
import { ruleTester, snapshotOf } from '../../support/ruleTester';
import { setCondition } from '../../support/snapshot';

/** healthy-4.10's gather started at 2022-03-24T17:41:05Z. */
const gather = Date.parse('2022-03-24T17:41:05Z');
const minutesBefore = (m: number) =>
  new Date(gather - m * 60_000).toISOString().replace(/\.\d+Z$/, 'Z');
const worker = 'ip-10-0-130-171.us-west-2.compute.internal';
const node = (s: Snapshot) => s.nodes.find((n) => n.name === worker)!;
const annotations = (n: Node) => (n.raw.metadata as Json).annotations as Json;
const mco = 'machineconfiguration.openshift.io/';

const notReadyFor = (m: number) => (s: Snapshot) =>
  setCondition(node(s), 'Ready', {
    status: 'False',
    reason: 'KubeletNotReady',
    message: 'container runtime network not ready: NetworkReady=false',
    lastTransitionTime: minutesBefore(m),
  });

const cordonedFor = (m: number) => (s: Snapshot) => {
  const spec = node(s).raw.spec as Json;
  spec.unschedulable = true;
  spec.taints = [
    { effect: 'NoSchedule', key: 'node.kubernetes.io/unschedulable', timeAdded: minutesBefore(m) },
  ];
};

/** The controller asked the daemon to drain the node for its update (4.11+ annotations). */
const drainingForUpdate = (s: Snapshot) => {
  const a = annotations(node(s));
  const cfg = String(a[`${mco}currentConfig`]);
  a[`${mco}desiredConfig`] = 'rendered-worker-00112233445566778899aabbccddeeff';
  a[`${mco}state`] = 'Working';
  a[`${mco}desiredDrain`] = 'drain-rendered-worker-00112233445566778899aabbccddeeff';
  a[`${mco}lastAppliedDrain`] = `uncordon-${cfg}`;
};

const uncordonedByMco = (s: Snapshot) => {
  const a = annotations(node(s));
  const cfg = String(a[`${mco}currentConfig`]);
  a[`${mco}desiredDrain`] = `uncordon-${cfg}`;
  a[`${mco}lastAppliedDrain`] = `uncordon-${cfg}`;
};

ruleTester(nodeNotReady, {
  valid: [
    { name: 'stays quiet on a healthy cluster', snapshot: snapshotOf(samples.healthy) },
    {
      name: 'a node cordoned by an in-progress machine-config drain is normal progress',
      snapshot: snapshotOf(samples.healthy, drainingForUpdate, cordonedFor(45)),
    },
  ],
  invalid: [
    {
      name: 'a node NotReady for 2 hours is a warning, as oc judges an unavailable node, on its Ready condition',
      snapshot: snapshotOf(samples.healthy, notReadyFor(120)),
      findings: [
        {
          severity: 'warning',
          subject: `node/${worker}`,
          message: [
            /^Node ip-10-0-130-171\.us-west-2\.compute\.internal is not ready \(Ready=False, KubeletNotReady\) for 2h0m; it counts against pool worker's maxUnavailable\n/,
            /\nIts Ready condition has been False since 2022-03-24T15:41:05Z \(2h0m before the gather\): KubeletNotReady: container runtime network not ready: NetworkReady=false\./,
            /A node that is not ready counts against pool worker's maxUnavailable, so the machine-config rollout waits for it\./,
          ],
          location: (s) => node(s).conditions.find((c) => c.type === 'Ready')!.location,
        },
      ],
      check([f]) {
        assert.equal(f!.since?.toISOString(), '2022-03-24T15:41:05.000Z');
      },
    },
    {
      name: 'a node NotReady for 3 minutes, not updating, is information (oc: not seriously unavailable yet)',
      snapshot: snapshotOf(samples.healthy, notReadyFor(3)),
      findings: [{ severity: 'info', subject: `node/${worker}`, message: /not ready/ }],
    },
    {
      name: 'a node NotReady for 10 minutes, not updating, is a warning',
      snapshot: snapshotOf(samples.healthy, notReadyFor(10)),
      findings: [{ severity: 'warning', subject: `node/${worker}`, message: /not ready/ }],
    },
    {
      name: 'a node rebooting for its update is information for its first 20 minutes',
      snapshot: snapshotOf(samples.healthy, drainingForUpdate, notReadyFor(3)),
      findings: [
        {
          severity: 'info',
          subject: `node/${worker}`,
          message: [
            /^Node ip-10-0-130-171\.us-west-2\.compute\.internal is not ready \(Ready=False, KubeletNotReady\) for 3m\d+s while its machine-config daemon updates it\n/,
            /a reboot for an update is NotReady for a few minutes/,
          ],
        },
      ],
    },
    {
      name: 'a node NotReady for 45 minutes while its daemon updates it is a warning: longer than a reboot',
      snapshot: snapshotOf(samples.healthy, drainingForUpdate, notReadyFor(45)),
      findings: [
        {
          severity: 'warning',
          subject: `node/${worker}`,
          message: [
            /^Node ip-10-0-130-171\.us-west-2\.compute\.internal is not ready \(Ready=False, KubeletNotReady\) for 45m\d+s while its machine-config daemon updates it, longer than a reboot takes\n/,
            /20 minutes and more is not a reboot/,
          ],
        },
      ],
    },
    {
      name: 'a node someone cordoned an hour ago is information (oc: not seriously unavailable), named as a cordon',
      snapshot: snapshotOf(samples.healthy, uncordonedByMco, cordonedFor(60)),
      findings: [
        {
          severity: 'info',
          subject: `node/${worker}`,
          message: [
            /^Node ip-10-0-130-171\.us-west-2\.compute\.internal is cordoned for 1h0m, not by a machine-config drain; it counts against pool worker's maxUnavailable\n/,
            /\n`spec\.unschedulable: true` since 2022-03-24T16:41:05Z \(1h0m before the gather\), and no machine-config drain asked for it \(the last drain request is uncordon-rendered-worker-/,
            /Someone cordoned it/,
            /It has been cordoned for 1h0m\./,
            /Uncordon it \(`oc adm uncordon ip-10-0-130-171\.us-west-2\.compute\.internal`\)/,
          ],
          location: (s) => node(s).at('spec', 'unschedulable'),
        },
      ],
    },
    {
      name: 'a fresh cordon outside a drain is information',
      snapshot: snapshotOf(samples.healthy, cordonedFor(5)),
      findings: [{ severity: 'info', subject: `node/${worker}`, message: /cordoned/ }],
    },
  ],
});

/** After its reboot the controller asks for the uncordon before the daemon applies it. */
const uncordonPending = (s: Snapshot) => {
  const a = annotations(node(s));
  const cfg = String(a[`${mco}currentConfig`]);
  a[`${mco}desiredDrain`] = `uncordon-${cfg}`;
  a[`${mco}lastAppliedDrain`] = `drain-${cfg}`;
};

ruleTester(nodeNotReady, {
  valid: [
    {
      name: 'a node whose uncordon is asked for but not yet applied is still the drain’s cordon',
      snapshot: snapshotOf(samples.healthy, uncordonPending, cordonedFor(30)),
    },
  ],
  invalid: [],
});
