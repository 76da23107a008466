/** `analyze <path>`: every finding, each under its cause, as text, JSON or SARIF. */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import {
  allRuleMeta,
  analyzeRoot,
  logNotes,
  toReported,
  toReportedCauses,
  toReportedSummaries,
} from '../../service';
import type { ReportedCause, ReportedFinding, RootAnalysis } from '../../service';
import { version } from '../../version';
import { defineCommand, UsageError } from '../command';
import type { Option } from '../command';
import type { Detail } from '../findingLines';
import { cacheDirOption, choice, jobsOption, limitOption, ruleOption } from '../options';
import { formatJson, formatText } from '../report';
import { formatSarif, toSarif } from '../sarif';
import { gatherArgs, openForAnalysis, tell } from './shared';

const format = choice(
  '--format',
  ['text', 'json', 'sarif'],
  'text for a terminal; JSON {summary, findings, causes}; SARIF 2.1.0 for code-scanning tools',
);

const detail: Option<Detail> = {
  flags: ['--brief', '--verbose'],
  help: '--brief: the findings’ lines only, no chains; --verbose: also each finding’s explanation and related evidence',
  init: () => 'default',
  fold(prev, _value, flag) {
    const asked = flag === '--brief' ? 'brief' : 'verbose';
    if (prev !== 'default' && prev !== asked)
      throw new UsageError('--brief and --verbose exclude each other');
    return asked;
  },
};

const group = choice(
  '--group',
  ['cause', 'file'],
  'findings under their cause, or by file like a compiler (no chains)',
);

/** The rule pages shipped beside the bundle (`dist/cli.js` → `docs/rules/`), as the server finds them. */
function ruleDocsDir(): string | undefined {
  const dir = join(__dirname, '..', 'docs', 'rules');
  return existsSync(dir) ? dir : undefined;
}

export const analyze = defineCommand({
  name: 'analyze',
  operands: '<path>',
  summary: 'What is wrong: each cause once, its chain down to the root, its findings at file:line.',
  description:
    'Each cause once: its level, title and number of findings; the chain from the reporting operator down to the root (workload, pod, container, node, log line), a step a line with its file:line; then one line per finding, root first, with its file:line. --verbose: under each finding its explanation and related evidence. --brief: the findings’ lines only, no chain. --group file: by file, like a compiler (no chains). JSON: {summary, findings, causes}, each cause’s findings as indexes, its rootSubject and its chain placed. SARIF: one SARIF 2.1.0 run (every rule, every finding, each chain a code flow). <path> is a must-gather, a folder holding several, or a CI gather-extra folder.',
  exitStatus: '0 without error findings, 1 with at least one, 2 on bad usage or a fatal error.',
  options: [format, detail, group, ruleOption, limitOption, jobsOption, cacheDirOption],
  args: (p) => ({
    ...gatherArgs('analyze', p),
    format: p.get(format),
    detail: p.get(detail),
    group: p.get(group),
    levels: p.get(ruleOption),
  }),
  async run(a) {
    const opened = await openForAnalysis(a, a.levels);
    if (!opened) return 2;
    const { display, ctx } = opened;
    const analyses: RootAnalysis[] = [];
    const findings: ReportedFinding[] = [];
    const causes: ReportedCause[] = [];
    for (const root of opened.roots) {
      const r = await analyzeRoot(root, ctx);
      for (const e of r.internalErrors) tell(e);
      logNotes(r.index.notes, tell);
      analyses.push(r);
      // Positions now, while this root's files are surely still in the bounded cache.
      causes.push(...toReportedCauses(display, [r], ctx.cache, findings.length));
      findings.push(...toReported(display, [r], ctx.cache));
    }
    const docsDir = a.format === 'sarif' ? ruleDocsDir() : undefined;
    const summaries = toReportedSummaries(display, analyses);
    process.stdout.write(
      a.format === 'sarif'
        ? formatSarif(
            toSarif(findings, causes, {
              // What the findings' files are relative to: the folder given, or the archive's folder.
              srcRoot: opened.archive ? dirname(opened.given) : opened.given,
              roots: summaries,
              rules: allRuleMeta(),
              version,
              // package.json names no repository or homepage: no informationUri, so no helpUri.
              ...(docsDir ? { docsDir } : {}),
            }),
          )
        : a.format === 'json'
          ? formatJson(findings, summaries, causes)
          : formatText(
              findings,
              analyses,
              display,
              process.stdout.isTTY === true,
              a.detail,
              a.group === 'cause' ? causes : undefined,
            ),
    );
    return findings.some((f) => f.severity === 'error') ? 1 : 0;
  },
});
