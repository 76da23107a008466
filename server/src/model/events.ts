/**
 * Kubernetes Events as a must-gather holds them: `namespaces/<ns>/core/events.yaml` (an
 * EventList, `oc adm inspect`) or gather-extra's `events.json` (every namespace's, one List).
 * Only Warning events are kept: they are what a hover lists and a finding cites. Both shapes of
 * an event are read: the core/v1 one (`count`, `firstTimestamp`, `lastTimestamp`) and the one
 * `events.k8s.io/v1` recorders write (`eventTime`, `series.count`, `series.lastObservedTime`,
 * `reportingComponent`), as the core API shows it. See `docs/domain/events.md`.
 */
import type { Location } from '../core/finding';
import { arr, date, num, rec, str } from './access';
import type { Json } from './access';

/**
 * Warning events kept per namespace, the newest: a real namespace holds a few hundred (the API
 * server keeps events 3 hours), a cluster in trouble a few thousand; this bound only cuts a file
 * made to cost memory.
 */
export const maxWarningEvents = 10_000;

/** What an event is about (`involvedObject`). */
export interface EventSubject {
  kind: string;
  name: string;
  /** Absent for cluster-scoped objects (Node, MachineConfigPool, ClusterOperator). */
  namespace?: string;
}

export interface KubeEvent {
  readonly involved: EventSubject;
  /** The namespace the event lives in (not always the object's: Node events land in `default`). */
  readonly namespace: string;
  readonly reason: string;
  readonly type: string;
  /** How many times it was seen (`count`, else `series.count`, else 1). */
  readonly count: number;
  readonly first: Date | undefined;
  /** When it was last seen: `lastTimestamp`, `series.lastObservedTime`, `eventTime`, `firstTimestamp`, creation. */
  readonly last: Date | undefined;
  readonly message: string;
  /** `source.component`, else `reportingComponent`. */
  readonly component: string | undefined;
  /** `source.host`: the node a kubelet's event came from. */
  readonly host: string | undefined;
  /** The event's message in its file (the item when it has none). */
  readonly location: Location;
}

/** Warning events read from one file, or why the file holds none. */
export type EventsRead =
  | { ok: true; events: KubeEvent[]; items: number }
  | { ok: false; problem: string };

/**
 * The Warning events of a parsed events file (an EventList or a List of Events, or one Event).
 * @param namespace the file's namespace (`namespaces/<ns>/…`); gather-extra's list has none.
 */
export function readEvents(value: unknown, file: string, namespace?: string): EventsRead {
  const body = rec(value);
  const kind = str(body?.kind);
  // A hypershift dump's management part writes one Event per file (`core/events/<name>.yaml`).
  if (body && kind === 'Event') {
    const one = str(body.type) === 'Warning' ? eventOf(body, file, -1, namespace) : undefined;
    return { ok: true, events: one ? [one] : [], items: 1 };
  }
  if (!body || !Array.isArray(body.items) || (kind !== undefined && !kind.endsWith('List'))) {
    return { ok: false, problem: `holds ${kind ? `a ${kind}` : 'no List'}, not an EventList` };
  }
  const events: KubeEvent[] = [];
  const items = arr(body.items);
  items.forEach((raw, i) => {
    const e = rec(raw);
    if (!e || str(e.type) !== 'Warning') return;
    const read = eventOf(e, file, i, namespace);
    if (read) events.push(read);
  });
  return { ok: true, events: newestFirst(events).slice(0, maxWarningEvents), items: items.length };
}

function eventOf(e: Json, file: string, i: number, fileNamespace?: string): KubeEvent | undefined {
  const o = rec(e.involvedObject);
  const kind = str(o?.kind);
  const name = str(o?.name);
  if (!kind || !name) return undefined;
  const meta = rec(e.metadata);
  const series = rec(e.series);
  const first = date(e.firstTimestamp) ?? date(e.eventTime) ?? date(meta?.creationTimestamp);
  const last =
    date(e.lastTimestamp) ?? date(series?.lastObservedTime) ?? date(e.eventTime) ?? first;
  const count = num(e.count) || num(series?.count) || 1;
  const involvedNs = str(o?.namespace);
  const message = str(e.message) ?? '';
  return {
    involved: involvedNs ? { kind, name, namespace: involvedNs } : { kind, name },
    namespace: str(meta?.namespace) ?? fileNamespace ?? involvedNs ?? '',
    reason: str(e.reason) ?? '',
    type: 'Warning',
    count,
    first,
    last,
    message,
    component: str(rec(e.source)?.component) || str(e.reportingComponent) || undefined,
    host: str(rec(e.source)?.host) || undefined,
    location: {
      file,
      doc: 0,
      pointer: `${i < 0 ? '' : `/items/${i}`}${message ? '/message' : ''}`,
    },
  };
}

/** Newest first; an event without a time last. */
export function newestFirst(events: readonly KubeEvent[]): KubeEvent[] {
  const t = (e: KubeEvent) => e.last?.getTime() ?? -Infinity;
  return [...events].sort((a, b) => t(b) - t(a));
}

/** The events about one object, newest first. A cluster-scoped object matches by kind and name. */
export function eventsAbout(events: readonly KubeEvent[], about: EventSubject): KubeEvent[] {
  return newestFirst(
    events.filter(
      (e) =>
        e.involved.kind === about.kind &&
        e.involved.name === about.name &&
        (about.namespace === undefined || e.involved.namespace === about.namespace),
    ),
  );
}

/**
 * The reasons that speak of a node's drain: the daemon's `FailedToDrain` (every release), the
 * 4.19+ drain controller's `DrainThresholdExceeded` (failing over 10 minutes) and `DrainFailed`
 * (over the hour).
 */
export const drainEventReasons: ReadonlySet<string> = new Set([
  'FailedToDrain',
  'DrainThresholdExceeded',
  'DrainFailed',
]);

/** kubelet's failed image pull (`Failed`, "Failed to pull image …" or "Error: ErrImagePull"). */
export function isImagePullFailure(e: KubeEvent): boolean {
  return (
    e.reason === 'Failed' && /\bpull(?:ing)? image\b|ErrImagePull|ImagePullBackOff/i.test(e.message)
  );
}

/** The namespaces a Node's events land in: the daemon's in `default`, the 4.19+ controller's in the MCO's. */
export const nodeEventNamespaces: readonly string[] = [
  'default',
  'openshift-machine-config-operator',
];
