/**
 * Positions in a parsed file: the text span a JSON pointer designates, offsets to LSP positions
 * and back, and a finding's location as a range. Parsing lives in `parse.ts`; this is the only
 * place that turns pointers into text positions.
 */
import type { Node as YamlNode } from 'yaml';
import type { Location } from '../core/finding';
import type { Position, Range } from '../core/ranges';
import { yamlLib } from './lib';
import type { SpanIndex } from './ocYaml';
import type { ParsedFile } from './parse';
import { join, split } from './pointer';

/**
 * The text span a pointer designates. A map value spans from its key to the end of the value,
 * a sequence item its own node. When the pointer leads nowhere, the deepest node reached is used,
 * so a finding is never dropped for want of a position.
 */
export function spanOf(file: ParsedFile, doc: number, ptr: string): [number, number] {
  const d = file.docs[doc];
  if (!d) return [0, 0];
  const spans = d.spans;
  if (spans) return trimEnd(file, spanFromIndex(spans, ptr));
  let node: unknown = d.node.contents;
  let span: [number, number] = rangeOf(node) ?? [0, 0];
  for (const seg of split(ptr)) {
    if (yamlLib().isMap(node)) {
      const pair = node.items.find((p) => yamlLib().isScalar(p.key) && String(p.key.value) === seg);
      if (!pair) break;
      const start = rangeOf(pair.key)?.[0] ?? span[0];
      const end = rangeOf(pair.value)?.[1] ?? rangeOf(pair.key)?.[1] ?? span[1];
      span = [start, end];
      node = pair.value;
    } else if (yamlLib().isSeq(node)) {
      const item = node.items[Number(seg)];
      if (item === undefined || !/^\d+$/.test(seg)) break;
      span = rangeOf(item) ?? span;
      node = item;
    } else {
      break;
    }
  }
  return trimEnd(file, span);
}

/** The span of the deepest node on the pointer's path, as `spanOf` defines it. */
function spanFromIndex(spans: SpanIndex, ptr: string): [number, number] {
  // The whole pointer first: an index read on demand then reads its path once.
  spans.get(ptr);
  let span = spans.get('') ?? [0, 0];
  let at = '';
  for (const seg of split(ptr)) {
    at = join(at, seg);
    const s = spans.get(at);
    if (!s) break;
    span = s;
  }
  return span;
}

/** Block nodes end after their trailing newline; a range should end on its last character. */
function trimEnd(file: ParsedFile, span: [number, number]): [number, number] {
  let end = span[1];
  while (end > span[0] && /\s/.test(file.text[end - 1] ?? '')) end--;
  return [span[0], end];
}

function rangeOf(node: unknown): [number, number] | undefined {
  if (node && typeof node === 'object' && !yamlLib().isPair(node) && 'range' in node) {
    const r = (node as YamlNode).range;
    if (r) return [r[0], r[1]];
  }
  return undefined;
}

/** 0-based line and UTF-16 character of an offset, as LSP counts them. */
export function positionAt(file: ParsedFile, offset: number): Position {
  const p = file.lines.linePos(Math.max(0, Math.min(offset, file.text.length)));
  return { line: p.line - 1, character: p.col - 1 };
}

/** Offset of a 0-based line and UTF-16 character (an LSP position) in the parsed text. */
export function offsetOf(file: ParsedFile, line: number, character: number): number {
  const starts = file.lines.lineStarts;
  const at = line - file.lines.firstLine;
  if (at < 0) return 0;
  const start = starts[Math.min(at, starts.length - 1)] ?? 0;
  const next = starts[at + 1] ?? file.text.length + 1;
  return Math.min(start + character, next - 1, file.text.length);
}

/** A finding's location as a range in its file; the file's start when it was never parsed. */
export function rangeIn(file: ParsedFile | undefined, loc: Location): Range {
  if (!file) return { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };
  const [s, e] = loc.span ?? spanOf(file, loc.doc, loc.pointer);
  return { start: positionAt(file, s), end: positionAt(file, e) };
}
