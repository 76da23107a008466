/**
 * Findings, causes and first looks as every report gives them: 1-based positions and paths
 * relative to the analysed path, for the CLI's reports and the language server's case summary.
 */
import type { ParsedFileCache } from '../gather/fileCache';
import { rangeIn } from '../yaml/positions';
import type { ChainLink, Finding, Location, Severity, Subject } from '../core/finding';
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

type Peek = Pick<ParsedFileCache, 'peek'>;

/** A place as every report gives it: one conversion, so text, JSON, SARIF and tools agree. */
function placeOf(loc: Location, relPath: PathDisplay, cache: Peek): ReportedLocation {
  const r = rangeIn(cache.peek(loc.file), loc);
  return { file: relPath(loc.file), line: r.start.line + 1, column: r.start.character + 1 };
}

export interface ReportedFinding extends ReportedLocation {
  rule: string;
  severity: Severity;
  /** The object the finding is about: `<kind>/<name>` (see core/finding.ts). */
  subject: string;
  message: string;
  /** The explanation behind the message, in Markdown (absent when the message says it all). */
  detail?: string;
  /** The object's own words the judgement rests on, verbatim (core/finding.ts `quote`). */
  quote?: string;
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
  cache: Peek,
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
        ...(f.quote ? { quote: f.quote } : {}),
        root: relPath(a.root.path),
        related: f.related.map((x) => ({ ...placeOf(x, relPath, cache), message: x.message })),
      };
    }),
  );
}

/** A step of a cause's chain placed like a finding; no place when the object is not in the gather. */
type ReportedChainLink = Omit<ChainLink, 'location'> & Partial<ReportedLocation>;

/** A cause as JSON gives it: its findings are indexes into the report's `findings`. */
export interface ReportedCause extends Omit<Cause, 'chain'> {
  /** The must-gather root, relative to the analysed path. */
  root: string;
  /** The object at the root of the cause (`subjects[0]`): what to fix. */
  rootSubject: Subject;
  /** From the reporting operator down to the root (`core/cause.ts`); empty when it has none. */
  chain: ReportedChainLink[];
}

/** A chain's steps placed as findings are (`placeOf`), for every report of a cause. */
function toReportedChain(
  chain: readonly ChainLink[],
  relPath: PathDisplay,
  cache: Peek,
): ReportedChainLink[] {
  return chain.map(({ location, ...step }) =>
    location ? { ...step, ...placeOf(location, relPath, cache) } : step,
  );
}

/**
 * The causes of each analysis (`analysis/causes.ts`), with indexes into the findings of all the
 * analyses in order, as `toReported` lists them.
 * @param first the index in the report of the first finding of these analyses (when a report
 * places each must-gather's findings and causes in turn, while its files are in the cache).
 */
export function toReportedCauses(
  base: string | PathDisplay,
  analyses: RootAnalysis[],
  cache: Peek,
  first = 0,
): ReportedCause[] {
  const relPath = typeof base === 'string' ? pathDisplay(base) : base;
  let offset = first;
  return analyses.flatMap((a) => {
    const causes = causesOf(a.findings, a.snapshot).map(({ chain, ...c }) => ({
      ...c,
      root: relPath(a.root.path),
      rootSubject: c.subjects[0] ?? a.findings[c.findings[0] ?? 0]?.subject ?? '',
      chain: toReportedChain(chain ?? [], relPath, cache),
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
