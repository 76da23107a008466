/**
 * `compareGathers`: two analyses of one cluster side by side. Each object is reduced to the facts
 * an update turns on (versions, condition transitions, a pool's configs and counts, a node's
 * configs, daemon state and update phase, a budget's allowance), keyed by subject, and the facts
 * that differ are listed; findings are matched by rule and subject, as SARIF fingerprints them.
 * Pure: no file is read, times come from the gathers.
 */
import type {
  AssessmentBrief,
  ComparedFinding,
  ComparedGather,
  FactChange,
  GatherComparison,
  ObjectComparison,
} from '../core/compare';
import type { Finding, Location, Severity, Subject } from '../core/finding';
import { isoTime } from '../core/text';
import { controlPlaneLabels } from '../core/updateStatus';
import type { Condition } from '../model/condition';
import type { KubeObject } from '../model/kubeObject';
import type { NodeStatus, UpdateAssessment } from '../model/assessment/types';
import type { Snapshot } from '../model/snapshot';
import type { RootAnalysis } from './analyze';

/** What one gather says of one object: its facts by path, where it is, and where some facts are. */
interface ObjectFacts {
  location: Location;
  facts: Map<string, string>;
  where: Map<string, Location>;
}

/** Where an object is: the top of its document (or its List item). */
function whereIs(o: KubeObject): Location {
  return o.at();
}

function iso(d: Date | undefined): string | undefined {
  return d ? isoTime(d) : undefined;
}

/** Status, reason and transition time of every condition (messages change too often to list). */
function conditionFacts(o: ObjectFacts, conditions: Condition[], only?: string[]) {
  for (const c of conditions) {
    if (only && !only.includes(c.type)) continue;
    const path = `conditions.${c.type}`;
    o.facts.set(`${path}.status`, c.status);
    if (c.reason) o.facts.set(`${path}.reason`, c.reason);
    const since = iso(c.lastTransitionTime);
    if (since) o.facts.set(`${path}.since`, since);
    for (const k of ['status', 'reason', 'since']) o.where.set(`${path}.${k}`, c.location);
  }
}

function objectFacts(o: KubeObject): ObjectFacts {
  return { location: whereIs(o), facts: new Map(), where: new Map() };
}

/** `paths` are at `at` in the object. */
function placed(o: ObjectFacts, at: Location, ...paths: string[]) {
  for (const p of paths) o.where.set(p, at);
}

function set(facts: Map<string, string>, path: string, v: string | number | boolean | undefined) {
  if (v !== undefined) facts.set(path, String(v));
}

/** A node's update status as `status` shows it (`Completed`, `Draining`, `4.15.3`). */
function nodeStatusFacts(facts: Map<string, string>, n: NodeStatus | undefined) {
  if (!n) return;
  facts.set('update.assessment', n.assessment);
  facts.set('update.phase', n.phase);
  set(facts, 'update.version', n.version);
}

