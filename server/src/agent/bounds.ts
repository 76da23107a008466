/**
 * What one answer may cost an agent's context: lists cut at a number of items and of bytes
 * (their JSON), texts cut at a number of bytes, each cut said in a `truncated` note with how
 * much was left out, so the agent knows to narrow the question rather than trust a partial list.
 */

/** Items one list gives when the agent does not say. */
export const defaultItems = 50;
/** Most items one list gives, whatever the agent asks. */
export const maxItems = 1000;
/** Bytes of JSON one list gives, whatever the agent asks. */
const maxListBytes = 256 * 1024;
/** Bytes of one text (YAML, a diff, log lines) when the agent does not say, and at most. */
export const defaultTextBytes = 64 * 1024;
export const maxTextBytes = 1024 * 1024;

export interface Truncated {
  shown: number;
  total: number;
  /** `truncated, 12 more: narrow the question (…)`. */
  note: string;
}

export interface Bounded<T> {
  items: T[];
  truncated?: Truncated;
}

/**
 * The first items of a list that fit `limit` items and `bytes` bytes of JSON (at least one
 * item when the first alone fits the bytes). `hint` says how to narrow the question.
 */
export function bounded<T>(
  all: readonly T[],
  limit: number,
  hint: string,
  bytes = maxListBytes,
): Bounded<T> {
  const items: T[] = [];
  let used = 0;
  for (const item of all) {
    if (items.length >= limit) break;
    const size = Buffer.byteLength(JSON.stringify(item) ?? '', 'utf8') + 1;
    if (used + size > bytes) break;
    items.push(item);
    used += size;
  }
  if (items.length === all.length) return { items };
  return { items, truncated: truncation(items.length, all.length, hint) };
}

export function truncation(shown: number, total: number, hint: string): Truncated {
  return { shown, total, note: `truncated, ${total - shown} more: ${hint}` };
}

/** A text cut to `bytes` bytes of UTF-8 at a line end when one is near, and the note. */
export function boundedText(
  text: string,
  bytes: number,
  hint: string,
): { text: string; truncated?: { shownBytes: number; totalBytes: number; note: string } } {
  const total = Buffer.byteLength(text, 'utf8');
  if (total <= bytes) return { text };
  // Cut by bytes, then back to a whole character and, within the last KiB, a whole line.
  let cut = Buffer.from(text, 'utf8').subarray(0, bytes).toString('utf8');
  if (cut.endsWith('\ufffd')) cut = cut.slice(0, -1);
  const nl = cut.lastIndexOf('\n');
  if (nl > 0 && cut.length - nl < 1024) cut = cut.slice(0, nl + 1);
  const shownBytes = Buffer.byteLength(cut, 'utf8');
  return {
    text: cut,
    truncated: {
      shownBytes,
      totalBytes: total,
      note: `truncated, ${total - shownBytes} more bytes: ${hint}`,
    },
  };
}

/** A requested count within 1 and `max`, `fallback` when not given. */
export function countOf(asked: number | undefined, fallback: number, max: number): number {
  if (asked === undefined) return fallback;
  return Math.max(1, Math.min(max, Math.floor(asked)));
}

/** One line of must-gather text, cut to `max` characters. */
export function clipLine(line: string, max = 1000): string {
  return line.length <= max
    ? line
    : `${line.slice(0, max)}… (${line.length - max} more characters)`;
}
