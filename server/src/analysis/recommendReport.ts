/**
 * A must-gather's recommendation (`recommend.ts`) as its report: every evidence placed at a file
 * and line of the same parse the diagnostics use, times in RFC 3339. The CLI prints it (text or
 * JSON) and the language server answers it; both only translate.
 */
import type { RootAnalysis } from './analyze';
import { recommendOf } from './recommend';
import type { RecommendOptions } from './recommend';
import type { Location } from '../core/finding';
import type { Placed, RootRecommendReport } from '../core/recommend';
import type { ParsedFile } from '../yaml/parse';
import { rangeIn } from '../yaml/positions';

/**
 * @param name how a file is named in the report (relative for the CLI, absolute for the editor).
 * @param peek the parse of a file the analysis read.
 */
export function recommendReport(
  a: RootAnalysis,
  name: (file: string) => string,
  peek: (file: string) => ParsedFile | undefined,
  o: RecommendOptions = {},
): RootRecommendReport {
  const r = recommendOf(
    a.snapshot,
    a.index.alertFiles.map((f) => f.path),
    o,
  );
  const place = (l: Location | undefined): Placed =>
    l
      ? { file: name(l.file), line: rangeIn(peek(l.file), l).start.line + 1 }
      : { file: null, line: null };
  const gather = a.snapshot.gatherTime;
  return {
    root: name(a.root.path),
    gatherTime: gather ? gather.toISOString().replace(/\.\d+Z$/, 'Z') : null,
    version: r.version ?? null,
    channel: r.channel ?? null,
    availableChannels: r.availableChannels,
    upstream: r.upstream ?? null,
    clusterConditions: r.clusterConditions.map((c) => ({
      type: c.name,
      status: c.status,
      reason: c.reason,
      message: c.message,
      acceptName: c.acceptName ?? null,
      ...place(c.evidence),
    })),
    checks: r.checks.map((c) => ({
      name: c.name,
      status: c.status,
      reason: c.reason,
      message: c.message,
      acceptName: c.acceptName ?? null,
      level: c.level,
      ...place(c.evidence),
    })),
    updates: r.updates.map((u) => ({
      version: u.version,
      image: u.image,
      url: u.url || null,
      minor: u.minor,
      recommended: u.recommended,
      reason: u.reason ?? null,
      message: u.message ?? null,
      risks: u.risks,
      outdated: u.outdated,
      ...place(u.evidence),
    })),
    olderHidden: r.olderHidden,
    target: r.target
      ? {
          version: r.target.version,
          found: r.target.found,
          recommended: r.target.recommended ?? null,
          reason: r.target.reason ?? null,
          message: r.target.message ?? r.target.notFound ?? null,
          image: r.target.image ?? null,
          url: r.target.url || null,
          risks: r.target.risks,
          unaccepted: r.target.unaccepted,
          accepted: r.target.accepted,
        }
      : null,
  };
}
