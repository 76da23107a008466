/**
 * The update as intervals (issue 28): every timestamp the snapshot holds, as a span with a level,
 * a source, the object it is about and its evidence. ClusterVersion history (each update's start
 * and end), each condition of the ClusterVersion, operators, pools, nodes and MachineConfigNodes
 * (from its last transition to the gather: a must-gather keeps only the newest), the Warning
 * events and alerts the analysis read, the CVO's `Result of work` lines and the drain lines, and
 * the gather itself. Pure; times only from the data. Sorted by start, then source and locator.
 */
import type { Interval, IntervalLevel, IntervalSource } from '../core/interval';
import type { Condition } from '../model/condition';
import type { Snapshot } from '../model/snapshot';
import type { HostedPart } from '../model/hosted';
import { podList } from '../model/drainLog';
import type { HostedDrainFailures, MachineDrainFailures } from '../model/hostedDrainLog';
import type { Subject } from '../core/finding';
import { clip, plural } from '../core/text';
import { controlPlaneIntervals } from './timelineControlPlane';
import type { ConditionIntervals } from './timelineControlPlane';

/** Condition types whose `True` is bad, and whose `False` is. */
const badWhenTrue = new Set([
  'Degraded',
  'Failing',
  'NodeDegraded',
  'RenderDegraded',
  'PinnedImageSetsDegraded',
  'MemoryPressure',
  'DiskPressure',
  'PIDPressure',
  'NetworkUnavailable',
]);
const badWhenFalse = new Set([
  'Available',
  'Ready',
  'ClusterVersionSucceeding',
  'ValidReleaseImage',
  // A HostedControlPlane's and HostedCluster's parts, a ControlPlaneComponent's rollout.
  'EtcdAvailable',
  'KubeAPIServerAvailable',
  'InfrastructureReady',
  'RolloutComplete',
]);
const warnWhenFalse = new Set([
  'Upgradeable',
  'ClusterVersionUpgradeable',
  'DrainingSucceeded',
  'ExternalDNSReachable',
]);

function conditionLevel(c: Condition): IntervalLevel {
  if (badWhenTrue.has(c.type) && c.status === 'True') return 'Error';
  if (badWhenFalse.has(c.type) && c.status !== 'True') return 'Error';
  if (warnWhenFalse.has(c.type) && c.status === 'False') return 'Warning';
  // Unknown while no external DNS is configured, which most have not (hypershift
  // `hostedcontrolplane_controller.go`); False when it is and does not resolve.
  if (c.type === 'ExternalDNSReachable' && c.status === 'Unknown') return 'Info';
  if (c.status === 'Unknown') return 'Warning';
  return 'Info';
}

function operatorSource(type: string): IntervalSource {
  if (type === 'Available') return 'OperatorAvailable';
  if (type === 'Degraded') return 'OperatorDegraded';
  if (type === 'Progressing') return 'OperatorProgressing';
  return 'OperatorUpgradeable';
}

/**
 * A hosted cluster's management side: the control plane's history and conditions, its
 * namespace's HostedControlPlane, stuck components, failing and unscheduled pods, each NodePool's conditions, and each Machine's deletion (a Replace rollout waiting on its drain), with the drains its drainer's log says failed.
 */
