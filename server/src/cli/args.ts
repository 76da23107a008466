/** Command-line parsing for `must-gather-inspector`; no dependency, strict about mistakes. */
import { isRuleLevel, ruleLevelNames } from '../analysis/analyze';
import type { RuleLevels } from '../analysis/analyze';
import { defaultLimits, isLimitName, limitNames, limitProblem } from '../limits';
import type { Limits } from '../limits';
import { isSinceSpec } from './timeline';
import type { Detail } from './findingLines';

export type Format = 'text' | 'json';

export type Command =
  | {
      cmd: 'analyze';
      path: string;
      /** `sarif`: one SARIF 2.1.0 run for code-scanning tools (`cli/sarif.ts`). */
      format: Format | 'sarif';
      levels: RuleLevels;
      limits: Limits;
      cacheDir?: string;
      /**
       * Text output: `brief` each finding's line alone; `default` also each cause's chain;
       * `verbose` also each finding's detail and related evidence.
       */
      detail: Detail;
      /** Text output: findings under their cause (the default) or by file. */
      group: 'cause' | 'file';
    }
  | {
      cmd: 'status';
      path: string;
      format: Format;
      levels: RuleLevels;
      limits: Limits;
      cacheDir?: string;
      /** Text output: every insight of Update Health, not one line per cause. */
      details: boolean;
    }
  | {
      cmd: 'diff';
      path: string;
      a: string;
      b: string;
      format: Format;
      limits: Limits;
      cacheDir?: string;
    }
  | {
      cmd: 'timeline';
      path: string;
      /** `intervals`: openshift/origin's monitor interval JSON (`cli/originIntervals.ts`). */
      format: Format | 'intervals';
      levels: RuleLevels;
      limits: Limits;
      cacheDir?: string;
      /** Only intervals that began at or after this (an RFC 3339 time or a duration before the gather). */
      since?: string;
    }
  | {
      cmd: 'recommend';
      path: string;
      format: Format;
      limits: Limits;
      cacheDir?: string;
      /** `--version`: the verdict on one release. */
      target?: string;
      showOutdated: boolean;
      accept: string[];
    }
  | {
      cmd: 'report';
      path: string;
      /** A case summary as Markdown (pastes cleanly) or one self-contained HTML file. */
      format: 'md' | 'html';
      /** Write there instead of stdout (never inside the analysed path). */
      output?: string;
      levels: RuleLevels;
      limits: Limits;
      cacheDir?: string;
    }
  | {
      cmd: 'compare';
      /** Two gathers of one cluster, each a must-gather (or an archive of one). */
      paths: [string, string];
      format: Format;
      /** Compare gathers of two different clusters (or of unknown ones) anyway. */
      force: boolean;
      levels: RuleLevels;
      limits: Limits;
      cacheDir?: string;
    }
  | { cmd: 'cache'; action: 'list' | 'clear'; cacheDir?: string }
  | { cmd: 'help' }
  | { cmd: 'version' };

export class UsageError extends Error {}

