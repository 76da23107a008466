/**
 * The lines of a failing container's log an engineer reads first: the last error lines near its
 * end (klog's `E`/`F` prefixes, `level=error`, a panic), else the last lines that mention an
 * error, else its last lines. A crash
 * loop's previous run ends with why it exited; the lines before are start-up noise.
 */

/** A log line and its place in the text read (character offsets). */
export interface TailLine {
  text: string;
  span: [number, number];
}

/** At most this many lines are kept, and only from this many last lines. */
const keptLines = 3;
const lookedAtLines = 200;
/** A line longer than this is cut: a log line can be a whole JSON document. */
const maxLineChars = 300;

/** klog's `E`/`F` lines, logfmt's `level=error`, a panic: what a process says as it fails. */
const errorLine =
  /^[EF]\d{4} |\blevel=(?:error|fatal|panic)\b|\bpanic:|^fatal\b|"level":"(?:error|fatal)"/i;
/** Words of an error inside another line (a warning that quotes one). */
const errorWords = /\b(?:error|fatal|panic|failed|unable to|cannot)\b/i;
/** `oc adm inspect` stamps each line with the kubelet's time (`--timestamps`). */
const stamp = /^\d{4}-\d\d-\d\dT[\d:.]+Z /;

export function errorTail(text: string): TailLine[] {
  const lines: TailLine[] = [];
  let end = text.length;
  // Walk back from the end: a 64 MiB tail is not split whole into lines.
  while (end > 0 && lines.length < lookedAtLines) {
    const start = text.lastIndexOf('\n', end - 1) + 1;
    const line = text.slice(start, end).replace(/\r$/, '');
    if (line.trim() !== '') lines.push({ text: clipLine(line), span: [start, end] });
    end = start - 1;
  }
  const bare = (l: TailLine) => l.text.replace(stamp, '');
  const errors = lines.filter((l) => errorLine.test(bare(l)));
  const mentions = lines.filter((l) => errorWords.test(bare(l)));
  const kept = errors.length > 0 ? errors : mentions.length > 0 ? mentions : lines;
  return kept.slice(0, keptLines).reverse();
}

function clipLine(line: string): string {
  return line.length > maxLineChars ? `${line.slice(0, maxLineChars - 1)}…` : line;
}
