/**
 * What `pathAt` answers, in a module of its own: `jsonSpans.ts` answers the same for a JSON text
 * and `parse.ts` holds a `JsonSpans`, so the type cannot live in `pathAt.ts` (which reads
 * `parse.ts`'s files) without an import cycle.
 */
export interface PathAt {
  doc: number;
  /** Pointer segments from the document root to the deepest node holding the offset. */
  path: string[];
  /** True when the offset is on a map key (the path then ends with that key). */
  onKey: boolean;
  /** Text range of that deepest node: the key, the scalar value, or the collection. */
  span: [number, number];
  /** The deepest node itself, when it is a scalar (keys included). */
  scalar?: { value: unknown; span: [number, number] };
}