export const usage = `Usage:
  must-gather-inspector analyze <path> [--format text|json|sarif] [--brief|--verbose]
                        [--group cause|file] [--rule <id>=<level>]... [--limit <name>=<n>]...
      Each cause once: its level, title and number of findings; the chain from the reporting
      operator down to the root (workload, pod, container, node, log line), a step a line with
      its file:line; then one line per finding, root first, with its file:line. --verbose: under
      each finding its explanation and related evidence. --brief: the findings' lines only, no
      chain. --group file: by file, like a compiler (no chains). JSON: {summary, findings,
      causes}, each cause's findings as indexes, its rootSubject and its chain placed.
      SARIF: one SARIF 2.1.0 run (every rule, every finding, each chain a code flow).
      <path> is a must-gather, a folder holding several, or a CI gather-extra folder.
      <level> is off, error, warning, info or hint.
      <name> is a bound on the work per file: ${limitNames.map((n) => `${n} (${defaultLimits[n]})`).join(', ')}.
  must-gather-inspector status <path> [--format text|json] [--details] [--rule <id>=<level>]...
                        [--limit <name>=<n>]...
      Where the update stands, as oc adm upgrade status would say it (Control Plane, Worker
      Upgrade, Update Health), offline, each line with the file:line of its evidence. Update
      Health shows one line per cause (--details: every insight, as oc lists them).
  must-gather-inspector report <path> [--format md|html] [--output FILE] [--rule <id>=<level>]...
                        [--limit <name>=<n>]...
      A case summary to paste into a support case: per must-gather the first look, where the
      update stands, the causes with their findings and file:line evidence, and what was not
      read. Markdown (no raw HTML, must-gather text escaped), or --format html: one
      self-contained file (no script, no remote reference). --output FILE writes it there
      (never inside <path>).
  must-gather-inspector diff <path> <machineconfig-a> <machineconfig-b> [--format text|json]
                        [--limit <name>=<n>]...
      What changed between two (rendered) MachineConfigs: a summary naming changed images
      (pause image, OS image) and whether nodes reboot, then a unified diff of the decoded configs.
  must-gather-inspector timeline <path> [--format text|json|intervals] [--since <time|duration>]
                        [--limit <name>=<n>]...
      What happened when, oldest first: each update of the ClusterVersion history, every
      condition of the ClusterVersion, operators, pools, nodes and MachineConfigNodes since its
      last transition, Warning events, firing alerts, the CVO's and the drains' log lines, the
      gather; each with how long it held and its evidence's file:line. --since keeps what began
      at or after a time (2021-03-25T09:00:00Z) or a duration before the gather (3h, 90m).
      --format intervals writes openshift/origin's monitor interval JSON ({"items": [...]}),
      which Sippy's and origin's interval charts read.
  must-gather-inspector recommend <path> [--version V] [--show-outdated-releases] [--accept A,B]
                        [--format text|json] [--limit <name>=<n>]...
      Before an update: is it safe to update this cluster, and to what? oc adm upgrade
      recommend, offline: the ClusterVersion's conditions of concern, the alerts oc checks (from
      monitoring/prometheus/rules.json), what the gather shows beyond oc (paused or degraded
      pools, unavailable nodes, operators Upgradeable=False, admin gates not acknowledged,
      PodDisruptionBudgets at their limit, kubelet skew, removed APIs in use), then the updates
      by minor, two per minor (--show-outdated-releases: all). --version V: that release's
      verdict and the concerns not named in --accept.
  must-gather-inspector compare <gather-a> <gather-b> [--format text|json] [--force]
                        [--rule <id>=<level>]... [--limit <name>=<n>]...
      Two gathers of one cluster, the older first: where the update stood in each, what changed
      object by object (versions, condition transitions, each pool's configs and counts, each
      node's configs and state, budgets), and the findings that appeared, cleared or changed
      level, each with its file:line. Gathers of different clusters (by cluster ID) are refused
      unless --force. Each <gather> must hold exactly one must-gather.
  must-gather-inspector mcp [--cache-dir DIR] [--limit <name>=<n>]... [<path>...]
      The read-only MCP server for AI agents over stdio (dist/mcp.js; README, AI agents):
      the paths given, else the client's roots.
  must-gather-inspector cache list|clear [--cache-dir DIR]
      The extracted archives kept in the cache, or remove them all.
  Every <path> may also be an archive (.tar, .tar.gz, .tgz, .zip; a must-gather inside a case archive
  too): it is extracted once into the cache (--cache-dir DIR, default
  $XDG_CACHE_HOME/must-gather-inspector or ~/.cache/must-gather-inspector), never beside it.
  must-gather-inspector --help | --version

Exit status (analyze): 0 without error findings, 1 with at least one, 2 on bad usage or a fatal error.
Exit status (report): as analyze; 2 also when --output lies inside <path> or cannot be written.
Exit status (status): 0 without error-level insights, 1 with at least one, 2 on bad usage or a
fatal error.
Exit status (recommend): 0, or 1 when --version names a release that is not offered or a concern
applies that --accept does not name; 2 on bad usage or a fatal error.
Exit status (compare): 0 when compared, 2 on bad usage, different clusters without --force, or
a fatal error.
Exit status (diff): 0 when both configs were found and compared, 2 on bad usage, an unknown config
name or a fatal error.`;

