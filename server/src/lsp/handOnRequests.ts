/**
 * What the editor hands on: a must-gather's case summary (`reports/caseReport.ts`, as `report`
 * writes it) and "Compare with Other Gather" (the window's other gathers of the same cluster
 * that hold the object of a file, and the summary beside the diff from
 * `analysis/compareGathers.ts`). Translation only: roots are named as the window names them.
 */
import { existsSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  compareGathers,
  formatCaseHtml,
  formatCaseMarkdown,
  joinPointer,
  objectComparisonMarkdown,
  offsetOf,
  pathAt,
  placeComparison,
  statusReport,
  toReported,
  toReportedCauses,
} from '../service';
import type { ParsedFileCache, RootAnalysis } from '../service';
import { isoTime } from '../core/text';
import { objectsOf } from '../features/symbols/objects';
import type { ObjectEntry } from '../features/symbols/objects';
import type { CaseReportResult, OtherGathersResult } from '../protocol/messages';
import type { Cause } from '../core/cause';
import type { Peek } from './parsedFiles';

/** Names files of `root` as `<place>/<path inside>`, the root itself as `place`. */
function displayIn(root: string, place: string): (p: string) => string {
  return (p) =>
    p === root
      ? place
      : p.startsWith(root + sep)
        ? `${place}/${p
            .slice(root.length + 1)
            .split(sep)
            .join('/')}`
        : p;
}

export function caseReport(
  a: RootAnalysis,
  place: string,
  peek: Peek,
  causes: readonly Cause[],
  format: 'md' | 'html',
  version: string,
): CaseReportResult {
  const display = displayIn(a.root.path, place);
  const findings = toReported(display, [a], { peek });
  const report = {
    roots: [statusReport(a, display, peek, causes)],
    findings,
    causes: toReportedCauses(display, [a], { peek }),
    version,
  };
  return {
    text: format === 'html' ? formatCaseHtml(report) : formatCaseMarkdown(report),
    place,
    errors: findings.filter((f) => f.severity === 'error').length,
  };
}

/** The object of `file` under `position` (a List's item), else the file's first. */
function objectAt(
  a: RootAnalysis,
  file: string,
  cache: ParsedFileCache,
  position: { line: number; character: number } | undefined,
): ObjectEntry | undefined {
  const peek = (f: string) => cache.peek(f);
  const here = objectsOf(a, peek).filter((e) => e.file === file);
  const parsed = cache.peek(file);
  if (here.length > 1 && position && parsed) {
    const at = pathAt(parsed, offsetOf(parsed, position.line, position.character));
    const pointer = at ? joinPointer('', ...at.path) : '';
    const item = here.find(
      (e) => e.doc === at?.doc && (pointer === e.pointer || pointer.startsWith(`${e.pointer}/`)),
    );
    if (item) return item;
  }
  return here[0];
}

/**
 * The other analysed gathers of `file`'s cluster, each with the same object's file (or the
 * file at the same path inside, for a file that holds no object the index lists).
 */
export function otherGathers(
  analyses: readonly RootAnalysis[],
  file: string,
  cache: ParsedFileCache,
  place: (root: string) => string,
  position?: { line: number; character: number },
): OtherGathersResult | undefined {
  const mine = analyses.find((a) => file === a.root.path || file.startsWith(a.root.path + sep));
  if (!mine) return undefined;
  const obj = objectAt(mine, file, cache, position);
  const inside = relative(mine.root.path, file);
  const subject = obj?.subject ?? inside.split(sep).join('/');
  const clusterId = mine.snapshot.clusterVersion?.clusterID;
  const peek = (f: string) => cache.peek(f);
  const others = analyses.flatMap((o) => {
    if (o === mine || !clusterId || o.snapshot.clusterVersion?.clusterID !== clusterId) return [];
    const there = obj
      ? objectsOf(o, peek).find((e) => e.subject === subject)?.file
      : join(o.root.path, inside);
    if (!there || !existsSync(there)) return [];
    const when = o.snapshot.gatherTime;
    return [
      {
        root: o.root.path,
        place: place(o.root.path),
        ...(when ? { gatherTime: isoTime(when) } : {}),
        uri: pathToFileURL(there).href,
      },
    ];
  });
  const when = mine.snapshot.gatherTime;
  return {
    root: mine.root.path,
    place: place(mine.root.path),
    ...(when ? { gatherTime: isoTime(when) } : {}),
    subject,
    ...(clusterId ? { clusterId } : {}),
    others,
  };
}

/** The Markdown beside the diff: the two gathers compared, for `subject`. */
export function gatherComparisonMarkdown(
  a: RootAnalysis,
  b: RootAnalysis,
  subject: string,
  peek: Peek,
  place: (root: string) => string,
): string {
  return objectComparisonMarkdown(placeComparison(compareGathers(a, b), place, peek), subject);
}
