import assert from 'node:assert/strict';
import type { Json } from '../../../server/src/model/access';
import type { Snapshot } from '../../../server/src/model/snapshot';
import { poolCertExpiry } from '../../../server/src/rules/pool-cert-expiry';
import { healthyUpdates, samples, updates } from '../../support/fixtures';
import { ruleTester, snapshotOf, wordsOf } from '../../support/ruleTester';
import { setCondition } from '../../support/snapshot';

const day = 86400 * 1000;
const kubeletSigner = 'CN=kube-apiserver-to-kubelet-signer,OU=openshift';

const pool = (s: Snapshot, name: string) => s.pools.find((p) => p.name === name)!;
const entries = (s: Snapshot, name: string) => pool(s, name).status.certExpirys as Json[];

/** Every pool's list as the ControllerConfig would give it: entries [subject, days from the gather]. */
const listOf =
  (...certs: [subject: string, days: number][]) =>
  (s: Snapshot) => {
    for (const p of s.pools)
      p.status.certExpirys = certs.map(([subject, days]) => ({
        bundle: 'KubeAPIServerServingCAData',
        expiry: new Date(s.gatherTime!.getTime() + days * day).toISOString(),
        subject,
      }));
  };

/** The operator rotated the kube-apiserver-to-kubelet signer: its successor is listed. */
const withSuccessor = (s: Snapshot) => {
  for (const p of s.pools)
    entries(s, p.name).push({
      bundle: 'KubeAPIServerServingCAData',
      expiry: '2026-02-20T08:14:09Z',
      subject: 'CN=openshift-kube-apiserver-operator_kube-apiserver-to-kubelet-signer@1740471249',
    });
};

const laterGather = (days: number) => (s: Snapshot) => {
  s.gatherTime = new Date(s.gatherTime!.getTime() + days * day);
};

const hour = 3600 * 1000;
/** The gather's unix time plus `hours` (the `@<unix>` of an operator-made signer). */
const unixAt = (s: Snapshot, hours: number) =>
  Math.floor((s.gatherTime!.getTime() + hours * hour) / 1000);

/**
 * The cluster was installed `hours` before the gather: the ClusterVersion created then, its
 * history the install and the update in flight (started half an hour ago, or sooner on a younger
 * cluster).
 */
const installedAgo = (hours: number) => (s: Snapshot) => {
  const cv = s.clusterVersion!;
  const at = (h: number) => new Date(s.gatherTime!.getTime() - h * hour).toISOString();
  (cv.raw.metadata as Json).creationTimestamp = at(hours);
  const history = cv.status.history as Json[];
  const update = history[0]!;
  const install = history[history.length - 1]!;
  update.startedTime = at(Math.min(0.5, hours * 0.4));
  install.startedTime = at(hours);
  install.completionTime = at(hours - Math.min(0.65, hours * 0.5));
  cv.status.history = [update, install];
};

/**
 * Every pool's list on a young cluster, as the installer and the operators leave it: the
 * long-lived signers (a year or ten from the install) and the entries given as [subject, hours
 * from the gather] (a function of the snapshot for a subject carrying the gather-relative unix).
 */
const youngList =
  (...certs: [subject: string | ((s: Snapshot) => string), hours: number][]) =>
  (s: Snapshot) => {
    const at = (h: number) => new Date(s.gatherTime!.getTime() + h * hour).toISOString();
    const long: [string, number][] = [
      ['CN=admin-kubeconfig-signer,OU=openshift', 10 * 365 * 24],
      ['CN=kubelet-bootstrap-kubeconfig-signer,OU=openshift', 10 * 365 * 24],
      [kubeletSigner, 365 * 24 - 1],
      ['CN=kube-control-plane-signer,OU=openshift', 365 * 24 - 1],
      [
        `CN=openshift-kube-apiserver-operator_node-system-admin-signer@${unixAt(s, -0.5)}`,
        365 * 24,
      ],
    ];
    for (const p of s.pools)
      p.status.certExpirys = [
        ...long.filter(([subject]) => !certs.some(([c]) => c === subject)),
        ...certs.map(([c, h]): [string, number] => [typeof c === 'string' ? c : c(s), h]),
      ].map(([subject, h]) => ({ bundle: 'KubeAPIServerServingCAData', expiry: at(h), subject }));
  };

