/**
 * Headless entry: `node dist/cli.js analyze <path>` (and `diff <path> <a> <b>`) over the same
 * core as the language server.
 */
import { existsSync } from 'node:fs';
import { realpath, writeFile } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { analysisContext, analyzeRoot } from './analysis/analyze';
import { parseArgs, usage, UsageError } from './cli/args';
import { diffCommand } from './cli/diff';
import { formatStatusJson, formatStatusText } from './cli/status';
import { statusReport } from './analysis/statusReport';
import type { RootStatusReport } from './core/updateStatus';
import { intervalsOf } from './analysis/timeline';
import { recommendReport } from './analysis/recommendReport';
import { formatRecommendJson, formatRecommendText, recommendFails } from './cli/recommend';
import type { RootRecommendReport } from './core/recommend';
import { formatOriginIntervals } from './cli/originIntervals';
import type { Interval } from './core/interval';
import { formatTimelineJson, formatTimelineText, sinceTime } from './cli/timeline';
import type { RootTimeline } from './cli/timeline';
import { rangeIn } from './yaml/positions';
import { formatJson, formatText } from './cli/report';
import { toReported, toReportedCauses, toReportedSummaries } from './reports/reported';
import { formatSarif, toSarif } from './cli/sarif';
import { formatCaseHtml, formatCaseMarkdown } from './reports/caseReport';
import { isInside } from './core/paths';
import { defaultCacheDir } from './gather/archiveCache';
import { openGathers } from './cli/openGathers';
import { compareCommand } from './cli/compareCommand';
import { cacheCommand } from './cli/cache';
import { logNotes } from './gather/notes';
import { allRuleIds, allRuleMeta } from './rules/registry';
import { version } from './version';

/** The rule pages shipped beside the bundle (`dist/cli.js` → `docs/rules/`), as the server finds them. */
const ruleDocsDir = ((dir) => (existsSync(dir) ? dir : undefined))(
  join(__dirname, '..', 'docs', 'rules'),
);

/** `mcp [path…]`: the MCP server, its own bundle beside this one, which reads the arguments. */
function mcp(): void {
  process.argv.splice(2, 1);
  // A bundle loaded at run time, so the CLI's bundle stays free of the MCP SDK.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  require(join(__dirname, 'mcp.js'));
}

