/** `mustgather_explain`: one finding with its explanation and the lines around each piece of evidence. */
import { allRuleMeta } from '../../service';
import type { ReportedFinding } from '../../service';
import { countOf } from '../bounds';
import { Refusal } from '../refusal';
import { subjectFilter } from '../confine';
import { rootField } from '../schema';
import { snippet } from '../snippets';
import { defineTool } from '../tool';

const defaultContext = 3;
const maxContext = 10;
/** Pieces of evidence shown with their lines; a finding rarely has more than five. */
const maxEvidence = 20;

export const explainTool = defineTool({
  name: 'mustgather_explain',
  title: 'Explain a finding',
  description:
    'One finding in full: its message, its Markdown explanation (why, what the release does, what to do), the rule that made it, its cause (with its root object and the chain from the reporting operator down to it), and each piece of evidence (its own place and every related one) with the lines around it read from the must-gather file. Give the index mustgather_findings or mustgather_causes listed, or the rule and subject of the finding.',
  input: {
    type: 'object',
    properties: {
      root: rootField,
      index: {
        type: 'integer',
        description: "The finding's index, from mustgather_findings or mustgather_causes",
      },
      rule: {
        type: 'string',
        description: "Instead of index: the finding's rule id (with subject)",
      },
      subject: {
        type: 'string',
        description: "Instead of index: the finding's subject (with rule), e.g. mcp/worker",
      },
      context: {
        type: 'integer',
        description: `Lines shown before and after each place, default ${defaultContext}, at most ${maxContext}`,
      },
    },
  },
  async run(args, gathers) {
    const g = await gathers.one(args.root);
    const a = await gathers.analysed(g);
    const index = indexOf(a.findings, args);
    const f = a.findings[index];
    const raw = a.analysis.findings[index];
    if (!f || !raw)
      throw new Refusal(
        `no finding #${index} in ${g.id}: its findings are numbered 0 to ${a.findings.length - 1}`,
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
      const s = await snippet(g, gathers.cache, p.abs, p.file, p.line, context);
      evidence.push({ role: p.role, message: p.message, file: p.file, line: p.line, ...s });
    }
    const meta = allRuleMeta().find((m) => m.id === f.rule);
    const cause = a.causes.find((c) => c.findings.includes(index));
    const structured = {
      root: g.id,
      index: index,
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
    return {
      data: structured,
      headline: `Finding #${index} of ${g.id}: ${f.severity} [${f.rule}] on ${f.subject}${cause ? `, in cause ${cause.id}` : ''}; ${evidence.length} place${evidence.length === 1 ? '' : 's'} of evidence with their lines.`,
    };
  },
});

/** The finding asked for: by index, or by rule and subject. */
function indexOf(
  findings: readonly ReportedFinding[],
  args: { index?: number; rule?: string; subject?: string },
): number {
  if (args.index !== undefined) return args.index;
  if (args.rule === undefined || args.subject === undefined)
    throw new Refusal(
      'name the finding by its index, or by its rule and subject, as mustgather_findings lists them',
    );
  const subject = subjectFilter('subject', args.subject);
  const i = findings.findIndex((f) => f.rule === args.rule && f.subject === subject);
  if (i < 0)
    throw new Refusal(
      `no finding ${args.rule} on ${subject}; mustgather_findings lists them (filter by rule or subject)`,
    );
  return i;
}
