import assert from 'node:assert/strict';
import type { Json } from '../../../server/src/model/access';
import type { Snapshot } from '../../../server/src/model/snapshot';
import { nodeOndiskDrift } from '../../../server/src/rules/node-ondisk-drift';
import { healthyUpdates, hosted, samples, updates } from '../../support/fixtures';
import { ruleTester, snapshotOf } from '../../support/ruleTester';

const mco = 'machineconfiguration.openshift.io/';
const worker = 'ip-10-0-171-60.us-east-2.compute.internal';
const node = (s: Snapshot) => s.nodes.find((n) => n.name === worker)!;
const annotations = (s: Snapshot) => (node(s).raw.metadata as Json).annotations as Json;
const current = (s: Snapshot) => String(annotations(s)[`${mco}currentConfig`]);
const setReason = (reason: (s: Snapshot) => string) => (s: Snapshot) => {
  annotations(s)[`${mco}reason`] = reason(s);
};
const desired = (version: string) => (s: Snapshot) => {
  ((s.clusterVersion!.raw.status as Json).desired as Json).version = version;
};
/** The node back on its current config as desired: the drift monitor caught an edit outside any update. */
const outsideUpdate = (s: Snapshot) => {
  annotations(s)[`${mco}desiredConfig`] = current(s);
};
const at = (s: Snapshot) => ({
  ...node(s).at(),
  pointer: '/metadata/annotations/machineconfiguration.openshift.io~1reason',
});
const subject = `node/${worker}` as const;

const healthy = [['healthy-4.10', samples.healthy] as const, ...healthyUpdates];

