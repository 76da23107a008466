/**
 * The Findings view's request: each analysed root's findings grouped by cause
 * (`analysis/causes.ts`), worst first, every location as a URI and an LSP range from the same
 * parse the diagnostics use. The grouping is the analysis'; this module only translates, and
 * makes sure every finding is shown exactly once whatever the grouping says.
 */
import { pathToFileURL } from 'node:url';
import { rangeIn } from '../service';
import type { ParsedFile, RootAnalysis } from '../service';
import { analysisCauses } from './analysisCauses';
import type { Cause } from '../core/cause';
import { severityRank } from '../core/finding';
import type { Finding, Location } from '../core/finding';
import type { CauseEntry, EvidenceLink, FindingEntry, RootFindings } from '../protocol/messages';

/**
 * @param place how the root is named (`Workspace.placeOf`).
 * @param peek the parse of a file the analysis read, for ranges.
 * @param log where a grouping that broke its contract is reported.
 */
export function rootFindings(
  a: RootAnalysis,
  place: string,
  peek: (file: string) => ParsedFile | undefined,
  log: (message: string) => void,
): RootFindings {
  const link = (loc: Location, message?: string): EvidenceLink => ({
    uri: pathToFileURL(loc.file).href,
    range: rangeIn(peek(loc.file), loc),
    ...(message !== undefined ? { message } : {}),
  });
  const entry = (f: Finding): FindingEntry => ({
    rule: f.rule,
    severity: f.severity,
    subject: f.subject,
    message: f.message,
    location: link(f.location),
    related: f.related.map((r) => link(r, r.message)),
  });
  const causes = wholeCauses(a, log).map(
    (c): CauseEntry => ({
      id: c.id,
      title: c.title,
      level: c.level,
      subjects: c.subjects,
      findings: c.findings.map((i) => entry(a.findings[i]!)),
    }),
  );
  // Stable: causes of one level keep the grouping's order.
  causes.sort((x, y) => severityRank(x.level) - severityRank(y.level));
  return { root: a.root.path, place, causes };
}

/**
 * The analysis' causes, each finding in exactly one: an index out of range or seen before is
 * dropped, and a finding no cause holds becomes a cause of its own (as a finding nothing
 * explains is), so the view never loses what Problems shows. A grouping that throws leaves
 * every finding its own cause. Either way the log says so once.
 */
function wholeCauses(a: RootAnalysis, log: (message: string) => void): Cause[] {
  let grouped: Cause[];
  try {
    grouped = analysisCauses(a);
  } catch (err) {
    log(`grouping the findings of ${a.root.path} by cause failed: ${String(err)}`);
    grouped = [];
  }
  const seen = new Set<number>();
  let dropped = 0;
  const causes: Cause[] = [];
  for (const c of grouped) {
    const findings = c.findings.filter((i) => {
      const ok = Number.isInteger(i) && i >= 0 && i < a.findings.length && !seen.has(i);
      if (ok) seen.add(i);
      else dropped++;
      return ok;
    });
    if (findings.length > 0) causes.push({ ...c, findings });
  }
  const alone = a.findings.flatMap((f, i) => (seen.has(i) ? [] : [{ f, i }]));
  for (const { f, i } of alone) {
    causes.push({
      id: `${f.rule}@${f.subject}`,
      title: f.message,
      level: f.severity,
      subjects: [f.subject],
      findings: [i],
    });
  }
  if ((dropped > 0 || alone.length > 0) && grouped.length > 0) {
    log(
      `causes of ${a.root.path}: ${dropped} index(es) out of range or repeated, ${alone.length} finding(s) in no cause (shown alone)`,
    );
  }
  return causes;
}
