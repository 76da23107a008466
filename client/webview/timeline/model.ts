/**
 * The Upgrade Timeline's arithmetic, free of the DOM so plain-node tests cover it: the messages
 * between the panel and the page, where a time falls on the track, the axis' ticks, the rows that
 * keep overlapping intervals of one lane apart, and what the text filter keeps.
 */
import { duration, isoTime } from '../../../server/src/core/text';
import type {
  RootTimelineView,
  TimelineBar,
  TimelineLane,
} from '../../../server/src/protocol/messages';

/** From the extension to the page. */
export type ToPage = { type: 'show'; view: RootTimelineView; cause?: string };

/** From the page to the extension: a bar named by its place in the view it was sent. */
export type FromPage =
  | { type: 'ready' }
  | { type: 'open'; group: number; lane: number; bar: number };

export function isFromPage(m: unknown): m is FromPage {
  const o = m as Partial<Record<string, unknown>> | null;
  if (!o || typeof o !== 'object') return false;
  if (o.type === 'ready') return true;
  return (
    o.type === 'open' &&
    Number.isInteger(o.group) &&
    Number.isInteger(o.lane) &&
    Number.isInteger(o.bar)
  );
}

export interface Domain {
  from: number;
  to: number;
}

/** Where a bar sits on a track of the domain, in percent: clipped to it, and whether it was. */
export function place(
  bar: { from: number; to: number },
  d: Domain,
): { left: number; width: number; clippedLeft: boolean; clippedRight: boolean } | undefined {
  const span = d.to - d.from;
  if (span <= 0 || bar.to < d.from || bar.from > d.to) return undefined;
  const from = Math.max(bar.from, d.from);
  const to = Math.min(bar.to, d.to);
  return {
    left: ((from - d.from) / span) * 100,
    width: ((to - from) / span) * 100,
    clippedLeft: bar.from < d.from,
    clippedRight: bar.to > d.to,
  };
}

const minute = 60_000;
const hour = 60 * minute;
const day = 24 * hour;
const steps = [
  minute,
  2 * minute,
  5 * minute,
  10 * minute,
  15 * minute,
  30 * minute,
  hour,
  2 * hour,
  3 * hour,
  6 * hour,
  12 * hour,
  day,
  2 * day,
  7 * day,
  14 * day,
  30 * day,
  90 * day,
  365 * day,
];

export interface Tick {
  at: number;
  label: string;
}

/**
 * Axis ticks on round UTC times at least `minGap` pixels apart on a track `width` pixels wide;
 * a tick on a new day names the date, the others the time.
 */
export function ticks(d: Domain, width: number, minGap = 120): Tick[] {
  const span = d.to - d.from;
  if (span <= 0 || width <= 0) return [];
  const step = steps.find((s) => (s / span) * width >= minGap) ?? steps[steps.length - 1]!;
  const out: Tick[] = [];
  let lastDay = '';
  for (let t = Math.ceil(d.from / step) * step; t <= d.to; t += step) {
    const iso = new Date(t).toISOString();
    const date = iso.slice(0, 10);
    const time = iso.slice(11, 16);
    const label = step >= day ? date : date !== lastDay ? `${date} ${time}` : time;
    lastDay = date;
    out.push({ at: t, label });
  }
  return out;
}

/**
 * The row of each bar in its lane, greedily: a bar takes the first row free at its start, so
 * bars that overlap in time never share one. Moments (from = to) at one time take a row each.
 */
export function stackRows(bars: readonly { from: number; to: number }[]): {
  rows: number[];
  count: number;
} {
  const order = bars.map((_, i) => i).sort((a, b) => bars[a]!.from - bars[b]!.from || a - b);
  const ends: number[] = [];
  const rows = new Array<number>(bars.length).fill(0);
  for (const i of order) {
    const b = bars[i]!;
    let r = ends.findIndex((end) => end < b.from);
    if (r < 0) {
      r = ends.length;
      ends.push(b.to);
    } else ends[r] = b.to;
    rows[i] = r;
  }
  return { rows, count: Math.max(1, ends.length) };
}

/** Whether a bar (or its lane) holds every word of the filter, case-insensitively. */
export function matches(lane: TimelineLane, bar: TimelineBar | undefined, query: string): boolean {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const hay = [lane.label, lane.locator, bar?.source, bar?.reason, bar?.message, bar?.level]
    .filter((s): s is string => typeof s === 'string')
    .join(' ')
    .toLowerCase();
  return words.every((w) => hay.includes(w));
}

/** How long a bar held, as the CLI writes durations (`2h35m`, `45s`). */
export function held(ms: number): string {
  return ms <= 0 ? 'a moment' : duration(ms);
}

/** A UTC time as the must-gather writes them, to the second. */
export function utc(ms: number): string {
  return isoTime(new Date(ms));
}

/** Among bars sorted by start, the one nearest a time (keyboard moves between lanes by it). */
export function nearest(bars: readonly { from: number; to: number }[], at: number): number {
  let best = -1;
  let bestGap = Number.POSITIVE_INFINITY;
  bars.forEach((b, i) => {
    const gap = at < b.from ? b.from - at : at > b.to ? at - b.to : 0;
    if (gap < bestGap) {
      best = i;
      bestGap = gap;
    }
  });
  return best;
}
