import type { Json } from '../../../server/src/model/access';
import type { Snapshot } from '../../../server/src/model/snapshot';
import { poolCertExpiry } from '../../../server/src/rules/poolCertExpiry';
import { healthyUpdates, samples, updates } from '../../support/fixtures';
import { ruleTester, snapshotOf } from '../../support/ruleTester';
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
      name: 'stays quiet without a gather time (ages come from the gather only)',
      snapshot: snapshotOf(updates.poolCertExpiring, (s) => {
        delete s.gatherTime;
      }),
    },
  ],
  invalid: [
    {
      name: 'warns on each pool when the kubelet CA expires in 3 days with no successor (fixture)',
      snapshot: snapshotOf(updates.poolCertExpiring),
      findings: [
        {
          severity: 'warning',
          subject: 'mcp/master',
          message: [
            /^Pool `master`: a CA in bundle KubeAPIServerServingCAData \(the kube-apiserver's client CA bundle, written on the nodes as \/etc\/kubernetes\/kubelet-ca\.crt/,
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
          if (/kube-control-plane-signer|kube-csr-signer|node-system-admin/.test(f.message))
            throw new Error(`a rotated signer was reported: ${f.message}`);
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
            /a CA in bundle KubeAPIServerServingCAData .* has expired with no successor listed/,
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
            /2 CAs in bundle KubeAPIServerServingCAData .* have expired or expire within 7 days/,
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
          message:
            /The pool is RenderDegraded \(Failed to render configuration for pool master: .*\): .* this list may be out of date\./,
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