/** Every object the comparison reads, by subject, in kind order. */
function factsOf(s: Snapshot, assessment: UpdateAssessment): Map<Subject, ObjectFacts> {
  const out = new Map<Subject, ObjectFacts>();
  const cv = s.clusterVersion;
  if (cv) {
    const o = objectFacts(cv);
    const facts = o.facts;
    set(facts, 'desired.version', cv.desiredVersion);
    set(facts, 'spec.channel', cv.channel);
    const latest = cv.history[0];
    if (latest) {
      facts.set('history[0].version', latest.version);
      facts.set('history[0].state', latest.state);
      set(facts, 'history[0].startedTime', iso(latest.startedTime));
      set(facts, 'history[0].completionTime', iso(latest.completionTime));
      placed(o, latest.location, ...[...facts.keys()].filter((k) => k.startsWith('history')));
    }
    conditionFacts(o, cv.conditions);
    out.set(cv.subject, o);
  }
  for (const co of s.operators) {
    const o = objectFacts(co);
    for (const v of co.versions) {
      o.facts.set(`versions.${v.name}`, v.version);
      placed(o, v.location, `versions.${v.name}`);
    }
    conditionFacts(o, co.conditions);
    out.set(co.subject, o);
  }
  const nodeStatus = new Map<string, NodeStatus>();
  for (const n of assessment.controlPlane.nodes) nodeStatus.set(n.name, n);
  for (const p of assessment.pools) for (const n of p.nodes) nodeStatus.set(n.name, n);
  for (const pool of s.pools) {
    const o = objectFacts(pool);
    const facts = o.facts;
    set(facts, 'spec.configuration', pool.targetConfig);
    set(facts, 'status.configuration', pool.currentConfig);
    set(facts, 'spec.paused', pool.paused);
    const c = pool.counts;
    set(facts, 'status.machineCount', c.machine);
    set(facts, 'status.updatedMachineCount', c.updated);
    set(facts, 'status.readyMachineCount', c.ready);
    set(facts, 'status.unavailableMachineCount', c.unavailable);
    set(facts, 'status.degradedMachineCount', c.degraded);
    const status = assessment.pools.find((p) => p.name === pool.name);
    if (status) {
      facts.set('update.assessment', status.assessment);
      set(facts, 'update.completionPercent', status.completionPercent);
    }
    placed(o, pool.at('spec', 'configuration'), 'spec.configuration');
    placed(o, pool.at('spec', 'paused'), 'spec.paused');
    placed(o, pool.at('status'), ...[...facts.keys()].filter((k) => !k.startsWith('spec.')));
    conditionFacts(o, pool.conditions);
    out.set(pool.subject, o);
  }
  for (const node of s.nodes) {
    const o = objectFacts(node);
    const facts = o.facts;
    set(facts, 'currentConfig', node.currentConfig);
    set(facts, 'desiredConfig', node.desiredConfig);
    set(facts, 'state', node.mcdState);
    set(facts, 'reason', node.mcdReason || undefined);
    facts.set('unschedulable', String(node.unschedulable));
    set(facts, 'kubeletVersion', node.kubeletVersion);
    nodeStatusFacts(facts, nodeStatus.get(node.name));
    placed(o, node.at('metadata', 'annotations'), 'currentConfig', 'desiredConfig', 'state');
    placed(o, node.at('metadata', 'annotations'), 'reason', 'update.assessment', 'update.phase');
    placed(o, node.unschedulableLocation, 'unschedulable');
    placed(o, node.at('status', 'nodeInfo'), 'kubeletVersion', 'update.version');
    conditionFacts(o, node.conditions, ['Ready']);
    out.set(node.subject, o);
  }
  for (const pdb of s.pdbs) {
    const o = objectFacts(pdb);
    set(o.facts, 'budget', pdb.budget);
    set(o.facts, 'status.disruptionsAllowed', pdb.disruptionsAllowed);
    placed(o, pdb.disruptionsAllowedLocation, 'status.disruptionsAllowed');
    out.set(pdb.subject, o);
  }
  return out;
}

/** The kinds in the order a reader looks at them; others after, by name. */
const kindOrder = ['cv', 'co', 'mcp', 'node', 'pdb'];

function bySubject(x: Subject, y: Subject): number {
  const rank = (s: Subject) => {
    const i = kindOrder.indexOf(s.slice(0, s.indexOf('/')));
    return i < 0 ? kindOrder.length : i;
  };
  return rank(x) - rank(y) || (x < y ? -1 : x > y ? 1 : 0);
}

/**
 * The newer gather's facts in order, each fact only the older has placed after the one it
 * followed there, so a condition's reason stays beside its status.
 */
function mergedOrder(newer: string[], older: string[]): string[] {
  const out = [...newer];
  older.forEach((path, i) => {
    if (out.includes(path)) return;
    const prev = older
      .slice(0, i)
      .reverse()
      .find((p) => out.includes(p));
    out.splice(prev === undefined ? 0 : out.indexOf(prev) + 1, 0, path);
  });
  return out;
}

