/**
 * The timeline's swimlanes (issue 28): the intervals of one must-gather sorted into groups, one
 * lane per object. ClusterVersion, a hosted cluster's management side, operators, pools, the nodes of each pool (a group per pool,
 * folded until opened: a large cluster has hundreds), events, alerts and logs. A node's drain lines
 * sit in the node's lane, beside its conditions. The worst lanes come first, and among them the
 * one whose problem began first, so "which went wrong first" reads from the top. Pure: the view only draws it.
 */
import type { Interval, IntervalLevel } from '../core/interval';
import type { Snapshot } from '../model/snapshot';
import { primaryPool } from '../model/snapshot';

type LaneGroupKind =
  | 'ClusterVersion'
  | 'Hosted cluster'
  | 'Operators'
  | 'Pools'
  | 'Nodes'
  | 'Events'
  | 'Alerts'
  | 'Logs';

interface Lane {
  /** The object, as a finding's subject names it (`co/machine-config`, `node/<name>`). */
  locator: string;
  label: string;
  /** Oldest first. */
  intervals: Interval[];
}

export interface LaneGroup {
  /** Unique within a timeline: the kind, and for nodes the pool (`Nodes/worker`). */
  id: string;
  kind: LaneGroupKind;
  label: string;
  /** Folded until the user opens it: nodes always, events when there are many. */
  folded: boolean;
  lanes: Lane[];
}

/** Beyond this many lanes a group of events starts folded. */
const foldEventsAbove = 40;

const levelRank: Record<IntervalLevel, number> = { Error: 0, Warning: 1, Info: 2 };

