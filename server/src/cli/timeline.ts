/**
 * `must-gather-inspector timeline <path>`: what happened when, oldest first, one line per
 * interval with its start, how long it held (to the next change or the gather), level, source,
 * object, reason and message, and the file:line of its evidence; or as JSON.
 */
import type { Interval } from '../core/interval';
import { inRoot } from '../core/paths';
import { duration } from '../core/text';

/** An interval with its evidence placed, relative to the must-gather. */
interface ReportedInterval extends Omit<Interval, 'from' | 'to' | 'evidence'> {
  from: string;
  to: string;
  file: string;
  line: number;
}

export interface RootTimeline {
  root: string;
  intervals: ReportedInterval[];
}

export function formatTimelineJson(timelines: RootTimeline[]): string {
  return JSON.stringify({ timelines }, null, 2) + '\n';
}

export function formatTimelineText(timelines: RootTimeline[], color: boolean): string {
  const paint = (code: string, s: string) => (color ? `\x1b[${code}m${s}\x1b[0m` : s);
  const tone: Record<string, string> = { Error: '31', Warning: '33', Info: '2' };
  const out: string[] = [];
  for (const t of timelines) {
    out.push(paint('4', t.root));
    for (const i of t.intervals) {
      const held = Date.parse(i.to) - Date.parse(i.from);
      out.push(
        [
          i.from.replace(/\.\d+Z$/, 'Z'),
          (held > 0 ? duration(held) : '-').padEnd(8),
          paint(tone[i.level] ?? '0', i.level.padEnd(7)),
          i.source.padEnd(23),
          i.locator,
          i.reason,
          i.message.replace(/\s+/g, ' ').slice(0, 160),
          paint('2', `${inRoot(t.root, i.file)}:${i.line}`),
        ]
          .filter((x) => x !== '')
          .join('  '),
      );
    }
    out.push('');
  }
  return out.join('\n');
}

/** `--since`: an RFC 3339 time, or how long before the gather (`2h`, `90m`, `1h30m`). */
type Since = { at: Date } | { before: number };

function parseSince(spec: string): Since | undefined {
  const d = /^(?:(\d+)h)?(?:(\d+)m)?(?:(\d+)s)?$/.exec(spec);
  if (d && spec !== '')
    return {
      before: ((Number(d[1] ?? 0) * 60 + Number(d[2] ?? 0)) * 60 + Number(d[3] ?? 0)) * 1000,
    };
  const t = Date.parse(spec);
  return Number.isNaN(t) ? undefined : { at: new Date(t) };
}

/** The time a `--since` names; a duration needs the gather time. */
export function sinceTime(spec: string, gather: Date | undefined): Date | undefined {
  const since = parseSince(spec);
  if (!since) return undefined;
  if ('at' in since) return since.at;
  return gather ? new Date(gather.getTime() - since.before) : undefined;
}

/** Whether a `--since` value can be read at all (checked before any must-gather is). */
export function isSinceSpec(spec: string): boolean {
  return parseSince(spec) !== undefined;
}
