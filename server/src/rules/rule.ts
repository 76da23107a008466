/** What every rule module exports: its metadata and a pure check over a Snapshot. */
import type { Finding, Location, RelatedLocation, Severity, Subject } from '../core/finding';
import type { Limits } from '../limits';
import type { Snapshot } from '../model/snapshot';

/**
 * What a rule may know besides the snapshot: the bounds the user set. The update assessment
 * (where the update as a whole stands) joins it, so that each rule can judge one object in the
 * light of the whole.
 */
export interface RuleContext {
  limits: Limits;
}

export interface Rule {
  /** Stable kebab-case id, used in settings and output. */
  id: string;
  defaultSeverity: Severity;
  /** One line for docs and listings. */
  summary: string;
  check(snapshot: Snapshot, context: RuleContext): Finding[];
}

export function finding(
  rule: Rule,
  subject: Subject,
  location: Location,
  message: string,
  related: (RelatedLocation | undefined)[] = [],
  severity: Severity = rule.defaultSeverity,
): Finding {
  return {
    rule: rule.id,
    severity,
    subject,
    location,
    message,
    related: related.filter((r): r is RelatedLocation => r !== undefined),
  };
}

/** A related location with its explanation; undefined-safe so callers can pass optional evidence. */
export function rel(location: Location | undefined, message: string): RelatedLocation | undefined {
  return location ? { ...location, message } : undefined;
}
