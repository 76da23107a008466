/**
 * The gather time: the first line of a must-gather's `timestamp` file, a Go `time.Time` string
 * such as `2022-03-24 17:41:05.914616431 +0000 UTC m=+0.133100000`. Ages in every message are
 * measured from it, never from the wall clock.
 */
const goTime = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2})(\.\d+)? ([+-]\d{2})(\d{2})/;

export function parseGoTime(line: string): Date | undefined {
  const m = goTime.exec(line.trim());
  if (!m) return undefined;
  const frac = (m[3] ?? '').slice(0, 4); // milliseconds are enough
  const d = new Date(`${m[1]}T${m[2]}${frac}${m[4]}:${m[5]}`);
  return Number.isNaN(d.getTime()) ? undefined : d;
}

export function parseTimestampFile(text: string): Date | undefined {
  for (const line of text.split('\n')) {
    if (line.trim() !== '') return parseGoTime(line);
  }
  return undefined;
}
