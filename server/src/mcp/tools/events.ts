/**
 * `mustgather_events`: an object's Warning events, newest first, read through the analysis'
 * event store (each namespace's events file parsed once). Which namespaces an object's events
 * land in follows the hover's rule: a node's and a pool's in `default` and the MCO's namespace,
 * an operator's in its own, its operand's and `default`, a namespaced object's in its namespace.
 */
import { z } from 'zod';
import { eventsAbout, newestFirst, nodeEventNamespaces } from '../../model/events';
import type { EventSubject } from '../../model/events';
import { operandNamespace, operatorNamespace } from '../../model/staticPods';
import { rangeIn } from '../../yaml/positions';
import { bounded, countOf, defaultItems, maxItems } from '../bounds';
import { plainName } from '../confine';
import { quoted } from '../quote';
import { rootArg, truncatedSchema } from '../schemas';
import { parseSubject } from '../subjects';
import type { ParsedSubject } from '../subjects';
import { tool } from '../tool';

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

export const eventsTool = tool({
  name: 'mustgather_events',
  title: 'Warning events of an object',
  description:
    "An object's Warning events as the must-gather holds them (namespaces/<ns>/core/events.yaml, gather-extra's events.json), newest first: reason, count, first and last seen, message, reporting component and host, and the file and line. Name the object as findings do (node/<name>, mcp/<pool>, co/<name>, pdb/<namespace>/<name>, pod/<namespace>/<name> …). A node's and a pool's events are looked for in default and openshift-machine-config-operator, an operator's in its own namespace, its operand's and default; namespaces overrides where to look.",
  input: {
    root: rootArg,
    subject: z.string().describe('The object, e.g. node/<name>, mcp/worker, co/machine-config'),
    namespaces: z
      .array(z.string())
      .optional()
      .describe('Where to look instead of the usual namespaces of its kind'),
    limit: z
      .number()
      .int()
      .optional()
      .describe(`Events given, default ${defaultItems}, at most ${maxItems}`),
  },
  output: {
    root: z.string(),
    subject: z.string(),
    namespaces: z.array(z.string()).describe('The namespaces whose events were read'),
    events: z.array(
      z.object({
        namespace: z.string(),
        reason: z.string(),
        count: z.number(),
        first: z.string().nullable(),
        last: z.string().nullable(),
        message: z.string(),
        component: z.string().nullable(),
        host: z.string().nullable(),
        file: z.string(),
        line: z.number().int(),
      }),
    ),
    total: z.number().int(),
    unreadable: z.array(z.string()).describe('Events files that could not be read'),
    present: z.boolean().describe('Whether the gather holds any events file'),
    truncated: truncatedSchema,
  },
  async run(args, session) {
    const s = parseSubject(args.subject);
    const g = await session.one(args.root);
    const a = await session.analysed(g);
    const of = eventsOf(s);
    const namespaces = args.namespaces?.map((n) => plainName('namespace', n)) ?? of.namespaces;
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
      line: rangeIn(session.ctx.cache.peek(e.location.file), e.location).start.line + 1,
    }));
    const shown = bounded(
      all,
      countOf(args.limit, defaultItems, maxItems),
      'ask with a larger limit',
    );
    const unreadable = read.problems.map((p) => p.message);
    return {
      structured: {
        root: g.id,
        subject: s.subject,
        namespaces,
        events: shown.items,
        total: all.length,
        unreadable,
        present: a.analysis.events.present,
        ...(shown.truncated ? { truncated: shown.truncated } : {}),
      },
      text: [
        a.analysis.events.present
          ? `${all.length} Warning event${all.length === 1 ? '' : 's'} about ${s.subject} in ${namespaces.join(', ')}${shown.truncated ? `; ${shown.truncated.note}` : ''}.`
          : `${g.id} holds no events file.`,
        ...unreadable.map((u) => `Not read: ${u}`),
        ...(shown.items.length
          ? [
              quoted(
                shown.items
                  .map((e) => `${e.last ?? '?'} ${e.reason} ×${e.count}: ${e.message}`)
                  .join('\n'),
              ),
            ]
          : []),
      ].join('\n'),
    };
  },
});
