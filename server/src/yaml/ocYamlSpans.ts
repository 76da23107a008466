/**
 * Spans of `oc` YAML found on demand, by pointer: a read of the text with spans that steps over
 * every block off the pointer's path instead of reading it (a finding in a pod List of 250 pods
 * needs one pod's spans, not 250). A block stepped over ends where reading it would, so every
 * span recorded on the way is the one a whole read records; each is kept. Past a few paths, one
 * whole read answers the rest.
 */
import { parseOcYaml } from './ocYaml';
import type { SkipMemo, SpanIndex, UnreadPointers } from './ocYaml';

/** Paths read on their own before one whole read is cheaper. */
const maxPathReads = 6;

export class OcYamlSpans implements SpanIndex {
  private readonly known = new Map<string, [number, number]>();
  /** Pointers whose span, or its absence, is known: the paths read so far and their prefixes. */
  private readonly resolved = new Set<string>();
  private whole: Map<string, [number, number]> | undefined;
  private reads = 0;
  /** The blocks the reads of this text stepped over: each is scanned once. */
  private readonly skips: SkipMemo = new Map();

  constructor(
    private readonly text: string,
    private readonly skip?: UnreadPointers,
  ) {}

  get(pointer: string): [number, number] | undefined {
    if (!this.whole && !this.resolved.has(pointer)) this.readPath(pointer);
    return (this.whole ?? this.known).get(pointer);
  }

  private readPath(pointer: string): void {
    const read =
      ++this.reads <= maxPathReads
        ? parseOcYaml(this.text, true, offPath(pointer, this.skip), this.skips)
        : undefined;
    if (!read) {
      this.whole = parseOcYaml(this.text, true, this.skip, this.skips)?.spans ?? new Map();
      return;
    }
    for (const [p, span] of read.spans) this.known.set(p, span);
    for (let at = pointer; ; at = at.slice(0, at.lastIndexOf('/'))) {
      this.resolved.add(at);
      if (at === '') break;
    }
  }
}

/** What a read for `pointer` leaves unread: what the file's read left, and all off its path. */
function offPath(pointer: string, skip: UnreadPointers | undefined): UnreadPointers {
  return {
    has: (p) =>
      (skip?.has(p) ?? false) || !(pointer === p || pointer.startsWith(p === '' ? '' : `${p}/`)),
  };
}
