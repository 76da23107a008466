/**
 * The Upgrade Timeline's request: one analysed root's intervals (`analysis/timeline.ts`) in
 * swimlanes (`analysis/timelineLanes.ts`), every evidence as a URI and an LSP range from the same
 * parse the diagnostics use, and the causes a finding can highlight. Translation only.
 */
import { pathToFileURL } from 'node:url';
import { intervalsOf, openingWindow, rangeIn, timelineLanes } from '../service';
import type { ParsedFile, RootAnalysis } from '../service';
import { summaryHeadline } from '../core/gatherSummary';
import type { Interval } from '../core/interval';
import type { Cause } from '../core/cause';
import type { RootTimelineView, TimelineBar } from '../protocol/messages';

export function rootTimeline(
  a: RootAnalysis,
  place: string,
  causes: readonly Cause[],
  peek: (file: string) => ParsedFile | undefined,
): RootTimelineView {
  const now = a.assessment.now;
  const intervals = intervalsOf(a.snapshot, now);
  const bar = (i: Interval): TimelineBar => ({
    level: i.level,
    source: i.source,
    reason: i.reason,
    message: i.message,
    from: i.from.getTime(),
    to: i.to.getTime(),
    evidence: {
      uri: pathToFileURL(i.evidence.file).href,
      range: rangeIn(peek(i.evidence.file), i.evidence),
    },
  });
  const span = (d: { from: Date; to: Date }) => ({ from: d.from.getTime(), to: d.to.getTime() });
  const opening = openingWindow(intervals, a.snapshot, now);
  return {
    root: a.root.path,
    place,
    title: summaryHeadline(a.summary),
    ...(a.snapshot.gatherTime ? { gather: a.snapshot.gatherTime.getTime() } : {}),
    ...(opening ? { window: span(opening.window), extent: span(opening.extent) } : {}),
    groups: timelineLanes(intervals, a.snapshot).map((g) => ({
      id: g.id,
      label: g.label,
      folded: g.folded,
      lanes: g.lanes.map((l) => ({
        locator: l.locator,
        label: l.label,
        bars: l.intervals.map(bar),
      })),
    })),
    causes: causes.map((c) => ({ id: c.id, title: c.title, level: c.level, subjects: c.subjects })),
  };
}
