/**
 * Whether the cluster-version operator took the release `spec.desiredUpdate` asks for
 * (openshift/cluster-version-operator `pkg/cvo/sync_worker.go` `syncPayload`/`syncOnce`,
 * `pkg/cvo/status.go`, `pkg/payload/precondition/precondition.go` `Summarize`):
 *
 * - 4.10 and later: a refused release leaves `status.desired` and the history on the current
 *   release and sets `ReleaseAccepted=False` with the step as reason (`RetrievePayload`,
 *   `LoadPayload`, `VerifyPayloadVersion`, `PreconditionChecks`); `Unknown` while a step runs.
 * - 4.7 to 4.9: the refusal is the sync's failure: `Failing=True` with reason
 *   `UpgradePreconditionCheckFailed`, `ImageVerificationFailed` or `UpdatePayloadRetrievalFailed`,
 *   `status.desired` already the target and a Partial history entry for it.
 */
import { path, rec, str } from './access';
import type { ClusterVersion } from './clusterVersion';
import { findCondition } from './condition';
import type { Condition } from './condition';

/** Failing reasons of 4.7–4.9 that mean the requested release was not taken. */
export const notAcceptedFailingReasons: Readonly<Record<string, string>> = {
  UpgradePreconditionCheckFailed: 'PreconditionChecks',
  ImageVerificationFailed: 'RetrievePayload',
  UpdatePayloadRetrievalFailed: 'RetrievePayload',
};

/** One `Precondition "<name>" failed because of "<reason>": <message>` of a refusal. */
export interface PreconditionFailure {
  name: string;
  reason: string;
  message: string;
}

export interface UpdateRefusal {
  /** `ReleaseAccepted=False` (4.10+), `ReleaseAccepted=Unknown` (a step still running) or `Failing=True` (4.7–4.9). */
  form: 'ReleaseAccepted' | 'Failing';
  condition: Condition;
  /** The CVO's step: `PreconditionChecks`, `RetrievePayload`, `LoadPayload`, `VerifyPayloadVersion`, … */
  step: string;
  /** The release asked for. */
  requested: { version: string | undefined; image: string | undefined };
  /** The release the cluster runs (the newest Completed history entry). */
  current: string | undefined;
  /** The failed preconditions, when the step is `PreconditionChecks`. */
  preconditions: PreconditionFailure[];
  /** The failure after the CVO's `... version="…" image="…": ` prefix. */
  detail: string;
}

/** `spec.desiredUpdate`, when one is set. */
function requestedUpdate(
  cv: ClusterVersion,
):
  | { version: string | undefined; image: string | undefined; architecture: string | undefined }
  | undefined {
  const d = rec(cv.spec.desiredUpdate);
  if (!d) return undefined;
  return {
    version: str(d.version) || undefined,
    image: str(d.image) || undefined,
    architecture: str(d.architecture) || undefined,
  };
}

/** `spec.desiredUpdate` names a release other than `status.desired` (the CVO has not taken it). */
function requestNotTaken(cv: ClusterVersion): boolean {
  const want = requestedUpdate(cv);
  if (!want) return false;
  const image = str(path(cv.status, 'desired', 'image'));
  const version = str(path(cv.status, 'desired', 'version'));
  const arch = str(path(cv.status, 'desired', 'architecture'));
  if (want.image && image && want.image !== image) return true;
  if (want.version && version && want.version !== version) return true;
  return want.architecture === 'Multi' && arch !== 'Multi';
}

/**
 * The refusal of the requested release, when the ClusterVersion reports one; `Unknown`
 * ReleaseAccepted counts only while the request is not taken (a step still running).
 */
export function updateRefusal(cv: ClusterVersion | undefined): UpdateRefusal | undefined {
  if (!cv) return undefined;
  const accepted = findCondition(cv.conditions, 'ReleaseAccepted');
  const failing = findCondition(cv.conditions, 'Failing');
  const want = requestedUpdate(cv);
  const current = cv.currentVersion;
  if (
    accepted &&
    (accepted.status === 'False' || (accepted.status === 'Unknown' && requestNotTaken(cv)))
  ) {
    const loaded =
      /^[^:]*? version="([^"]*)" image="([^"]*)"(?: architecture="[^"]*")?(?: failure=|: )?/.exec(
        accepted.message,
      );
    const detail = loaded ? accepted.message.slice(loaded[0].length) : accepted.message;
    return {
      form: 'ReleaseAccepted',
      condition: accepted,
      step: accepted.reason,
      requested: {
        version: want?.version ?? (loaded?.[1] || undefined),
        image: want?.image ?? (loaded?.[2] || undefined),
      },
      current,
      preconditions: accepted.reason === 'PreconditionChecks' ? preconditionFailures(detail) : [],
      detail,
    };
  }
  const step = failing?.status === 'True' ? notAcceptedFailingReasons[failing.reason] : undefined;
  if (failing && step) {
    return {
      form: 'Failing',
      condition: failing,
      step,
      requested: {
        version: want?.version ?? cv.desiredVersion,
        image: want?.image ?? (str(path(cv.status, 'desired', 'image')) || undefined),
      },
      current,
      preconditions: step === 'PreconditionChecks' ? preconditionFailures(failing.message) : [],
      detail: failing.message,
    };
  }
  return undefined;
}

/**
 * The failures `Summarize` joined: one `Precondition "N" failed because of "R": M`, or
 * `Multiple precondition checks failed:\n* …` (a message may hold `\n* ` lines of its own).
 */
export function preconditionFailures(text: string): PreconditionFailure[] {
  const re = /Precondition "([^"]*)" failed because of "([^"]*)": /g;
  const heads = [...text.matchAll(re)];
  return heads.map((m, i) => {
    const start = (m.index ?? 0) + m[0].length;
    const next = heads[i + 1]?.index ?? text.length;
    const message = text
      .slice(start, next)
      .replace(/\n\* $/, '')
      .trim();
    return { name: m[1] ?? '', reason: m[2] ?? '', message };
  });
}

/**
 * The preconditions the cluster-version operator of a release runs (`pkg/cvo/cvo.go`):
 * ClusterVersionUpgradeable from 4.7, EtcdRecentBackup 4.8–4.14, ClusterVersionRecommendedUpdate
 * from 4.12 (a warning only), ClusterVersionRollback from 4.14.
 */
export function preconditionsOf(minor: number): string[] {
  const out: string[] = [];
  if (minor >= 14) out.push('ClusterVersionRollback');
  out.push('ClusterVersionUpgradeable');
  if (minor >= 8 && minor <= 14) out.push('EtcdRecentBackup');
  if (minor >= 12) out.push('ClusterVersionRecommendedUpdate');
  return out;
}
