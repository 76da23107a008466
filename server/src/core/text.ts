/** Wording shared by rule messages: times, ages, quoting, truncation. */

/** `2021-03-25T09:45:01Z`: how Kubernetes prints times, so users can grep for them. */
export function isoTime(d: Date): string {
  return d.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** `3h12m`, `4d2h`, `45s`. */
export function duration(ms: number): string {
  const s = Math.round(Math.abs(ms) / 1000);
  const d = Math.floor(s / 86400);
  const h = Math.floor((s % 86400) / 3600);
  const m = Math.floor((s % 3600) / 60);
  if (d > 0) return `${d}d${h}h`;
  if (h > 0) return `${h}h${m}m`;
  if (m > 0) return `${m}m${s % 60}s`;
  return `${s}s`;
}

/** `2021-03-25T07:30:44Z (4h49m before the gather)`; ages come from the gather time only. */
export function when(d: Date | undefined, gatherTime: Date | undefined): string {
  if (!d) return 'at an unknown time';
  if (!gatherTime) return isoTime(d);
  return `${isoTime(d)} (${ago(d, gatherTime)})`;
}

/** `3h0m before the gather`: ages are measured from the gather's timestamp, never the clock. */
export function ago(d: Date | undefined, gatherTime: Date | undefined): string {
  if (!d) return 'unknown';
  if (!gatherTime) return isoTime(d);
  const diff = gatherTime.getTime() - d.getTime();
  return `${duration(diff)} ${diff >= 0 ? 'before' : 'after'} the gather`;
}

/** Cuts must-gather text that would drown a message. */
export function clip(s: string, max = 240): string {
  const one = s.replace(/\s+/g, ' ').trim();
  return one.length <= max ? one : `${one.slice(0, max - 1)}…`;
}

/** `a`, `a and b`, `a, b and c`. */
export function listing(items: string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/**
 * A duration as oc prints it (Go's `Duration.String`, fractions dropped, then oc's
 * `shortDuration`): `now`, `45s`, `5m`, `1h25m`, `2h`, `24h8m54s`.
 */
export function ocDuration(seconds: number): string {
  const whole = Math.trunc(seconds);
  if (whole === 0) return 'now';
  const sign = whole < 0 ? '-' : '';
  const s = Math.abs(whole);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const text = h > 0 ? `${h}h${m}m${s % 60}s` : m > 0 ? `${m}m${s % 60}s` : `${s}s`;
  return sign + text.replace(/h0m0s$/, 'h').replace(/m0s$/, 'm');
}

/** `1 node`, `3 nodes`: a count and its noun, for one-line messages. */
export function plural(n: number, noun: string, nouns = `${noun}s`): string {
  return `${n} ${n === 1 ? noun : nouns}`;
}

/**
 * Calls `visit` with each line of `text` (without its newline) and the offsets it spans, so that
 * what is found in a log can point at its line.
 */
export function forEachLine(
  text: string,
  visit: (line: string, start: number, end: number) => void,
): void {
  let start = 0;
  while (start < text.length) {
    const nl = text.indexOf('\n', start);
    const end = nl === -1 ? text.length : nl;
    visit(text.slice(start, end), start, end);
    start = end + 1;
  }
}
