/** `mustgather_explain`: one finding with its explanation and the lines around each piece of evidence. */
import { z } from 'zod';
import { allRuleMeta } from '../../rules/registry';
import { countOf } from '../bounds';
import { quoted } from '../quote';
import { Refusal } from '../refusal';
import { chainSchema, levelSchema, placeShape, rootArg } from '../schemas';
import { snippet } from '../snippets';
import { tool } from '../tool';

const defaultContext = 3;
const maxContext = 10;
/** Pieces of evidence shown with their lines; a finding rarely has more than five. */
const maxEvidence = 20;

export const explainTool = tool({
  name: 'mustgather_explain',
  title: 'Explain a finding',
  description:
    'One finding in full: its message, its Markdown explanation (why, what the release does, what to do), the rule that made it, its cause (with its root object and the chain from the reporting operator down to it), and each piece of evidence (its own place and every related one) with the lines around it read from the must-gather file. Give the index mustgather_findings or mustgather_causes listed.',
  input: {
    root: rootArg,
    index: z
      .number()
      .int()
      .describe("The finding's index, from mustgather_findings or mustgather_causes"),
    context: z
      .number()
      .int()
      .optional()
      .describe(
        `Lines shown before and after each place, default ${defaultContext}, at most ${maxContext}`,
      ),
  },
  output: {
    root: z.string(),
    index: z.number().int(),
    rule: z.object({ id: z.string(), description: z.string(), levels: z.string() }),
    severity: levelSchema,
    subject: z.string(),
    message: z.string(),
    detail: z.string().nullable(),
    cause: z
      .object({ id: z.string(), title: z.string(), rootSubject: z.string(), chain: chainSchema })
      .nullable(),
    evidence: z.array(
      z.object({
        role: z.enum(['location', 'related']),
        message: z.string(),
        ...placeShape,
        lines: z.array(z.object({ n: z.number().int(), text: z.string() })),
        unread: z.string().optional().describe('Why no lines are shown'),
      }),
    ),
    evidenceTruncated: z.string().optional(),
  },
  async run(args, session) {
    const g = await session.one(args.root);
    const a = await session.analysed(g);
    const f = a.findings[args.index];
    const raw = a.analysis.findings[args.index];
    if (!f || !raw)
      throw new Refusal(
        `no finding #${args.index} in ${g.id}: its findings are numbered 0 to ${a.findings.length - 1}`,
      );
    const context = countOf(args.context, defaultContext, maxContext);
    const places = [
      {
        role: 'location' as const,
        message: f.message,
        file: f.file,
        line: f.line,
        abs: raw.location.file,
      },
      ...f.related.map((r, i) => ({
        role: 'related' as const,
        message: r.message,
        file: r.file,
        line: r.line,
        abs: raw.related[i]?.file ?? '',
      })),
    ];
    const evidence = [];
    for (const p of places.slice(0, maxEvidence)) {
      const s = await snippet(g, session.ctx.cache, p.abs, p.file, p.line, context);
      evidence.push({ role: p.role, message: p.message, file: p.file, line: p.line, ...s });
    }
    const meta = allRuleMeta().find((m) => m.id === f.rule);
    const cause = a.causes.find((c) => c.findings.includes(args.index));
    const structured = {
      root: g.id,
      index: args.index,
      rule: { id: f.rule, description: meta?.description ?? '', levels: meta?.levels ?? '' },
      severity: f.severity,
      subject: f.subject,
      message: f.message,
      detail: f.detail ?? null,
      cause: cause
        ? { id: cause.id, title: cause.title, rootSubject: cause.rootSubject, chain: cause.chain }
        : null,
      evidence,
      ...(places.length > maxEvidence
        ? { evidenceTruncated: `truncated, ${places.length - maxEvidence} more places not shown` }
        : {}),
    };
    const body = [
      `${f.severity} [${f.rule}] ${f.subject}: ${f.message}`,
      ...(f.detail ? ['', f.detail] : []),
      ...evidence.flatMap((e) => [
        '',
        `${e.role === 'location' ? 'At' : 'Related'} ${e.file}:${e.line} (${e.message})`,
        ...(e.unread
          ? [`  (${e.unread})`]
          : e.lines.map(
              (l) => `${String(l.n).padStart(6)}${l.n === e.line ? '>' : ' '} ${l.text}`,
            )),
      ]),
    ];
    return {
      structured,
      text: [
        `Finding #${args.index} of ${g.id}${cause ? `, cause ${cause.id}` : ''}:`,
        quoted(body.join('\n')),
      ].join('\n'),
    };
  },
});
