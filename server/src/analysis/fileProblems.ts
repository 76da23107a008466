/**
 * The one place `yaml-invalid` findings are made: a file that cannot be read, does not parse,
 * is not UTF-8, or (for a resource the rules read) holds no object, or (for Prometheus' saved
 * answers) holds something else.
 */
import type { Finding, FindingText } from '../core/finding';
import { messageMaxLength } from '../core/finding';
import { clip } from '../core/text';
import { sep } from 'node:path';
import type { ParsedFileCache, ProbeResult, ReadResult } from '../gather/fileCache';

const yamlInvalid = 'yaml-invalid';

/**
 * @param rel the file's path inside its must-gather (`/`-separated): messages start with it and
 *   the subject is `file/<rel>`.
 * @param message what is wrong, following the path (`: cannot read: EACCES`, ` does not parse: …`).
 */
export function invalidFile(
  file: string,
  rel: string,
  span: [number, number],
  message: string,
): Finding {
  const words = fileWords(rel, message);
  return {
    rule: yamlInvalid,
    severity: 'error',
    subject: `file/${rel}`,
    location: { file, doc: 0, pointer: '', span },
    message: words.message,
    ...(words.detail ? { detail: words.detail } : {}),
    related: [],
  };
}

/** One plain line: the file's name and the parser's words may hold newlines and backticks. */
function plain(text: string): string {
  return text.replace(/\s+/g, ' ').replace(/`/g, "'");
}

/** `abc…xyz`: the start and the end of a text, `max` characters in all; the end is kept whole. */
function middleCut(text: string, max: number): string {
  if (text.length <= max) return text;
  const tail = Math.floor((max - 1) / 3);
  return `${text.slice(0, max - 1 - tail)}…${text.slice(text.length - tail)}`;
}

/** `…/logs/current.log`: the end of a long path, from a whole folder on; a long name cut inside. */
function shortPath(rel: string, max: number): string {
  if (rel.length <= max) return rel;
  const names = rel.split('/');
  let tail = names.pop() ?? '';
  if (tail.length + 2 > max) return `…/${middleCut(tail, max - 2)}`;
  while (names.length > 0 && names[names.length - 1]!.length + tail.length + 3 <= max) {
    tail = `${names.pop()!}/${tail}`;
  }
  return `…/${tail}`;
}

/**
 * The message is the path and what is wrong, whole when it fits the list's width. A longer one
 * (a deep log path, a crafted name, a parser quoting the file) keeps the path's end and the
 * problem's start and end; the detail then holds both whole.
 */
function fileWords(rel: string, what: string): FindingText {
  const whole = `${plain(rel)}${plain(what).trimEnd()}`.replace(/…$/, '...');
  if (whole.length <= messageMaxLength) return { message: whole };
  const where = shortPath(plain(rel), 90);
  // A text that itself ends in an ellipsis must not read as one cut by the length bound.
  const said = plain(what).trimEnd().replace(/…$/, '...');
  const message = `${where}${middleCut(said, messageMaxLength - where.length)}`;
  const problem = clip(what.replace(/^\s*:/, ''), 2000);
  return {
    message,
    detail: `The whole path: ${rel}\n\nWhat is wrong with it: ${problem}`,
  };
}

/**
 * What is wrong with a file as read, if anything.
 * @param needsObject a resource the rules read must hold an object; an empty file is a problem.
 */
export function fileProblem(
  file: string,
  rel: string,
  r: ReadResult,
  needsObject: boolean,
): Finding | undefined {
  if (!r.ok) return invalidFile(file, rel, [0, 0], `: ${r.error}`);
  const first = r.parsed.problems[0];
  if (first) {
    const more = r.parsed.problems.length > 1 ? ` (and ${r.parsed.problems.length - 1} more)` : '';
    // Encoding problems read as a sentence ("… is not UTF-8 …"); syntax errors are quoted.
    const what = /^is not /.test(first.message)
      ? first.message
      : `does not parse: ${first.message}`;
    return invalidFile(file, rel, first.span, ` ${what}${more}`);
  }
  if (needsObject && r.parsed.docs.every((d) => d.value === null || d.value === undefined)) {
    return invalidFile(file, rel, [0, 0], ' holds no object (the file is empty)');
  }
  return undefined;
}

/**
 * What is wrong with a file the analysis owns but does not parse (a MachineConfig no pool or node
 * names), from its first bytes: unreadable, empty, binary, or not the kind its folder holds.
 */
export function probeProblem(
  file: string,
  rel: string,
  r: ProbeResult,
  kind: string,
): Finding | undefined {
  if (!r.ok) return invalidFile(file, rel, [0, 0], `: ${r.error}`);
  const head = r.head;
  const json = /^\s*[[{]/.test(head);
  const found = json
    ? /"kind"\s*:\s*"([^"]*)"/.exec(head)?.[1]
    : /^kind:[ \t]*["']?([^"'\s#]*)/m.exec(head)?.[1];
  // A kind past the first bytes, or none (a bare object), is not judged from a probe.
  if (found === undefined || found === kind || found.endsWith('List')) return undefined;
  return invalidFile(file, rel, [0, 0], ` holds a ${found}, not a ${kind}`);
}

/** A parsed object of another kind than its folder holds (a Pod in clusteroperators/). */
export function wrongKind(file: string, rel: string, found: string, kind: string): Finding {
  return invalidFile(file, rel, [0, 0], ` holds a ${found}, not a ${kind}`);
}

/**
 * A file of Prometheus' answers that parses but holds none (its error response, an HTML page
 * read as text, another object): `why` says what it holds, from `model/alerts`.
 */
export function notPrometheusAnswer(file: string, rel: string, why: string): Finding {
  return invalidFile(file, rel, [0, 0], ` ${why}`);
}

/**
 * Open YAML/JSON files of a root that no rule read still get their read and parse problems
 * (an empty file that nothing reads is no problem).
 */
export async function openFileProblems(
  rootPath: string,
  openFiles: Iterable<string>,
  filesRead: readonly string[],
  cache: ParsedFileCache,
): Promise<Finding[]> {
  const read = new Set(filesRead);
  const out: Finding[] = [];
  for (const file of openFiles) {
    if (read.has(file) || !file.startsWith(rootPath + sep) || !/\.(ya?ml|json)$/.test(file))
      continue;
    const rel = file
      .slice(rootPath.length + 1)
      .split(sep)
      .join('/');
    const problem = fileProblem(file, rel, await cache.get(file), false);
    if (problem) out.push(problem);
  }
  return out;
}
