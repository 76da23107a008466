/**
 * Levels that follow time, as `oc adm upgrade status` judges operators: a condition that
 * changed under 5 minutes before the gather is information ("changed just before the gather"),
 * then a warning, and an error once it has held for `errorAfterMinutes`. Ages are measured from
 * the condition's lastTransitionTime to the assessment's "now" (the gather time, else the newest
 * moment the must-gather shows); without a transition time, `unknown` applies.
 */
import type { Severity } from '../../core/finding';
import { duration } from '../../core/text';

const justChangedMinutes = 5;

/** Minutes from `since` to `now` (the gather), or undefined when either is unknown. */
export function minutesSince(since: Date | undefined, now: Date | undefined): number | undefined {
  return since && now ? (now.getTime() - since.getTime()) / 60_000 : undefined;
}

export interface AgedLevel {
  severity: Severity;
  /** A sentence for the message when the level is lowered, else ''. */
  note: string;
}

export function levelByAge(
  since: Date | undefined,
  now: Date | undefined,
  errorAfterMinutes: number,
  unknown: Severity = 'error',
): AgedLevel {
  if (!since || !now) return { severity: unknown, note: '' };
  const minutes = (now.getTime() - since.getTime()) / 60_000;
  if (minutes < justChangedMinutes) {
    return {
      severity: 'info',
      note: ` It changed just before the gather (${duration(now.getTime() - since.getTime())}): normal during an update, worth a look only if it persists.`,
    };
  }
  if (minutes < errorAfterMinutes) {
    return {
      severity: 'warning',
      note: ` It has held for ${duration(now.getTime() - since.getTime())}, under the ${errorAfterMinutes} minutes after which oc adm upgrade status calls it an error.`,
    };
  }
  return { severity: 'error', note: '' };
}