function hostedIntervals(
  h: HostedPart,
  now: Date | undefined,
  end: (from: Date) => Date,
  conditions: ConditionIntervals,
): Interval[] {
  const out: Interval[] = [];
  const hc = h.cluster;
  for (const e of hc.history) {
    if (!e.startedTime) continue;
    const done = e.state === 'Completed';
    out.push({
      level: done ? 'Info' : 'Warning',
      source: 'HostedCluster',
      locator: hc.subject,
      reason: e.state || 'Unknown',
      message: `Control plane update to ${e.version}: ${done ? 'completed' : 'not completed'}`,
      from: e.startedTime,
      to: e.completionTime ?? end(e.startedTime),
      evidence: e.location,
      annotations: { state: e.state || 'Unknown', version: e.version },
    });
  }
  conditions(hc.subject, hc.conditions, () => 'HostedCluster');
  if (h.controlPlane) out.push(...controlPlaneIntervals(h.controlPlane, now, end, conditions));
  for (const p of h.nodePools) conditions(p.subject, p.conditions, () => 'NodePoolCondition');
  for (const m of h.machines) {
    const gone = m.deletionTimestamp;
    if (gone)
      out.push({
        level: 'Warning',
        source: 'Machine',
        locator: m.subject,
        reason: 'Deleting',
        message: `Machine ${m.name}${m.nodeName ? ` (node ${m.nodeName})` : ''} deleted, waiting for its node to drain`,
        from: gone,
        to: end(gone),
        evidence: m.at('metadata', 'deletionTimestamp'),
        annotations: { reason: 'Deleting' },
      });
    conditions(m.subject, m.conditions, () => 'Machine');
    const logged = h.controlPlane?.machineDrainLog;
    const f = logged?.failures.get(m.name);
    if (logged && f?.first) out.push(drainFailures(m.subject, f, f.first, logged.file));
  }
  // An InPlace NodePool's drains, from the hosted cluster config operator's drainer.
  const drainer = h.controlPlane?.drainLog;
  for (const f of drainer?.failures.values() ?? [])
    if (drainer && f.first) out.push(drainFailures(`node/${f.node}`, f, f.first, drainer.file));
  return out;
}

/**
 * The failed drains a drainer's log counts for one Machine or node, as one interval from the
 * first to the newest, its evidence the newest line that says why.
 */
function drainFailures(
  locator: Subject,
  f: MachineDrainFailures | HostedDrainFailures,
  first: Date,
  file: string,
): Interval {
  const pods = podList(f.pods);
  const counts =
    'refusals' in f
      ? `${plural(f.refusals, 'eviction')} refused, ${plural(f.attempts, 'drain attempt')} failed`
      : `${plural(f.count, 'drain attempt')} failed`;
  return {
    level: 'Warning',
    source: 'Log',
    locator,
    reason: 'Drain failed',
    message: clip(`${counts}${pods ? ` (${pods})` : ''}; the newest: ${f.error}`, 500),
    from: first,
    to: f.last ?? first,
    evidence: { file, doc: 0, pointer: '', span: f.span },
    annotations: { phase: 'Drain', count: String('refusals' in f ? f.refusals : f.count) },
  };
}

