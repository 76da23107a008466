/**
 * Formats an analysis for the terminal (the first look at each must-gather, then findings under
 * their cause, or by file like a compiler) and as JSON (`{summary, findings, causes}`).
 */
import { pathDisplay } from '../core/paths';
import type { PathDisplay } from '../core/paths';
import { toReportedSummaries } from '../service';
import type { ReportedCause, ReportedFinding, RootAnalysis } from '../service';
import { summaryLine, summaryNotes, summaryProvenance } from '../core/gatherSummary';
import type { GatherSummary } from '../core/gatherSummary';
import { causeLines } from './causeLines';
import { findingLines, painter } from './findingLines';
import type { Detail, Paint } from './findingLines';

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

/**
 * @param detail brief: each finding's line alone; default: also each cause's chain; verbose: also
 * each finding's detail and related evidence.
 * @param causes when given, findings are printed under their cause (root first), else by file.
 */
export function formatText(
  findings: ReportedFinding[],
  roots: RootAnalysis[],
  base: string | PathDisplay,
  color: boolean,
  detail: Detail = 'default',
  causes?: ReportedCause[],
): string {
  const paint = painter(color);
  const lines: string[] = [];
  const display = typeof base === 'string' ? pathDisplay(base) : base;
  const rootList = roots.map((r) => display(r.root.path));
  lines.push(
    `Analysed ${roots.length} must-gather${roots.length === 1 ? '' : 's'}: ${rootList.join(', ')}`,
    '',
    ...formatSummaries(toReportedSummaries(display, roots), color),
  );
  if (causes) lines.push(...causeLines(findings, causes, paint, detail));
  else lines.push(...fileLines(findings, paint, detail === 'verbose'));
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
function fileLines(findings: ReportedFinding[], paint: Paint, verbose: boolean): string[] {
  const lines: string[] = [];
  const byFile = new Map<string, ReportedFinding[]>();
  for (const f of findings) byFile.set(f.file, [...(byFile.get(f.file) ?? []), f]);
  for (const [file, fs] of byFile) {
    lines.push(paint('4', file));
    for (const f of fs) lines.push(...findingLines(f, 'file', paint, verbose));
    lines.push('');
  }
  return lines;
}
