/**
 * Placing evidence at lines needs each file's parse. The analysis leaves its files in the parse
 * cache, but an answer can come between an editor closing a file (its buffer's parse gone) and
 * the analysis that reads it again, or after the bound evicted it: then a place would fall back
 * to the file's first line. So an answer is built once; the files it missed are parsed, and it
 * is built again.
 */
import type { ParsedFile, ParsedFileCache, ReadMode } from '../service';

export type Peek = (file: string) => ParsedFile | undefined;

/** How the analysis reads a file: pod and gather logs as text, the rest as YAML or JSON. */
function modeOf(file: string): ReadMode {
  return /\.log(\.|$)|\.gz$/.test(file) ? 'log' : 'yaml';
}

export async function withParsedFiles<T>(
  cache: ParsedFileCache,
  build: (peek: Peek) => T | Promise<T>,
): Promise<T> {
  const missed = new Set<string>();
  const first = await build((file) => {
    const parsed = cache.peek(file);
    if (!parsed) missed.add(file);
    return parsed;
  });
  if (missed.size === 0) return first;
  for (const file of missed) await cache.get(file, modeOf(file));
  return build((file) => cache.peek(file));
}
