/**
 * One owner per cause: after the user's levels, a finding that a shown finding of another rule
 * explains (that rule's `explains`) is not listed on its own but becomes that finding's related
 * evidence. A rule that is off was never run, so it explains nothing and hides nothing.
 */
import type { Finding, RelatedLocation } from '../core/finding';
import { clip } from '../core/text';
import type { Rule } from '../rules/rule';

export function foldExplained(findings: Finding[], rules: readonly Rule[]): Finding[] {
  const byId = new Map(rules.map((r) => [r.meta.id, r]));
  const hidden = new Set<Finding>();
  const evidence = new Map<Finding, RelatedLocation[]>();
  for (const f of findings) {
    for (const e of byId.get(f.rule)?.meta.explains ?? []) {
      const subject = e.subject ?? f.subject;
      for (const g of findings) {
        if (g === f || g.rule !== e.rule || g.subject !== subject) continue;
        if (e.cause !== undefined && g.cause !== e.cause) continue;
        hidden.add(g);
        const list = evidence.get(f) ?? [];
        list.push({
          ...g.location,
          message: `${clip(g.message, 300)} [${g.rule}, explained here]`,
        });
        evidence.set(f, list);
      }
    }
  }
  return findings.flatMap((f) => {
    if (hidden.has(f)) return [];
    const more = evidence.get(f);
    return more ? [{ ...f, related: [...f.related, ...more] }] : [f];
  });
}
