/**
 * pool-cert-expiry: a CA the pool lists in `status.certExpirys[]` (4.14+) has expired, or expires
 * within 7 days of the gather, with no successor in the list. The machine-config controller's node
 * controller copies the entries of the ControllerConfig's `status.controllerCertificates` whose
 * bundle is `KubeAPIServerServingCAData` (the kube-apiserver's client CA bundle the daemon writes to
 * `/etc/kubernetes/kubelet-ca.crt`) into every pool's status. A rotated signer stays in the bundle
 * beside its successor until it expires, so an expiring CA with a later one of the same signer is
 * normal rotation. One finding per pool and bundle; error once a CA has expired.
 */
import { arr, date, rec, str } from '../model/access';
import type { Condition } from '../model/condition';
import type { MachineConfigPool } from '../model/machineConfigPool';
import { atLeast, parseRelease } from '../model/release';
import { operator } from '../model/snapshot';
import type { Snapshot } from '../model/snapshot';
import { clip, duration, isoTime, listing } from '../core/text';
import type { Location } from '../core/finding';
import { poolName } from './poolText';
import { finding, rel } from './rule';
import type { Rule, RuleContext } from './rule';

/** How close to the gather an expiry is a warning. */
export const certExpiryHorizonMs = 7 * 86400 * 1000;

interface CertEntry {
  bundle: string;
  subject: string;
  expiry: Date;
  family: string;
  location: Location;
}

/**
 * The signer a subject stands for, so that a rotated CA and its successor match: the installer's
 * `CN=kube-apiserver-to-kubelet-signer,OU=openshift` and the operator's
 * `CN=openshift-kube-apiserver-operator_kube-apiserver-to-kubelet-signer@1712345678`, or
 * `CN=kube-csr-signer_@1712345678` and the next one. The installer's bootstrap `kubelet-signer`
 * is followed by the kube-controller-manager operator's `kube-csr-signer`.
 */
export function signerFamily(subject: string): string {
  const cn = /(?:^|,)\s*CN=([^,]+)/.exec(subject)?.[1] ?? subject;
  const f = cn
    .trim()
    .replace(/_?@\d+$/, '')
    .replace(/^openshift-[a-z0-9-]+-operator_/, '');
  return f === 'kubelet-signer' ? 'kube-csr-signer' : f;
}

function entriesOf(p: MachineConfigPool): CertEntry[] {
  return arr(p.status.certExpirys).flatMap((raw, i) => {
    const e = rec(raw);
    const bundle = str(e?.bundle);
    const subject = str(e?.subject);
    const expiry = date(e?.expiry);
    if (!bundle || !subject || !expiry) return [];
    return [
      {
        bundle,
        subject,
        expiry,
        family: signerFamily(subject),
        location: p.at('status', 'certExpirys', i),
      },
    ];
  });
}

/** What the bundle is, for the bundle the MCO lists (the only one through 4.22). */
function bundleMeaning(bundle: string): string {
  return bundle === 'KubeAPIServerServingCAData'
    ? " (the kube-apiserver's client CA bundle, written on the nodes as /etc/kubernetes/kubelet-ca.crt: the kubelets trust the client certificates it signs)"
    : '';
}

function relative(d: Date, gather: Date): string {
  const diff = d.getTime() - gather.getTime();
  return diff <= 0
    ? `expired ${isoTime(d)}, ${duration(diff)} before the gather`
    : `expires ${isoTime(d)}, ${duration(diff)} after the gather`;
}

/** Signals that the list stopped following the ControllerConfig: its expiries may be old. */
function staleness(
  s: Snapshot,
  p: MachineConfigPool,
): { text: string; location: Location; label: string } | undefined {
  const render = p.condition('RenderDegraded');
  if (render?.status === 'True') {
    return {
      text: ` The pool is RenderDegraded (${clip(render.message || render.reason || 'no message', 200)}): the machine-config controller is failing for it, so this list may be out of date.`,
      location: render.location,
      label: `pool ${p.name} RenderDegraded`,
    };
  }
  const mco = operator(s, 'machine-config');
  const degraded: Condition | undefined = mco?.conditions.find((c) => c.type === 'Degraded');
  if (degraded?.status === 'True' && /^RenderConfigFailed$/.test(degraded.reason)) {
    return {
      text: ` The machine-config operator is Degraded with RenderConfigFailed (${clip(degraded.message || 'no message', 200)}): it is not syncing the ControllerConfig, so this list may be out of date.`,
      location: degraded.location,
      label: 'machine-config Degraded RenderConfigFailed',
    };
  }
  return undefined;
}

