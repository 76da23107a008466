/**
 * clusterversion-update-not-accepted: the cluster-version operator has not taken the release
 * `spec.desiredUpdate` asks for (ReleaseAccepted=False on 4.10+, Failing=True with a payload or
 * precondition reason on 4.7–4.9), with the failed precondition and its cause.
 */
import type { RelatedLocation } from '../core/finding';
import { messageMaxLength } from '../core/finding';
import { clip, listing, when } from '../core/text';
import { fitted, heldFor, paragraphs, someNames } from './common/words';
import { arr, rec, str } from '../model/access';
import { ADMIN_ACKS, ADMIN_GATES, unacknowledgedGates } from '../model/configMap';
import { findCondition } from '../model/condition';
import type { ClusterVersion } from '../model/clusterVersion';
import { atLeast, parseRelease } from '../model/release';
import type { Release } from '../model/release';
import type { Snapshot } from '../model/snapshot';
import { preconditionsOf, updateRefusal } from '../model/updateAcceptance';
import type { PreconditionFailure, UpdateRefusal } from '../model/updateAcceptance';
import { releaseRefusedCause } from './common/consequences';
import { finding, rel } from './rule';
import type { Rule, RuleContext } from './rule';

const minute = 60_000;
/** A step still running (ReleaseAccepted=Unknown) this long is worth a warning. */
const STEP_RUNNING_WARN = 10 * minute;

export const clusterVersionUpdateNotAccepted: Rule = {
  meta: {
    id: 'clusterversion-update-not-accepted',
    defaultSeverity: 'error',
    levels: 'error (warning while a payload step runs 10 min or more)',
    description: 'the cluster-version operator has not accepted the requested release',
    explanation:
      'the cluster-version operator has not taken the release `spec.desiredUpdate` asks for (`ReleaseAccepted=False` on 4.10+, `Failing=True` `UpgradePreconditionCheckFailed` / `ImageVerificationFailed` / `UpdatePayloadRetrievalFailed` on 4.7–4.9); quotes the failed precondition and links its cause (ClusterVersion `Upgradeable=False`, the unacknowledged admin gate, `spec.overrides`, the operators that are not upgradeable).',
    impact: 'Update Stalled',
    reads: ['ClusterVersion', 'ClusterOperator', 'ConfigMap'],
    leadsTo: ['clusterversion-failing', 'clusterversion-update-incomplete'],
    // 4.7-4.9 say the refusal as Failing=True (UpgradePreconditionCheckFailed, …).
    explains: [{ rule: 'clusterversion-failing', cause: releaseRefusedCause }],
  },
  check(s: Snapshot, _context: RuleContext) {
    const cv = s.clusterVersion;
    const refusal = updateRefusal(cv);
    if (!cv || !refusal) return [];
    const c = refusal.condition;
    const running = refusal.form === 'ReleaseAccepted' && c.status === 'Unknown';
    if (running) {
      const age =
        c.lastTransitionTime && s.gatherTime
          ? s.gatherTime.getTime() - c.lastTransitionTime.getTime()
          : undefined;
      if (age === undefined || age < STEP_RUNNING_WARN) return [];
    }
    const release = parseRelease(refusal.current ?? cv.desiredVersion);
    const target = refusal.requested.version ?? refusal.requested.image ?? 'the requested release';
    const related: (RelatedLocation | undefined)[] = [
      rel(cv.at('spec', 'desiredUpdate'), `Requested: ${clip(target, 120)} (spec.desiredUpdate)`),
      rel(cv.at('status', 'desired'), `The release the cluster-version operator reconciles`),
    ];
    const parts: string[] = [];
    const since = when(c.lastTransitionTime, s.gatherTime);
    const stays = refusal.current ? ` and the cluster stays on ${refusal.current}` : '';
    parts.push(
      running
        ? `The update to ${clip(target, 120)} requested in spec.desiredUpdate is not accepted yet: since ${since} the cluster-version operator is at step ${refusal.step} (ReleaseAccepted=Unknown)${stays}.`
        : `The update to ${clip(target, 120)} requested in spec.desiredUpdate was not accepted: since ${since} the cluster-version operator refuses it (${c.type}=${c.status} ${c.reason})${stays}.`,
    );
    if (running) {
      parts.push(
        `${clip(c.message || 'no message', 300)}. Until the step ends the cluster-version operator keeps reconciling ${refusal.current ?? 'the current release'}; ` +
          'retrieval runs in a version-* pod of openshift-cluster-version that pulls the release image, then verifies its signature: look there, at the pull secret and at the image mirrors.',
      );
    } else {
      parts.push(formNote(refusal, release));
      if (refusal.step === 'PreconditionChecks')
        parts.push(...preconditionParts(s, cv, refusal, release, related));
      else parts.push(payloadPart(refusal));
    }
    const held = heldFor(c.lastTransitionTime, s.gatherTime);
    const head = running
      ? `The update to ${clip(target, 80)} is not accepted yet: the cluster-version operator has been at step ${clip(refusal.step, 40)}${held}`
      : `The update to ${clip(target, 80)} was not accepted: ${refusedWhy(refusal)}`;
    const message = fitted(
      messageMaxLength,
      head,
      refusal.current ? `; the cluster stays on ${refusal.current}` : '',
    );
    return [
      finding(
        clusterVersionUpdateNotAccepted,
        cv.subject,
        c.location,
        { message, detail: paragraphs(...parts) },
        related,
        running ? 'warning' : clusterVersionUpdateNotAccepted.meta.defaultSeverity,
        c.lastTransitionTime,
      ),
    ];
  },
};

