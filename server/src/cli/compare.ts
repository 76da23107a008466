/**
 * `compare`'s output: text for the terminal (where the update stood in each gather, the objects
 * that changed with their facts before → after, the findings that cleared, appeared or changed
 * level, each with its file:line) or the JSON contract (`reports/comparison.ts`).
 */
import { apart, controlPlaneBrief, levelChange, none, poolBriefs } from '../service';
import type { ReportedComparedFinding, ReportedComparison } from '../service';

export function formatCompareJson(r: ReportedComparison): string {
  return JSON.stringify(r, null, 2) + '\n';
}

function pad(s: string, n: number): string {
  return s.length >= n ? s : s + ' '.repeat(n - s.length);
}

export function formatCompareText(r: ReportedComparison, color: boolean): string {
  const paint = (code: string, s: string) => (color ? `\x1b[${code}m${s}\x1b[0m` : s);
  const out: string[] = [];
  const later = apart(r);
  out.push(
    r.sameCluster
      ? `Two gathers of cluster ${r.a.clusterId}, the older first:`
      : `Two gathers of different clusters (${r.a.clusterId ?? 'unknown'}, ${r.b.clusterId ?? 'unknown'}), compared with --force:`,
    `  a  ${r.a.root}  gathered ${r.a.gatherTime ?? 'at an unknown time'}`,
    `  b  ${r.b.root}  gathered ${r.b.gatherTime ?? 'at an unknown time'}${later ? ` (${later} later)` : ''}`,
    '',
    paint('1', '= Where the update stood ='),
    `Control plane:  ${controlPlaneBrief(r.assessment.before)}  →  ${controlPlaneBrief(r.assessment.after)}`,
  );
  for (const [name, before, after] of poolBriefs(r))
    out.push(`${pad(`Pool ${name}:`, 15)} ${before}  →  ${after}`);
  out.push('', paint('1', `= What changed (${r.objects.length} objects) =`));
  if (r.objects.length === 0) out.push('Nothing this comparison reads changed.');
  for (const o of r.objects) {
    const where = o.b ?? o.a;
    const side = o.b ? 'b' : 'a';
    out.push(`${paint('1', o.subject)}  ${where ? `${side}: ${where.file}:${where.line}` : ''}`);
    const width = Math.min(40, Math.max(...o.changes.map((c) => c.path.length)));
    for (const c of o.changes)
      out.push(`  ${pad(c.path, width)}  ${c.before ?? none} → ${c.after ?? none}`);
  }
  const list = (title: string, side: 'a' | 'b', fs: ReportedComparedFinding[]) => {
    out.push('', paint('1', `= Findings ${title} (${fs.length}) =`));
    for (const f of fs)
      out.push(
        `  ${pad(levelChange(f), 20)} ${f.subject}  ${f.message}  [${f.rule}]`,
        `      ${side}: ${f.at.file}:${f.at.line}`,
      );
  };
  list('cleared', 'a', r.findings.cleared);
  list('appeared', 'b', r.findings.appeared);
  list('that changed level', 'b', r.findings.changed);
  return out.join('\n') + '\n';
}
