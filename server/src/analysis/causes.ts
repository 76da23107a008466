/**
 * One cause, one line: the findings of an analysis grouped by what caused them. Every finding
 * belongs to exactly one cause. The grouping reads structure only, never message text:
 * - the rules' declared consequences (`RuleMeta.leadsTo`), between findings about the same object
 *   or an object upstream of it (node → its pool → machine-config → ClusterVersion);
 * - the evidence a finding cites (its related locations are another finding's place);
 * - witnesses (a finding with `about`: an alert, the CVO's log) join what is wrong with the object
 *   they are about.
 * Each finding takes one explainer (the one it cites, else the nearest, else the worst), so two
 * problems that hold back the same operator stay two causes. Findings nothing explains are roots;
 * roots of one kind (`cause`, else rule) that explain the same finding are one problem seen on
 * several objects (nine nodes that cannot drain) and share their cause.
 */
import type { Cause } from '../core/cause';
import type { Finding, Location, Subject } from '../core/finding';
import { severityRank } from '../core/finding';
import { primaryPool } from '../model/snapshot';
import type { Snapshot } from '../model/snapshot';
import { rules as registered } from '../rules/registry';
import type { Rule } from '../rules/rule';
import { causeTitle } from './causeTitle';
import { nodesReportedNotReady } from '../model/nodeReports';
import { podFailure, staleNodes } from '../model/podFailures';

/**
 * The objects above a subject, nearest first: node → pool → machine-config → ClusterVersion, a
 * pod → the unhealthy operators naming its namespace → ClusterVersion, a node that is not
 * ready → the operand pods on it → their operators → its pool, and a hosted cluster's
 * control-plane pod, claim or workload → its HostedCluster.
 */
type Upstream = (subject: Subject) => Subject[];

function upstreamOf(s: Snapshot): Upstream {
  const poolOfNode = new Map<string, string>();
  for (const n of s.nodes) {
    const p = primaryPool(s, n);
    if (p) poolOfNode.set(`node/${n.name}`, `mcp/${p.name}`);
  }
  // A master node the operators report not ready holds them back, gathered or not.
  const reportedBy = new Map<string, Subject[]>();
  const masters = s.pools.some((p) => p.name === 'master');
  for (const [name, reports] of nodesReportedNotReady(s)) {
    reportedBy.set(
      `node/${name}`,
      reports.map((r) => r.operator.subject),
    );
    // The node controller reports master nodes only: one the gather lacks is the master pool's.
    if (masters && !poolOfNode.has(`node/${name}`) && !s.nodes.some((n) => n.name === name))
      poolOfNode.set(`node/${name}`, 'mcp/master');
  }
  // A node that is not ready holds back the operand pods on it, and the operators naming them.
  const podsOnNode = new Map<Subject, Subject[]>();
  const stale = staleNodes(s.nodes, s.gatherTime);
  for (const p of s.operandPods) {
    const f = podFailure(p, stale);
    if (f?.kind !== 'node-not-ready') continue;
    const key = `node/${f.node}`;
    podsOnNode.set(key, [...(podsOnNode.get(key) ?? []), p.subject]);
  }
  const above = (subject: Subject): Subject[] => {
    if (subject === 'cv/version') return [];
    const pods = podsOnNode.get(subject);
    if (!pods) return aboveNode(subject);
    const operators = pods.flatMap((p) => aboveNode(p)).filter((x) => x !== 'cv/version');
    return [...new Set([...pods, ...operators, ...aboveNode(subject), 'cv/version'])];
  };
  // A hosted cluster's control-plane objects hold back its HostedCluster (its Degraded, Available).
  const hc = s.hosted?.cluster;
  const cpObject = hc
    ? new RegExp(`^(?:pod|pvc|deployment|statefulset|cpc|hcp)/${hc.controlPlaneNamespace}/`)
    : undefined;
  const aboveNode = (subject: Subject): Subject[] => {
    if (subject === 'cv/version') return [];
    if (hc && cpObject?.test(subject)) return [hc.subject];
    if (subject.startsWith('co/')) return ['cv/version'];
    if (subject.startsWith('mcp/')) return ['co/machine-config', 'cv/version'];
    const pool = poolOfNode.get(subject);
    const operators = reportedBy.get(subject) ?? [];
    if (operators.length > 0) {
      const chain = pool ? [pool, ...above(pool)].filter((x) => x !== 'cv/version') : [];
      return [...new Set([...chain, ...operators, 'cv/version'])];
    }
    if (pool) return [pool, ...above(pool)];
    // A pod of an unhealthy operator's namespace holds back the operators that name it.
    const ns = /^pod\/([^/]+)\//.exec(subject)?.[1];
    const naming = ns === undefined ? undefined : s.operandNamespaces.operators.get(ns);
    if (naming) return [...naming.map((o) => `co/${o}`), 'cv/version'];
    const rendered = /^mc\/rendered-(.+)-[0-9a-f]{32}$/.exec(subject)?.[1];
    if (rendered) return [`mcp/${rendered}`, ...above(`mcp/${rendered}`)];
    return [];
  };
  return hostedAbove(s, above);
}