/** `now`: the gather time (else the newest change the must-gather shows, as the assessment has it). */
export function intervalsOf(s: Snapshot, now: Date | undefined): Interval[] {
  const out: Interval[] = [];
  const end = (from: Date) => (now && now.getTime() > from.getTime() ? now : from);
  const conditions = (
    locator: string,
    list: readonly Condition[],
    source: (c: Condition) => IntervalSource,
  ) => {
    for (const c of list) {
      if (!c.lastTransitionTime) continue;
      out.push({
        level: conditionLevel(c),
        source: source(c),
        locator,
        reason: `${c.type}=${c.status}${c.reason ? ` (${c.reason})` : ''}`,
        message: clip(c.message, 500),
        from: c.lastTransitionTime,
        to: end(c.lastTransitionTime),
        evidence: c.location,
        annotations: {
          condition: c.type,
          status: c.status,
          ...(c.reason ? { reason: c.reason } : {}),
        },
      });
    }
  };

  const cv = s.clusterVersion;
  if (cv) {
    for (const h of cv.history) {
      if (!h.startedTime) continue;
      const done = h.state === 'Completed';
      out.push({
        level: done ? 'Info' : 'Warning',
        source: 'ClusterVersion',
        locator: cv.subject,
        reason: h.state || 'Unknown',
        message: `Update to ${h.version}: ${done ? 'completed' : 'not completed'}`,
        from: h.startedTime,
        to: h.completionTime ?? end(h.startedTime),
        evidence: h.location,
        annotations: { state: h.state || 'Unknown', version: h.version },
      });
    }
    conditions(cv.subject, cv.conditions, () => 'ClusterVersionCondition');
  }
  for (const o of s.operators) conditions(o.subject, o.conditions, (c) => operatorSource(c.type));
  for (const p of s.pools) conditions(p.subject, p.conditions, () => 'PoolCondition');
  for (const n of s.nodes) conditions(n.subject, n.conditions, () => 'NodeCondition');
  for (const m of s.machineConfigNodes)
    conditions(`node/${m.nodeName}`, m.conditions, () => 'MachineConfigNode');
  if (s.hosted) out.push(...hostedIntervals(s.hosted, now, end, conditions));

  // The control-plane namespace's Warning events read as the guest's do; once each.
  const seen = new Set<string>();
  for (const e of [...s.events, ...(s.hosted?.controlPlane?.events ?? [])]) {
    const key = `${e.location.file}\u0000${e.location.doc}\u0000${e.location.pointer}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const from = e.first ?? e.last;
    if (!from) continue;
    out.push({
      level: 'Warning',
      source: 'Event',
      locator: `${e.involved.kind.toLowerCase()}/${e.involved.namespace ? `${e.involved.namespace}/` : ''}${e.involved.name}`,
      reason: e.reason,
      message: `${clip(e.message, 500)}${e.count > 1 ? ` (${e.count} times)` : ''}`,
      from,
      to: e.last && e.last.getTime() > from.getTime() ? e.last : from,
      evidence: e.location,
      annotations: { reason: e.reason, count: String(e.count) },
    });
  }
  for (const a of s.alerts) {
    if (!a.activeAt || a.state !== 'firing') continue;
    out.push({
      level: a.severity === 'critical' ? 'Error' : a.severity === 'warning' ? 'Warning' : 'Info',
      source: 'Alert',
      locator: `alert/${a.namespace ? `${a.namespace}/` : ''}${a.name}`,
      reason: a.name,
      message: clip(a.summary ?? a.description ?? a.message ?? '', 500),
      from: a.activeAt,
      to: end(a.activeAt),
      evidence: a.location,
      annotations: { alertstate: 'firing', ...(a.severity ? { severity: a.severity } : {}) },
    });
  }
  for (const log of s.cvoLogs) {
    for (const r of log.results) {
      if (!r.time || r.waits.length === 0) continue;
      out.push({
        level: 'Info',
        source: 'Log',
        locator: log.subject,
        reason: 'ResultOfWork',
        message: `waiting on ${r.waits.map((w) => `${w.operator} (${w.state})`).join(', ')}`,
        from: r.time,
        to: r.time,
        evidence: { file: r.file, doc: 0, pointer: '', span: r.span },
        annotations: {},
      });
    }
  }
  for (const log of s.drainLogs) {
    for (const l of log.lines) {
      if (!l.time || l.kind === 'refused') continue;
      out.push({
        level: l.kind === 'failed' || l.kind === 'exceeded' ? 'Warning' : 'Info',
        source: 'Log',
        locator: l.node ? `node/${l.node}` : log.subject,
        reason: `Drain ${l.kind}`,
        message: clip(l.message, 500),
        from: l.time,
        to: l.time,
        evidence: { file: l.file, doc: 0, pointer: '', span: l.span },
        annotations: { phase: 'Drain' },
      });
    }
  }
  if (s.gatherTime && cv) {
    out.push({
      level: 'Info',
      source: 'Gather',
      locator: cv.subject,
      reason: 'Gathered',
      message: 'The must-gather was collected',
      from: s.gatherTime,
      to: s.gatherTime,
      evidence: cv.at(),
      annotations: {},
    });
  }
  return out.sort(
    (a, b) =>
      a.from.getTime() - b.from.getTime() ||
      (a.source === 'Gather' ? 1 : 0) - (b.source === 'Gather' ? 1 : 0) ||
      a.source.localeCompare(b.source) ||
      a.locator.localeCompare(b.locator),
  );
}
