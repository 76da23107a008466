/** What every rule module exports: its metadata and a pure check over a Snapshot. */
import type { Finding, Location, RelatedLocation, Severity, Subject } from '../core/finding';
import type { Limits } from '../limits';
import { assessUpdate } from '../model/assessment';
import type { UpdateAssessment } from '../model/assessment';
import type { Snapshot } from '../model/snapshot';

/**
 * What a rule may know besides the snapshot: the bounds the user set. The update assessment
 * (where the update as a whole stands) joins it, so that each rule can judge one object in the
 * light of the whole.
 */
export interface RuleContext {
  limits: Limits;
  /** Where the update as a whole stands; computed from the snapshot when a caller gives none. */
  assessment?: UpdateAssessment;
}

/** The update assessment of this snapshot: the one the analysis computed, or a new one. */
export function assessmentOf(s: Snapshot, context: RuleContext): UpdateAssessment {
  return context.assessment ?? assessUpdate(s);
}

/** An update to a new release is moving as expected (no stall, not slow). */
export function progressingNormally(a: UpdateAssessment): boolean {
  return a.controlPlane.assessment === 'Progressing';
}

/** An update to a new release is in flight, however fast. */
export function updating(a: UpdateAssessment): boolean {
  const cp = a.controlPlane.assessment;
  return cp === 'Progressing' || cp === 'ProgressingSlow' || cp === 'Stalled';
}

/**
 * A finding of another rule that a finding of this rule explains: of rule `rule`, about `subject`
 * (the explaining finding's own subject when not given), with `cause` when given. After the
 * user's levels, an explained finding is shown only as related evidence of its explainer; a rule
 * that is off is never run and so explains nothing.
 */
export interface Explains {
  rule: string;
  subject?: string;
  cause?: string;
}

export interface Rule {
  /** Stable kebab-case id, used in settings and output. */
  id: string;
  defaultSeverity: Severity;
  /** One line for docs and listings. */
  summary: string;
  /** Findings of other rules that this rule's findings explain (one owner per cause). */
  explains?: readonly Explains[];
  check(snapshot: Snapshot, context: RuleContext): Finding[];
}

export function finding(
  rule: Rule,
  subject: Subject,
  location: Location,
  message: string,
  related: (RelatedLocation | undefined)[] = [],
  severity: Severity = rule.defaultSeverity,
  since?: Date,
): Finding {
  const f: Finding = {
    rule: rule.id,
    severity,
    subject,
    location,
    message,
    related: related.filter((r): r is RelatedLocation => r !== undefined),
  };
  if (since) f.since = since;
  return f;
}

/** A related location with its explanation; undefined-safe so callers can pass optional evidence. */
export function rel(location: Location | undefined, message: string): RelatedLocation | undefined {
  return location ? { ...location, message } : undefined;
}
