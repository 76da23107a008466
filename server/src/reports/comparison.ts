/**
 * A comparison of two gathers (`analysis/compareGathers.ts`) as every front end prints it: each
 * location as `file:line` relative to its own gather, roots named as the caller names them, and
 * the Markdown summary the editor shows beside the diff of one object.
 */
import type {
  AssessmentBrief,
  ComparedFinding,
  FactChange,
  GatherComparison,
} from '../core/compare';
import type { Location, Severity } from '../core/finding';
import { code, text } from '../core/markdown';
import { inRoot } from '../core/paths';
import { duration } from '../core/text';
import type { ParsedFile } from '../yaml/parse';
import { rangeIn } from '../yaml/positions';

interface PlacedAt {
  /** Relative to its gather's root. */
  file: string;
  /** 1-based. */
  line: number;
}

export interface ReportedComparedFinding {
  rule: string;
  subject: string;
  before?: Severity;
  after?: Severity;
  message: string;
  /** In the newer gather that has the finding (`a` for a cleared one). */
  at: PlacedAt;
}

/** The JSON contract of `compare --format json`. */
export interface ReportedComparison {
  a: { root: string; gatherTime: string | null; clusterId: string | null };
  b: { root: string; gatherTime: string | null; clusterId: string | null };
  sameCluster: boolean;
  objects: { subject: string; a?: PlacedAt; b?: PlacedAt; changes: FactChange[] }[];
  findings: {
    appeared: ReportedComparedFinding[];
    cleared: ReportedComparedFinding[];
    changed: ReportedComparedFinding[];
  };
  assessment: { before: AssessmentBrief; after: AssessmentBrief };
}

/**
 * Lines and root-relative paths for every location; `name` names each root for the reader
 * (the path given, or a folder name), `peek` is the parse that read the file.
 */
export function placeComparison(
  c: GatherComparison,
  name: (root: string) => string,
  peek: (file: string) => ParsedFile | undefined,
): ReportedComparison {
  const place = (root: string, loc: Location): PlacedAt => ({
    file: inRoot(root, loc.file).split('\\').join('/'),
    line: rangeIn(peek(loc.file), loc).start.line + 1,
  });
  const finding = (root: string, f: ComparedFinding): ReportedComparedFinding => ({
    rule: f.rule,
    subject: f.subject,
    ...(f.before ? { before: f.before } : {}),
    ...(f.after ? { after: f.after } : {}),
    message: f.message,
    at: place(root, f.location),
  });
  return {
    a: { ...c.a, root: name(c.a.root) },
    b: { ...c.b, root: name(c.b.root) },
    sameCluster: c.sameCluster,
    objects: c.objects.map((o) => ({
      subject: o.subject,
      ...(o.a ? { a: place(c.a.root, o.a) } : {}),
      ...(o.b ? { b: place(c.b.root, o.b) } : {}),
      changes: o.changes,
    })),
    findings: {
      appeared: c.findings.appeared.map((f) => finding(c.b.root, f)),
      cleared: c.findings.cleared.map((f) => finding(c.a.root, f)),
      changed: c.findings.changed.map((f) => finding(c.b.root, f)),
    },
    assessment: c.assessment,
  };
}

/** `2h later`, when both gathers say when they ran. */
export function apart(r: Pick<ReportedComparison, 'a' | 'b'>): string | undefined {
  if (r.a.gatherTime === null || r.b.gatherTime === null) return undefined;
  const ms = Date.parse(r.b.gatherTime) - Date.parse(r.a.gatherTime);
  return Number.isFinite(ms) ? duration(ms) : undefined;
}

/** `Stalled 91% (4.15.2 → 4.15.3)`. */
export function controlPlaneBrief(b: AssessmentBrief): string {
  const pct = b.completionPercent === null ? '' : ` ${b.completionPercent}%`;
  const to = b.target ? ` (${b.from ? `${b.from} → ` : ''}${b.target})` : '';
  return `${b.controlPlane}${pct}${to}`;
}