/**
 * A hosted cluster's chain on top: a guest node → its Machine → its NodePool → the HostedCluster,
 * and the guest's
 * ClusterVersion (whose status the HostedCluster copies, `ClusterVersionSucceeding` among it) →
 * the HostedCluster.
 */
function hostedAbove(s: Snapshot, above: Upstream): Upstream {
  const part = s.hosted;
  if (!part) return above;
  const hc = part.cluster.subject;
  const own = new Map<Subject, Subject[]>();
  for (const p of part.nodePools) own.set(p.subject, [hc]);
  for (const m of part.machines) {
    const pool = part.nodePools.find((p) => p.name === m.nodePool);
    own.set(m.subject, pool ? [pool.subject, hc] : [hc]);
    // The guest node the Machine became sits under it.
    if (m.nodeName) own.set(`node/${m.nodeName}`, [m.subject, ...own.get(m.subject)!]);
  }
  // A guest node whose Machine was not read (a settled NodePool's) sits under its NodePool.
  for (const n of s.nodes) {
    const pool = part.nodePools.find((p) => p.name === n.label('hypershift.openshift.io/nodePool'));
    if (pool && !own.has(n.subject)) own.set(n.subject, [pool.subject, hc]);
  }
  return (subject) => {
    const mine = own.get(subject);
    if (mine) return mine;
    const up = above(subject);
    return subject === 'cv/version' || up.includes('cv/version') ? [...up, hc] : up;
  };
}

/** The object a finding stands for: the CVO's log is the cluster's, a witness its object's. */
function objectOf(f: Finding): Subject {
  if (f.about) return f.about;
  return f.subject.startsWith('log/openshift-cluster-version/') ? 'cv/version' : f.subject;
}

/** A place as a key: file, document and pointer, or the span where there is no pointer (logs). */
function placeKey(l: Location): string {
  const at = l.pointer !== '' || !l.span ? l.pointer : `@${l.span[0]}-${l.span[1]}`;
  return `${l.file}\u0000${l.doc}\u0000${at}`;
}

/** Finding indexes by each of the keys `keys` gives a finding. */
function indexBy(
  findings: readonly Finding[],
  keys: (f: Finding, i: number) => string[],
): Map<string, number[]> {
  const out = new Map<string, number[]>();
  findings.forEach((f, i) => {
    for (const k of keys(f, i)) {
      const list = out.get(k);
      if (list) list.push(i);
      else out.set(k, [i]);
    }
  });
  return out;
}

interface Candidate {
  index: number;
  /** The explained finding cites this one as evidence. */
  cited: boolean;
  /** How far up the explained finding's object is (0: the same object). */
  distance: number;
  /** By a rule's declared consequence (else by citation or as a witness). */
  declared: boolean;
}

