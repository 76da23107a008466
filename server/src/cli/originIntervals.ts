/**
 * `timeline --format intervals`: the intervals as openshift/origin's monitor writes them
 * (`pkg/monitor/serialization` `EventInterval`, `pkg/monitor/monitorapi` Locator and Message), so
 * what reads CI intervals (Sippy's chart, origin's HTML timelines) can show a must-gather's
 * history: `{"items":[{level, display, source, locator:{type, keys}, message:{reason, cause,
 * humanMessage, annotations}, from, to}]}`, times in RFC 3339 to the second. Where origin has a
 * source or locator type for a record it is used (OperatorState, NodeState, Alert, KubeEvent,
 * PodLog; ClusterOperator, Node, Alert, Kind); pools and the gather get names of their own.
 * docs/domain/timeline.md says which is which.
 */
import { createHash } from 'node:crypto';
import type { Interval, IntervalSource } from '../core/interval';

interface OriginLocator {
  type: string;
  keys: Record<string, string>;
}

interface OriginInterval {
  level: 'Info' | 'Warning' | 'Error';
  display: boolean;
  source: string;
  locator: OriginLocator;
  message: {
    reason: string;
    cause: string;
    humanMessage: string;
    annotations: Record<string, string>;
  };
  from: string;
  to: string;
}

const originSource: Record<IntervalSource, string> = {
  ClusterVersion: 'VersionState',
  ClusterVersionCondition: 'VersionState',
  OperatorAvailable: 'OperatorState',
  OperatorDegraded: 'OperatorState',
  OperatorProgressing: 'OperatorState',
  OperatorUpgradeable: 'OperatorState',
  PoolCondition: 'MachineConfigPoolState',
  NodeCondition: 'NodeState',
  MachineConfigNode: 'NodeState',
  HostedCluster: 'HostedClusterState',
  NodePoolCondition: 'NodePoolState',
  Machine: 'MachineState',
  HostedControlPlane: 'HostedControlPlaneState',
  ControlPlaneComponent: 'ControlPlaneComponentState',
  Pod: 'PodState',
  Event: 'KubeEvent',
  Alert: 'Alert',
  Log: 'PodLog',
  Gather: 'MustGather',
};

/** metav1.Time's form: UTC, whole seconds. */
function rfc3339(d: Date): string {
  return d.toISOString().replace(/\.\d+Z$/, 'Z');
}

/** origin's `hmsg` locator key: the first 10 hex digits of the message's SHA-256. */
function hmsg(message: string): string {
  return createHash('sha256').update(message).digest('hex').slice(0, 10);
}

/** Our subject (`co/x`, `node/x`, `mcp/x`, `alert/ns/x`, `log/ns/pod/c`, `pod/ns/x`, an event's `kind/ns/name`) as origin's locator. */
function locatorOf(i: Interval): OriginLocator {
  const [kind = '', ...rest] = i.locator.split('/');
  const name = rest[rest.length - 1] ?? '';
  const namespace = rest.length > 1 ? rest[0]! : undefined;
  const ns: Record<string, string> = namespace !== undefined ? { namespace } : {};
  if (i.source === 'Event') {
    // As origin's KubeEvent(event): a Node by its name, a Namespace alone, anything else by kind.
    const h = { hmsg: hmsg(i.message) };
    if (kind === 'node') return { type: 'Node', keys: { node: name, ...h } };
    if (kind === 'namespace') return { type: '', keys: { namespace: name, ...h } };
    return { type: 'Kind', keys: { ...ns, [kind]: name, ...h } };
  }
  switch (kind) {
    case 'cv':
      return { type: 'ClusterVersion', keys: { clusterversion: name } };
    case 'co':
      return { type: 'ClusterOperator', keys: { clusteroperator: name } };
    case 'node':
      return { type: 'Node', keys: { node: name } };
    case 'alert':
      return { type: 'Alert', keys: { ...ns, alert: name } };
    case 'log': {
      const [namespace2 = '', pod = '', container = ''] = rest;
      return { type: 'Container', keys: { namespace: namespace2, pod, container } };
    }
    case 'mcp':
      return { type: 'Kind', keys: { machineconfigpool: name } };
    case 'pod':
      // As origin's pod locator (`LocatorTypePod`, keys namespace and pod).
      return { type: 'Pod', keys: { ...ns, pod: name } };
    default:
      // A hosted cluster's objects live in namespaces: keep it (`hc/clusters/prod`).
      return { type: 'Kind', keys: { ...ns, [kind]: name } };
  }
}

function originInterval(i: Interval): OriginInterval {
  // A condition's reason is its own (empty when it gives none); a log line's is our key.
  const reason =
    i.annotations.reason ?? i.annotations.state ?? (i.annotations.condition ? '' : i.reason);
  return {
    level: i.level,
    display: true,
    source: originSource[i.source],
    locator: locatorOf(i),
    message: {
      reason,
      cause: '',
      humanMessage: i.message,
      annotations: { ...i.annotations },
    },
    from: rfc3339(i.from),
    to: rfc3339(i.to),
  };
}

/**
 * One list for every interval, sorted as origin sorts them (from, to, reason, message). With
 * several must-gathers, each item names its own in the `must-gather` annotation.
 */
export function formatOriginIntervals(roots: { root: string; intervals: Interval[] }[]): string {
  const items = roots.flatMap((r) =>
    r.intervals.map((i) => {
      const o = originInterval(i);
      if (roots.length > 1) o.message.annotations['must-gather'] = r.root;
      return { o, from: i.from.getTime(), to: i.to.getTime() };
    }),
  );
  items.sort(
    (a, b) =>
      a.from - b.from ||
      a.to - b.to ||
      cmp(a.o.message.reason, b.o.message.reason) ||
      cmp(a.o.message.humanMessage, b.o.message.humanMessage),
  );
  return JSON.stringify({ items: items.map((x) => x.o) }, null, 4) + '\n';
}

function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
