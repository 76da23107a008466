/**
 * The Warning events of the hovered object, read when the hover asks: which events an object
 * has (its kind, name and the namespaces they land in), reading them through the root's event
 * store, and the hover's Events section (reason, count, last seen from the gather time, message
 * escaped), newest first, capped.
 */
import type { EventStore } from '../../analysis/loadEvents';
import { ago } from '../../core/text';
import { clipped, code, table, text } from '../../core/markdown';
import { ClusterOperator } from '../../model/clusterOperator';
import { eventsAbout, newestFirst, nodeEventNamespaces } from '../../model/events';
import type { EventSubject, KubeEvent } from '../../model/events';
import type { KubeObject } from '../../model/kubeObject';
import { MachineConfigPool } from '../../model/machineConfigPool';
import { Node } from '../../model/node';
import { PodDisruptionBudget } from '../../model/podDisruptionBudget';
import type { Snapshot } from '../../model/snapshot';
import { operandNamespace, operatorNamespace } from '../../model/staticPods';
import type { ParsedFile } from '../../yaml/parse';
import { pathAt } from '../../yaml/pathAt';
import { objectAt } from './objectAt';

/** Events a hover lists; the rest are counted. */
const maxListed = 5;

/** What the hover was given: the object's Warning events, and the files that could not be read. */
export interface HoverEvents {
  object: KubeObject;
  /** Newest first. */
  events: KubeEvent[];
  namespaces: string[];
  /** One line per events file that could not be read. */
  unreadable: string[];
}

/** Which events are about an object, and where they land. */
interface EventsOf {
  about: EventSubject[];
  namespaces: string[];
}

/**
 * Node events land in `default` (the daemon, kubelet) and, from 4.19, the MCO's namespace (the
 * drain controller); the controller's pool events in either; an operator's in its own namespace
 * (its Deployment, `InstallerPodFailed`), its operand's, or on the ClusterOperator itself.
 */
function eventsOf(o: KubeObject): EventsOf | undefined {
  if (o instanceof Node)
    return { about: [{ kind: 'Node', name: o.name }], namespaces: [...nodeEventNamespaces] };
  if (o instanceof MachineConfigPool)
    return {
      about: [{ kind: 'MachineConfigPool', name: o.name }],
      namespaces: [...nodeEventNamespaces],
    };
  if (o instanceof ClusterOperator) {
    const own = operatorNamespace(o.name);
    return {
      about: [
        { kind: 'ClusterOperator', name: o.name },
        { kind: 'Deployment', name: `${o.name}-operator`, namespace: own },
      ],
      namespaces: [own, operandNamespace(o.name), 'default'],
    };
  }
  if (o instanceof PodDisruptionBudget && o.namespace)
    return {
      about: [{ kind: 'PodDisruptionBudget', name: o.name, namespace: o.namespace }],
      namespaces: [o.namespace],
    };
  return undefined;
}

/** Where a hover shows events: the object's kind, metadata or name, or the top of the document. */
export function atIdentity(rel: readonly string[]): boolean {
  const [top, field] = rel;
  return (
    rel.length === 0 ||
    top === 'kind' ||
    (top === 'metadata' && (field === undefined || field === 'name'))
  );
}

/**
 * The events of the object at `offset`, read now (through the cache, once per analysis), when
 * the place is its identity and its kind has events; undefined otherwise or when the gather holds
 * no events file.
 */
export async function hoverEvents(
  snapshot: Snapshot,
  store: EventStore,
  file: string,
  parsed: ParsedFile,
  offset: number,
): Promise<HoverEvents | undefined> {
  if (!store.present) return undefined;
  const at = pathAt(parsed, offset);
  const found = at && objectAt(snapshot, file, at.doc, at.path);
  if (!found || !atIdentity(found[1])) return undefined;
  return objectEvents(found[0], store);
}

/**
 * An object's Warning events (a Node, pool, ClusterOperator or PodDisruptionBudget), newest
 * first, read from the namespaces they land in; undefined for another kind.
 */
async function objectEvents(
  object: KubeObject,
  store: EventStore,
): Promise<HoverEvents | undefined> {
  const of = eventsOf(object);
  if (!of) return undefined;
  const read = await store.warnings(of.namespaces);
  const mine = of.about.flatMap((a) => eventsAbout(read.events, a));
  return {
    object,
    events: newestFirst([...new Set(mine)]),
    namespaces: of.namespaces,
    unreadable: read.problems.map((p) => p.message),
  };
}

/** The hover's Events section. */
export function eventsSection(h: HoverEvents, gatherTime: Date | undefined): string {
  const where = h.namespaces.map(code).join(', ');
  const head = `**Warning events** (of ${where}, newest first)`;
  const problems = h.unreadable.map((m) => `Not read: ${text(m)}`);
  if (h.events.length === 0)
    return [`**Warning events**: none about it in ${where}.`, ...problems].join('\n\n');
  const rows = h.events
    .slice(0, maxListed)
    .map((e) => [
      text(clipped(e.reason, 60)),
      String(e.count),
      e.last ? text(ago(e.last, gatherTime)) : 'unknown',
      text(clipped(e.message, 240)),
    ]);
  const more = h.events.length - maxListed;
  return [
    head,
    table(['reason', 'count', 'last seen', 'message'], rows),
    more > 0 ? `…and ${more} more.` : undefined,
    ...problems,
  ]
    .filter((p) => p !== undefined)
    .join('\n\n');
}
