/**
 * The lines around a place in a must-gather file, for evidence: from the text the analysis read
 * (the parse cache), read again through the cache when it was evicted, confined to the gather.
 * A log's text is its tail: a line before it is said to be unread, never guessed.
 */
import { logFileOf } from '../service';
import type { ParsedFileCache } from '../service';
import { clipLine } from './bounds';
import { confined } from './confine';
import type { Gather } from './open';
import { Refusal } from './refusal';

export interface Snippet {
  /** 1-based line numbers of the file, and their text. */
  lines: { n: number; text: string }[];
  /** Why no lines are shown. */
  unread?: string;
}

export async function snippet(
  gather: Gather,
  cache: ParsedFileCache,
  file: string,
  shown: string,
  line: number,
  context: number,
): Promise<Snippet> {
  try {
    await confined(gather.boundary, file, shown);
  } catch (err) {
    if (err instanceof Refusal) return { lines: [], unread: err.message };
    throw err;
  }
  let parsed = cache.peek(file);
  if (!parsed) {
    const r = await cache.get(file, logFileOf(file) ? 'log' : 'yaml');
    if (!r.ok) return { lines: [], unread: `${shown}: ${r.error}` };
    parsed = r.parsed;
  }
  const starts = parsed.lines.lineStarts;
  const first = parsed.lines.firstLine;
  const at = line - 1 - first;
  if (at < 0)
    return { lines: [], unread: `line ${line} is before the part of the log that was read` };
  const lines = [];
  for (let i = Math.max(0, at - context); i <= Math.min(starts.length - 1, at + context); i++) {
    const start = starts[i] as number;
    const end = i + 1 < starts.length ? (starts[i + 1] as number) - 1 : parsed.text.length;
    lines.push({
      n: first + i + 1,
      text: clipLine(parsed.text.slice(start, end).replace(/\r$/, ''), 500),
    });
  }
  return { lines };
}
