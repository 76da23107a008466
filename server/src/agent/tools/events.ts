/**
 * `mustgather_events`: an object's Warning events, newest first, read through the analysis'
 * event store (each namespace's events file parsed once). Which namespaces an object's events
 * land in follows the hover's rule: a node's and a pool's in `default` and the MCO's namespace,
 * an operator's in its own, its operand's and `default`, a namespaced object's in its namespace.
 */
import {
  eventsAbout,
  newestFirst,
  nodeEventNamespaces,
  operandNamespace,
  operatorNamespace,
  rangeIn,
} from '../../service';
import type { EventSubject } from '../../service';
import { bounded, countOf, defaultItems, maxItems } from '../bounds';
import { confinedWay, plainName } from '../confine';
import type { Analysed } from '../analysed';
import { rootField } from '../schema';
import { parseSubject } from '../subjects';
import type { ParsedSubject } from '../subjects';
import { defineTool } from '../tool';

/**
 * A namespace's folder and its events file, where the must-gather has them, each confined: a
 * link out of the gather is refused (the index does not follow links, so it would read as no
 * events at all). Gather-extra's events come from its index, confined where they are read.
 */
async function confineEvents(a: Analysed, namespaces: readonly string[]): Promise<void> {
  const g = a.gather;
  if (g.root.kind !== 'must-gather') return;
  for (const ns of namespaces)
    await confinedWay(g.root.path, g.boundary, `namespaces/${ns}/core/events.yaml`);
}

/** What events are about the object, and the namespaces they land in. */
function eventsOf(s: ParsedSubject): { about: EventSubject[]; namespaces: string[] } {
  const own: EventSubject = {
    kind: s.info.kind,
    name: s.name,
    ...(s.namespace ? { namespace: s.namespace } : {}),
  };
  if (s.info.short === 'co')
    return {
      about: [
        own,
        { kind: 'Deployment', name: `${s.name}-operator`, namespace: operatorNamespace(s.name) },
      ],
      namespaces: [operatorNamespace(s.name), operandNamespace(s.name), 'default'],
    };
  if (s.namespace !== undefined) return { about: [own], namespaces: [s.namespace] };
  if (s.info.short === 'cv')
    return { about: [own], namespaces: ['openshift-cluster-version', 'default'] };
  if (s.info.short === 'ns') return { about: [own], namespaces: [s.name, 'default'] };
  return { about: [own], namespaces: [...nodeEventNamespaces] };
}

export const eventsTool = defineTool({
  name: 'mustgather_events',
  title: 'Warning events of an object',
  description:
    "An object's Warning events as the must-gather holds them (namespaces/<ns>/core/events.yaml, gather-extra's events.json), newest first: reason, count, first and last seen, message, reporting component and host, and the file and line. Name the object as findings do (node/<name>, mcp/<pool>, co/<name>, pdb/<namespace>/<name>, pod/<namespace>/<name> …). A node's and a pool's events are looked for in default and openshift-machine-config-operator, an operator's in its own namespace, its operand's and default; namespaces overrides where to look.",
  input: {
    type: 'object',
    properties: {
      root: rootField,
      subject: {
        type: 'string',
        description: 'The object, e.g. node/<name>, mcp/worker, co/machine-config',
      },
      namespaces: {
        type: 'array',
        items: { type: 'string' },
        description: 'Where to look instead of the usual namespaces of its kind',
      },
      limit: {
        type: 'integer',
        description: `Events given, default ${defaultItems}, at most ${maxItems}`,
      },
    },
    required: ['subject'],
  },
  async run(args, gathers) {
    const s = parseSubject(args.subject);
    const g = await gathers.one(args.root);
    const a = await gathers.analysed(g);
    const of = eventsOf(s);
    const namespaces = args.namespaces?.map((n) => plainName('namespace', n)) ?? of.namespaces;
    // Each events file is read through the confinement first: a namespace folder or an events
    // file that is a link out of the gather is refused, not read as empty.
    await confineEvents(a, namespaces);
    const read = await a.analysis.events.warnings(namespaces);
    const mine = newestFirst([...new Set(of.about.flatMap((x) => eventsAbout(read.events, x)))]);
    const iso = (d: Date | undefined) => (d ? d.toISOString() : null);
    const all = mine.map((e) => ({
      namespace: e.namespace,
      reason: e.reason,
      count: e.count,
      first: iso(e.first),
      last: iso(e.last),
      message: e.message,
      component: e.component ?? null,
      host: e.host ?? null,
      file: a.name(e.location.file),
      line: rangeIn(gathers.cache.peek(e.location.file), e.location).start.line + 1,
    }));
    const shown = bounded(
      all,
      countOf(args.limit, defaultItems, maxItems),
      'ask with a larger limit',
    );
    const unreadable = read.problems.map((p) => p.message);
    return {
      data: {
        root: g.id,
        subject: s.subject,
        namespaces,
        events: shown.items,
        total: all.length,
        unreadable,
        present: a.analysis.events.present,
        ...(shown.truncated ? { truncated: shown.truncated } : {}),
      },
      headline: a.analysis.events.present
        ? `${all.length} Warning event${all.length === 1 ? '' : 's'} about ${s.subject} in ${namespaces.length} namespace${namespaces.length === 1 ? '' : 's'}, newest first${unreadable.length ? `; ${unreadable.length} events file${unreadable.length === 1 ? '' : 's'} not read (unreadable)` : ''}${shown.truncated ? `; ${shown.truncated.note}` : ''}.`
        : `${g.id} holds no events file.`,
    };
  },
});
