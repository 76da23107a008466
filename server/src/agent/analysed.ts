/**
 * One gather analysed for the tools: the analysis, and its reports placed (file and line) at
 * once, while the files the analysis read are surely still in the bounded parse cache. Files
 * are named relative to the gather, as `mustgather_get` takes them back.
 */
import {
  analyzeRoot,
  intervalsOf,
  rangeIn,
  recommendReport,
  statusReport,
  toReported,
  toReportedCauses,
} from '../service';
import type {
  AnalysisContext,
  ParsedFile,
  ReportedCause,
  ReportedFinding,
  RootAnalysis,
} from '../service';
import type { Interval } from '../core/interval';
import { pathDisplay } from '../core/paths';
import type { PathDisplay } from '../core/paths';
import type { RootRecommendReport } from '../core/recommend';
import type { RootStatusReport } from '../core/updateStatus';
import type { Gather } from './open';

/** An interval with its evidence placed. */
interface PlacedInterval extends Omit<Interval, 'from' | 'to' | 'evidence'> {
  from: string;
  to: string;
  file: string;
  line: number;
}

export interface Analysed {
  gather: Gather;
  analysis: RootAnalysis;
  /** A file's name relative to the gather. */
  name: PathDisplay;
  /** In the analysis' order: a finding's index here is its `index` for `mustgather_explain`. */
  findings: ReportedFinding[];
  causes: ReportedCause[];
  status: RootStatusReport;
  timeline: PlacedInterval[];
  recommend: RootRecommendReport;
}

export async function analyse(
  gather: Gather,
  ctx: AnalysisContext,
  log: (m: string) => void,
): Promise<Analysed> {
  const a = await analyzeRoot(gather.root, ctx);
  for (const e of a.internalErrors) log(e);
  return placed(gather, a, (f) => ctx.cache.peek(f));
}

/**
 * An analysis' reports placed, files named relative to the gather. `peek` gives the parse of a
 * file the analysis read, for its lines.
 */
export function placed(
  gather: Gather,
  a: RootAnalysis,
  peek: (file: string) => ParsedFile | undefined,
): Analysed {
  const name = pathDisplay(gather.root.path);
  const status = statusReport(a, name, peek);
  return {
    gather,
    analysis: a,
    name,
    findings: toReported(name, [a], { peek }).map((f) => ({ ...f, root: gather.id })),
    causes: toReportedCauses(name, [a], { peek }).map((c) => ({ ...c, root: gather.id })),
    status: { ...status, root: gather.id, summary: { ...status.summary, root: gather.id } },
    timeline: intervalsOf(a.snapshot, a.assessment.now).map(({ from, to, evidence, ...rest }) => ({
      ...rest,
      from: from.toISOString(),
      to: to.toISOString(),
      file: name(evidence.file),
      line: rangeIn(peek(evidence.file), evidence).start.line + 1,
    })),
    recommend: { ...recommendReport(a, name, peek), root: gather.id },
  };
}
