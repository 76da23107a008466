/**
 * A cause's chain in a hover: one line per step, from the reporting operator down to the root
 * and its log line, each step's name a link to its evidence (a `file:` URI with its line, which
 * VS Code and most editors open at that line). Names and states come from the gather: escaped,
 * the log line as code.
 */
import { pathToFileURL } from 'node:url';
import type { Cause } from '../../core/cause';
import type { ChainLink, Finding, Location } from '../../core/finding';
import { code, detailMarkdown, text } from '../../core/markdown';

/** The 1-based line of a place, when its file can be read. */
export type LineOf = (l: Location) => number | undefined;

function linked(l: ChainLink, lineOf: LineOf | undefined): string {
  const name = text(l.name);
  if (!l.location) return name;
  const line = lineOf?.(l.location);
  const url = pathToFileURL(l.location.file).href + (line !== undefined ? `#L${line}` : '');
  return `[${name}](${url})`;
}

function chainSection(chain: readonly ChainLink[], lineOf?: LineOf): string {
  const step = (l: ChainLink) =>
    `${linked(l, lineOf)}: ${l.kind === 'log' ? code(l.state) : text(l.state)}${l.location ? '' : ' (not in the gather)'}`;
  // Operators that report one root side by side are one step, not a chain of their own.
  const steps: ChainLink[][] = [];
  for (const l of chain) {
    const last = steps[steps.length - 1];
    if (last && l.kind === 'operator' && last[0]!.kind === 'operator') last.push(l);
    else steps.push([l]);
  }
  return steps
    .map((links, i) => `${i === 0 ? '' : '→ '}${links.map(step).join('; ')}`)
    .join('  \n');
}

/**
 * The chain of the first cause with one among the findings at the hovered place, under the
 * cause's title: the hover leads with it, before the object's own tables.
 */
export function chainOfCause(
  found: readonly Finding[],
  causeOf: (f: Finding) => Cause | undefined,
  lineOf?: LineOf,
): string | undefined {
  for (const f of found) {
    const cause = causeOf(f);
    if (cause?.chain && cause.chain.length > 1)
      return `**Cause:** ${detailMarkdown(cause.title)}\n\n${chainSection(cause.chain, lineOf)}`;
  }
  return undefined;
}