/** Why the release was refused, in a few words: the failed preconditions, or the payload step. */
function refusedWhy(r: UpdateRefusal): string {
  if (r.step === 'PreconditionChecks') {
    const failures = r.preconditions;
    if (failures.length === 0) return 'its preconditions failed';
    // A reason is a CamelCase word, but 4.7 writes a sentence there: only a word is worth a line.
    const reason =
      failures.length === 1 && /^\w{1,40}$/.test(failures[0]!.reason)
        ? ` (${failures[0]!.reason})`
        : '';
    return `precondition${failures.length > 1 ? 's' : ''} ${someNames(failures.map((f) => clip(f.name, 40)))} failed${reason}`;
  }
  const what: Record<string, string> = {
    RetrievePayload: /cannot be verified|signature/i.test(r.detail)
      ? 'the release image signature could not be verified'
      : 'the release image could not be retrieved',
    LoadPayload: 'the release manifests could not be loaded',
    VerifyPayloadVersion: 'the release image holds another version',
  };
  return what[r.step] ?? `step ${clip(r.step, 40)} failed`;
}

/** What the CVO of this release does with a refused release. */
function formNote(r: UpdateRefusal, release: Release | undefined): string {
  const on = release ? `${release.major}.${release.minor}` : 'this release';
  const target = r.requested.version ?? 'the target';
  if (r.form === 'Failing') {
    return (
      `On ${on} it reports the refusal as Failing=True and already lists ${target} in status.desired and as a Partial history entry, ` +
      'but applies nothing of it: the update is not progressing.'
    );
  }
  return (
    `On ${on} it reports the refusal in ReleaseAccepted only and keeps status.desired and the history on ${r.current ?? 'the current release'}: ` +
    `nothing of ${target} is applied, so the update is not progressing.`
  );
}

/** The failed preconditions, quoted, each with its cause. */
function preconditionParts(
  s: Snapshot,
  cv: ClusterVersion,
  r: UpdateRefusal,
  release: Release | undefined,
  related: (RelatedLocation | undefined)[],
): string[] {
  const out: string[] = [];
  const failures = r.preconditions;
  if (failures.length === 0) {
    out.push(`${clip(r.detail || 'no message', 400)}.`);
    return out;
  }
  const ran = release ? preconditionsOf(release.minor) : [];
  const names = listing(failures.map((f) => clip(f.name, 60)));
  const quoted = failures
    .map(
      (f) =>
        `Precondition "${clip(f.name, 60)}" failed because of "${clip(f.reason, 60)}": ${clip(f.message, failures.length > 1 ? 200 : 300)}`,
    )
    .join(' ');
  out.push(
    (ran.length > 0
      ? `Of the preconditions ${release!.major}.${release!.minor} runs (${ran.join(', ')}), ${names} failed: `
      : `${names} failed: `) + `${quoted}${/[.!?]$/.test(quoted) ? '' : '.'}`,
  );
  for (const f of failures) out.push(causeOf(s, cv, r, f, release, related));
  return out;
}

/** Why one precondition failed, from the objects it reads; adds their locations. */
function causeOf(
  s: Snapshot,
  cv: ClusterVersion,
  r: UpdateRefusal,
  f: PreconditionFailure,
  release: Release | undefined,
  related: (RelatedLocation | undefined)[],
): string {
  switch (f.name) {
    case 'ClusterVersionUpgradeable':
      return upgradeableCause(s, cv, r, f, release, related);
    case 'EtcdRecentBackup': {
      const etcd = s.operators.find((o) => o.name === 'etcd');
      const backup = etcd && findCondition(etcd.conditions, 'RecentBackup');
      related.push(
        rel(backup?.location ?? etcd?.at('status'), 'ClusterOperator etcd RecentBackup'),
      );
      return 'The etcd operator has not recorded a recent backup (ClusterOperator etcd RecentBackup); before a minor-version update the cluster-version operator waits for it (4.8–4.14).';
    }
    case 'ClusterVersionRollback':
      return 'The requested release is older than the current one: only a rollback to the previous z-stream release is supported.';
    case 'ClusterVersionRecommendedUpdate':
      related.push(rel(cv.at('status', 'conditionalUpdates'), 'ClusterVersion conditionalUpdates'));
      return 'The update service does not recommend this update (alone this precondition only warns).';
    default:
      return '';
  }
}

