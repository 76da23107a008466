/**
 * Update Health as rows: every insight (`status --details`), or one row per cause with its worst
 * insight's time, impact and evidence, for `status` and the case summary.
 */
import { causeLead } from '../core/updateStatus';
import type { CauseHeadline, Evidence, InsightReport } from '../core/updateStatus';

export interface HealthRow {
  since: string | null;
  level: InsightReport['level'];
  impact: InsightReport['impact'];
  message: string;
  evidence: Partial<Evidence>;
}

/** Every insight, as oc lists them (worst first, then newest). */
export function insightRows(insights: InsightReport[]): HealthRow[] {
  return insights.map((i) => ({
    ...i,
    message: `${i.message}${i.rule ? ` [${i.rule}]` : ''}`,
    evidence: i,
  }));
}

/**
 * One line per cause, where its worst insight stands (oc's order): the cause's title and how many
 * insights it explains, with the time, impact and evidence of its lead insight (`causeLead`).
 * Insights without a cause keep their own line.
 */
export function causeRows(insights: InsightReport[], causes: CauseHeadline[]): HealthRow[] {
  const rows: HealthRow[] = [];
  const done = new Set<string>();
  for (const i of insights) {
    const c = i.cause === null ? undefined : causes.find((x) => x.id === i.cause);
    if (!c) {
      rows.push(...insightRows([i]));
      continue;
    }
    if (done.has(c.id)) continue;
    done.add(c.id);
    const mine = insights.filter((x) => x.cause === c.id);
    const more = mine.length > 1 ? ` (${mine.length} insights: status --details lists them)` : '';
    const shown = causeLead(i, mine, c);
    rows.push({
      since: shown.since ?? i.since,
      level: shown.level,
      impact: shown.impact,
      message: `${c.title}${more}`,
      evidence: shown,
    });
  }
  return rows;
}