export function causesOf(
  findings: readonly Finding[],
  snapshot: Snapshot,
  rules: readonly Rule[] = registered,
): Cause[] {
  const upstream = upstreamOf(snapshot);
  const leadsTo = new Map(rules.map((r) => [r.meta.id, new Set(r.meta.leadsTo ?? [])]));
  const consequences = new Set(rules.flatMap((r) => r.meta.leadsTo ?? []));
  const objects = findings.map(objectOf);
  const distance = (from: Subject, to: Subject): number | undefined => {
    if (from === to) return 0;
    const i = upstream(from).indexOf(to);
    return i < 0 ? undefined : i + 1;
  };
  // Indexes, so that a gather with thousands of findings is not a product of every pair.
  const byRule = indexBy(findings, (f) => [f.rule]);
  const byObject = indexBy(findings, (f, i) => (f.about === undefined ? [objects[i]!] : []));
  const citers = indexBy(findings, (f) => f.related.map(placeKey));
  const explainersOf = new Map<string, string[]>();
  for (const r of rules)
    for (const to of r.meta.leadsTo ?? [])
      explainersOf.set(to, [...(explainersOf.get(to) ?? []), r.meta.id]);

  // Who may explain each finding.
  const candidates: Candidate[][] = findings.map((g, gi) => {
    const cites = new Set(g.related.map(placeKey));
    const found = new Map<number, Candidate>();
    const add = (fi: number, distance: number, declared: boolean) => {
      if (fi === gi || found.has(fi)) return;
      const cited = cites.has(placeKey(findings[fi]!.location));
      found.set(fi, { index: fi, cited, distance, declared });
    };
    for (const rule of explainersOf.get(g.rule) ?? [])
      for (const fi of byRule.get(rule) ?? []) {
        const d = distance(objects[fi]!, objects[gi]!);
        if (d !== undefined) add(fi, d, true);
      }
    // Evidence: a witness joins what is wrong with its object. A finding another cites joins the
    // citer's cause, unless the citer is one of its own declared consequences (no cycle); only a
    // witness or a consequence is pulled in so: a problem of its own (a paused pool beside an
    // expiring certificate of the same pool) stays its own cause.
    if (g.about !== undefined) for (const fi of byObject.get(g.about) ?? []) add(fi, 0, false);
    if (g.about !== undefined || consequences.has(g.rule)) {
      for (const fi of citers.get(placeKey(g.location)) ?? [])
        if (!leadsTo.get(g.rule)?.has(findings[fi]!.rule)) add(fi, 0, false);
    }
    return [...found.values()];
  });

  const parent = candidates.map((c) => best(c, findings)?.index);
  breakCycles(parent);

  const group = new UnionFind(findings.length);
  parent.forEach((p, i) => {
    if (p !== undefined) group.union(i, p);
  });
  // Roots of one kind that explain the same finding are one problem on several objects.
  const isRoot = (i: number) => parent[i] === undefined;
  const kind = (i: number) => findings[i]!.cause ?? findings[i]!.rule;
  for (const c of candidates) {
    const firstOfKind = new Map<string, number>();
    for (const x of c) {
      if (!x.declared || !isRoot(x.index)) continue;
      const first = firstOfKind.get(kind(x.index));
      if (first === undefined) firstOfKind.set(kind(x.index), x.index);
      else group.union(first, x.index);
    }
  }

  const members = new Map<number, number[]>();
  findings.forEach((_, i) => {
    const g = group.find(i);
    const list = members.get(g);
    if (list) list.push(i);
    else members.set(g, [i]);
  });
  const causes = [...members.values()].map((indexes) =>
    causeOf(causalOrder(indexes, parent, findings), findings, parent, objects, snapshot, upstream),
  );
  return causes.sort(
    (a, b) =>
      severityRank(a.level) - severityRank(b.level) ||
      b.findings.length - a.findings.length ||
      a.id.localeCompare(b.id),
  );
}

