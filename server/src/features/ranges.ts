/** Turns a finding's Location (pointer or span) into 0-based line/character positions. */
import type { ParsedFileCache } from '../gather/fileCache';
import type { Location } from '../rules/finding';
import { positionAt, spanOf } from '../yaml/parse';

export interface Position {
  line: number;
  character: number;
}

export interface Range {
  start: Position;
  end: Position;
}

export function rangeOf(loc: Location, cache: ParsedFileCache): Range {
  const file = cache.peek(loc.file);
  if (!file) return { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };
  const [s, e] = loc.span ?? spanOf(file, loc.doc, loc.pointer);
  return { start: positionAt(file, s), end: positionAt(file, e) };
}
