/**
 * A cause in the terminal, told once: its level, title and number of findings; the chain from the
 * reporting operator down to the root, a step a line with its file:line; then one line per
 * finding, root first.
 */
import { inRoot } from '../core/paths';
import type { ReportedCause, ReportedFinding } from '../service';
import { findingLines, sevColor } from './findingLines';
import type { Detail, Paint } from './findingLines';

/**
 * One step a line, an arrow where the way goes down a level. Steps of one kind side by side
 * (several operators reporting one node) are aligned under the first of them, since none leads
 * to the next.
 */
function chainLines(c: ReportedCause, paint: Paint): string[] {
  let lead = '';
  return c.chain.map((s, i) => {
    const previous = c.chain[i - 1];
    if (previous && previous.kind !== s.kind) lead = '→ ';
    const mark = previous?.kind === s.kind ? ' '.repeat(lead.length) : lead;
    const where =
      s.file !== undefined && s.line !== undefined
        ? `${inRoot(c.root, s.file)}:${s.line}`
        : '(no file in the gather)';
    return `  ${mark}${s.name}: ${s.state}  ${paint('2', where)}`;
  });
}

/** By cause: each cause's headline, its chain (not with brief), its findings in causal order. */
export function causeLines(
  findings: ReportedFinding[],
  causes: ReportedCause[],
  paint: Paint,
  detail: Detail,
): string[] {
  const lines: string[] = [];
  const roots = new Set(causes.map((c) => c.root));
  let root: string | undefined;
  for (const c of causes) {
    // Several must-gathers: each one's causes under its path, which their files are relative to.
    if (roots.size > 1 && c.root !== root) lines.push(paint('4', c.root), '');
    root = c.root;
    const level = paint(sevColor[c.level] ?? '0', c.level.toUpperCase());
    const n = c.findings.length;
    lines.push(`${level} ${paint('1', c.title)} (${n} finding${n === 1 ? '' : 's'})`);
    if (detail !== 'brief') lines.push(...chainLines(c, paint));
    for (const i of c.findings)
      lines.push(...findingLines(findings[i]!, 'cause', paint, detail === 'verbose'));
    lines.push('');
  }
  return lines;
}
