/**
 * Parses YAML (and JSON, which the same parser reads) keeping source positions, so that any
 * JSON pointer into a document maps back to the exact text range that holds it.
 */
import type { Document } from 'yaml';
import { defaultLimits } from '../limits';
import { JsonSpans } from './jsonSpans';
import { yamlLib } from './lib';
import { parseOcYaml } from './ocYaml';
import { OcYamlSpans } from './ocYamlSpans';
import type { SpanIndex, UnreadPointers } from './ocYaml';

export interface ParseLimits {
  /** Alias expansions allowed per document (guards against billion-laughs input). */
  maxAliasCount: number;
  /** Documents read from one file; the rest are ignored. */
  maxDocuments: number;
  /** Levels of nested maps and lists in one document. */
  maxDepth: number;
}

export const defaultParseLimits: ParseLimits = {
  maxAliasCount: defaultLimits.maxAliasCount,
  maxDocuments: defaultLimits.maxDocumentsPerFile,
  maxDepth: defaultLimits.maxNestingDepth,
};

interface ParseProblem {
  message: string;
  span: [number, number];
}

interface ParsedDocument {
  /** The plain JavaScript value of the document (null when empty or broken). */
  value: unknown;
  node: Document.Parsed;
  /** Spans by pointer, when a fast reader can give them without building `node`. */
  readonly spans?: SpanIndex | undefined;
  /** Spans and paths of a document read with JSON.parse, found without building `node`. */
  readonly json?: JsonSpans | undefined;
}

export interface ParsedFile {
  text: string;
  docs: ParsedDocument[];
  problems: ParseProblem[];
  readonly lines: LineStarts;
}

/** Offsets of line starts, and 1-based line and column of an offset (as the `yaml` package). */
class LineStarts {
  readonly lineStarts: number[] = [0];

  /**
   * `firstLine`: lines before the text's first character that were counted but not kept (the
   * head of a log read from its end), so positions still name the file's own lines.
   */
  constructor(
    text: string,
    readonly firstLine = 0,
  ) {
    for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) {
      this.lineStarts.push(i + 1);
    }
  }

  linePos(offset: number): { line: number; col: number } {
    const starts = this.lineStarts;
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((starts[mid] as number) <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: this.firstLine + lo + 1, col: offset - (starts[lo] as number) + 1 };
  }
}

/**
 * @param fast false forces the full parser (tests compare against it).
 * @param skip pointers the fast reader may leave out (see `parseOcYaml`).
 */
export function parseText(
  text: string,
  limits: ParseLimits = defaultParseLimits,
  fast = true,
  skip?: UnreadPointers,
): ParsedFile {
  if (!fast) return parseYaml(text, limits);
  // Too deep for the fast readers: the full parser reports it.
  const json = parseJsonFast(text, limits.maxDepth);
  if (json && withinDepth(json.value, limits.maxDepth))
    return withLazyTree(text, json.value, limits, false);
  const oc = parseOcYaml(text, false, skip);
  // The bound from the indentation spares walking the value (well under the limit for `oc`).
  return (oc && parsedFromOcYaml(text, oc, limits, skip)) ?? parseYaml(text, limits);
}

/**
 * A file whose value the fast `oc` reader gave (on any thread, see `parseOcYaml`): the same
 * parsed file `parseText` makes of it, or undefined when it nests too deep for the limits and
 * the full parser must report it.
 */
export function parsedFromOcYaml(
  text: string,
  read: { value: unknown; maxDepth: number },
  limits: ParseLimits,
  skip?: UnreadPointers,
): ParsedFile | undefined {
  if (read.maxDepth < limits.maxDepth || withinDepth(read.value, limits.maxDepth))
    return withLazyTree(text, read.value, limits, true, skip);
  return undefined;
}

/** Valid JSON (CI gather-extra Lists, often several MiB) is read with JSON.parse. */
function parseJsonFast(text: string, maxDepth: number): { value: unknown } | undefined {
  const first = /\S/.exec(text)?.[0];
  if (first !== '{' && first !== '[') return undefined;
  // JSON.parse builds any depth (10 million brackets: 600 MB): check the text first.
  if (jsonNestingExceeds(text, maxDepth)) return undefined;
  try {
    return { value: JSON.parse(text) };
  } catch {
    return undefined; // let the YAML parser report where it breaks
  }
}

/**
 * A file whose value a fast reader produced: the `yaml` node tree with positions, which costs
 * 10 to 40x more to build, is made only when something asks for a node of this file. Positions
 * come without it: `oc` YAML read again with spans, JSON from an index of its text.
 */
function withLazyTree(
  text: string,
  value: unknown,
  limits: ParseLimits,
  ocYaml: boolean,
  skip?: UnreadPointers,
): ParsedFile {
  let tree: Document.Parsed | undefined;
  let spans: SpanIndex | undefined;
  let json: JsonSpans | undefined;
  const jsonIndex = (): JsonSpans | undefined =>
    ocYaml ? undefined : (json ??= new JsonSpans(text));
  const doc: ParsedDocument = {
    value,
    get node() {
      // The value was read, so its depth is known to be within bounds: no text check.
      tree ??= parseYaml(text, limits, false).docs[0]?.node;
      if (!tree) throw new Error('text without a document');
      return tree;
    },
    // Reading `oc` YAML again with spans, along the paths asked for, costs far less than the
    // node tree (findings need spans); what the value left out has no span either.
    get spans() {
      if (ocYaml) spans ??= new OcYamlSpans(text, skip);
      return ocYaml ? spans : jsonIndex();
    },
    // JSON: scanning only the containers on the paths asked for costs about one JSON.parse.
    get json() {
      return jsonIndex();
    },
  };
  let lines: LineStarts | undefined;
  return {
    text,
    docs: [doc],
    problems: [],
    // Line starts are counted when a position is first asked for, like the tree.
    get lines() {
      lines ??= new LineStarts(text);
      return lines;
    },
  };
}