/** The facts that differ; an object one gather lacks is `present: yes` against `null`. */
function objectChanges(
  a: Map<Subject, ObjectFacts>,
  b: Map<Subject, ObjectFacts>,
): ObjectComparison[] {
  const subjects = [...new Set([...a.keys(), ...b.keys()])].sort(bySubject);
  const out: ObjectComparison[] = [];
  for (const subject of subjects) {
    const before = a.get(subject);
    const after = b.get(subject);
    const changes: FactChange[] = [];
    if (!before || !after)
      changes.push({ path: 'present', before: before ? 'yes' : null, after: after ? 'yes' : null });
    const paths = mergedOrder([...(after?.facts.keys() ?? [])], [...(before?.facts.keys() ?? [])]);
    for (const path of paths) {
      const x = before?.facts.get(path) ?? null;
      const y = after?.facts.get(path) ?? null;
      if (x !== y) changes.push({ path, before: x, after: y });
    }
    if (changes.length === 0) continue;
    // Each side at its first changed fact it can place, else at the object.
    const at = (o: ObjectFacts) =>
      changes.map((c) => o.where.get(c.path)).find((l) => l !== undefined) ?? o.location;
    out.push({
      subject,
      changes,
      ...(before ? { a: at(before) } : {}),
      ...(after ? { b: at(after) } : {}),
    });
  }
  return out;
}

const rank: Record<Severity, number> = { error: 0, warning: 1, info: 2, hint: 3 };

/** The worst finding of each rule and subject. */
function byKey(findings: readonly Finding[]): Map<string, Finding> {
  const out = new Map<string, Finding>();
  for (const f of findings) {
    const key = `${f.rule}|${f.subject}`;
    const had = out.get(key);
    if (!had || rank[f.severity] < rank[had.severity]) out.set(key, f);
  }
  return out;
}

function findingChanges(
  a: readonly Finding[],
  b: readonly Finding[],
): GatherComparison['findings'] {
  const before = byKey(a);
  const after = byKey(b);
  const appeared: ComparedFinding[] = [];
  const cleared: ComparedFinding[] = [];
  const changed: ComparedFinding[] = [];
  const worstFirst = (x: ComparedFinding, y: ComparedFinding) =>
    rank[x.after ?? x.before ?? 'hint'] - rank[y.after ?? y.before ?? 'hint'] ||
    bySubject(x.subject, y.subject) ||
    (x.rule < y.rule ? -1 : 1);
  for (const [key, f] of after) {
    const old = before.get(key);
    const base = { rule: f.rule, subject: f.subject, message: f.message, location: f.location };
    if (!old) appeared.push({ ...base, after: f.severity });
    else if (old.severity !== f.severity)
      changed.push({ ...base, before: old.severity, after: f.severity });
  }
  for (const [key, f] of before)
    if (!after.has(key))
      cleared.push({
        rule: f.rule,
        subject: f.subject,
        message: f.message,
        location: f.location,
        before: f.severity,
      });
  return {
    appeared: appeared.sort(worstFirst),
    cleared: cleared.sort(worstFirst),
    changed: changed.sort(worstFirst),
  };
}

function brief(assessment: UpdateAssessment): AssessmentBrief {
  const cp = assessment.controlPlane;
  return {
    controlPlane: controlPlaneLabels[cp.assessment],
    target: cp.target ?? null,
    from: cp.from ?? null,
    completionPercent: cp.completionPercent ?? null,
    pools: assessment.pools.map((p) => ({
      name: p.name,
      assessment: p.assessment,
      completionPercent: p.completionPercent ?? null,
    })),
  };
}

function gatherOf(r: RootAnalysis): ComparedGather {
  return {
    root: r.root.path,
    gatherTime: iso(r.snapshot.gatherTime) ?? null,
    clusterId: r.snapshot.clusterVersion?.clusterID ?? null,
  };
}

/** Whether `x` was gathered after `y` (unknown times keep the order given). */
function later(x: RootAnalysis, y: RootAnalysis): boolean {
  const tx = x.snapshot.gatherTime?.getTime();
  const ty = y.snapshot.gatherTime?.getTime();
  return tx !== undefined && ty !== undefined && tx > ty;
}

/** The two gathers compared, the older one as `a`. */
export function compareGathers(first: RootAnalysis, second: RootAnalysis): GatherComparison {
  const [older, newer] = later(first, second) ? [second, first] : [first, second];
  const a = gatherOf(older);
  const b = gatherOf(newer);
  return {
    a,
    b,
    sameCluster: a.clusterId !== null && a.clusterId === b.clusterId,
    objects: objectChanges(
      factsOf(older.snapshot, older.assessment),
      factsOf(newer.snapshot, newer.assessment),
    ),
    findings: findingChanges(older.findings, newer.findings),
    assessment: { before: brief(older.assessment), after: brief(newer.assessment) },
  };
}