/** Each pool in either gather: `[name, before, after]`, `none` where a gather lacks it. */
export function poolBriefs(r: ReportedComparison): [string, string, string][] {
  const names = [
    ...new Set([...r.assessment.before.pools, ...r.assessment.after.pools].map((p) => p.name)),
  ];
  const of = (b: AssessmentBrief, n: string) => {
    const p = b.pools.find((x) => x.name === n);
    if (!p) return 'none';
    return `${p.assessment}${p.completionPercent === null ? '' : ` ${p.completionPercent}%`}`;
  };
  return names.map((n) => [n, of(r.assessment.before, n), of(r.assessment.after, n)]);
}

export const none = '(none)';

/**
 * The summary beside the diff of one object in the editor: the two gathers, where the update
 * stood, the object's changed facts, and the findings about it that appeared, cleared or
 * changed. Every must-gather string is escaped.
 */
export function objectComparisonMarkdown(r: ReportedComparison, subject: string): string {
  const out: string[] = [];
  const later = apart(r);
  out.push(`# ${code(subject)}: two gathers compared`, '');
  out.push(
    `- **a** ${code(r.a.root)}, gathered ${text(r.a.gatherTime ?? 'at an unknown time')}`,
    `- **b** ${code(r.b.root)}, gathered ${text(r.b.gatherTime ?? 'at an unknown time')}${later ? ` (${later} later)` : ''}`,
  );
  if (!r.sameCluster)
    out.push(
      '',
      `**Not the same cluster:** ${text(r.a.clusterId ?? 'unknown')} and ${text(r.b.clusterId ?? 'unknown')}.`,
    );
  out.push('', '## Where the update stood', '');
  out.push(
    `- Control plane: ${text(controlPlaneBrief(r.assessment.before))} → ${text(controlPlaneBrief(r.assessment.after))}`,
  );
  for (const [name, before, after] of poolBriefs(r))
    out.push(`- Pool ${text(name)}: ${text(before)} → ${text(after)}`);
  const obj = r.objects.find((o) => o.subject === subject);
  out.push('', `## What changed in ${code(subject)}`, '');
  if (!obj) out.push('Nothing this comparison reads changed.');
  else {
    out.push('| field | a | b |', '| --- | --- | --- |');
    for (const ch of obj.changes)
      out.push(
        // `text` escapes pipes and line breaks, so a value stays in its cell.
        `| ${text(ch.path)} | ${text(ch.before ?? none)} | ${text(ch.after ?? none)} |`,
      );
  }
  const mine = (list: ReportedComparedFinding[]) => list.filter((f) => f.subject === subject);
  const groups: [string, ReportedComparedFinding[]][] = [
    ['Cleared', mine(r.findings.cleared)],
    ['Appeared', mine(r.findings.appeared)],
    ['Changed level', mine(r.findings.changed)],
  ];
  out.push('', `## Findings about ${code(subject)}`, '');
  if (groups.every(([, l]) => l.length === 0)) out.push('The same in both gathers.');
  for (const [title, list] of groups) {
    if (list.length === 0) continue;
    out.push(`**${title}:**`, '');
    for (const f of list)
      out.push(
        `- ${levelChange(f)} ${code(f.rule)}: ${text(f.message)} (${code(`${f.at.file}:${f.at.line}`)})`,
      );
    out.push('');
  }
  const others = r.findings.appeared.length + r.findings.cleared.length + r.findings.changed.length;
  out.push(
    '',
    `Across the cluster: ${r.objects.length} objects changed; ${r.findings.cleared.length} findings cleared, ${r.findings.appeared.length} appeared, ${r.findings.changed.length} changed level (${others} in all). ${code('must-gather-inspector compare')} lists them.`,
  );
  return out.join('\n') + '\n';
}

/** `warning → (none)`. */
export function levelChange(f: Pick<ReportedComparedFinding, 'before' | 'after'>): string {
  return `${f.before ?? none} → ${f.after ?? none}`;
}