/** ClusterVersion Upgradeable=False: admin gates, overrides, deletions, operators. */
function upgradeableCause(
  s: Snapshot,
  cv: ClusterVersion,
  r: UpdateRefusal,
  f: PreconditionFailure,
  release: Release | undefined,
  related: (RelatedLocation | undefined)[],
): string {
  const out: string[] = [];
  const up = findCondition(cv.conditions, 'Upgradeable');
  if (up?.status === 'False')
    related.push(
      rel(up.location, `ClusterVersion Upgradeable=False${up.reason ? ` (${up.reason})` : ''}`),
    );
  const sub = (type: string) => {
    const c = findCondition(cv.conditions, type);
    return c?.status === 'False' ? c : undefined;
  };
  const reasons = new Set([f.reason, up?.reason ?? '']);
  const text = `${f.message}\n${up?.message ?? ''}`;

  const ackSub = sub('UpgradeableAdminAckRequired');
  if (ackSub)
    related.push(
      rel(ackSub.location, `ClusterVersion UpgradeableAdminAckRequired (${ackSub.reason})`),
    );
  if (ackSub || reasons.has('AdminAckRequired')) out.push(adminAckCause(s, r, related));

  const overSub = sub('UpgradeableClusterVersionOverrides');
  if (overSub || reasons.has('ClusterVersionOverridesSet')) {
    const overrides = arr(cv.spec.overrides).flatMap((o) => {
      const x = rec(o);
      if (!x || x.unmanaged !== true) return [];
      const ns = str(x.namespace);
      return [`${str(x.kind) ?? '?'} ${ns ? `${ns}/` : ''}${str(x.name) ?? '?'}`];
    });
    related.push(rel(cv.at('spec', 'overrides'), 'ClusterVersion spec.overrides'));
    out.push(
      `ClusterVersion spec.overrides marks ${overrides.length > 0 ? clip(listing(overrides), 200) : 'components'} unmanaged (ClusterVersionOverridesSet); ` +
        'overrides block every update, z-stream included: remove them (oc edit clusterversion version) once the components are back to their managed state.',
    );
  }

  const delSub = sub('UpgradeableDeletesInProgress');
  if (delSub || reasons.has('ResourceDeletesInProgress')) {
    if (delSub) related.push(rel(delSub.location, 'ClusterVersion UpgradeableDeletesInProgress'));
    const m = /resources=(.*)$/m.exec(delSub?.message ?? text);
    out.push(
      `The cluster-version operator is still deleting resources the current release removed${m ? ` (${clip(m[1] ?? '', 160)})` : ''} (ResourceDeletesInProgress); it clears once they are gone.`,
    );
  }

  const opSub = sub('UpgradeableClusterOperators');
  const blockers = s.operators.filter(
    (o) => findCondition(o.conditions, 'Upgradeable')?.status === 'False',
  );
  if (opSub || /[Cc]luster operators? (\S+ )?(should not|cannot) be upgraded/.test(text)) {
    if (opSub) related.push(rel(opSub.location, 'ClusterVersion UpgradeableClusterOperators'));
    for (const o of blockers) {
      const c = findCondition(o.conditions, 'Upgradeable')!;
      related.push(
        rel(
          c.location,
          `ClusterOperator ${o.name} Upgradeable=False${c.reason ? ` (${c.reason})` : ''}`,
        ),
      );
    }
    out.push(
      blockers.length > 0
        ? `ClusterOperator${blockers.length > 1 ? 's' : ''} ${listing(blockers.map((o) => o.name))} report${blockers.length > 1 ? '' : 's'} Upgradeable=False: ` +
            blockers
              .map((o) => {
                const c = findCondition(o.conditions, 'Upgradeable')!;
                return `${o.name}: ${clip([c.reason, c.message].filter((x) => x !== '').join(': '), 200)}`;
              })
              .join('; ') +
            '.'
        : 'A ClusterOperator reported Upgradeable=False; none does in this gather, so the next check should pass.',
    );
  }
  out.push(minorNote(r, release));
  return paragraphs(...out);
}

