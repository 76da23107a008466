/**
 * The one place `yaml-invalid` findings are made: a file that cannot be read, does not parse,
 * is not UTF-8, or (for a resource the rules read) holds no object, or (for Prometheus' saved
 * answers) holds something else.
 */
import type { Finding } from '../core/finding';
import { sep } from 'node:path';
import type { ParsedFileCache, ProbeResult, ReadResult } from '../gather/fileCache';

const yamlInvalid = 'yaml-invalid';

/**
 * @param rel the file's path inside its must-gather (`/`-separated): messages start with it and
 *   the subject is `file/<rel>`.
 */
export function invalidFile(
  file: string,
  rel: string,
  span: [number, number],
  message: string,
): Finding {
  return {
    rule: yamlInvalid,
    severity: 'error',
    subject: `file/${rel}`,
    location: { file, doc: 0, pointer: '', span },
    message: `${rel}${message}`,
    related: [],
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
