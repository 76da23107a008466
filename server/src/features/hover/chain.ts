/**
 * A cause's chain in a hover: one line per step, from the reporting operator down to the root
 * and its log line, each step's name a link to its evidence (a `file:` URI with its line, which
 * VS Code and most editors open at that line). Names and states come from the gather: escaped,
 * the log line as code.
 */
import { pathToFileURL } from 'node:url';
import type { ChainLink, Location } from '../../core/finding';
import { code, text } from '../../core/markdown';

/** The 1-based line of a place, when its file can be read. */
export type LineOf = (l: Location) => number | undefined;

function linked(l: ChainLink, lineOf: LineOf | undefined): string {
  const name = text(l.name);
  if (!l.location) return name;
  const line = lineOf?.(l.location);
  const url = pathToFileURL(l.location.file).href + (line !== undefined ? `#L${line}` : '');
  return `[${name}](${url})`;
}

export function chainSection(chain: readonly ChainLink[], lineOf?: LineOf): string {
  return chain
    .map((l, i) => {
      const state = l.kind === 'log' ? code(l.state) : text(l.state);
      return `${i === 0 ? '' : '→ '}${linked(l, lineOf)}: ${state}`;
    })
    .join('  \n');
}
