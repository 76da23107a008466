/**
 * Findings, causes and first looks as every report gives them: 1-based positions and paths
 * relative to the analysed path, for the CLI's reports and the language server's case summary.
 */
import type { ParsedFileCache } from '../gather/fileCache';
import { rangeIn } from '../yaml/positions';
import type { Finding, Severity } from '../core/finding';
import { pathDisplay } from '../core/paths';
import type { PathDisplay } from '../core/paths';
import type { GatherSummary } from '../core/gatherSummary';
import type { RootAnalysis } from '../analysis/analyze';
import { causesOf } from '../analysis/causes';
import type { Cause } from '../core/cause';

interface ReportedLocation {
  file: string;
  line: number;
  column: number;
}

export interface ReportedFinding extends ReportedLocation {
  rule: string;
  severity: Severity;
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
  cache: Pick<ParsedFileCache, 'peek'>,
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

/** A cause as JSON gives it: its findings are indexes into the report's `findings`. */
export interface ReportedCause extends Cause {
  /** The must-gather root, relative to the analysed path. */
  root: string;
}

/**
 * The causes of each analysis (`analysis/causes.ts`), with indexes into the findings of all the
 * analyses in order, as `toReported` lists them.
 */
export function toReportedCauses(
  base: string | PathDisplay,
  analyses: RootAnalysis[],
): ReportedCause[] {
  const relPath = typeof base === 'string' ? pathDisplay(base) : base;
  let offset = 0;
  return analyses.flatMap((a) => {
    const causes = causesOf(a.findings, a.snapshot).map((c) => ({
      ...c,
      root: relPath(a.root.path),
      findings: c.findings.map((i) => i + offset),
    }));
    offset += a.findings.length;
    return causes;
  });
}

/** Each root's first look, its root named like the findings' (relative to the analysed path). */
export function toReportedSummaries(
  base: string | PathDisplay,
  analyses: RootAnalysis[],
): GatherSummary[] {
  const relPath = typeof base === 'string' ? pathDisplay(base) : base;
  return analyses.map((a) => ({ ...a.summary, root: relPath(a.summary.root) }));
}