/** The installer's one-day kubelet-signer (the first csr-signer-signer). */
const bootstrapSigner = 'CN=kubelet-signer,OU=openshift';
/** The first CSR signer, created `hours` from the gather (signed by the kubelet-signer). */
const csrSigner = (hours: number) => (s: Snapshot) => `CN=kube-csr-signer_@${unixAt(s, hours)}`;

ruleTester(poolCertExpiry, {
  valid: [
    {
      name: 'stays quiet on a healthy 4.10 cluster (no certExpirys before 4.14)',
      snapshot: snapshotOf(samples.healthy),
    },
    ...healthyUpdates.map(([name, path]) => ({
      name: `stays quiet on the healthy in-progress update ${name} (expiries far from the gather)`,
      snapshot: snapshotOf(path),
    })),
    {
      name: 'stays quiet on the other 4.15 and 4.16 fixtures',
      snapshot: snapshotOf(updates.stalled),
    },
    {
      name: 'stays quiet when the expiring CA has its successor listed (normal rotation)',
      snapshot: snapshotOf(updates.poolCertExpiring, withSuccessor),
      reason: 'an old CA stays in the bundle beside its successor until it expires',
    },
    {
      name: 'stays quiet on a rotated csr signer whose old CA expires tomorrow',
      snapshot: snapshotOf(
        updates.poolCertExpiring,
        listOf(['CN=kube-csr-signer_@1738319275', 1], ['CN=kube-csr-signer_@1739617572', 16]),
      ),
    },
    {
      name: 'stays quiet on a CA expiring in 8 days (beyond the 7-day window)',
      snapshot: snapshotOf(updates.poolCertExpiring, listOf([kubeletSigner, 8])),
    },
    {
      name: 'stays quiet on a release before 4.14 (the MCO lists no certExpirys there)',
      snapshot: snapshotOf(updates.poolCertExpiring, (s) => {
        const mco = s.operators.find((o) => o.name === 'machine-config')!;
        for (const v of mco.status.versions as Json[]) v.version = '4.13.17';
      }),
    },
    {
      name: 'stays quiet on a young cluster once the operator replaced the bootstrap signers (the old ones expire in 3 hours beside their successors)',
      snapshot: snapshotOf(
        updates.poolCertExpiring,
        installedAgo(20.5),
        youngList(
          [bootstrapSigner, 3],
          [csrSigner(-20.3), 3],
          [
            (s) =>
              `CN=openshift-kube-controller-manager-operator_csr-signer-signer@${unixAt(s, -1.8)}`,
            60 * 24 - 1.8,
          ],
          [csrSigner(-1.8), 30 * 24 - 1.8],
        ),
      ),
      reason:
        "the kubelet-signer's successor is the operator's csr-signer-signer, the first kube-csr-signer's a later one",
    },
    {
      name: 'stays quiet without a gather time (ages come from the gather only)',
      snapshot: snapshotOf(updates.poolCertExpiring, (s) => {
        delete s.gatherTime;
      }),
    },
  ],
  invalid: [
    {
      name: "is info on a cluster's first day when the installer's one-day bootstrap signers expire in 23 hours",
      snapshot: snapshotOf(
        updates.poolCertExpiring,
        installedAgo(50 / 60),
        youngList([bootstrapSigner, 23], [csrSigner(-40 / 60), 23]),
      ),
      findings: [
        {
          severity: 'info',
          subject: 'mcp/master',
          message: [
            /^Pool master: the installer's 2 one-day bootstrap CAs expire within a day, on the cluster's first day; their successors are due by 2025-02-26T05:04:03Z\n/,
            /\nIn bundle KubeAPIServerServingCAData \(the kube-apiserver's client CA bundle.*\), 2 CAs expire within a day/,
            /expire within a day of the gather on the cluster's first day \(installed 2025-02-25T09:58:03Z, 50m0s before the gather\)/,
            /CN=kubelet-signer,OU=openshift expires 2025-02-26T09:48:03Z, 23h0m after the gather/,
            /CN=kube-csr-signer_@1740478083 expires 2025-02-26T09:48:03Z, 23h0m after the gather/,
            /These are the installer's one-day bootstrap signers; the kube-controller-manager operator replaces them with its own csr-signer-signer \(60 days\) and kube-csr-signer \(30 days\) once 80% of their lifetime has passed, by 2025-02-26T05:04:03Z \(18h16m after the gather\)/,
          ],
          related: [
            (r) =>
              r.pointer === '/metadata/creationTimestamp' &&
              /^installed 2025-02-25T09:58:03Z, 50m0s before the gather$/.test(r.message),
          ],
        },
        {
          severity: 'info',
          subject: 'mcp/worker',
          message:
            /These are the installer's one-day bootstrap signers; the kube-controller-manager operator replaces them/,
        },
      ],
      check: (found) => {
        for (const f of found)
          assert.doesNotMatch(wordsOf(f), /paused|refused by the kubelets/, 'nothing to act on');
      },
    },
    {
      name: 'warns as before on the same list when the cluster was installed 3 days ago',
      snapshot: snapshotOf(
        updates.poolCertExpiring,
        installedAgo(72),
        youngList([bootstrapSigner, 23], [csrSigner(-40 / 60), 23]),
      ),
      findings: [
        {
          severity: 'warning',
          subject: 'mcp/master',
          message: [
            /^Pool master: 2 CAs expire within 7 days with no successor listed, first kubelet-signer expires 23h0m after the gather; the kubelets will then refuse the client certificates they signed\n/,
            /\nIn bundle KubeAPIServerServingCAData .*, 2 CAs expire within 7 days of the gather with no successor listed/,
            /CN=kubelet-signer,OU=openshift expires 2025-02-26T09:48:03Z, 23h0m after the gather/,
          ],
        },
        { severity: 'warning', subject: 'mcp/worker', message: /expire within 7 days/ },
      ],
      check: (found) => {
        for (const f of found) assert.doesNotMatch(wordsOf(f), /one-day|first day/);
      },
    },
    {
      name: "warns on a young cluster's long-lived kube-apiserver-to-kubelet-signer expiring in 2 days, the bootstrap signers beside it only related",
      snapshot: snapshotOf(
        updates.poolCertExpiring,
        installedAgo(50 / 60),
        youngList([bootstrapSigner, 23], [csrSigner(-40 / 60), 23], [kubeletSigner, 48]),
        (s) => {
          s.pools.splice(1);
        },
      ),
      findings: [
        {
          severity: 'warning',
          subject: 'mcp/master',
          message: [
            /^Pool master: CA kube-apiserver-to-kubelet-signer expires 2d0h after the gather with no successor listed; the kubelets will then refuse the client certificates it signed\n/,
            /\nIn bundle KubeAPIServerServingCAData .*, a CA expires within 7 days of the gather with no successor listed in status\.certExpirys: CN=kube-apiserver-to-kubelet-signer,OU=openshift expires 2025-02-27T10:48:03Z, 2d0h after the gather\./,
          ],
          location: (s) => pool(s, 'master').at('status', 'certExpirys', 6),
          related: [
            (r) =>
              r.pointer === '/status/certExpirys/4' &&
              /^the installer's one-day bootstrap signer CN=kubelet-signer,OU=openshift, replaced on schedule \(due 2025-02-26T05:00:03Z\)$/.test(
                r.message,
              ),
            (r) =>
              r.pointer === '/status/certExpirys/5' &&
              /kube-csr-signer_@\d+, replaced on schedule/.test(r.message),
          ],
        },
      ],
      check: ([f]) => {
        assert.doesNotMatch(
          wordsOf(f!),
          /CN=kubelet-signer|kube-csr-signer/,
          'the bootstrap signers are not the finding',
        );
      },
    },
    {
      name: "warns on a young cluster whose bootstrap signers are past their successors' due time (21 hours in, no successor)",
      snapshot: snapshotOf(
        updates.poolCertExpiring,
        installedAgo(20.5),
        youngList([bootstrapSigner, 3], [csrSigner(-20.3), 3]),
        (s) => {
          s.pools.splice(1);
        },
      ),
      findings: [
        {
          severity: 'warning',
          subject: 'mcp/master',
          message: [
            /In bundle KubeAPIServerServingCAData .*, 2 CAs expire within 7 days of the gather with no successor listed/,
            /CN=kubelet-signer,OU=openshift expires 2025-02-25T13:48:03Z, 3h0m after the gather \(the installer's one-day bootstrap signer, its successor due 2025-02-25T09:00:03Z\) and CN=kube-csr-signer_@1740407403 expires 2025-02-25T13:48:03Z, 3h0m after the gather \(the installer's one-day bootstrap signer, its successor due 2025-02-25T09:08:27Z\)\./,
            /The kube-controller-manager operator replaces the installer's one-day bootstrap signers once 80% of their lifetime has passed: with no successor listed after that, the rotation has failed or its new CA has not reached the ControllerConfig\./,
          ],
          related: [
            (r) => r.pointer === '/metadata/creationTimestamp' && /^installed /.test(r.message),
          ],
        },
      ],
    },
    {
      name: 'is an error on a young cluster whose bootstrap signer expired with no successor (the rotation failed)',
      snapshot: snapshotOf(
        updates.poolCertExpiring,
        installedAgo(23 + 50 / 60),
        youngList([bootstrapSigner, -0.5], [csrSigner(-23.5), -0.5]),
        (s) => {
          s.pools.splice(1);
        },
      ),
      findings: [
        {
          severity: 'error',
          subject: 'mcp/master',
          message: [
            /In bundle KubeAPIServerServingCAData .*, 2 CAs have expired or expire within 7 days of the gather with no successor listed/,
            /CN=kubelet-signer,OU=openshift expired 2025-02-25T10:18:03Z, 30m0s before the gather/,
            /refused by the kubelets/,
            /\(the installer's one-day bootstrap signer, its successor due 2025-02-25T05:30:03Z\)/,
            /with no successor listed after that, the rotation has failed/,
          ],
        },
      ],
    },
    {
      name: "warns on a young cluster's bootstrap signers, not yet due, when the list is stale (RenderDegraded)",
      snapshot: snapshotOf(
        updates.poolCertExpiring,
        installedAgo(50 / 60),
        youngList([bootstrapSigner, 23], [csrSigner(-40 / 60), 23]),
        (s) => {
          setCondition(pool(s, 'master'), 'RenderDegraded', {
            status: 'True',
            message:
              'Failed to render configuration for pool master: could not generate rendered MachineConfig',
          });
          s.pools.splice(1);
        },
      ),
      findings: [
        {
          severity: 'warning',
          subject: 'mcp/master',
          message: [
            /In bundle KubeAPIServerServingCAData .*, 2 CAs expire within 7 days of the gather with no successor listed/,
            /CN=kubelet-signer,OU=openshift expires 2025-02-26T09:48:03Z, 23h0m after the gather \(the installer's one-day bootstrap signer, its successor due 2025-02-26T05:00:03Z\)/,
            /The pool is RenderDegraded .* this list may be out of date\./,
          ],
          related: [
            (r) => r.pointer === '/metadata/creationTimestamp' && /^installed /.test(r.message),
          ],
        },
      ],
      check: ([f]) => {
        assert.doesNotMatch(wordsOf(f!), /rotation has failed/, 'not yet due: nothing failed');
      },
    },
    {
      name: "warns on a young cluster's kubelet-signer that outlives the install's day (no bootstrap signer)",
      snapshot: snapshotOf(
        updates.poolCertExpiring,
        installedAgo(50 / 60),
        youngList([bootstrapSigner, 72]),
        (s) => {
          s.pools.splice(1);
        },
      ),
      findings: [
        {
          severity: 'warning',
          subject: 'mcp/master',
          message:
            /In bundle .*, a CA expires .* CN=kubelet-signer,OU=openshift expires 2025-02-28T10:48:03Z, 3d0h after the gather\./,
        },
      ],
      check: ([f]) => {
        assert.doesNotMatch(wordsOf(f!), /one-day/);
      },
    },
    {
      name: 'warns on each pool when the kubelet CA expires in 3 days with no successor (fixture)',
      snapshot: snapshotOf(updates.poolCertExpiring),
      findings: [
        {
          severity: 'warning',
          subject: 'mcp/master',
          message: [
            /^Pool master: CA kube-apiserver-to-kubelet-signer expires 2d22h after the gather with no successor listed; the kubelets will then refuse the client certificates it signed\n/,
            /\nIn bundle KubeAPIServerServingCAData \(the kube-apiserver's client CA bundle, written on the nodes as \/etc\/kubernetes\/kubelet-ca\.crt/,
            /expires within 7 days of the gather with no successor listed in status\.certExpirys: CN=kube-apiserver-to-kubelet-signer,OU=openshift expires 2025-02-28T09:02:46Z, 2d22h after the gather\./,
          ],
          location: (s) => pool(s, 'master').at('status', 'certExpirys', 1),
        },
        {
          severity: 'warning',
          subject: 'mcp/worker',
          message: [
            /CN=kube-apiserver-to-kubelet-signer,OU=openshift expires 2025-02-28T09:02:46Z/,
            /The pool is paused, but from 4\.13 the machine-config daemon writes this bundle from the ControllerConfig/,
          ],
          location: (s) => pool(s, 'worker').at('status', 'certExpirys', 1),
          related: [(r) => r.pointer === '/spec/paused'],
        },
      ],
      check: (found) => {
        // The rotated signers are not named: only the one without a successor.
        for (const f of found) {
          if (/kube-control-plane-signer|kube-csr-signer|node-system-admin/.test(wordsOf(f)))
            throw new Error(`a rotated signer was reported: ${wordsOf(f)}`);
        }
      },
    },
    {
      name: 'is an error once the CA has expired before the gather',
      snapshot: snapshotOf(updates.poolCertExpiring, laterGather(4)),
      findings: [
        {
          severity: 'error',
          subject: 'mcp/master',
          message: [
            /^Pool master: CA kube-apiserver-to-kubelet-signer expired 1d1h before the gather with no successor listed; the kubelets refuse the client certificates it signed\n/,
            /In bundle KubeAPIServerServingCAData .*, a CA has expired with no successor listed/,
            /CN=kube-apiserver-to-kubelet-signer,OU=openshift expired 2025-02-28T09:02:46Z, 1d1h before the gather/,
            /refused by the kubelets/,
          ],
        },
        { severity: 'error', subject: 'mcp/worker', message: /has expired/ },
      ],
    },
    {
      name: 'names every signer without a successor in one finding per pool and bundle, the latest CA of a signer counting',
      snapshot: snapshotOf(
        updates.poolCertExpiring,
        listOf(
          [kubeletSigner, -1],
          ['CN=kube-csr-signer_@1738319275', 1],
          ['CN=kube-csr-signer_@1739617572', 5],
        ),
        (s) => {
          s.pools.splice(1);
        },
      ),
      findings: [
        {
          severity: 'error',
          subject: 'mcp/master',
          message: [
            /In bundle KubeAPIServerServingCAData .*, 2 CAs have expired or expire within 7 days/,
            /CN=kube-apiserver-to-kubelet-signer,OU=openshift expired .* and CN=kube-csr-signer_@1739617572 expires/,
          ],
          location: (s) => pool(s, 'master').at('status', 'certExpirys', 0),
          related: [
            (r) => r.pointer === '/status/certExpirys/2',
            (r) =>
              r.pointer === '/status/certExpirys/1' &&
              /older CA of the same signer/.test(r.message),
          ],
        },
      ],
    },
    {
      name: 'says the list may be stale when the pool is RenderDegraded',
      snapshot: snapshotOf(updates.poolCertExpiring, (s) => {
        setCondition(pool(s, 'master'), 'RenderDegraded', {
          status: 'True',
          message:
            'Failed to render configuration for pool master: could not generate rendered MachineConfig',
        });
        s.pools.splice(1);
      }),
      findings: [
        {
          severity: 'warning',
          subject: 'mcp/master',
          message: [
            /^Pool master: CA kube-apiserver-to-kubelet-signer expires 2d22h after the gather with no successor listed; the kubelets will then refuse the client certificates it signed; the list may be out of date\n/,
            /The pool is RenderDegraded \(Failed to render configuration for pool master: .*\): .* this list may be out of date\./,
          ],
          related: [
            (r) => r.pointer.startsWith('/status/conditions/') && /RenderDegraded/.test(r.message),
          ],
        },
      ],
    },
    {
      name: 'says the list may be stale when the operator is Degraded with RenderConfigFailed',
      snapshot: snapshotOf(updates.poolCertExpiring, (s) => {
        setCondition(s.operators.find((o) => o.name === 'machine-config')!, 'Degraded', {
          status: 'True',
          reason: 'RenderConfigFailed',
          message: 'Failed to resync 4.15.3 because: refusing to read images.json version "4.15.3"',
        });
        s.pools.splice(1);
      }),
      findings: [
        {
          severity: 'warning',
          subject: 'mcp/master',
          message:
            /Degraded with RenderConfigFailed \(Failed to resync 4\.15\.3 .*\): it is not syncing the ControllerConfig, so this list may be out of date\./,
          related: [(r) => /RenderConfigFailed/.test(r.message)],
        },
      ],
    },
  ],
});
