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
  // `new Date` rolls 2023-02-30 over to March 2 and 24:00 to the next day: a garbled time is no
  // time. Nor is one before 1970: Go's zero time (`0001-01-01 00:00:00 +0000 UTC`) is a field
  // never set.
  const [y, mo, day] = m[1]!.split('-').map(Number) as [number, number, number];
  const [h, mi, sec] = m[2]!.split(':').map(Number) as [number, number, number];
  const inMonth = new Date(Date.UTC(y, mo - 1, day)).getUTCDate() === day;
  if (y < 1970 || mo < 1 || mo > 12 || !inMonth || h > 23 || mi > 59 || sec > 59) return undefined;
  const d = new Date(`${m[1]}T${m[2]}${frac}${m[4]}:${m[5]}`);
  return Number.isNaN(d.getTime()) ? undefined : d;
}

export function parseTimestampFile(text: string): Date | undefined {
  for (const line of text.split('\n')) {
    if (line.trim() !== '') return parseGoTime(line);
  }
  return undefined;
}
