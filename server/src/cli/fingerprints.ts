/**
 * SARIF's partial fingerprints (`cli/sarif.ts`): what a code-scanning tool matches results by
 * from one run to the next. One run may hold several clusters, and several gathers of one, so
 * the cluster is part of a result's identity, and a repeat is numbered to keep each unique.
 */
import type { GatherSummary } from '../core/gatherSummary';
import type { ReportedFinding } from '../service';

/** The cluster of each root, as the summaries name both. */
export type RootClusters = readonly Pick<GatherSummary, 'root' | 'clusterID'>[];

/** `%`, `|` and `#` escaped, so no part runs into the next or into a repeat's number. */
function part(s: string): string {
  return s.replace(/[%|#]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** Code-unit order, the same on every machine (no locale). */
function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Where a finding lies: the order repeats of one key are numbered in. */
function byPlace(a: ReportedFinding, b: ReportedFinding): number {
  return (
    cmp(a.root, b.root) ||
    cmp(a.file, b.file) ||
    a.line - b.line ||
    a.column - b.column ||
    a.endLine - b.endLine ||
    a.endColumn - b.endColumn ||
    cmp(a.message, b.message)
  );
}

/**
 * `<rule>|<subject>|cluster:<spec.clusterID>` (`root:<root>` when the gather has no ClusterVersion),
 * the same for every gather of one cluster analysed alone: nothing of the time, the absolute
 * path or a line in it. The n-th repeat of a key (n ≥ 2, in the order of their roots and places)
 * gets `#n`: a second gather of the same cluster in the run, or the same rule twice on one object.
 */
export function fingerprints(findings: readonly ReportedFinding[], roots: RootClusters): string[] {
  const clusterOf = new Map(roots.map((r) => [r.root, r.clusterID]));
  const keys = findings.map((f) => {
    const id = clusterOf.get(f.root);
    const cluster = id !== undefined ? `cluster:${id}` : `root:${f.root}`;
    return [f.rule, f.subject, cluster].map(part).join('|');
  });
  const repeats = new Map<string, number[]>();
  keys.forEach((k, i) => {
    const at = repeats.get(k);
    if (at) at.push(i);
    else repeats.set(k, [i]);
  });
  const out = [...keys];
  for (const [key, at] of repeats) {
    at.sort((a, b) => byPlace(findings[a]!, findings[b]!) || a - b);
    at.forEach((i, n) => {
      if (n > 0) out[i] = `${key}#${n + 1}`;
    });
  }
  return out;
}