/** The group an interval belongs to, and for a node the pool that holds it. */
function groupOf(
  i: Interval,
  poolOfNode: (name: string) => string,
): { id: string; kind: LaneGroupKind } {
  if (i.source === 'Event') return { id: 'Events', kind: 'Events' };
  if (i.source === 'Alert') return { id: 'Alerts', kind: 'Alerts' };
  if (i.locator.startsWith('node/')) {
    return { id: `Nodes/${poolOfNode(i.locator.slice('node/'.length))}`, kind: 'Nodes' };
  }
  if (i.source === 'Log') return { id: 'Logs', kind: 'Logs' };
  // A control plane's pods are the only pods with lanes (its namespace's events are events).
  if (/^(?:hc|hcp|cpc|pod|np|machine)\//.test(i.locator))
    return { id: 'Hosted cluster', kind: 'Hosted cluster' };
  if (i.locator.startsWith('co/')) return { id: 'Operators', kind: 'Operators' };
  if (i.locator.startsWith('mcp/')) return { id: 'Pools', kind: 'Pools' };
  return { id: 'ClusterVersion', kind: 'ClusterVersion' };
}

const groupOrder: LaneGroupKind[] = [
  'ClusterVersion',
  'Hosted cluster',
  'Operators',
  'Pools',
  'Nodes',
  'Events',
  'Alerts',
  'Logs',
];

/** What a lane shows as its name: the object's name without its kind. */
function laneLabel(kind: LaneGroupKind, locator: string): string {
  if (kind === 'Events') return locator;
  if (kind === 'Logs') return locator.replace(/^log\/[^/]+\//, '');
  if (kind === 'Alerts') return locator.replace(/^alert\/(?:[^/]+\/)?/, '');
  return locator.replace(/^[a-z]+\//, '');
}

/** The worst level a lane shows and when its first problem began (a sort key). */
function laneKey(l: Lane): { rank: number; first: number } {
  let rank = levelRank.Info;
  let first = Number.POSITIVE_INFINITY;
  for (const i of l.intervals) {
    rank = Math.min(rank, levelRank[i.level]);
    if (i.level !== 'Info') first = Math.min(first, i.from.getTime());
  }
  return { rank, first };
}

/**
 * A hosted cluster's lanes in the order it updates: the HostedCluster, then its control plane
 * (HostedControlPlane, components, pods), then the NodePools and Machines, worst first in each.
 */
function hostedTier(locator: string): number {
  if (locator.startsWith('hc/')) return 0;
  if (/^(?:hcp|cpc|pod)\//.test(locator)) return 1;
  return 2;
}

function byProblemFirst(a: Lane, b: Lane): number {
  const x = laneKey(a);
  const y = laneKey(b);
  if (x.rank !== y.rank) return x.rank - y.rank;
  if (x.rank < levelRank.Info && x.first !== y.first) return x.first - y.first;
  return a.label.localeCompare(b.label);
}

/**
 * The lanes of a timeline. The gather's own moment is no lane: the view marks it across all.
 * @param intervals as `intervalsOf` gives them (oldest first).
 */
export function timelineLanes(intervals: readonly Interval[], s: Snapshot): LaneGroup[] {
  const pools = new Map<string, string>();
  // A hosted cluster's nodes are its NodePools' (it has no MachineConfigPool).
  for (const n of s.nodes)
    pools.set(
      n.name,
      primaryPool(s, n)?.name ??
        (s.hosted ? n.label('hypershift.openshift.io/nodePool') : '') ??
        '',
    );
  const poolOfNode = (name: string) => pools.get(name) || 'no pool';

  const groups = new Map<string, LaneGroup>();
  const lanes = new Map<string, Lane>();
  for (const i of intervals) {
    if (i.source === 'Gather') continue;
    const g = groupOf(i, poolOfNode);
    let group = groups.get(g.id);
    if (!group) {
      const pool = g.id.slice('Nodes/'.length);
      group = {
        id: g.id,
        kind: g.kind,
        label:
          g.kind === 'Nodes'
            ? `Nodes · ${pool === 'no pool' ? 'no pool' : `${s.hosted ? 'NodePool' : 'pool'} ${pool}`}`
            : g.kind,
        folded: g.kind === 'Nodes',
        lanes: [],
      };
      groups.set(g.id, group);
    }
    const key = `${g.id}\u0000${i.locator}`;
    let lane = lanes.get(key);
    if (!lane) {
      lane = { locator: i.locator, label: laneLabel(g.kind, i.locator), intervals: [] };
      lanes.set(key, lane);
      group.lanes.push(lane);
    }
    lane.intervals.push(i);
  }
  for (const g of groups.values()) {
    g.lanes.sort(
      g.kind === 'Hosted cluster'
        ? (a, b) => hostedTier(a.locator) - hostedTier(b.locator) || byProblemFirst(a, b)
        : byProblemFirst,
    );
    if (g.kind === 'Events' && g.lanes.length > foldEventsAbove) g.folded = true;
  }
  // Node groups follow their pools' lanes: the nodes of the worst pool first.
  const poolLanes = groups.get('Pools')?.lanes.map((l) => l.locator) ?? [];
  const poolRank = (g: LaneGroup) => {
    const i = poolLanes.indexOf(`mcp/${g.id.slice('Nodes/'.length)}`);
    return i < 0 ? poolLanes.length : i;
  };
  return [...groups.values()].sort(
    (a, b) =>
      groupOrder.indexOf(a.kind) - groupOrder.indexOf(b.kind) ||
      (a.kind === 'Nodes' ? poolRank(a) - poolRank(b) || a.id.localeCompare(b.id) : 0),
  );
}

/**
 * The span the view opens on: from the newest update's start (older transitions are drawn clipped
 * at the left edge, and "fit" shows them) to the gather; without history, everything.
 */
export function openingWindow(
  intervals: readonly Interval[],
  s: Snapshot,
  now: Date | undefined,
): { window: Span; extent: Span } | undefined {
  if (intervals.length === 0) return undefined;
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  for (const i of intervals) {
    min = Math.min(min, i.from.getTime());
    max = Math.max(max, i.to.getTime());
  }
  if (now) max = Math.max(max, now.getTime());
  const started = s.clusterVersion?.history[0]?.startedTime?.getTime();
  const from = started !== undefined && started > min && started < max ? started : min;
  // A little room either side, so the first and last marks are not on the edge.
  const pad = Math.max((max - from) * 0.02, 60_000);
  return {
    window: { from: new Date(from - pad), to: new Date(max + pad) },
    extent: { from: new Date(min), to: new Date(max) },
  };
}

interface Span {
  from: Date;
  to: Date;
}
