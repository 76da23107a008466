/**
 * Update-level judgements ("Update Health" in `oc adm upgrade status`): the findings that bear
 * on the update, each with oc's impact words, plus what the assessment alone says (stalled, or
 * proceeding well). insights = f(assessment, findings): every error-level insight is a finding,
 * which says why.
 */
import type { Finding, Location, Severity } from '../core/finding';
import type { Impact, UpdateAssessment } from '../model/assessment';
import { rules } from '../rules/registry';
import { updating } from '../rules/rule';

type InsightLevel = 'error' | 'warning' | 'info';

export interface Insight {
  level: InsightLevel;
  impact: Impact;
  since: Date | undefined;
  message: string;
  /** The finding it comes from (none for what the assessment alone says). */
  rule: string | undefined;
  subject: string;
  evidence: Location;
  /** The finding it comes from (none for what the assessment alone says). */
  finding?: Finding;
}

/**
 * What each rule's findings mean for the update, in oc's words, from the rules' definitions
 * (`yaml-invalid` is not an insight: a file that cannot be read says nothing of the update).
 */
const impactOf: Readonly<Record<string, Impact>> = Object.fromEntries(
  rules.map((r) => [r.meta.id, r.meta.impact]),
);

const levelRank: Record<InsightLevel, number> = { error: 0, warning: 1, info: 2 };

export function insightsOf(a: UpdateAssessment, findings: Finding[]): Insight[] {
  const out: Insight[] = [];
  for (const f of findings) {
    const impact = impactOf[f.rule];
    const level = levelOf(f.severity);
    if (impact === undefined || level === undefined || level === 'info') continue;
    out.push({
      level,
      impact,
      since: f.since,
      message: f.message,
      rule: f.rule,
      subject: f.subject,
      evidence: f.location,
      finding: f,
    });
  }
  const cp = a.controlPlane;
  // Stalled with no finding that says why: the assessment is the only row (oc has none then).
  if (cp.assessment === 'Stalled' && cp.evidence && !out.some((i) => i.level !== 'info')) {
    out.push({
      level: 'warning',
      impact: 'Update Stalled',
      since: undefined,
      message: `The update is stalled: ${cp.reason}`,
      rule: undefined,
      subject: 'cv/version',
      evidence: cp.evidence,
    });
  }
  if (updating(a) && out.length === 0 && cp.evidence) {
    out.push({
      level: 'info',
      impact: 'None',
      since: cp.startedAt,
      message: 'Update is proceeding well',
      rule: undefined,
      subject: 'cv/version',
      evidence: cp.evidence,
    });
  }
  // Worst first, then the newest (oc's order); unknown times last.
  const time = (i: Insight) => i.since?.getTime() ?? Number.MIN_SAFE_INTEGER;
  return out.sort((x, y) => levelRank[x.level] - levelRank[y.level] || time(y) - time(x));
}

function levelOf(s: Severity): InsightLevel | undefined {
  return s === 'hint' ? undefined : s;
}
