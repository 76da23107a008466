/** `report <path>`: a case summary to paste into a support case, as Markdown or one HTML file. */
import { realpath, writeFile } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import {
  analyzeRoot,
  formatCaseHtml,
  formatCaseMarkdown,
  logNotes,
  statusReport,
  toReported,
  toReportedCauses,
} from '../../service';
import type { ReportedCause, ReportedFinding } from '../../service';
import { isInside } from '../../core/paths';
import type { RootStatusReport } from '../../core/updateStatus';
import { version } from '../../version';
import { defineCommand } from '../command';
import { cacheDirOption, choice, jobsOption, limitOption, ruleOption, text } from '../options';
import { gatherArgs, openForAnalysis, tell } from './shared';

const format = choice(
  '--format',
  ['md', 'html'],
  'Markdown (no raw HTML, must-gather text escaped), or one self-contained HTML file (no script, no remote reference)',
);

const output = text('--output', 'FILE', 'write it there instead of stdout (never inside <path>)', {
  check: (v) => (v === '' ? '--output needs a file name' : undefined),
});

/** Whether `file` lies inside `path`, links resolved: a later analysis would read the report. */
async function insideAnalysed(file: string, path: string): Promise<boolean> {
  const real = async (p: string) => realpath(p).catch(() => p);
  const realOut = join(await real(dirname(file)), basename(file));
  return isInside(file, path) || isInside(realOut, await real(path));
}

export const report = defineCommand({
  name: 'report',
  operands: '<path>',
  summary: 'A case summary to paste into a support case, Markdown or one HTML file.',
  description:
    'A case summary to paste into a support case: per must-gather the first look, where the update stands, the causes with their findings and file:line evidence, and what was not read. Markdown (no raw HTML, must-gather text escaped), or --format html: one self-contained file (no script, no remote reference). --output FILE writes it there (never inside <path>).',
  exitStatus:
    'as analyze (0 without error findings, 1 with at least one); 2 also on bad usage, a fatal error, or when --output lies inside <path> or cannot be written.',
  options: [format, output, ruleOption, limitOption, jobsOption, cacheDirOption],
  args: (p) => ({
    ...gatherArgs('report', p),
    format: p.get(format),
    output: p.get(output),
    levels: p.get(ruleOption),
  }),
  async run(a) {
    const outFile = a.output === undefined ? undefined : resolve(a.output);
    if (outFile !== undefined && (await insideAnalysed(outFile, resolve(a.path)))) {
      tell(
        `--output ${a.output} lies inside the analysed path ${a.path}: write the report elsewhere`,
      );
      return 2;
    }
    const opened = await openForAnalysis(a, a.levels);
    if (!opened) return 2;
    const { display, ctx } = opened;
    const findings: ReportedFinding[] = [];
    const causes: ReportedCause[] = [];
    const roots: RootStatusReport[] = [];
    for (const root of opened.roots) {
      const r = await analyzeRoot(root, ctx);
      for (const e of r.internalErrors) tell(e);
      logNotes(r.index.notes, tell);
      // Positions now, while this root's files are surely still in the bounded cache.
      causes.push(...toReportedCauses(display, [r], ctx.cache, findings.length));
      findings.push(...toReported(display, [r], ctx.cache));
      roots.push(statusReport(r, display, (f) => ctx.cache.peek(f)));
    }
    const doc = { roots, findings, causes, version };
    const out = a.format === 'html' ? formatCaseHtml(doc) : formatCaseMarkdown(doc);
    if (outFile === undefined) process.stdout.write(out);
    else {
      try {
        await writeFile(outFile, out);
      } catch (err) {
        tell(`cannot write ${a.output}: ${(err as Error).message}`);
        return 2;
      }
    }
    return findings.some((f) => f.severity === 'error') ? 1 : 0;
  },
});
