/**
 * The causes of a root's latest analysis, computed once and kept with it: hovers and the
 * Findings view ask for them often. The server appends open files' problems to an analysis'
 * findings after it runs, so the kept grouping is redone when their number changed.
 */
import { causesOf } from '../service';
import type { RootAnalysis } from '../service';
import type { Cause } from '../core/cause';

const kept = new WeakMap<RootAnalysis, { count: number; causes: Cause[] }>();

export function analysisCauses(a: RootAnalysis): Cause[] {
  const k = kept.get(a);
  if (k && k.count === a.findings.length) return k.causes;
  const causes = causesOf(a.findings, a.snapshot);
  kept.set(a, { count: a.findings.length, causes });
  return causes;
}
