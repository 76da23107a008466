/**
 * pool-cert-expiry: a CA the pool lists in `status.certExpirys[]` (4.14+) has expired, or expires
 * within 7 days of the gather, with no successor in the list. The machine-config controller's node
 * controller copies the entries of the ControllerConfig's `status.controllerCertificates` whose
 * bundle is `KubeAPIServerServingCAData` (the kube-apiserver's client CA bundle the daemon writes to
 * `/etc/kubernetes/kubelet-ca.crt`) into every pool's status. A rotated signer stays in the bundle
 * beside its successor until it expires, so an expiring CA with a later one of the same signer is
 * normal rotation. One finding per pool and bundle; error once a CA has expired.
 *
 * The first day (docs/domain/certificates.md): the installer's `kubelet-signer` lives one day, and
 * the first `kube-csr-signer_@<unix>` it signs ends with it. The kube-controller-manager operator
 * replaces both once 80% of their lifetime has passed. On a cluster installed less than a day
 * before the gather, such a signer is reported at info level until its successor is due (plus an
 * hour for the new CA to reach the pool's list); later, or once expired, it is a real finding.
 */
import { arr, date, rec, str } from '../model/access';
import type { Condition } from '../model/condition';
import type { MachineConfigPool } from '../model/machineConfigPool';
import { atLeast, parseRelease } from '../model/release';
import { operator } from '../model/snapshot';
import type { Snapshot } from '../model/snapshot';
import { ago, clip, duration, isoTime, listing } from '../core/text';
import type { Location } from '../core/finding';
import { fit, paragraphs } from './common/words';
import { finding, rel } from './rule';
import type { Rule, RuleContext } from './rule';

const hourMs = 3600 * 1000;
const dayMs = 24 * hourMs;

/** How close to the gather an expiry is a warning. */
const certExpiryHorizonMs = 7 * dayMs;

/** The installer's `ValidityOneDay`: the lifetime of its `kubelet-signer`. */
const bootstrapLifetimeMs = dayMs;

/**
 * library-go's cert rotation replaces a signer, and a signer it signs, once 80% of its lifetime has
 * passed (`needNewSigningCertKeyPair`, `needNewTargetCertKeyPairForTime`).
 */
const refreshFraction = 0.8;

/**
 * After the successor is due: the operator's next sync (every minute), then the bundles
 * (`csr-controller-ca`, `kube-apiserver-client-ca`), the ControllerConfig and the pool's status.
 */
const successorGraceMs = hourMs;

/** Tolerance on a one-day lifetime and on the install time: clock skew, seconds between steps. */
const slackMs = hourMs;

interface CertEntry {
  bundle: string;
  subject: string;
  expiry: Date;
  family: string;
  location: Location;
}

/** The common name of a subject (`CN=kubelet-signer,OU=openshift` → `kubelet-signer`). */
function commonName(subject: string): string {
  return (/(?:^|,)\s*CN=([^,]+)/.exec(subject)?.[1] ?? subject).trim();
}

/**
 * The signer a subject stands for, so that a rotated CA and its successor match: the installer's
 * `CN=kube-apiserver-to-kubelet-signer,OU=openshift` and the operator's
 * `CN=openshift-kube-apiserver-operator_kube-apiserver-to-kubelet-signer@1712345678`, or
 * `CN=kube-csr-signer_@1712345678` and the next one. The installer's bootstrap `kubelet-signer`
 * is the kube-controller-manager operator's first `csr-signer-signer` (the signer of its CSR
 * signer), followed by `openshift-kube-controller-manager-operator_csr-signer-signer@<unix>`.
 */
function signerFamily(subject: string): string {
  const f = commonName(subject)
    .replace(/_?@\d+$/, '')
    .replace(/^openshift-[a-z0-9-]+-operator_/, '');
  return f === 'kubelet-signer' ? 'csr-signer-signer' : f;
}

/** A one-day signer of the install: when it began and when its successor is due. */
interface Bootstrap {
  notBefore: Date;
  due: Date;
}

