/**
 * `mustgather_logs`: a container's log lines holding a pattern within a time window, newest kept,
 * bounded in lines and bytes. Each file is read from its end (`maxLogMiB`, plain or gzipped, as
 * the analysis reads logs), the lines before counted so line numbers are the file's own. A hosted
 * cluster's control-plane containers are found among the dump's flat logs (`findHostedLogs`).
 */
import { readLogTail } from '../../service';
import { bounded, countOf, defaultTextBytes, maxTextBytes } from '../bounds';
import { confined } from '../confine';
import { findContainerLogs, parseContainer } from '../containerLogs';
import { findHostedLogs } from '../hostedLogs';
import { searchLog } from '../logSearch';
import type { LogLine } from '../logSearch';
import { rootField, windowFields } from '../schema';
import { windowOf } from '../timeWindow';
import { defineTool } from '../tool';

const defaultLines = 100;
const maxLines = 1000;

export const logsTool = defineTool({
  name: 'mustgather_logs',
  title: 'Container log lines',
  description:
    "Lines of one container's logs (current, rotated and previous; plain or .gz) that hold a literal pattern (case-insensitive, not a regular expression) within a time window, oldest first, the newest kept when more match: at most maxLines lines and maxBytes bytes. Each file is searched in its last maxLogMiB (64 MiB unless the server was started with another --limit); the lines before are counted, so line numbers are the file's own. Name the container as <namespace>/<pod>/<container> (a log finding's subject); a pod may be named by the start of its name when one pod matches. For a hosted cluster (a hypershift dump) the control-plane namespace's pods are read from the dump's flat logs (<pod>-<container>[-previous].log, named ../namespaces/… as findings name them); the management part's other namespaces are refused.",
  input: {
    type: 'object',
    properties: {
      root: rootField,
      container: {
        type: 'string',
        description:
          '<namespace>/<pod>/<container>, e.g. openshift-machine-config-operator/machine-config-daemon-abcde/machine-config-daemon',
      },
      pattern: {
        type: 'string',
        description: 'Literal text a line must hold (case-insensitive); every line when left out',
      },
      ...windowFields,
      maxLines: {
        type: 'integer',
        description: `Lines given, default ${defaultLines}, at most ${maxLines}`,
      },
      maxBytes: {
        type: 'integer',
        description: `Bytes of lines given, default ${defaultTextBytes}, at most ${maxTextBytes}`,
      },
    },
    required: ['container'],
  },
  async run(args, gathers) {
    const ref = parseContainer(args.container);
    const g = await gathers.one(args.root);
    const a = await gathers.analysed(g);
    const window = windowOf(args.since, args.until, a.analysis.snapshot.gatherTime);
    const lineCap = countOf(args.maxLines, defaultLines, maxLines);
    const { pod, files } = (await findHostedLogs(a, ref)) ?? (await findContainerLogs(a, ref));
    const read = [];
    const found: (LogLine & { file: string })[] = [];
    let matched = 0;
    // Oldest first: previous, rotated by time, current.
    for (const f of [...files].reverse()) {
      const file = a.name(f.path);
      const real = await confined(g.boundary, f.path, file);
      const tail = await readLogTail(real, {
        maxBytes: gathers.limits.maxLogMiB * 1024 * 1024,
        maxRatio: gathers.limits.maxCompressionRatio,
      });
      if (!tail.ok) {
        read.push({ file, instance: f.instance, searchedFromLine: 1, error: tail.error });
        continue;
      }
      read.push({ file, instance: f.instance, searchedFromLine: tail.log.skippedLines + 1 });
      const r = searchLog(tail.log.text, tail.log.skippedLines, {
        ...(args.pattern !== undefined ? { pattern: args.pattern } : {}),
        window,
        maxLines: lineCap,
      });
      matched += r.matched;
      found.push(...r.lines.map((l) => ({ file, ...l })));
    }
    // The newest lines that fit the bounds, in the order they were logged.
    const newestFirst = found.reverse();
    const hint = 'narrow with pattern, since or until, or ask for more with maxLines and maxBytes';
    const kept = bounded(
      newestFirst,
      lineCap,
      hint,
      countOf(args.maxBytes, defaultTextBytes, maxTextBytes),
    );
    const lines = kept.items.reverse();
    const truncated =
      lines.length < matched
        ? {
            shown: lines.length,
            total: matched,
            note: `truncated, ${matched - lines.length} more (older) matching lines: ${hint}`,
          }
        : undefined;
    const container = `${ref.namespace}/${pod}/${ref.container}`;
    const fromEnd = read.filter((r) => r.searchedFromLine > 1).length;
    const failed = read.filter((r) => r.error).length;
    return {
      data: {
        root: g.id,
        container,
        files: read,
        lines,
        matched,
        ...(truncated ? { truncated } : {}),
      },
      headline: `${matched} matching line${matched === 1 ? '' : 's'} in ${container} (${read.length} file${read.length === 1 ? '' : 's'}${fromEnd ? `, ${fromEnd} searched in its end only (maxLogMiB)` : ''}${failed ? `, ${failed} not read` : ''}), oldest first${truncated ? `; ${truncated.note}` : ''}.`,
    };
  },
});
