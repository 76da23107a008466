/**
 * The causes of a hosted fixture's analysis (issue 45), with some rules off: what a rule test
 * checks beyond the rule's own findings (the cause names the root; off hides nothing else).
 */
import { analysisContext, analyzeRoot } from '../../server/src/analysis/analyze';
import type { RootAnalysis } from '../../server/src/analysis/analyze';
import { causesOf } from '../../server/src/analysis/causes';
import type { Cause } from '../../server/src/core/cause';
import type { Finding } from '../../server/src/core/finding';
import { discoverRoots } from '../../server/src/gather/discover';

export interface HostedCauses {
  analysis: RootAnalysis;
  causes: Cause[];
  /** The findings of a cause, in its causal order. */
  findingsOf(c: Cause): Finding[];
}

export async function hostedCauses(
  dir: string,
  off: readonly string[] = [],
): Promise<HostedCauses> {
  const [root] = await discoverRoots(dir);
  if (!root) throw new Error(`no root in ${dir}`);
  const levels = Object.fromEntries(off.map((id) => [id, 'off' as const]));
  const analysis = await analyzeRoot(root, analysisContext({ levels }));
  const causes = causesOf(analysis.findings, analysis.snapshot);
  return { analysis, causes, findingsOf: (c) => c.findings.map((i) => analysis.findings[i]!) };
}

/** Each finding as `rule subject`, sorted: to compare two analyses. */
export function findingKeys(a: RootAnalysis, except?: string): string[] {
  return a.findings
    .filter((f) => f.rule !== except)
    .map((f) => `${f.rule} ${f.subject}`)
    .sort();
}
