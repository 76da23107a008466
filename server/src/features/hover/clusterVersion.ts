/** Hovers on the ClusterVersion: the update history, each entry with its duration. */
import type { ClusterVersion, HistoryEntry } from '../../model/clusterVersion';
import type { Snapshot } from '../../model/snapshot';
import { duration, isoTime } from '../../rules/text';
import { code, sections, table, text } from '../markdown';
import { ago } from './conditions';

export function clusterVersionHover(
  _snapshot: Snapshot,
  cv: ClusterVersion,
  path: string[],
  gatherTime: Date | undefined,
): string | undefined {
  if (path[0] !== 'status' || path[1] !== 'history') return undefined;
  const history = cv.history;
  const i = path[2] === undefined ? undefined : Number(path[2]);
  const entry =
    i === undefined ? undefined : history.find((h) => h.location.pointer.endsWith(`/history/${i}`));
  const rows = history.map((h) => [
    h === entry ? `**${text(h.version)}** ◀` : text(h.version),
    text(h.state),
    h.startedTime ? isoTime(h.startedTime) : '—',
    h.completionTime ? isoTime(h.completionTime) : 'not completed',
    took(h, gatherTime),
  ]);
  return sections(
    entry ? entryHeadline(entry, gatherTime) : '**ClusterVersion history** (newest first)',
    table(['version', 'state', 'started', 'completed', 'duration'], rows),
  );
}

function entryHeadline(h: HistoryEntry, gatherTime: Date | undefined): string {
  const lines = [
    `**Update to ${code(h.version)}: ${text(h.state)}**`,
    `Started ${h.startedTime ? `${isoTime(h.startedTime)} (${ago(h.startedTime, gatherTime)})` : 'at an unknown time'}` +
      (h.completionTime ? `, completed ${isoTime(h.completionTime)}.` : ', not completed.'),
    `Duration: ${took(h, gatherTime)}.`,
  ];
  if (h.state === 'Partial')
    lines.push(
      'Partial: the release was not fully applied (still in progress, or abandoned for a newer one).',
    );
  return lines.join('\n\n');
}

/** `42m3s`, or `running for 3h0m as of the gather` for the entry in progress. */
function took(h: HistoryEntry, gatherTime: Date | undefined): string {
  if (!h.startedTime) return '—';
  if (h.completionTime) return duration(h.completionTime.getTime() - h.startedTime.getTime());
  if (!gatherTime) return 'in progress';
  return `running for ${duration(gatherTime.getTime() - h.startedTime.getTime())} as of the gather`;
}
