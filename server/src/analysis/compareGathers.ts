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
import type { NodeStatus, PoolStatus, UpdateAssessment } from '../model/assessment/types';
import type { ClusterOperator } from '../model/clusterOperator';
import type { ClusterVersion } from '../model/clusterVersion';
import type { MachineConfigPool } from '../model/machineConfigPool';
import type { Node } from '../model/node';
import type { PodDisruptionBudget } from '../model/podDisruptionBudget';
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

function clusterVersionFacts(cv: ClusterVersion): ObjectFacts {
  const o = objectFacts(cv);
  set(o.facts, 'desired.version', cv.desiredVersion);
  set(o.facts, 'spec.channel', cv.channel);
  const latest = cv.history[0];
  if (latest) {
    set(o.facts, 'history[0].version', latest.version);
    set(o.facts, 'history[0].state', latest.state);
    set(o.facts, 'history[0].startedTime', iso(latest.startedTime));
    set(o.facts, 'history[0].completionTime', iso(latest.completionTime));
    placed(o, latest.location, ...[...o.facts.keys()].filter((k) => k.startsWith('history')));
  }
  conditionFacts(o, cv.conditions);
  return o;
}

function operatorFacts(co: ClusterOperator): ObjectFacts {
  const o = objectFacts(co);
  for (const v of co.versions) {
    o.facts.set(`versions.${v.name}`, v.version);
    placed(o, v.location, `versions.${v.name}`);
  }
  conditionFacts(o, co.conditions);
  return o;
}

function poolFacts(pool: MachineConfigPool, status: PoolStatus | undefined): ObjectFacts {
  const o = objectFacts(pool);
  set(o.facts, 'spec.configuration', pool.targetConfig);
  set(o.facts, 'status.configuration', pool.currentConfig);
  set(o.facts, 'spec.paused', pool.paused);
  const c = pool.counts;
  set(o.facts, 'status.machineCount', c.machine);
  set(o.facts, 'status.updatedMachineCount', c.updated);
  set(o.facts, 'status.readyMachineCount', c.ready);
  set(o.facts, 'status.unavailableMachineCount', c.unavailable);
  set(o.facts, 'status.degradedMachineCount', c.degraded);
  set(o.facts, 'update.assessment', status?.assessment);
  set(o.facts, 'update.completionPercent', status?.completionPercent);
  placed(o, pool.at('spec', 'configuration'), 'spec.configuration');
  placed(o, pool.at('spec', 'paused'), 'spec.paused');
  placed(o, pool.at('status'), ...[...o.facts.keys()].filter((k) => !k.startsWith('spec.')));
  conditionFacts(o, pool.conditions);
  return o;
}

function nodeFacts(node: Node, status: NodeStatus | undefined): ObjectFacts {
  const o = objectFacts(node);
  set(o.facts, 'currentConfig', node.currentConfig);
  set(o.facts, 'desiredConfig', node.desiredConfig);
  set(o.facts, 'state', node.mcdState);
  set(o.facts, 'reason', node.mcdReason || undefined);
  set(o.facts, 'unschedulable', node.unschedulable);
  set(o.facts, 'kubeletVersion', node.kubeletVersion);
  set(o.facts, 'update.assessment', status?.assessment);
  set(o.facts, 'update.phase', status?.phase);
  set(o.facts, 'update.version', status?.version);
  const annotations = node.at('metadata', 'annotations');
  placed(o, annotations, 'currentConfig', 'desiredConfig', 'state', 'reason');
  placed(o, annotations, 'update.assessment', 'update.phase');
  placed(o, node.unschedulableLocation, 'unschedulable');
  placed(o, node.at('status', 'nodeInfo'), 'kubeletVersion', 'update.version');
  conditionFacts(o, node.conditions, ['Ready']);
  return o;
}

function budgetFacts(pdb: PodDisruptionBudget): ObjectFacts {
  const o = objectFacts(pdb);
  set(o.facts, 'budget', pdb.budget);
  set(o.facts, 'status.disruptionsAllowed', pdb.disruptionsAllowed);
  placed(o, pdb.disruptionsAllowedLocation, 'status.disruptionsAllowed');
  return o;
}

/** Every object the comparison reads, by subject. */
function factsOf(s: Snapshot, assessment: UpdateAssessment): Map<Subject, ObjectFacts> {
  const out = new Map<Subject, ObjectFacts>();
  if (s.clusterVersion) out.set(s.clusterVersion.subject, clusterVersionFacts(s.clusterVersion));
  for (const co of s.operators) out.set(co.subject, operatorFacts(co));
  for (const pool of s.pools)
    out.set(
      pool.subject,
      poolFacts(
        pool,
        assessment.pools.find((p) => p.name === pool.name),
      ),
    );
  const nodeStatus = new Map<string, NodeStatus>();
  for (const n of assessment.controlPlane.nodes) nodeStatus.set(n.name, n);
  for (const p of assessment.pools) for (const n of p.nodes) nodeStatus.set(n.name, n);
  for (const node of s.nodes) out.set(node.subject, nodeFacts(node, nodeStatus.get(node.name)));
  for (const pdb of s.pdbs) out.set(pdb.subject, budgetFacts(pdb));
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