/**
 * Whether an entry is one of the install's one-day signers (docs/domain/certificates.md): the
 * installer's `kubelet-signer` (24 hours), or a `kube-csr-signer_@<unix>` living a day or less
 * (its lifetime capped at the one-day signer that signed it). Either ends within a day of the
 * install's start: a CA of that name that outlives it is no bootstrap signer.
 */
function bootstrapSigner(subject: string, expiry: Date, install: Date): Bootstrap | undefined {
  const cn = commonName(subject);
  const end = expiry.getTime();
  let start: number;
  if (cn === 'kubelet-signer') start = end - bootstrapLifetimeMs;
  else {
    const created = /^kube-csr-signer_@(\d+)$/.exec(cn)?.[1];
    if (!created) return undefined;
    start = Number(created) * 1000;
    const lifetime = end - start;
    if (lifetime <= 0 || lifetime > bootstrapLifetimeMs + slackMs) return undefined;
  }
  if (end > install.getTime() + bootstrapLifetimeMs + slackMs) return undefined;
  return {
    notBefore: new Date(start),
    due: new Date(start + refreshFraction * (end - start)),
  };
}

/**
 * When the cluster was installed: the earliest of the ClusterVersion's creation and its oldest
 * history entry's start and completion (the install's entry; on a long, pruned history a later
 * update's, but such a cluster is never a day old).
 */