/** The explainer a finding takes: the one it cites, else declared, nearest, worst, first. */
function best(cs: Candidate[], findings: readonly Finding[]): Candidate | undefined {
  return [...cs].sort(
    (a, b) =>
      Number(b.cited) - Number(a.cited) ||
      Number(b.declared) - Number(a.declared) ||
      a.distance - b.distance ||
      severityRank(findings[a.index]!.severity) - severityRank(findings[b.index]!.severity) ||
      a.index - b.index,
  )[0];
}

/** Declared consequences form no cycle, but citations could close one: cut it where found. */
function breakCycles(parent: (number | undefined)[]): void {
  for (let start = 0; start < parent.length; start++) {
    const seen = new Set<number>();
    for (let i: number | undefined = start; i !== undefined; i = parent[i]) {
      if (seen.has(i)) {
        parent[i] = undefined;
        break;
      }
      seen.add(i);
    }
  }
}

/** Roots first (worst first), then each finding after what explains it. */
function causalOrder(
  indexes: number[],
  parent: (number | undefined)[],
  findings: readonly Finding[],
): number[] {
  const bySeverity = (a: number, b: number) =>
    severityRank(findings[a]!.severity) - severityRank(findings[b]!.severity) || a - b;
  const inGroup = new Set(indexes);
  const children = new Map<number, number[]>();
  for (const i of indexes) {
    const p = parent[i];
    if (p !== undefined && inGroup.has(p)) children.set(p, [...(children.get(p) ?? []), i]);
  }
  const order: number[] = [];
  const queue = indexes.filter((i) => parent[i] === undefined || !inGroup.has(parent[i]!));
  queue.sort(bySeverity);
  while (queue.length > 0) {
    const i = queue.shift()!;
    order.push(i);
    queue.push(...(children.get(i) ?? []).sort(bySeverity));
  }
  return order;
}

function causeOf(
  order: number[],
  findings: readonly Finding[],
  parent: (number | undefined)[],
  objects: Subject[],
  snapshot: Snapshot,
  upstream: Upstream,
): Cause {
  const inCause = new Set(order);
  const roots = order.filter((i) => parent[i] === undefined || !inCause.has(parent[i]!));
  const first = findings[roots[0]!]!;
  const subjects = [...new Set(order.map((i) => objects[i]!))];
  const level = order
    .map((i) => findings[i]!.severity)
    .sort((a, b) => severityRank(a) - severityRank(b))[0]!;
  const poolOf = (x: Subject) => upstream(x).find((u) => u.startsWith('mcp/'));
  // Several roots are one problem on several objects: the cause is named by the object above them.
  const where =
    roots.length > 1 ? (upstream(objects[roots[0]!]!)[0] ?? first.subject) : first.subject;
  const cause: Cause = {
    id: `${first.cause ?? first.rule}@${where}`,
    title: causeTitle(
      roots.map((i) => findings[i]!),
      subjects,
      snapshot,
      poolOf,
    ),
    level,
    subjects,
    findings: order,
  };
  // The root's own chain, else the first under it (a pod's, ending at the node that is the root).
  const chain = first.chain ?? order.map((i) => findings[i]!.chain).find((c) => c !== undefined);
  if (chain) cause.chain = chain;
  return cause;
}

class UnionFind {
  private readonly up: number[];
  constructor(n: number) {
    this.up = Array.from({ length: n }, (_, i) => i);
  }
  find(i: number): number {
    while (this.up[i] !== i) {
      this.up[i] = this.up[this.up[i]!]!;
      i = this.up[i]!;
    }
    return i;
  }
  union(a: number, b: number): void {
    const [x, y] = [this.find(a), this.find(b)];
    if (x !== y) this.up[Math.max(x, y)] = Math.min(x, y);
  }
}
