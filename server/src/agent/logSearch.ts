/**
 * Lines of a log text that hold a literal pattern within a time window, keeping only the newest
 * `maxLines` as it goes, so memory stays bounded whatever the log holds. A line's time is its
 * RFC 3339 prefix (`oc` adds one to every line); a line without one (a stack trace's) has the
 * time of the line before it. The pattern is literal, never a regular expression: an agent's
 * expression could take the server hours on one log.
 */
import { clipLine } from './bounds';
import type { Window } from './timeWindow';

export interface LogLine {
  /** 1-based line of the file. */
  line: number;
  time?: string;
  text: string;
}

export interface Search {
  pattern?: string;
  window: Window;
  maxLines: number;
}

/** Newest matches, oldest first. `matched` counts all, kept or not. */
export interface Found {
  lines: LogLine[];
  matched: number;
}

const stamp = /^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?(?:Z|[+-]\d\d:\d\d))\s/;

export function searchLog(text: string, firstLine: number, s: Search): Found {
  const needle = s.pattern === undefined || s.pattern === '' ? undefined : s.pattern.toLowerCase();
  const timed = s.window.from !== undefined || s.window.to !== undefined;
  const from = s.window.from?.getTime() ?? -Infinity;
  const to = s.window.to?.getTime() ?? Infinity;
  let kept: LogLine[] = [];
  let matched = 0;
  let time: number | undefined;
  let timeText: string | undefined;
  let n = firstLine;
  for (let start = 0; start < text.length; ) {
    const nl = text.indexOf('\n', start);
    const end = nl === -1 ? text.length : nl;
    const line = text.slice(start, end);
    start = end + 1;
    n++;
    const m = stamp.exec(line);
    if (m) {
      timeText = m[1];
      time = Date.parse(m[1] as string);
    }
    if (timed && (time === undefined || time < from || time > to)) continue;
    if (needle !== undefined && !line.toLowerCase().includes(needle)) continue;
    matched++;
    kept.push({
      line: n,
      ...(timeText !== undefined ? { time: timeText } : {}),
      text: clipLine(line.replace(/\r$/, '')),
    });
    // Drop the oldest in batches: the bound holds without shifting on every line.
    if (kept.length >= 2 * s.maxLines) kept = kept.slice(-s.maxLines);
  }
  return { lines: kept.slice(-s.maxLines), matched };
}