ruleTester(nodeOndiskDrift, {
  valid: [
    {
      name: "stays quiet on a hosted cluster's degraded InPlace node (its daemon is the upgrader's)",
      snapshot: snapshotOf(hosted.inPlaceDegraded),
    },
    ...healthy.map(([name, path]) => ({
      name: `no error on ${name}`,
      snapshot: snapshotOf(path),
      atOrAbove: 'error' as const,
    })),
    {
      name: 'a drain failure is node-mcd-degraded’s (update-stalled-degraded-node)',
      snapshot: snapshotOf(updates.stalled),
    },
    {
      name: 'an OS pull failure is node-os-update-failed’s (update-os-pull-failed)',
      snapshot: snapshotOf(updates.osPullFailed),
    },
  ],
  invalid: [
    {
      name: '4.15: content drift of registries.conf found by the preflight check during the update (update-ondisk-drift)',
      snapshot: snapshotOf(updates.ondiskDrift),
      findings: [
        {
          severity: 'error',
          subject,
          message: [
            new RegExp(
              `^Node ${worker.replace(/\./g, '\\.')} \\(pool worker\\) is Degraded: the content of /etc/containers/registries\\.conf differs from its rendered config\n` +
                `The machine-config daemon is Degraded because the content of /etc/containers/registries\\.conf differs from rendered-worker-a2c071979aef64a8967fed11be323aa1: unexpected on-disk state validating against rendered-worker-a2c071979aef64a8967fed11be323aa1: content mismatch for file "/etc/containers/registries\\.conf"\\.`,
            ),
            /It is stuck moving from rendered-worker-a2c0\w+ to rendered-worker-bed3\w+\./,
            /the preflight check\) and will not apply rendered-worker-bed3\w+ until they match/,
            /Config Drift Monitor also degrades a node within seconds of such an edit outside any update/,
            /restore \/etc\/containers\/registries\.conf to what rendered-worker-a2c0\w+ holds/,
            /oc debug node\/ip-10-0-171-60\.us-east-2\.compute\.internal -- chroot \/host touch \/run\/machine-config-daemon-force/,
          ],
          location: at,
          related: [
            (r) => r.pointer.endsWith('machineconfiguration.openshift.io~1state'),
            (r) => r.file.endsWith('machineconfigpools/worker.yaml'),
            (r) =>
              r.file.endsWith(
                'machineconfigs/rendered-worker-a2c071979aef64a8967fed11be323aa1.yaml',
              ) && r.pointer === '/metadata/name',
          ],
        },
      ],
    },
    {
      name: 'outside an update the Config Drift Monitor (4.10+) degrades the node too',
      snapshot: snapshotOf(updates.ondiskDrift, outsideUpdate),
      findings: [
        {
          severity: 'error',
          subject,
          message: [
            /It runs rendered-worker-a2c0\w+\./,
            /Config Drift Monitor watches every file and unit of the config and degrades the node within seconds of such an edit, outside any update/,
          ],
        },
      ],
    },
    {
      name: '4.9: the daemon checks only when it starts or after a reboot',
      snapshot: snapshotOf(updates.ondiskDrift, desired('4.9.59')),
      findings: [
        {
          severity: 'error',
          subject,
          message: /Up to 4\.9 the daemon checks the files only when it starts or after a reboot\./,
        },
      ],
    },
    {
      name: 'a mode mismatch names the modes',
      snapshot: snapshotOf(
        updates.ondiskDrift,
        setReason(
          (s) =>
            `unexpected on-disk state validating against ${current(s)}: mode mismatch for file: "/etc/kubernetes/kubelet.conf"; expected: -rw-r--r--/420/0644; received: -rwxrwxrwx/511/0777`,
        ),
      ),
      findings: [
        {
          severity: 'error',
          subject,
          message: [
            /the mode of \/etc\/kubernetes\/kubelet\.conf differs from rendered-worker-\w+ \(expected -rw-r--r--\/420\/0644, found -rwxrwxrwx\/511\/0777\)/,
            /restore \/etc\/kubernetes\/kubelet\.conf to what rendered-worker-\w+ holds \(its mode\)/,
          ],
        },
      ],
      check: (found) =>
        assert.match(
          found[0]!.message,
          /^Node \S+ \(pool worker\) is Degraded: the mode of \/etc\/kubernetes\/kubelet\.conf differs from its rendered config \(found -rwxrwxrwx\/511\/0777\)$/,
        ),
    },
    {
      name: 'a long path is cut in the message and whole in the detail',
      snapshot: snapshotOf(
        updates.ondiskDrift,
        setReason(
          (s) =>
            `unexpected on-disk state validating against ${current(s)}: content mismatch for file "/etc/${'deep/'.repeat(30)}drop-in.conf"`,
        ),
      ),
      findings: [
        {
          severity: 'error',
          subject,
          message: new RegExp(
            `restore /etc/(deep/){30}drop-in\\.conf to what rendered-worker-\\w+ holds`,
          ),
        },
      ],
      check: (found) =>
        assert.match(
          found[0]!.message,
          /^Node \S+ \(pool worker\) is Degraded: the content of \/etc\/deep\/\S*… differs from its rendered config$/,
        ),
    },
    {
      name: 'a unit mask',
      snapshot: snapshotOf(
        updates.ondiskDrift,
        setReason(
          (s) =>
            `unexpected on-disk state validating against ${current(s)}: state validation: invalid unit masked setting. path: "/etc/systemd/system/kubelet-auto-node-size.service"; expected: /dev/null; received: `,
        ),
      ),
      findings: [
        {
          severity: 'error',
          subject,
          message:
            /the mask of the systemd unit \/etc\/systemd\/system\/kubelet-auto-node-size\.service differs from rendered-worker-\w+ \(expected a link to \/dev\/null, found none\)/,
        },
      ],
      check: (found) =>
        assert.match(
          found[0]!.message,
          /is Degraded: the mask of the unit \/etc\/systemd\/system\/kubelet-auto-node-size\.service differs from its rendered config$/,
        ),
    },
    {
      name: 'expected target osImageURL: the wrong OS deployment, with the finalize failure (4.13+)',
      snapshot: snapshotOf(
        updates.ondiskDrift,
        setReason(
          (s) =>
            `unexpected on-disk state validating against ${current(s)}: expected target osImageURL "quay.io/openshift-release-dev/ocp-v4.0-art-dev@sha256:1f0b", have "quay.io/openshift-release-dev/ocp-v4.0-art-dev@sha256:9c2e" ("5f3a"); possible root cause: error: Installing kernel: No space left on device`,
        ),
        (s) => {
          annotations(s)[`${mco}ostree-finalize-staged-failure`] =
            'error: Installing kernel: No space left on device';
        },
      ),
      findings: [
        {
          severity: 'error',
          subject,
          message: [
            /the node booted quay\.io\/openshift-release-dev\/ocp-v4\.0-art-dev@sha256:9c2e where rendered-worker-\w+ asks for quay\.io\/openshift-release-dev\/ocp-v4\.0-art-dev@sha256:1f0b/,
            /It booted the wrong OS deployment/,
            /The previous boot's ostree-finalize-staged failed: error: Installing kernel: No space left on device\./,
          ],
          related: [
            (r) =>
              r.pointer.endsWith(
                'machineconfiguration.openshift.io~1ostree-finalize-staged-failure',
              ),
          ],
        },
      ],
      check: (found) =>
        assert.match(
          found[0]!.message,
          /^Node \S+ \(pool worker\) is Degraded: it booted another OS image than its rendered config asks for$/,
        ),
    },
  ],
});
