/**
 * A finding in the terminal: one line (level, message, rule and where), and with `--verbose` its
 * detail and related evidence under it.
 */
import { inRoot } from '../core/paths';
import type { ReportedFinding } from '../service';

/** How much the text report tells: messages only, each cause once (the default), or everything. */
export type Detail = 'brief' | 'default' | 'verbose';

export type Paint = (code: string, s: string) => string;

export function painter(color: boolean): Paint {
  return (code, s) => (color ? `\x1b[${code}m${s}\x1b[0m` : s);
}

export const sevColor: Record<string, string> = {
  error: '31',
  warning: '33',
  info: '36',
  hint: '2',
};

/** Under a finding: indented past its level, so the message column stays clear. */
const under = ' '.repeat(13);

/** A finding's detail under its message: indented, blank lines kept as paragraph breaks. */
function detailLines(detail: string): string[] {
  return detail
    .trim()
    .split('\n')
    .map((l) => (l.trim() === '' ? '' : `${under}${l}`));
}

/**
 * One finding: by file, its line and column first, like a compiler; under a cause, whose findings
 * lie in many files, its file:line last (verbose: on a line of its own, with the column). Verbose
 * adds its detail and its related evidence.
 */
export function findingLines(
  f: ReportedFinding,
  by: 'file' | 'cause',
  paint: Paint,
  verbose: boolean,
): string[] {
  const sev = paint(sevColor[f.severity] ?? '0', f.severity.padEnd(7));
  const said = `${sev} ${f.message}  ${paint('2', `[${f.rule}]`)}`;
  // Files are printed relative to their must-gather, which the lines above name.
  const file = inRoot(f.root, f.file);
  if (by === 'file') {
    const line = `  ${`${f.line}:${f.column}`.padEnd(8)} ${said}`;
    return verbose ? [line, ...evidence(f, paint)] : [line];
  }
  if (!verbose) return [`  ${said}  ${paint('2', `${file}:${f.line}`)}`];
  return [
    `  ${said}`,
    paint('2', `${under}at ${file}:${f.line}:${f.column}`),
    ...evidence(f, paint),
  ];
}

function evidence(f: ReportedFinding, paint: Paint): string[] {
  return [
    ...(f.detail ? detailLines(f.detail) : []),
    ...f.related.map((r) =>
      paint('2', `${under}↳ ${inRoot(f.root, r.file)}:${r.line}:${r.column} ${r.message}`),
    ),
  ];
}
