/**
 * What the machine-config operator does differently by release (mco-domain 2.3 to 2.6), so
 * messages name the behaviour the user's cluster actually has.
 */
import { atLeast } from '../model/release';
import type { Release } from '../model/release';

/** How a failing required-pool sync shows on the operator's Available condition. */
export function availabilityBehaviour(r: Release | undefined): string {
  if (!r) return '';
  if (atLeast(r, 4, 16))
    return 'From 4.16 machine-config always reports Available=True, so only Degraded and the held-back version show it.';
  if (atLeast(r, 4, 10))
    return 'From 4.10 (4.9.z after MCO PR #2946) a failing required-pool sync no longer sets Available=False; Degraded=True and the held-back version remain.';
  return 'On 4.7 and 4.8 machine-config also reports Available=False whenever it is Degraded.';
}

/** The release-image-version check (MCO PR #2918) that stops the operator leveling on an old rendered config. */
export const levelGuardMerged = new Date('2022-01-27T00:00:00Z');

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