async function main(argv: string[]): Promise<number | undefined> {
  if (argv[0] === 'mcp') {
    mcp();
    return undefined;
  }
  let command;
  try {
    command = parseArgs(argv, allRuleIds());
  } catch (err) {
    if (err instanceof UsageError) {
      process.stderr.write(`must-gather-inspector: ${err.message}\n\n${usage}\n`);
      return 2;
    }
    throw err;
  }
  if (command.cmd === 'help') {
    process.stdout.write(usage + '\n');
    return 0;
  }
  if (command.cmd === 'version') {
    process.stdout.write(version + '\n');
    return 0;
  }
  const cacheDir = command.cacheDir ? resolve(command.cacheDir) : defaultCacheDir();
  if (command.cmd === 'cache') return cacheCommand(command.action, cacheDir);
  const tell = (m: string) => process.stderr.write(`must-gather-inspector: ${m}\n`);
  if (command.cmd === 'compare') return compareCommand(command, cacheDir, tell);
  const given = resolve(command.path);
  let outFile: string | undefined;
  if (command.cmd === 'report' && command.output !== undefined) {
    // Never inside the analysed path (a later analysis would read the report), links resolved.
    outFile = resolve(command.output);
    const real = async (p: string) => realpath(p).catch(() => p);
    const realOut = join(await real(dirname(outFile)), basename(outFile));
    if (isInside(outFile, given) || isInside(realOut, await real(given))) {
      tell(
        `--output ${command.output} lies inside the analysed path ${command.path}: write the report elsewhere`,
      );
      return 2;
    }
  }
  const opened = await openGathers(command.path, command.limits, cacheDir, tell);
  if (!opened) return 2;
  const { display, roots: gatherRoots } = opened;
  const ctx = analysisContext({
    limits: command.limits,
    levels: 'levels' in command ? command.levels : {},
  });
  const cache = ctx.cache;
  if (command.cmd === 'diff') {
    const r = await diffCommand(gatherRoots, ctx, command.a, command.b, command.format);
    if (!r.ok) {
      process.stderr.write(
        r.error
          .split('\n')
          .map((l) => `must-gather-inspector: ${l}\n`)
          .join(''),
      );
      return 2;
    }
    process.stdout.write(r.output);
    return 0;
  }
  if (command.cmd === 'status') {
    const roots: RootStatusReport[] = [];
    for (const root of gatherRoots) {
      const a = await analyzeRoot(root, ctx);
      for (const e of a.internalErrors) process.stderr.write(`must-gather-inspector: ${e}\n`);
      logNotes(a.index.notes, (m) => process.stderr.write(`must-gather-inspector: ${m}\n`));
      // Positions now, while this root's files are surely still in the bounded cache.
      roots.push(statusReport(a, display, (f) => cache.peek(f)));
    }
    const report = { roots };
    process.stdout.write(
      command.format === 'json'
        ? formatStatusJson(report)
        : formatStatusText(report, process.stdout.isTTY === true, command.details),
    );
    return roots.some((r) => r.insights.some((i) => i.level === 'error')) ? 1 : 0;
  }
  if (command.cmd === 'recommend') {
    const reports: RootRecommendReport[] = [];
    for (const root of gatherRoots) {
      const a = await analyzeRoot(root, ctx);
      for (const e of a.internalErrors) process.stderr.write(`must-gather-inspector: ${e}\n`);
      // Positions now, while this root's files are surely still in the bounded cache.
      reports.push(
        recommendReport(a, display, (f) => cache.peek(f), {
          ...(command.target !== undefined ? { version: command.target } : {}),
          accept: command.accept,
          showOutdatedReleases: command.showOutdated,
        }),
      );
    }
    if (command.format === 'json') {
      process.stdout.write(formatRecommendJson(reports));
      return recommendFails(reports) ? 1 : 0;
    }
    const { out, errors } = formatRecommendText(reports, {
      accept: command.accept,
      showOutdated: command.showOutdated,
      color: process.stdout.isTTY === true,
    });
    process.stdout.write(out);
    for (const e of errors) process.stderr.write(`error: ${e}\n`);
    return recommendFails(reports) ? 1 : 0;
  }
  if (command.cmd === 'timeline') {
    const timelines: RootTimeline[] = [];
    const raw: { root: string; intervals: Interval[] }[] = [];
    for (const root of gatherRoots) {
      const a = await analyzeRoot(root, ctx);
      for (const e of a.internalErrors) process.stderr.write(`must-gather-inspector: ${e}\n`);
      const since = command.since ? sinceTime(command.since, a.snapshot.gatherTime) : undefined;
      if (command.since && !since) {
        process.stderr.write(
          `must-gather-inspector: ${display(root.path)} has no gather time: --since ${command.since} keeps everything\n`,
        );
      }
      const intervals = intervalsOf(a.snapshot, a.assessment.now).filter(
        (i) => !since || i.from.getTime() >= since.getTime(),
      );
      raw.push({ root: display(root.path), intervals });
      // Positions now, while this root's files are surely still in the bounded cache.
      if (command.format === 'intervals') continue;
      timelines.push({
        root: display(root.path),
        intervals: intervals.map(({ from, to, evidence, ...rest }) => ({
          ...rest,
          from: from.toISOString(),
          to: to.toISOString(),
          file: display(evidence.file),
          line: rangeIn(cache.peek(evidence.file), evidence).start.line + 1,
        })),
      });
    }
    process.stdout.write(
      command.format === 'intervals'
        ? formatOriginIntervals(raw)
        : command.format === 'json'
          ? formatTimelineJson(timelines)
          : formatTimelineText(timelines, process.stdout.isTTY === true),
    );
    return 0;
  }
  if (command.cmd === 'report') {
    const findings = [];
    const causes = [];
    const roots: RootStatusReport[] = [];
    for (const root of gatherRoots) {
      const a = await analyzeRoot(root, ctx);
      for (const e of a.internalErrors) tell(e);
      logNotes(a.index.notes, tell);
      // Positions now, while this root's files are surely still in the bounded cache.
      causes.push(...toReportedCauses(display, [a], cache, findings.length));
      findings.push(...toReported(display, [a], cache));
      roots.push(statusReport(a, display, (f) => cache.peek(f)));
    }
    const report = { roots, findings, causes, version };
    const out = command.format === 'html' ? formatCaseHtml(report) : formatCaseMarkdown(report);
    if (outFile === undefined) process.stdout.write(out);
    else {
      try {
        await writeFile(outFile, out);
      } catch (err) {
        tell(`cannot write ${command.output}: ${(err as Error).message}`);
        return 2;
      }
    }
    return findings.some((f) => f.severity === 'error') ? 1 : 0;
  }
  const analyses = [];
  const findings = [];
  const causes = [];
  for (const root of gatherRoots) {
    const a = await analyzeRoot(root, ctx);
    for (const e of a.internalErrors) process.stderr.write(`must-gather-inspector: ${e}\n`);
    logNotes(a.index.notes, (m) => process.stderr.write(`must-gather-inspector: ${m}\n`));
    analyses.push(a);
    // Positions now, while this root's files are surely still in the bounded cache.
    causes.push(...toReportedCauses(display, [a], cache, findings.length));
    findings.push(...toReported(display, [a], cache));
  }
  process.stdout.write(
    command.format === 'sarif'
      ? formatSarif(
          toSarif(findings, causes, {
            // What the findings' files are relative to: the folder given, or the archive's folder.
            srcRoot: opened.archive ? dirname(given) : given,
            rules: allRuleMeta(),
            version,
            // package.json names no repository or homepage: no informationUri, so no helpUri.
            ...(ruleDocsDir ? { docsDir: ruleDocsDir } : {}),
          }),
        )
      : command.format === 'json'
        ? formatJson(findings, toReportedSummaries(display, analyses), causes)
        : formatText(
            findings,
            analyses,
            display,
            process.stdout.isTTY === true,
            command.detail,
            command.group === 'cause' ? causes : undefined,
          ),
  );
  return findings.some((f) => f.severity === 'error') ? 1 : 0;
}

// A reader that stopped early (`… | head`) is no error: stop writing, as other Unix tools do.
process.stdout.on('error', (err: NodeJS.ErrnoException) => {
  if (err.code !== 'EPIPE') throw err;
  process.exit(process.exitCode ?? 0);
});

main(process.argv.slice(2)).then(
  (code) => {
    // None when the MCP server runs: it sets its own.
    if (code !== undefined) process.exitCode = code;
  },
  (err: unknown) => {
    process.stderr.write(`must-gather-inspector: fatal: ${(err as Error).stack ?? String(err)}\n`);
    process.exitCode = 2;
  },
);
