import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Json } from '../../../server/src/model/access';
import type { Snapshot } from '../../../server/src/model/snapshot';
import { nodeOsUpdateFailed } from '../../../server/src/rules/node-os-update-failed';
import { healthyUpdates, samples, updates } from '../../support/fixtures';
import { warningEvent } from '../../support/events';
import { ruleTester, snapshotOf, wordsOf } from '../../support/ruleTester';
import { ruleContext } from '../../support/rules';
import { loadFixture } from '../../support/snapshot';

const mco = 'machineconfiguration.openshift.io/';
const worker = 'ip-10-0-136-117.eu-west-1.compute.internal';
const image =
  'quay.io/openshift-release-dev/ocp-v4.0-art-dev@sha256:85fab90059827547e28d1476b12ec2fd16f6b5e37251ca65b78fe2081a7ed431';
const node = (s: Snapshot) => s.nodes.find((n) => n.name === worker)!;
const annotations = (s: Snapshot) => (node(s).raw.metadata as Json).annotations as Json;
const setReason = (reason: string) => (s: Snapshot) => {
  annotations(s)[`${mco}reason`] = reason;
};
const desired = (version: string) => (s: Snapshot) => {
  ((s.clusterVersion!.raw.status as Json).desired as Json).version = version;
};
const rpmOstree = (err: string) =>
  `error running rpm-ostree rebase --experimental ostree-unverified-registry:${image}: error: Creating importer: failed to invoke method OpenImage: failed to invoke method OpenImage: ${err}\n: exit status 1`;
const at = (s: Snapshot) => ({
  ...node(s).at(),
  pointer: '/metadata/annotations/machineconfiguration.openshift.io~1reason',
});
const subject = `node/${worker}` as const;

/** The healthy fixtures and healthy in-progress updates: never an error from this rule. */
const healthy = [['healthy-4.10', samples.healthy] as const, ...healthyUpdates];

