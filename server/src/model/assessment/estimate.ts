/**
 * The estimates `oc adm upgrade status` prints, computed as oc computes them (openshift/oc
 * `pkg/cli/admin/upgrade/status/controlplane.go`: `estimateCompletion`, `timewiseComplete`,
 * `baselineDuration`, `vagueUnder`; `workerpool.go`: each node's EST), with its coefficients,
 * rounding and wording, so that a must-gather reads as the live cluster did. See
 * docs/domain/update-status.md.
 */
import { ocDuration } from '../../core/text';
import type { HistoryEntry } from '../clusterVersion';
import type { NodePhase } from './types';

const minute = 60;

/**
 * Share of an update's time that has passed when a share `x` of the payload's operators is
 * updated: oc's polynomial fit of real updates (most operators update early; machine-config,
 * which rolls the nodes, last).
 */
export function timewiseComplete(x: number): number {
  if (x < 0.25) return -0.03078788 + 2.62886 * x - 3.823954 * x ** 2;
  if (x < 0.9) {
    return 0.1851215 + 1.64994 * x - 4.676898 * x ** 2 + 5.451824 * x ** 3 - 2.125286 * x ** 4;
  }
  return 25053.32 - 107394.3 * x + 172527.2 * x ** 2 - 123107 * x ** 3 + 32921.81 * x ** 4;
}

/** The length of the last completed update between the newest and the install, else an hour. */
export function baselineSeconds(history: HistoryEntry[]): number {
  if (history.length < 3) return 60 * minute;
  for (const h of history.slice(1, -1)) {
    if (h.state === 'Completed') {
      const start = h.startedTime?.getTime();
      const end = h.completionTime?.getTime();
      // oc subtracts Go's zero time when one is missing; a must-gather rarely lacks both.
      return start !== undefined && end !== undefined ? (end - start) / 1000 : 60 * minute;
    }
  }
  return 60 * minute;
}

/**
 * Seconds left until the control plane completes (negative: overdue), as oc estimates them:
 * projected from when operators last moved and how many are updated, or the baseline, plus 20%
 * (less 20% when overdue); whole seconds, rounded to the minute past ten minutes.
 */
export function estimateSecondsLeft(
  baseline: number,
  toLastProgress: number,
  updatingFor: number,
  completion: number,
): number {
  if (completion >= 1) return 0;
  const share = timewiseComplete(completion);
  const total =
    completion > 0 && share > 0 && toLastProgress > 5 * minute ? toLastProgress / share : baseline;
  const remaining = total - updatingFor;
  const estimate = Math.trunc(remaining * (remaining < 0 ? 1 / 1.2 : 1.2));
  return estimate > 10 * minute ? roundAway(estimate / minute) * minute : estimate;
}

/** What oc prints after "Est. Time Remaining:". */
export function estimateText(left: number, estimatedTotal: number, multiArch: boolean): string {
  if (multiArch) return 'N/A for Multi-Architecture Migration';
  if (left < -10 * minute) return `N/A; estimate duration was ${ocDuration(estimatedTotal)}`;
  if (left < 10 * minute) return '<10m';
  return ocDuration(left);
}

/** A node's EST column: how long its own update may still take, by phase, as oc guesses. */
export function nodeEstimate(
  phase: NodePhase,
  updated: boolean,
  stuck: boolean,
): '-' | '?' | '+5m' | '+10m' {
  if (stuck) return updated ? '-' : '?';
  switch (phase) {
    case 'Paused':
    case 'Updated':
      return '-';
    case 'Pending':
      return '?';
    case 'Draining':
      return '+10m';
    default:
      return '+5m';
  }
}

/** Go's `Round`: halfway away from zero. */
function roundAway(x: number): number {
  return Math.sign(x) * Math.round(Math.abs(x));
}

/** Go's `Truncate` to whole minutes (toward zero), in seconds. */
export function truncateToMinute(seconds: number): number {
  return Math.trunc(seconds / minute) * minute;
}
