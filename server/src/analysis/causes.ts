/** Findings grouped by what caused them (stub: each finding its own cause, until grouping lands). */
import type { Cause } from '../core/cause';
import type { Finding } from '../core/finding';
import type { Snapshot } from '../model/snapshot';

export function causesOf(findings: readonly Finding[], _snapshot: Snapshot): Cause[] {
  return findings.map((f, i) => ({
    id: `${f.rule}@${f.subject}`,
    title: f.message,
    level: f.severity,
    subjects: [f.subject],
    findings: [i],
  }));
}
