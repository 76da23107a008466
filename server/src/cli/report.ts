/**
 * Formats an analysis for the terminal (the first look at each must-gather, then findings under
 * their cause, or by file like a compiler) and as JSON (`{summary, findings, causes}`).
 */
import { inRoot, pathDisplay } from '../core/paths';
import type { PathDisplay } from '../core/paths';
import type { RootAnalysis } from '../analysis/analyze';
import { summaryLine, summaryNotes, summaryProvenance } from '../core/gatherSummary';
import type { GatherSummary } from '../core/gatherSummary';
import { toReportedSummaries } from '../reports/reported';
import type { ReportedCause, ReportedFinding } from '../reports/reported';

export function formatJson(
  findings: ReportedFinding[],
  summary: GatherSummary[],
  causes: ReportedCause[],
): string {
  return JSON.stringify({ summary, findings, causes }, null, 2) + '\n';
}

/**
 * A few lines per root: its path, the first look in one line, how it was gathered (when that says
 * more than `must-gather`), and its notes.
 */
function formatSummaries(summaries: GatherSummary[], color: boolean): string[] {
  const paint = (code: string, s: string) => (color ? `\x1b[${code}m${s}\x1b[0m` : s);
  return summaries.flatMap((s) => [
    paint('1', s.root),
    `  ${summaryLine(s)}`,
    ...(s.form !== 'must-gather' || s.image !== undefined || s.ocVersion !== undefined
      ? [`  ${summaryProvenance(s)}`]
      : []),
    ...summaryNotes(s).map((n) => `  ${paint('33', 'note:')} ${n}`),
    '',
  ]);
}

/** A finding's detail under its message: indented, blank lines kept as paragraph breaks. */
function detailLines(detail: string): string[] {
  return detail
    .trim()
    .split('\n')
    .map((l) => (l.trim() === '' ? '' : `             ${l}`));
}

const sevColor: Record<string, string> = { error: '31', warning: '33', info: '36', hint: '2' };

type Paint = (code: string, s: string) => string;

/**
 * One finding: level, message and rule after its line and column (by file), or followed by
 * where it is (under a cause, whose findings lie in many files); its detail unless brief; its
 * evidence.
 */
function findingLines(
  f: ReportedFinding,
  by: 'file' | 'cause',
  paint: Paint,
  brief: boolean,
): string[] {
  const sev = paint(sevColor[f.severity] ?? '0', f.severity.padEnd(7));
  const said = `${sev} ${f.message}  ${paint('2', `[${f.rule}]`)}`;
  const lines =
    by === 'file'
      ? [`  ${`${f.line}:${f.column}`.padEnd(8)} ${said}`]
      : [
          `  ${said}`,
          paint('2', `             at ${inRoot(f.root, f.file)}:${f.line}:${f.column}`),
        ];
  if (!brief && f.detail) lines.push(...detailLines(f.detail));
  for (const r of f.related) {
    // Related files always lie in the finding's root: print them relative to it.
    lines.push(
      paint('2', `             ↳ ${inRoot(f.root, r.file)}:${r.line}:${r.column} ${r.message}`),
    );
  }
  return lines;
}

/**
 * @param brief the messages alone, without each finding's detail.
 * @param causes when given, findings are printed under their cause (root first), else by file.
 */
export function formatText(
  findings: ReportedFinding[],
  roots: RootAnalysis[],
  base: string | PathDisplay,
  color: boolean,
  brief = false,
  causes?: ReportedCause[],
): string {
  const paint: Paint = (code, s) => (color ? `\x1b[${code}m${s}\x1b[0m` : s);
  const lines: string[] = [];
  const display = typeof base === 'string' ? pathDisplay(base) : base;
  const rootList = roots.map((r) => display(r.root.path));
  lines.push(
    `Analysed ${roots.length} must-gather${roots.length === 1 ? '' : 's'}: ${rootList.join(', ')}`,
    '',
    ...formatSummaries(toReportedSummaries(display, roots), color),
  );
  if (causes) lines.push(...causeLines(findings, causes, paint, brief));
  else lines.push(...fileLines(findings, paint, brief));
  const count = (s: string) => findings.filter((f) => f.severity === s).length;
  const among =
    causes && findings.length > 0
      ? ` in ${causes.length} cause${causes.length === 1 ? '' : 's'}`
      : '';
  lines.push(
    `${findings.length} finding${findings.length === 1 ? '' : 's'}${among}: ${count('error')} errors, ${count('warning')} warnings, ${count('info')} info, ${count('hint')} hints`,
  );
  return lines.join('\n') + '\n';
}

/** By file, like a compiler: the file, then each finding at its line and column. */
function fileLines(findings: ReportedFinding[], paint: Paint, brief: boolean): string[] {
  const lines: string[] = [];
  const byFile = new Map<string, ReportedFinding[]>();
  for (const f of findings) byFile.set(f.file, [...(byFile.get(f.file) ?? []), f]);
  for (const [file, fs] of byFile) {
    lines.push(paint('4', file));
    for (const f of fs) lines.push(...findingLines(f, 'file', paint, brief));
    lines.push('');
  }
  return lines;
}

/** By cause: its level and title, then its findings in causal order, each at file:line:column. */
function causeLines(
  findings: ReportedFinding[],
  causes: ReportedCause[],
  paint: Paint,
  brief: boolean,
): string[] {
  const lines: string[] = [];
  const roots = new Set(causes.map((c) => c.root));
  let root: string | undefined;
  for (const c of causes) {
    // Several must-gathers: each one's causes under its path, which their files are relative to.
    if (roots.size > 1 && c.root !== root) lines.push(paint('4', c.root), '');
    root = c.root;
    const level = paint(sevColor[c.level] ?? '0', c.level.toUpperCase());
    const count = c.findings.length === 1 ? '' : ` (${c.findings.length} findings)`;
    lines.push(`${level} ${paint('1', c.title)}${count}`);
    for (const i of c.findings) lines.push(...findingLines(findings[i]!, 'cause', paint, brief));
    lines.push('');
  }
  return lines;
}
