/**
 * The inverse of `spanOf`: which document and JSON-pointer path an offset in the text falls on,
 * so hovers and links can ask the model about the object under the cursor.
 */
import { yamlLib } from './lib';
import type { Node as YamlNode } from 'yaml';
import type { ParsedFile } from './parse';
import type { PathAt } from './pathAtTypes';

export function pathAt(file: ParsedFile, offset: number): PathAt | undefined {
  // A JSON file read with JSON.parse has one document and its own index: no tree to build.
  const json = file.docs.length === 1 ? file.docs[0]?.json : undefined;
  if (json) {
    const at = json.at(offset);
    return at && { doc: 0, ...at };
  }
  const doc = file.docs.findIndex((d) => {
    const r = d.node.range;
    return r[0] <= offset && offset <= r[2];
  });
  const d = file.docs[doc];
  if (!d) return undefined;
  let node: unknown = d.node.contents;
  const start = spanIn(file, node);
  if (!start || !contains(start, offset)) return undefined;
  const out: PathAt = { doc, path: [], onKey: false, span: start };
  for (;;) {
    if (yamlLib().isMap(node)) {
      const hit = node.items.find((p) => {
        const k = spanIn(file, p.key);
        // A pair runs from its key to the end of its value; the colon belongs to the key.
        const end = spanIn(file, p.value)?.[1] ?? k?.[1];
        return k !== undefined && end !== undefined && k[0] <= offset && offset <= end;
      });
      if (!hit || !yamlLib().isScalar(hit.key)) break;
      const keySpan = spanIn(file, hit.key)!;
      out.path.push(String(hit.key.value));
      const valueSpan = spanIn(file, hit.value);
      if (!valueSpan || offset < valueSpan[0]) {
        out.onKey = true;
        out.span = keySpan;
        out.scalar = { value: hit.key.value, span: keySpan };
        return out;
      }
      node = hit.value;
      out.span = valueSpan;
    } else if (yamlLib().isSeq(node)) {
      const items = node.items;
      const i = items.findIndex((item, n) => {
        const s = spanIn(file, item);
        if (!s) return false;
        if (contains(s, offset)) return true;
        // The `- ` marker of a block item sits before the item's own range.
        const prevEnd = spanIn(file, items[n - 1])?.[1] ?? 0;
        return (
          offset >= prevEnd && offset < s[0] && /^-?[ \t]*$/.test(file.text.slice(offset, s[0]))
        );
      });
      const item = items[i];
      if (item === undefined) break;
      out.path.push(String(i));
      node = item;
      out.span = spanIn(file, item)!;
    } else {
      break;
    }
  }
  if (yamlLib().isScalar(node)) out.scalar = { value: node.value, span: out.span };
  return out;
}

/** Start and end of a node's value, without trailing comment, newline or indentation. */
function spanIn(file: ParsedFile, node: unknown): [number, number] | undefined {
  if (!node || typeof node !== 'object' || !('range' in node)) return undefined;
  const r = (node as YamlNode).range;
  if (!r) return undefined;
  // Block nodes end after their trailing newline; the span should end on the last character.
  let end = r[1];
  while (end > r[0] && /\s/.test(file.text[end - 1] ?? '')) end--;
  return [r[0], end];
}

function contains(span: [number, number], offset: number): boolean {
  return span[0] <= offset && offset <= span[1];
}
