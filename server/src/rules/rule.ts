/** What every rule module exports: its metadata and a pure check over a Snapshot. */
import type { Snapshot } from '../model/snapshot';
import type { Finding, Location, RelatedLocation, Severity } from './finding';

export interface Rule {
  /** Stable kebab-case id, used in settings and output. */
  id: string;
  defaultSeverity: Severity;
  /** One line for docs and listings. */
  summary: string;
  check(snapshot: Snapshot): Finding[];
}

export function finding(
  rule: Rule,
  location: Location,
  message: string,
  related: (RelatedLocation | undefined)[] = [],
  severity: Severity = rule.defaultSeverity,
): Finding {
  return {
    rule: rule.id,
    severity,
    location,
    message,
    related: related.filter((r): r is RelatedLocation => r !== undefined),
  };
}

/** A related location with its explanation; undefined-safe so callers can pass optional evidence. */
export function rel(location: Location | undefined, message: string): RelatedLocation | undefined {
  return location ? { ...location, message } : undefined;
}
