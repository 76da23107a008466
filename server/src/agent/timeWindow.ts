/**
 * A time window an agent gives: RFC 3339 times, or durations before the gather's own time
 * (`2h`, `90m`, `1h30m`), never the wall clock.
 */
import { Refusal } from './refusal';

export interface Window {
  from?: Date;
  to?: Date;
}

function timeOf(spec: string, gather: Date | undefined, what: string): Date {
  const d = /^(?:(\d+)h)?(?:(\d+)m)?(?:(\d+)s)?$/.exec(spec);
  if (d && spec !== '') {
    if (!gather)
      throw new Refusal(
        `${what} ${spec} is a duration before the gather time, but this must-gather records none: give an RFC 3339 time`,
      );
    const ms = ((Number(d[1] ?? 0) * 60 + Number(d[2] ?? 0)) * 60 + Number(d[3] ?? 0)) * 1000;
    return new Date(gather.getTime() - ms);
  }
  const t = Date.parse(spec);
  if (Number.isNaN(t))
    throw new Refusal(
      `${what} ${JSON.stringify(spec)} is neither an RFC 3339 time nor a duration like 2h or 90m`,
    );
  return new Date(t);
}

export function windowOf(
  since: string | undefined,
  until: string | undefined,
  gather: Date | undefined,
): Window {
  const w: Window = {};
  if (since !== undefined) w.from = timeOf(since, gather, 'since');
  if (until !== undefined) w.to = timeOf(until, gather, 'until');
  if (w.from && w.to && w.from.getTime() > w.to.getTime())
    throw new Refusal('since is after until: the window is empty');
  return w;
}

/** Whether [from, to] overlaps the window. */
export function overlaps(w: Window, from: number, to: number): boolean {
  return (!w.from || to >= w.from.getTime()) && (!w.to || from <= w.to.getTime());
}