/** The admin gates of the current minor not acknowledged, from the gathered ConfigMaps. */
function adminAckCause(
  s: Snapshot,
  r: UpdateRefusal,
  related: (RelatedLocation | undefined)[],
): string {
  const maps = s.adminConfigMaps;
  const gates = maps?.gates.configMap;
  const acks = maps?.acks.configMap;
  const where = `${ADMIN_GATES.namespace}/${ADMIN_GATES.name}`;
  const ackWhere = `${ADMIN_ACKS.namespace}/${ADMIN_ACKS.name}`;
  if (!gates) {
    const missing = maps?.gates.gathered
      ? `the gather holds the ${ADMIN_GATES.namespace} ConfigMaps but no ${ADMIN_GATES.name}`
      : `the ${where} and ${ackWhere} ConfigMaps were not gathered (namespaces/${ADMIN_GATES.namespace}/core/configmaps.yaml, namespaces/${ADMIN_ACKS.namespace}/core/configmaps.yaml)`;
    return (
      `An admin gate of the current release is not acknowledged (AdminAckRequired); ${missing}, so the gate's key is not known here: ` +
      `oc -n ${ADMIN_GATES.namespace} get configmap ${ADMIN_GATES.name} -o yaml lists it, and setting that key to "true" in ${ackWhere} acknowledges it.`
    );
  }
  const open = unacknowledgedGates(maps, parseRelease(r.current)?.minor).map((g) => g.key);
  for (const k of open)
    related.push(rel(gates.at('data', k), `Admin gate ${clip(k, 80)} (${where})`));
  related.push(
    rel(
      acks
        ? acks.raw.data === undefined
          ? acks.at('metadata', 'name')
          : acks.at('data')
        : undefined,
      `Admin acknowledgements (${ackWhere})${acks && Object.keys(acks.data).length === 0 ? ': none' : ''}`,
    ),
  );
  if (open.length === 0) {
    return `Every admin gate of ${where} is acknowledged in ${ackWhere} in this gather, so the next check should pass (AdminAckRequired was reported before).`;
  }
  const keys = open.map((k) => clip(k, 80));
  const acksNote = acks
    ? `${ackWhere} does not set ${keys.length > 1 ? 'them' : 'it'} to "true"`
    : maps?.acks.gathered
      ? `the ${ADMIN_ACKS.namespace} ConfigMaps hold no ${ADMIN_ACKS.name}`
      : `${ackWhere} was not gathered`;
  const patch = JSON.stringify({ data: Object.fromEntries(keys.map((k) => [k, 'true'])) });
  return (
    `The admin gate${keys.length > 1 ? 's' : ''} ${listing(keys)} (${where}) ${keys.length > 1 ? 'are' : 'is'} not acknowledged: ${acksNote}. ` +
    `After checking what the gate says, acknowledge it: oc -n ${ADMIN_ACKS.namespace} patch configmap ${ADMIN_ACKS.name} --type=merge --patch '${patch}'.`
  );
}

/** What Upgradeable=False blocks on this release, and whether this update is a minor one. */
function minorNote(r: UpdateRefusal, release: Release | undefined): string {
  const from = parseRelease(r.current);
  const to = parseRelease(r.requested.version);
  const on = release ? `${release.major}.${release.minor}` : 'this release';
  const blocks =
    release && atLeast(release, 4, 15)
      ? 'an update to a later minor version'
      : 'an update that changes the minor version';
  const kind =
    from && to
      ? to.minor > from.minor
        ? `${from.major}.${from.minor} → ${to.major}.${to.minor} is a minor-version update, which it holds`
        : to.minor === from.minor
          ? `${r.current} → ${r.requested.version} is a z-stream update, which Upgradeable=False alone does not block`
          : `${r.current} → ${r.requested.version} goes to an earlier minor version`
      : '';
  return (
    `On ${on} the cluster-version operator refuses ${blocks} while ClusterVersion Upgradeable=False${kind ? `; ${kind}` : ''}, ` +
    'and starts the update by itself once the precondition passes. Forcing the update (oc adm upgrade --force) skips the preconditions and is not recommended.'
  );
}

/** Retrieval, verification or loading of the payload failed. */
function payloadPart(r: UpdateRefusal): string {
  const detail = clip(r.detail || r.condition.message || 'no message', 400);
  const what: Record<string, string> = {
    RetrievePayload: /cannot be verified|signature/i.test(r.detail)
      ? 'The release image signature could not be verified: on a disconnected cluster the signature ConfigMap (openshift-config-managed, label release.openshift.io/verification-signatures) must be mirrored with the release; check spec.desiredUpdate.image is the digest the signature covers.'
      : 'The release image could not be pulled and unpacked: the version-* pod in openshift-cluster-version pulls it, so check the pull secret, the image mirrors (ImageDigestMirrorSet or ImageContentSourcePolicy) and the registry.',
    LoadPayload:
      'The release image was retrieved but its manifests could not be loaded: check that spec.desiredUpdate.image is an OpenShift release image for this cluster.',
    VerifyPayloadVersion:
      'The release image holds another version than spec.desiredUpdate.version: request the version the image holds, or the image of that version.',
  };
  return `${detail}${/[.!?]$/.test(detail) ? '' : '.'} ${what[r.step] ?? ''}`.trim();
}