export function parseArgs(argv: string[], knownRules: string[]): Command {
  if (argv.length === 0 || argv.includes('--help') || argv.includes('-h')) return { cmd: 'help' };
  // recommend's --version names a release; elsewhere it asks for the program's.
  if (argv.includes('--version') && argv[0] !== 'recommend') return { cmd: 'version' };
  const [cmd, ...rest] = argv;
  if (
    cmd !== 'analyze' &&
    cmd !== 'diff' &&
    cmd !== 'status' &&
    cmd !== 'timeline' &&
    cmd !== 'recommend' &&
    cmd !== 'report' &&
    cmd !== 'compare' &&
    cmd !== 'cache'
  )
    throw new UsageError(`unknown command "${cmd}"`);
  let cacheDir: string | undefined;
  let format: Format = 'text';
  let timelineFormat: Format | 'intervals' = 'text';
  let analyzeFormat: Format | 'sarif' = 'text';
  let reportFormat: 'md' | 'html' = 'md';
  let output: string | undefined;
  let detail: Detail = 'default';
  let group: 'cause' | 'file' = 'cause';
  let details = false;
  let since: string | undefined;
  let target: string | undefined;
  let showOutdated = false;
  let force = false;
  const accept: string[] = [];
  const ruleLevels: RuleLevels = {};
  const limits: Limits = { ...defaultLimits };
  const positional: string[] = [];
  for (let i = 0; i < rest.length; i++) {
    const a = rest[i]!;
    const value = (flag: string) => {
      const eq = a.indexOf('=');
      if (a.startsWith(`${flag}=`)) return a.slice(eq + 1);
      const v = rest[++i];
      if (v === undefined) throw new UsageError(`${flag} needs a value`);
      return v;
    };
    /** `--flag value` or `--flag=value`. */
    const named = (flag: string) => a === flag || a.startsWith(`${flag}=`);
    const oneOf = <T extends string>(flag: string, allowed: readonly T[]): T => {
      const v = value(flag);
      if (!(allowed as readonly string[]).includes(v))
        throw new UsageError(`${flag} must be ${allowed.join(' or ')}, not "${v}"`);
      return v as T;
    };
    if (cmd === 'timeline' && named('--format')) {
      timelineFormat = oneOf('--format', ['text', 'json', 'intervals'] as const);
    } else if (cmd === 'analyze' && named('--format')) {
      analyzeFormat = oneOf('--format', ['text', 'json', 'sarif'] as const);
    } else if (cmd === 'report' && named('--format')) {
      reportFormat = oneOf('--format', ['md', 'html'] as const);
    } else if (cmd === 'report' && named('--output')) {
      output = value('--output');
      if (output === '') throw new UsageError('--output needs a file name');
    } else if (named('--format')) {
      format = oneOf('--format', ['text', 'json'] as const);
    } else if (cmd === 'compare' && a === '--force') {
      force = true;
    } else if (cmd === 'analyze' && (a === '--brief' || a === '--verbose')) {
      const asked = a === '--brief' ? 'brief' : 'verbose';
      if (detail !== 'default' && detail !== asked)
        throw new UsageError('--brief and --verbose exclude each other');
      detail = asked;
    } else if (cmd === 'analyze' && named('--group')) {
      group = oneOf('--group', ['cause', 'file'] as const);
    } else if (cmd === 'status' && a === '--details') {
      details = true;
    } else if (cmd === 'recommend' && named('--version')) {
      target = value('--version');
      if (!/^\d+\.\d+\.\d+/.test(target))
        throw new UsageError(`cannot parse SemVer target "${target}"`);
    } else if (cmd === 'recommend' && a === '--show-outdated-releases') {
      showOutdated = true;
    } else if (cmd === 'recommend' && named('--accept')) {
      accept.push(
        ...value('--accept')
          .split(',')
          .filter((x) => x !== ''),
      );
    } else if (cmd === 'timeline' && named('--since')) {
      since = value('--since');
      if (!isSinceSpec(since))
        throw new UsageError(
          `--since takes an RFC 3339 time or a duration (3h, 90m), not "${since}"`,
        );
    } else if (cmd !== 'diff' && cmd !== 'recommend' && named('--rule')) {
      const spec = value('--rule');
      const m = /^([a-z0-9-]+)=(\w+)$/.exec(spec);
      if (!m || !isRuleLevel(m[2]))
        throw new UsageError(`--rule takes <id>=<${ruleLevelNames.join('|')}>, not "${spec}"`);
      if (!knownRules.includes(m[1]!))
        throw new UsageError(`unknown rule "${m[1]}"; rules: ${knownRules.join(', ')}`);
      ruleLevels[m[1]!] = m[2];
    } else if (named('--cache-dir')) {
      cacheDir = value('--cache-dir');
    } else if (named('--limit')) {
      const spec = value('--limit');
      const m = /^(\w+)=(\d+)$/.exec(spec);
      if (!m) throw new UsageError(`--limit takes <name>=<whole number>, not "${spec}"`);
      const name = m[1] as string;
      if (!isLimitName(name))
        throw new UsageError(`unknown limit "${name}"; limits: ${limitNames.join(', ')}`);
      const problem = limitProblem(name, Number(m[2]));
      if (problem) throw new UsageError(`--limit ${problem}`);
      limits[name] = Number(m[2]);
    } else if (a.startsWith('-')) {
      throw new UsageError(`unknown option "${a}"`);
    } else {
      positional.push(a);
    }
  }
  const dir = cacheDir === undefined ? {} : { cacheDir };
  if (cmd === 'cache') {
    const [action, ...more] = positional;
    if ((action !== 'list' && action !== 'clear') || more.length > 0)
      throw new UsageError('cache takes list or clear');
    return { cmd, action, ...dir };
  }
  if (cmd === 'diff') {
    if (positional.length !== 3) {
      throw new UsageError('diff takes <path> and two MachineConfig names');
    }
    return {
      cmd,
      path: positional[0]!,
      a: positional[1]!,
      b: positional[2]!,
      format,
      limits,
      ...dir,
    };
  }
  if (cmd === 'compare') {
    if (positional.length !== 2) throw new UsageError('compare takes two gathers of one cluster');
    return {
      cmd,
      paths: [positional[0]!, positional[1]!],
      format,
      force,
      levels: ruleLevels,
      limits,
      ...dir,
    };
  }
  if (positional.length !== 1) throw new UsageError(`${cmd} takes exactly one <path>`);
  if (cmd === 'recommend') {
    if (target !== undefined && showOutdated)
      throw new UsageError('when --version is set, --show-outdated-releases is unnecessary');
    return {
      cmd,
      path: positional[0]!,
      format,
      limits,
      ...(target === undefined ? {} : { target }),
      showOutdated,
      accept,
      ...dir,
    };
  }
  if (cmd === 'timeline') {
    return {
      cmd,
      path: positional[0]!,
      format: timelineFormat,
      levels: ruleLevels,
      limits,
      ...(since === undefined ? {} : { since }),
      ...dir,
    };
  }
  if (cmd === 'report') {
    return {
      cmd,
      path: positional[0]!,
      format: reportFormat,
      ...(output === undefined ? {} : { output }),
      levels: ruleLevels,
      limits,
      ...dir,
    };
  }
  if (cmd === 'status') {
    return { cmd, path: positional[0]!, format, levels: ruleLevels, limits, details, ...dir };
  }
  return {
    cmd,
    path: positional[0]!,
    format: analyzeFormat,
    levels: ruleLevels,
    limits,
    detail,
    group,
    ...dir,
  };
}
