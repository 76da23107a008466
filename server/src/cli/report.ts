/**
 * Formats an analysis for the terminal (the first look at each must-gather, then findings
 * grouped by file, like a compiler) and as JSON (`{summary, findings}`).
 */
import type { ParsedFileCache } from '../gather/fileCache';
import { rangeIn } from '../yaml/positions';
import type { Finding } from '../core/finding';
import { pathDisplay } from '../core/paths';
import type { PathDisplay } from '../core/paths';
import { summaryLine, summaryNotes, summaryProvenance } from '../core/gatherSummary';
import type { GatherSummary } from '../core/gatherSummary';
import type { RootAnalysis } from '../analysis/analyze';

interface ReportedLocation {
  file: string;
  line: number;
  column: number;
}

export interface ReportedFinding extends ReportedLocation {
  rule: string;
  severity: string;
  /** The object the finding is about: `<kind>/<name>` (see core/finding.ts). */
  subject: string;
  message: string;
  /** The explanation behind the message, in Markdown (absent when the message says it all). */
  detail?: string;
  endLine: number;
  endColumn: number;
  /** The must-gather root this finding belongs to, relative to the analysed path. */
  root: string;
  related: (ReportedLocation & { message: string })[];
}

/** Findings with 1-based positions and `/`-separated paths relative to the analysed path. */
export function toReported(
  base: string | PathDisplay,
  analyses: RootAnalysis[],
  cache: ParsedFileCache,
): ReportedFinding[] {
  const relPath = typeof base === 'string' ? pathDisplay(base) : base;
  return analyses.flatMap((a) =>
    a.findings.map((f: Finding) => {
      const r = rangeIn(cache.peek(f.location.file), f.location);
      return {
        rule: f.rule,
        severity: f.severity,
        subject: f.subject,
        file: relPath(f.location.file),
        line: r.start.line + 1,
        column: r.start.character + 1,
        endLine: r.end.line + 1,
        endColumn: r.end.character + 1,
        message: f.message,
        ...(f.detail ? { detail: f.detail } : {}),
        root: relPath(a.root.path),
        related: f.related.map((x) => {
          const rr = rangeIn(cache.peek(x.file), x);
          return {
            file: relPath(x.file),
            line: rr.start.line + 1,
            column: rr.start.character + 1,
            message: x.message,
          };
        }),
      };
    }),
  );
}

/** Each root's first look, its root named like the findings' (relative to the analysed path). */
export function toReportedSummaries(
  base: string | PathDisplay,
  analyses: RootAnalysis[],
): GatherSummary[] {
  const relPath = typeof base === 'string' ? pathDisplay(base) : base;
  return analyses.map((a) => ({ ...a.summary, root: relPath(a.summary.root) }));
}

export function formatJson(findings: ReportedFinding[], summary: GatherSummary[]): string {
  return JSON.stringify({ summary, findings }, null, 2) + '\n';
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

/** @param brief the messages alone, without each finding's detail. */
export function formatText(
  findings: ReportedFinding[],
  roots: RootAnalysis[],
  base: string | PathDisplay,
  color: boolean,
  brief = false,
): string {
  const paint = (code: string, s: string) => (color ? `\x1b[${code}m${s}\x1b[0m` : s);
  const sevColor: Record<string, string> = { error: '31', warning: '33', info: '36', hint: '2' };
  const lines: string[] = [];
  const display = typeof base === 'string' ? pathDisplay(base) : base;
  const rootList = roots.map((r) => display(r.root.path));
  lines.push(
    `Analysed ${roots.length} must-gather${roots.length === 1 ? '' : 's'}: ${rootList.join(', ')}`,
    '',
    ...formatSummaries(toReportedSummaries(display, roots), color),
  );
  const byFile = new Map<string, ReportedFinding[]>();
  for (const f of findings) byFile.set(f.file, [...(byFile.get(f.file) ?? []), f]);
  for (const [file, fs] of byFile) {
    lines.push(paint('4', file));
    for (const f of fs) {
      const sev = paint(sevColor[f.severity] ?? '0', f.severity.padEnd(7));
      lines.push(
        `  ${`${f.line}:${f.column}`.padEnd(8)} ${sev} ${f.message}  ${paint('2', `[${f.rule}]`)}`,
      );
      if (!brief && f.detail) lines.push(...detailLines(f.detail));
      for (const r of f.related) {
        // Related files always lie in the finding's root: print them relative to it.
        const short = r.file.startsWith(f.root + '/') ? r.file.slice(f.root.length + 1) : r.file;
        lines.push(paint('2', `             ↳ ${short}:${r.line}:${r.column} ${r.message}`));
      }
    }
    lines.push('');
  }
  const count = (s: string) => findings.filter((f) => f.severity === s).length;
  lines.push(
    `${findings.length} finding${findings.length === 1 ? '' : 's'}: ${count('error')} errors, ${count('warning')} warnings, ${count('info')} info, ${count('hint')} hints`,
  );
  return lines.join('\n') + '\n';
}