function parseYaml(text: string, limits: ParseLimits, checkNesting = true): ParsedFile {
  // The parser's time and memory grow fast with nesting (200,000 brackets: 4 s, 300 MB):
  // refuse absurd nesting before parsing.
  if (checkNesting && nestingExceeds(text, limits.maxDepth)) {
    return refused(text, tooDeep(limits.maxDepth));
  }
  let all;
  try {
    all = parseAllDocuments(text);
  } catch (err) {
    // The parser recurses per level: nesting deep enough exhausts the stack.
    if (!(err instanceof RangeError)) throw err;
    return refused(text, `nested too deeply to parse (${err.message})`);
  }
  const problems: ParseProblem[] = [];
  const docs: ParsedDocument[] = [];
  // A stream with nothing but comments yields an EmptyStream, not an array.
  const list = Array.isArray(all) ? all : [];
  for (const node of list.slice(0, limits.maxDocuments)) {
    for (const e of node.errors) problems.push({ message: e.message, span: [e.pos[0], e.pos[1]] });
    let value: unknown = null;
    if (node.errors.length === 0) {
      try {
        value = node.toJS({ maxAliasCount: limits.maxAliasCount });
      } catch (err) {
        const r = node.contents?.range ?? [0, 0, 0];
        problems.push({ message: (err as Error).message, span: [r[0], r[1]] });
      }
      if (!withinDepth(value, limits.maxDepth)) {
        const r = node.contents?.range ?? [0, 0, 0];
        problems.push({ message: tooDeep(limits.maxDepth), span: [r[0], r[1]] });
        value = null;
      }
    }
    docs.push({ value, node });
  }
  return { text, docs, problems, lines: new LineStarts(text) };
}

function tooDeep(max: number): string {
  return `nested more than ${max} levels deep (mustGatherInspector.limits.maxNestingDepth)`;
}

/** A file not parsed at all, for one reason at its start. */
function refused(text: string, message: string): ParsedFile {
  return { ...plainText(text), problems: [{ message, span: [0, 0] }] };
}

function parseAllDocuments(text: string) {
  return yamlLib().parseAllDocuments(text, {
    keepSourceTokens: true,
    prettyErrors: false,
    // Warnings (e.g. collection keys) would go to the server's stderr; errors are reported.
    logLevel: 'error',
    uniqueKeys: false,
    strict: false,
  });
}

/**
 * A cheap upper bound on nesting, from the text: flow brackets open at once, or indentation
 * past four columns per level. A bracket counts only where a flow collection can start (at a
 * line start or after `:`, `-`, `,`, `?` or another counted bracket), so brackets inside plain
 * or quoted text (`message: see [[[ here`) do not.
 */
function nestingExceeds(text: string, max: number): boolean {
  let depth = 0;
  let quote = 0;
  let lineStart = true;
  let indent = 0;
  let canOpen = true;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 10) {
      lineStart = true;
      canOpen = true;
      indent = 0;
      quote = 0; // a quote left open at a line end: count conservatively from here
      continue;
    }
    if (lineStart) {
      if (c === 32) {
        if (++indent > 4 * max) return true;
        continue;
      }
      lineStart = false;
    }
    if (quote !== 0) {
      if (c === quote) quote = 0;
    } else if (c === 32 || c === 9) {
      continue;
    } else if (c === 34 || c === 39) {
      quote = c;
      canOpen = false;
    } else if ((c === 91 || c === 123) && canOpen) {
      if (++depth > max) return true;
    } else if ((c === 93 || c === 125) && depth > 0) {
      depth--;
      canOpen = false;
    } else {
      // `:`, `-`, `,` and `?` may precede a flow collection; anything else is text.
      canOpen = c === 58 || c === 45 || c === 44 || c === 63;
    }
  }
  return false;
}

/** `nestingExceeds` for JSON, jumping over strings natively (most of a JSON text's bytes). */
function jsonNestingExceeds(text: string, max: number): boolean {
  const special = /["[\]{}]/g;
  let depth = 0;
  for (let m = special.exec(text); m; m = special.exec(text)) {
    const c = m[0];
    if (c === '"') {
      let j = m.index + 1;
      for (;;) {
        j = text.indexOf('"', j);
        if (j === -1) return false; // unterminated: JSON.parse will refuse it
        let backslashes = 0;
        while (text.charCodeAt(j - 1 - backslashes) === 92) backslashes++;
        if (backslashes % 2 === 0) break;
        j++;
      }
      special.lastIndex = j + 1;
    } else if (c === '[' || c === '{') {
      if (++depth > max) return true;
    } else if (depth > 0) {
      depth--;
    }
  }
  return false;
}

/** Whether a value nests at most `max` maps and lists deep (iterative: no stack to exhaust). */
function withinDepth(value: unknown, max: number): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [v, d] = stack.pop() as [unknown, number];
    if (v === null || typeof v !== 'object') continue;
    if (d >= max) return false;
    for (const child of Array.isArray(v) ? v : Object.values(v)) {
      if (child !== null && typeof child === 'object') stack.push([child, d + 1]);
    }
  }
  return true;
}

/** A text file (a pod log) with line positions but no YAML documents. */
export function plainText(text: string, firstLine = 0): ParsedFile {
  return { text, docs: [], problems: [], lines: new LineStarts(text, firstLine) };
}