ruleTester(nodeOsUpdateFailed, {
  valid: [
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
      name: 'on-disk drift is node-ondisk-drift’s (update-ondisk-drift)',
      snapshot: snapshotOf(updates.ondiskDrift),
    },
    {
      name: 'the same reason on a node that is Done again is history, not a failure',
      snapshot: snapshotOf(updates.osPullFailed, (s) => {
        annotations(s)[`${mco}state`] = 'Done';
      }),
    },
  ],
  invalid: [
    {
      name: '4.16 after retries: only the timeout in the reason, the registry error is in the log (update-os-pull-failed)',
      snapshot: snapshotOf(updates.osPullFailed),
      findings: [
        {
          severity: 'error',
          subject,
          message: [
            new RegExp(
              `^Node ${worker.replace(/\./g, '\\.')} \\(pool worker\\) is Degraded: its OS update failed; the registry's answer points at authentication\n` +
                `The machine-config daemon is Degraded because the OS update to quay\\.io/openshift-release-dev/ocp-v4\\.0-art-dev@sha256:85fab900\\S+ failed: Failed to update OS to \\S+ after retries: timed out waiting for the condition\\.`,
            ),
            /It is stuck moving from rendered-worker-\w+ to rendered-worker-\w+\./,
            /From 4\.16 \(z-streams with commit 5751b11ec\) to 4\.21 the daemon retries the rebase 5 times/,
            /the registry’s answer is in the machine-config-daemon log of this node/,
            /Its log's last try \(2025-10-28T09:07:53Z \(6m44s before the gather\)\) says: error: Creating importer: .* in quay\.io\/openshift-release-dev\/ocp-v4\.0-art-dev: unauthorized: access to the requested resource is not authorized\./,
            /The error points at authentication: .*openshift-config\/pull-secret/,
            /The node stays cordoned on its old OS/,
          ],
          location: at,
          related: [
            (r) =>
              /namespaces\/openshift-machine-config-operator\/pods\/machine-config-daemon-\w+\/machine-config-daemon\/machine-config-daemon\/logs\/current\.log$/.test(
                r.file,
              ) && r.span !== undefined,
            (r) => r.pointer.endsWith('machineconfiguration.openshift.io~1state'),
            (r) => r.file.endsWith('machineconfigpools/worker.yaml'),
            (r) =>
              /machineconfigs\/rendered-worker-\w+\.yaml$/.test(r.file) &&
              /osImageURL/.test(r.message),
          ],
        },
      ],
    },
    {
      name: "cites kubelet's failed image pulls on the node (the daemon records no event of its own)",
      snapshot: snapshotOf(updates.osPullFailed, (s) => {
        s.events.push(
          warningEvent(s, {
            namespace: 'openshift-machine-config-operator',
            involved: {
              kind: 'Pod',
              name: 'machine-os-puller-x',
              namespace: 'openshift-machine-config-operator',
            },
            reason: 'Failed',
            message:
              'Failed to pull image "quay.io/openshift-release-dev/ocp-v4.0-art-dev@sha256:0": unauthorized: access to the requested resource is not authorized',
            minutesBefore: 12,
            count: 3,
            component: 'kubelet',
            host: worker,
          }),
          // Another node's pull failure is not this node's evidence.
          warningEvent(s, {
            namespace: 'openshift-machine-config-operator',
            involved: {
              kind: 'Pod',
              name: 'other',
              namespace: 'openshift-machine-config-operator',
            },
            reason: 'Failed',
            message: 'Failed to pull image "elsewhere"',
            minutesBefore: 1,
            component: 'kubelet',
            host: 'another-node',
          }),
        );
      }),
      findings: [
        {
          severity: 'error',
          subject,
          message: /its OS update failed/,
          related: [
            (r) =>
              /^event Failed \(3 times, last 12m0s before the gather\): Failed to pull image "quay\.io/.test(
                r.message,
              ),
          ],
        },
      ],
      check: (found) =>
        assert.ok(!found[0]!.related.some((r) => /elsewhere/.test(r.message)), 'another node'),
    },
    {
      name: '4.16 without the daemon log in the gather: what to check, with the 4.13+ mirror objects',
      snapshot: snapshotOf(updates.osPullFailed, (s) => {
        s.daemonLogs = [];
      }),
      findings: [
        {
          severity: 'error',
          subject,
          message: [
            /the reason keeps only the timeout/,
            /Check, from the node, that the registry is reachable \(DNS, proxy, firewall\), the global pull secret \(openshift-config\/pull-secret\), the ImageDigestMirrorSet \/ ImageTagMirrorSet mirrors \(or a legacy ImageContentSourcePolicy\) and the registry’s CA\./,
          ],
          location: at,
        },
      ],
      check: (found) => {
        assert.doesNotMatch(wordsOf(found[0]!), /Its log's last try/);
        assert.match(
          found[0]!.message,
          /^Node \S+ \(pool worker\) is Degraded: its OS update failed \(the registry's answer is only in its machine-config-daemon log\)$/,
        );
      },
    },
    {
      name: '4.15: the reason carries rpm-ostree’s error, read as an authentication problem',
      snapshot: snapshotOf(
        updates.osPullFailed,
        desired('4.15.3'),
        setReason(
          `failed to update OS to ${image} : ${rpmOstree('reading manifest sha256:85fa in quay.io/openshift-release-dev/ocp-v4.0-art-dev: unauthorized: access to the requested resource is not authorized')}`,
        ),
      ),
      findings: [
        {
          severity: 'error',
          subject,
          message: [
            /failed to update OS to \S+ : error running rpm-ostree rebase/,
            /Up to 4\.15 \(and early 4\.16\.z\) the daemon runs the rebase once per sync and the reason carries the registry’s answer\./,
            /The error points at authentication: .*openshift-config\/pull-secret/,
          ],
          location: at,
        },
      ],
    },
    {
      name: '4.12: a missing digest in a mirror names the ImageContentSourcePolicy era',
      snapshot: snapshotOf(
        updates.osPullFailed,
        desired('4.12.40'),
        setReason(
          `failed to update OS to ${image} : ${rpmOstree('reading manifest sha256:85fa in mirror.corp.example.com:8443/ocp4/openshift4: manifest unknown: manifest unknown')}`,
        ),
      ),
      findings: [
        {
          severity: 'error',
          subject,
          message:
            /The error points at a missing image: the registry or mirror does not hold that digest, .* \(the ImageContentSourcePolicy mirrors\)\./,
        },
      ],
    },
    {
      name: 'main (4.22+): the reason keeps the last error after the retries; DNS',
      snapshot: snapshotOf(
        updates.osPullFailed,
        desired('4.22.0'),
        setReason(
          `failed to update OS to ${image} after retries: ${rpmOstree('pinging container registry quay.io: Get "https://quay.io/v2/": dial tcp: lookup quay.io on 172.30.0.10:53: no such host')}: timed out waiting for the condition`,
        ),
      ),
      findings: [
        {
          severity: 'error',
          subject,
          message: [
            /From 4\.22 the daemon retries the rebase 7 times/,
            /The error points at reachability: the node cannot reach the registry \(DNS, proxy or firewall\)/,
          ],
        },
      ],
    },
    {
      name: 'the extensions image pulled with podman: x509',
      snapshot: snapshotOf(
        updates.osPullFailed,
        setReason(
          'failed to run command nice (6 tries): [timed out waiting for the condition, running nice -- ionice -c 3 podman pull -q --authfile /var/lib/kubelet/config.json quay.io/openshift-release-dev/ocp-v4.0-art-dev@sha256:1234 failed: Error: initializing source docker://quay.io/openshift-release-dev/ocp-v4.0-art-dev@sha256:1234: pinging container registry quay.io: Get "https://quay.io/v2/": x509: certificate signed by unknown authority\n: exit status 125]',
        ),
      ),
      findings: [
        {
          severity: 'error',
          subject,
          message: [
            /the OS update to quay\.io\/openshift-release-dev\/ocp-v4\.0-art-dev@sha256:1234 failed/,
            /pulls this image with podman/,
            /The error points at TLS/,
          ],
        },
      ],
      check: (found) =>
        assert.match(
          found[0]!.message,
          /its OS update failed; the registry's answer points at TLS$/,
        ),
    },
  ],
});

/** Untrusted text stays plain and clipped. */
describe('node-os-update-failed message hygiene', () => {
  it('clips a very long reason', async () => {
    const { snapshot } = await loadFixture(updates.osPullFailed);
    setReason(`failed to update OS to ${image} : ${'x'.repeat(5000)}`)(snapshot);
    const [f] = nodeOsUpdateFailed.check(snapshot, ruleContext);
    assert.ok(f && f.message.length <= 200, String(f?.message.length));
    assert.ok(f.detail && f.detail.length < 2000, String(f.detail?.length));
  });
});