function installTime(s: Snapshot): { at: Date; location: Location } | undefined {
  const cv = s.clusterVersion;
  if (!cv) return undefined;
  const history = cv.history;
  const oldest = history[history.length - 1];
  const times: { at: Date; location: Location }[] = [];
  if (cv.creationTimestamp)
    times.push({ at: cv.creationTimestamp, location: cv.at('metadata', 'creationTimestamp') });
  if (oldest?.startedTime) times.push({ at: oldest.startedTime, location: oldest.location });
  if (oldest?.completionTime) times.push({ at: oldest.completionTime, location: oldest.location });
  return times.sort((a, b) => a.at.getTime() - b.at.getTime())[0];
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

/** `expires 2d22h after the gather`, `expired 1d1h before the gather`: for the message. */
function relativeShort(d: Date, gather: Date): string {
  const diff = d.getTime() - gather.getTime();
  return diff <= 0
    ? `expired ${duration(diff)} before the gather`
    : `expires ${duration(diff)} after the gather`;
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

/** An entry the rule reports, and whether it is a first-day signer (on schedule or not). */
interface Flagged extends CertEntry {
  bootstrap?: Bootstrap;
  /** A first-day signer whose successor is not yet due, in a list that is not stale: info only. */
  onSchedule: boolean;
  /** A first-day signer expired, or past its successor's due time and the grace after it. */
  pastDue: boolean;
}

const plural = (n: number, one: string, many: string) => (n === 1 ? one : many);

export const poolCertExpiry: Rule = {
  meta: {
    id: 'pool-cert-expiry',
    defaultSeverity: 'warning',
    levels: 'warning (error once expired) / info (bootstrap signers on the first day)',
    description:
      "a CA in a pool's status.certExpirys has expired or expires within 7 days of the gather, with no successor listed (the installer's one-day bootstrap signers on a cluster's first day: info)",
    explanation:
      "a CA in a pool's `status.certExpirys` (4.14+, the kube-apiserver's client CA bundle the kubelets trust) expires within 7 days of the gather or has expired, with no later CA of the same signer listed (an old CA beside its successor is normal rotation); on a cluster's first day the installer's one-day bootstrap signers are info until the kube-controller-manager operator's replacement is due; says when the list may be stale (RenderDegraded, `RenderConfigFailed`).",
    impact: 'API Availability',
    reads: ['ClusterVersion', 'MachineConfigPool'],
  },
  check(s: Snapshot, _context: RuleContext) {
    const gather = s.gatherTime;
    if (!gather) return [];
    const expiryRel = (e: CertEntry) =>
      rel(e.location, `${clip(e.subject, 120)} ${relative(e.expiry, gather)}`);
    // The field appears with 4.14's machine-config controller; older lists are not the MCO's.
    const rel4 = parseRelease(
      operator(s, 'machine-config')?.operatorVersion?.version ?? s.clusterVersion?.desiredVersion,
    );
    if (rel4 && !atLeast(rel4, 4, 14)) return [];
    // The first day: installed less than a day before the gather.
    const installed = installTime(s);
    const firstDay =
      installed &&
      installed.at.getTime() <= gather.getTime() &&
      gather.getTime() - installed.at.getTime() < dayMs
        ? installed
        : undefined;
    const describeOne = (e: CertEntry) => `${clip(e.subject, 200)} ${relative(e.expiry, gather)}`;
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
        // A stale list may lack a successor that exists: its expiries stay findings.
        const stale = staleness(s, p);
        const flagged: Flagged[] = [...latest.values()]
          .filter((e) => e.expiry.getTime() - gather.getTime() <= certExpiryHorizonMs)
          .sort((a, b) => a.expiry.getTime() - b.expiry.getTime())
          .map((e) => {
            const bootstrap = firstDay && bootstrapSigner(e.subject, e.expiry, firstDay.at);
            if (!bootstrap) return { ...e, onSchedule: false, pastDue: false };
            const pastDue =
              e.expiry.getTime() <= gather.getTime() ||
              gather.getTime() >= bootstrap.due.getTime() + successorGraceMs;
            return { ...e, bootstrap, onSchedule: !pastDue && !stale, pastDue };
          });
        if (flagged.length === 0) return [];
        const paused = p.paused
          ? " The pool is paused, but from 4.13 the machine-config daemon writes this bundle from the ControllerConfig outside the rendered config: unpausing brings no successor; it must come from the signer's operator (the kube-apiserver operator's kube-apiserver-to-kubelet-client-ca, the kube-controller-manager operator's csr-signer)."
          : '';
        const pausedRel = p.paused
          ? rel(p.at('spec', 'paused'), `pool ${p.name} is paused`)
          : undefined;
        const installRel =
          firstDay &&
          rel(firstDay.location, `installed ${isoTime(firstDay.at)}, ${ago(firstDay.at, gather)}`);
        const olderOf = (reported: CertEntry[]) =>
          inBundle
            .filter(
              (e) =>
                reported.every((f) => f.location.pointer !== e.location.pointer) &&
                reported.some((f) => f.family === e.family),
            )
            .map((e) => rel(e.location, `older CA of the same signer: ${clip(e.subject, 120)}`));
        const onSchedule = flagged.filter((e) => e.onSchedule);
        const real = flagged.filter((e) => !e.onSchedule);

        if (real.length === 0) {
          // Only the install's one-day signers, their successors not yet due: normal.
          const first = onSchedule[0]!;
          const one = onSchedule.length === 1;
          const due = new Date(Math.max(...onSchedule.map((e) => e.bootstrap!.due.getTime())));
          const message = fit(
            `Pool ${p.name}: ${one ? "the installer's one-day bootstrap CA expires" : `the installer's ${onSchedule.length} one-day bootstrap CAs expire`} within a day, on the cluster's first day; ` +
              `${one ? 'its successor is' : 'their successors are'} due by ${isoTime(due)}`,
            `Pool ${p.name}: ${one ? "the installer's one-day bootstrap CA expires" : `the installer's ${onSchedule.length} one-day bootstrap CAs expire`} on the cluster's first day, replaced on schedule`,
          );
          const detail = paragraphs(
            `In bundle ${bundle}${bundleMeaning(bundle)}, ${one ? 'a CA' : `${onSchedule.length} CAs`} ` +
              `${one ? 'expires' : 'expire'} within a day of the gather on the cluster's first day ` +
              `(installed ${isoTime(firstDay!.at)}, ${ago(firstDay!.at, gather)}): ` +
              `${listing(onSchedule.map(describeOne))}.`,
            `${one ? 'This is' : 'These are'} the installer's one-day bootstrap ${plural(onSchedule.length, 'signer', 'signers')}; ` +
              `the kube-controller-manager operator replaces ${one ? 'it' : 'them'} with its own csr-signer-signer (60 days) and kube-csr-signer (30 days) ` +
              `once 80% of ${one ? 'its' : 'their'} lifetime has passed, by ${isoTime(due)} (${ago(due, gather)}), ` +
              `and the old ${one ? 'CA leaves the bundle when it expires' : 'CAs leave the bundle when they expire'}. Nothing to do now; with no successor listed an hour after that, the rotation has failed.`,
          );
          return [
            finding(
              poolCertExpiry,
              p.subject,
              first.location,
              { message, detail },
              [...onSchedule.slice(1).map(expiryRel), installRel],
              'info',
            ),
          ];
        }

        const first = real[0]!;
        const expired = real.some((e) => e.expiry.getTime() <= gather.getTime());
        const one = real.length === 1;
        const verb = expired
          ? one
            ? 'has expired'
            : 'have expired or expire within 7 days of the gather'
          : `expire${one ? 's' : ''} within 7 days of the gather`;
        const describeReal = (e: Flagged) =>
          describeOne(e) +
          (e.bootstrap
            ? ` (the installer's one-day bootstrap signer, its successor due ${isoTime(e.bootstrap.due)})`
            : '');
        const lateText = real.some((e) => e.pastDue)
          ? " The kube-controller-manager operator replaces the installer's one-day bootstrap signers once 80% of their lifetime has passed: with no successor listed after that, the rotation has failed or its new CA has not reached the ControllerConfig."
          : '';
        const firstName = clip(commonName(first.subject), 60);
        const firstWhen = relativeShort(first.expiry, gather);
        const headline = one
          ? `Pool ${p.name}: CA ${firstName} ${firstWhen} with no successor listed`
          : `Pool ${p.name}: ${real.length} CAs ${expired ? 'have expired or expire' : 'expire'} within 7 days with no successor listed, first ${firstName} ${firstWhen}`;
        const consequence = `the kubelets ${expired ? '' : 'will then '}refuse the client certificates ${one ? 'it' : 'they'} signed`;
        const staleNote = stale ? '; the list may be out of date' : '';
        const message = fit(
          `${headline}; ${consequence}${staleNote}`,
          `${headline}${staleNote}`,
          headline,
          `Pool ${p.name}: ${one ? 'a CA' : `${real.length} CAs`} ${expired ? 'expired' : 'expiring within 7 days'} with no successor listed`,
        );
        const detail = paragraphs(
          `In bundle ${bundle}${bundleMeaning(bundle)}, ${one ? 'a CA' : `${real.length} CAs`} ` +
            `${verb} with no successor listed in status.certExpirys: ` +
            `${listing(real.map(describeReal))}.`,
          expired
            ? 'Client certificates signed by an expired CA are refused by the kubelets (the kube-apiserver cannot reach them for logs, exec and metrics; nodes may go NotReady).'
            : 'Once it expires, client certificates it signed are refused by the kubelets unless a new CA is published and synced before then.',
          lateText,
          stale?.text,
          paused,
          "Check whether the signer's operator published a new CA (the kube-apiserver operator's `kube-apiserver-to-kubelet-client-ca` ConfigMap in `openshift-kube-apiserver-operator`, the kube-controller-manager operator's `csr-signer`), " +
            'and whether `openshift-config-managed/kube-apiserver-client-ca` and the ControllerConfig `machine-config-controller` carry it.',
        );
        return [
          finding(
            poolCertExpiry,
            p.subject,
            first.location,
            { message, detail },
            [
              ...real.slice(1).map(expiryRel),
              ...olderOf(real),
              ...onSchedule.map((e) =>
                rel(
                  e.location,
                  `the installer's one-day bootstrap signer ${clip(e.subject, 120)}, replaced on schedule (due ${isoTime(e.bootstrap!.due)})`,
                ),
              ),
              real.some((e) => e.bootstrap) ? installRel : undefined,
              stale && rel(stale.location, stale.label),
              pausedRel,
            ],
            expired ? 'error' : 'warning',
          ),
        ];
      });
    });
  },
};
