/**
 * What the machine-config operator does differently by release
 * (docs/domain/machine-config-operator.md), so messages name the behaviour the user's cluster
 * actually has.
 */
import type { ClusterOperator } from '../../model/clusterOperator';
import { atLeast, parseRelease } from '../../model/release';
import type { Snapshot } from '../../model/snapshot';
import type { Release } from '../../model/release';

/** How a failing required-pool sync shows on the operator's Available condition. */
export function availabilityBehaviour(r: Release | undefined): string {
  if (!r) return '';
  if (atLeast(r, 4, 16))
    return 'From 4.16 machine-config always reports Available=True, so only Degraded and the held-back version show it.';
  if (atLeast(r, 4, 9))
    // docs/domain/machine-config-operator.md "By release": 4.9 does not get the 4.7/4.8
    // behaviour; on 4.9–4.15 other task failures (MachineConfigDaemonFailed, …) still set
    // Available=False.
    return 'From 4.9 (4.9.z after MCO PR #2946) a failing required-pool sync no longer sets Available=False; Degraded=True and the held-back version remain. Up to 4.15 other sync failures (such as MachineConfigDaemonFailed) still set Available=False.';
  return 'On 4.7 and 4.8 machine-config also reports Available=False whenever it is Degraded.';
}

/** The release-image-version check (MCO PR #2918) that stops the operator leveling on an old rendered config. */
const levelGuardMerged = new Date('2022-01-27T00:00:00Z');

/**
 * Whether the running release carries the release-image-version guard: 4.10 GA and later, and
 * nightlies of 4.10 built after the merge. Older z-streams got backports in 2022 that a version
 * number alone cannot tell, so they count as unknown.
 */
export function hasLevelGuard(r: Release | undefined): boolean | undefined {
  if (!r) return undefined;
  if (r.built) return r.built >= levelGuardMerged;
  if (atLeast(r, 4, 10)) return true;
  return undefined;
}

/**
 * What the cluster-version operator does about a degraded or unavailable operator. On 4.7 it
 * checks versions first (release-4.7 `waitForOperatorStatusToBeDone`): an operator below the
 * target is "still updating", never a failure. From 4.8 a degraded one fails after an interval
 * counted from when the CVO started updating it; an unavailable one fails at once.
 */
export function cvoReaction(
  s: Snapshot,
  o: ClusterOperator,
  state: 'degraded' | 'not available',
): string {
  const target = s.clusterVersion?.desiredVersion;
  const release = parseRelease(target);
  const below = o.operatorVersion !== undefined && o.operatorVersion.version !== target;
  if (release && !atLeast(release, 4, 8) && below) {
    return ` On 4.7 the cluster-version operator checks versions first: ${o.name} is below the target, so it reports "Cluster operator ${o.name} is still updating" and never fails the update for being ${state}.`;
  }
  return state === 'degraded'
    ? ` During an update the cluster-version operator waits up to 40 minutes on a degraded operator (from when it started updating it), then reports Failing ("Cluster operator ${o.name} is degraded"); outside an update it reports Failing at once.`
    : ` The cluster-version operator counts an unavailable operator as a failure ("Cluster operator ${o.name} is not available").`;
}