export const poolCertExpiry: Rule = {
  id: 'pool-cert-expiry',
  defaultSeverity: 'warning',
  summary:
    "a CA in a pool's status.certExpirys has expired or expires within 7 days of the gather, with no successor listed",
  check(s: Snapshot, _context: RuleContext) {
    const gather = s.gatherTime;
    if (!gather) return [];
    // The field appears with 4.14's machine-config controller; older lists are not the MCO's.
    const rel4 = parseRelease(
      operator(s, 'machine-config')?.operatorVersion?.version ?? s.clusterVersion?.desiredVersion,
    );
    if (rel4 && !atLeast(rel4, 4, 14)) return [];
    return s.pools.flatMap((p) => {
      const entries = entriesOf(p);
      const bundles = [...new Set(entries.map((e) => e.bundle))];
      return bundles.flatMap((bundle) => {
        const inBundle = entries.filter((e) => e.bundle === bundle);
        // Per signer, only the latest CA counts: an older one beside it is being rotated out.
        const latest = new Map<string, CertEntry>();
        for (const e of inBundle) {
          const cur = latest.get(e.family);
          if (!cur || e.expiry.getTime() > cur.expiry.getTime()) latest.set(e.family, e);
        }
        const flagged = [...latest.values()]
          .filter((e) => e.expiry.getTime() - gather.getTime() <= certExpiryHorizonMs)
          .sort((a, b) => a.expiry.getTime() - b.expiry.getTime());
        const first = flagged[0];
        if (!first) return [];
        const expired = flagged.some((e) => e.expiry.getTime() <= gather.getTime());
        const describeOne = (e: CertEntry) =>
          `${clip(e.subject, 200)} ${relative(e.expiry, gather)}`;
        const one = flagged.length === 1;
        const verb = expired
          ? one
            ? 'has expired'
            : 'have expired or expire within 7 days of the gather'
          : `expire${one ? 's' : ''} within 7 days of the gather`;
        const stale = staleness(s, p);
        const paused = p.paused
          ? " The pool is paused, but from 4.13 the machine-config daemon writes this bundle from the ControllerConfig outside the rendered config: unpausing brings no successor; it must come from the signer's operator (the kube-apiserver operator's kube-apiserver-to-kubelet-client-ca, the kube-controller-manager operator's csr-signer)."
          : '';
        const message =
          `Pool ${poolName(p)}: ${one ? 'a CA' : `${flagged.length} CAs`} in bundle ${bundle}${bundleMeaning(bundle)} ` +
          `${verb} with no successor listed in status.certExpirys: ` +
          `${listing(flagged.map(describeOne))}. ` +
          (expired
            ? 'Client certificates signed by an expired CA are refused by the kubelets (the kube-apiserver cannot reach them for logs, exec and metrics; nodes may go NotReady).'
            : 'Once it expires, client certificates it signed are refused by the kubelets unless a new CA is published and synced before then.') +
          (stale?.text ?? '') +
          paused;
        return [
          finding(
            poolCertExpiry,
            p.subject,
            first.location,
            message,
            [
              ...flagged
                .slice(1)
                .map((e) =>
                  rel(e.location, `${clip(e.subject, 120)} ${relative(e.expiry, gather)}`),
                ),
              ...inBundle
                .filter(
                  (e) =>
                    flagged.every((f) => f !== e) && flagged.some((f) => f.family === e.family),
                )
                .map((e) =>
                  rel(e.location, `older CA of the same signer: ${clip(e.subject, 120)}`),
                ),
              stale && rel(stale.location, stale.label),
              p.paused ? rel(p.at('spec', 'paused'), `pool ${p.name} is paused`) : undefined,
            ],
            expired ? 'error' : 'warning',
          ),
        ];
      });
    });
  },
};
