/**
 * One owner per cause: after the user's levels, a finding that a shown finding of another rule
 * explains (that rule's `explains`) is not listed on its own but becomes that finding's related
 * evidence. Explaining goes on through a finding that is itself explained: a node's stuck drain,
 * explained by its daemon's Degraded state, explained by the OS update that failed, lands on the
 * last. A rule that is off was never run, so it explains nothing and hides nothing.
 */
import type { Finding, Location, RelatedLocation } from '../core/finding';
import { clip } from '../core/text';
import type { Rule } from '../rules/rule';

export function foldExplained(findings: Finding[], rules: readonly Rule[]): Finding[] {
  const byId = new Map(rules.map((r) => [r.meta.id, r]));
  const explainer = new Map<Finding, Finding>();
  const evidence = new Map<Finding, RelatedLocation[]>();
  for (const f of findings) {
    for (const e of byId.get(f.rule)?.meta.explains ?? []) {
      const subject = e.subject ?? f.subject;
      for (const g of findings) {
        if (g === f || g.rule !== e.rule || g.subject !== subject) continue;
        if (e.cause !== undefined && g.cause !== e.cause) continue;
        if (!explainer.has(g)) explainer.set(g, f);
        const list = evidence.get(f) ?? [];
        list.push({
          ...g.location,
          message: `${clip(g.message, 300)} [${g.rule}, explained here]`,
        });
        evidence.set(f, list);
      }
    }
  }
  // The shown finding a hidden one's evidence goes to: up its explainers, bounded against cycles.
  const shownOwner = (f: Finding): Finding => {
    let x = f;
    for (let i = 0; i < findings.length && explainer.has(x); i++) x = explainer.get(x)!;
    return x;
  };
  const gathered = new Map<Finding, RelatedLocation[]>();
  for (const [f, list] of evidence) {
    const owner = shownOwner(f);
    gathered.set(owner, [...(gathered.get(owner) ?? []), ...list]);
  }
  return findings.flatMap((f) => {
    if (explainer.has(f)) return [];
    const more = gathered.get(f);
    return more ? [{ ...f, related: withEvidence(f.related, more) }] : [f];
  });
}

const samePlace = (a: Location, b: Location) =>
  a.file === b.file && a.doc === b.doc && a.pointer === b.pointer;

/**
 * The explainer's related locations with the explained findings: one that cites the same place
 * (a node's MachineConfigNode phase) takes the explained finding's words, so a place is listed once.
 */
function withEvidence(related: RelatedLocation[], more: RelatedLocation[]): RelatedLocation[] {
  const out = [...related];
  for (const m of more) {
    const i = out.findIndex((r) => samePlace(r, m));
    if (i >= 0) out[i] = m;
    else out.push(m);
  }
  return out;
}
