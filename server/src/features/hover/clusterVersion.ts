/** Hovers on the ClusterVersion: the update history, each entry with its duration. */
import type { ClusterVersion, HistoryEntry } from '../../model/clusterVersion';
import type { Condition } from '../../model/condition';
import { findCondition } from '../../model/condition';
import { operatorsNamed } from '../../model/operatorMessages';
import type { Snapshot } from '../../model/snapshot';
import { ago, clip, duration, isoTime } from '../../core/text';
import { controlPlaneLabels } from '../../core/updateStatus';
import type { Insight } from '../../analysis/insights';
import { recommendOf } from '../../analysis/recommend';
import type { UpdateAssessment } from '../../model/assessment';
import { code, sections, table, text } from '../../core/markdown';
import { conditionAt, conditionTable } from './conditions';

/** Where the update stands, for the summary that opens every ClusterVersion hover. */
export interface UpdateView {
  assessment: UpdateAssessment;
  insights: Insight[];
  /** A `command:` URI that opens the update's timeline, where the client runs it from a hover. */
  timeline?: string;
}

export function clusterVersionHover(
  snapshot: Snapshot,
  cv: ClusterVersion,
  path: string[],
  gatherTime: Date | undefined,
  update?: UpdateView,
  explained?: string,
): string | undefined {
  const body = clusterVersionBody(snapshot, cv, path, gatherTime, explained);
  if (body === undefined) return undefined;
  return update ? sections(updateSummary(update, gatherTime), body) : body;
}

/**
 * The assessment in a few lines: state and completion, why, what it waits on, the worst insight
 * (as `oc adm upgrade status` would open).
 */
function updateSummary(u: UpdateView, gatherTime: Date | undefined): string {
  const cp = u.assessment.controlPlane;
  const from =
    cp.from && cp.from !== cp.target && cp.assessment !== 'NotUpdating' ? `${cp.from} → ` : '';
  const ops = cp.operators;
  const lines = [
    `**Update: ${controlPlaneLabels[cp.assessment]}${cp.assessment === 'Completed' ? ' (nodes still updating)' : ''}** · ${text(`${from}${cp.target ?? '?'}`)}` +
      (cp.completionPercent !== undefined && cp.assessment !== 'NotUpdating'
        ? ` · ${cp.completionPercent}% of operators (${ops.updated}/${ops.total})`
        : ''),
    text(cp.reason),
  ];
  if (cp.updating.length > 0) {
    lines.push(
      `Waiting on: ${cp.updating
        .map(
          (o) =>
            `${text(o.name)}${o.since ? ` (Progressing for ${text(ago(o.since, gatherTime))})` : ''}`,
        )
        .join(', ')}`,
    );
  }
  const first = u.insights[0];
  if (first && first.level !== 'info') {
    lines.push(
      `First insight: **${first.level}** (${text(first.impact)}): ${text(clip(first.message, 200))}` +
        (first.rule ? ` ${code(first.rule)}` : ''),
    );
  }
  if (u.timeline) lines.push(`[Open the update timeline](${u.timeline})`);
  return lines.join('\n\n');
}

function clusterVersionBody(
  snapshot: Snapshot,
  cv: ClusterVersion,
  path: string[],
  gatherTime: Date | undefined,
  explained: string | undefined,
): string | undefined {
  const cond = conditionAt(cv.conditions, path);
  if (cond) return conditionHover(snapshot, cv, cond, gatherTime, explained);
  if (
    path[0] === 'status' &&
    (path[1] === 'conditionalUpdates' || path[1] === 'availableUpdates') &&
    path[2] !== undefined
  )
    return updateHover(snapshot, cv, path[1], Number(path[2]));
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

/**
 * An update the cluster is offered: recommended or not and why, with its risks (the graph's, and
 * Upgradeable=False on a later minor, as `oc adm upgrade recommend` folds it in).
 */
function updateHover(
  s: Snapshot,
  cv: ClusterVersion,
  list: 'conditionalUpdates' | 'availableUpdates',
  i: number,
): string | undefined {
  const version =
    list === 'availableUpdates'
      ? cv.availableUpdates.find((u) => u.location.pointer === `/status/availableUpdates/${i}`)
          ?.version
      : cv.conditionalUpdates.find((u) => u.location.pointer === `/status/conditionalUpdates/${i}`)
          ?.release.version;
  const u = recommendOf(s, []).updates.find((x) => x.version === version);
  if (!u) return undefined;
  const head = u.recommended
    ? `**Update to ${code(u.version)}: recommended**, no known issues relevant to this cluster.`
    : `**Update to ${code(u.version)}: not recommended** (${code(u.reason ?? 'no reason')})`;
  const parts = [!u.recommended && u.message ? `${head}\n\n${text(clip(u.message, 1200))}` : head];
  if (u.risks.length > 0)
    parts.push(
      table(
        ['risk', 'what', 'link'],
        u.risks.map((r) => [code(r.name), text(clip(r.message, 300)), text(r.url)]),
      ),
    );
  parts.push(
    `From \`recommend\`: \`must-gather-inspector recommend <path> --version ${text(u.version)}\` lists the concerns that apply.`,
  );
  return sections(...parts);
}

/** What a healthy, settled ClusterVersion reports. */
const expected: Record<string, string> = {
  Available: 'True',
  Failing: 'False',
  Progressing: 'False',
  RetrievedUpdates: 'True',
  ReleaseAccepted: 'True',
};

/** A ClusterVersion condition: the table, and for Progressing/Failing which operators it waits on. */
function conditionHover(
  s: Snapshot,
  cv: ClusterVersion,
  c: Condition,
  gatherTime: Date | undefined,
  explained: string | undefined,
): string {
  const parts = [
    `**ClusterVersion ${code(c.type)}**`,
    conditionTable(cv.conditions, expected, gatherTime, c),
    ...(explained ? [explained] : []),
  ];
  if (c.type === 'Progressing' || c.type === 'Failing') {
    let names = operatorsNamed(c.message);
    let source = 'The message names';
    if (names.length === 0 && c.status === 'True') {
      const results = s.cvoLogs.flatMap((l) => l.results).filter((r) => r.waits.length > 0);
      const last = results[results.length - 1];
      if (last) {
        names = [...new Set(last.waits.map((w) => w.operator))];
        source = `The message names no operator; the CVO log's last ${code('Result of work')} (${last.time ? ago(last.time, gatherTime) : 'time unknown'}) names`;
      }
    }
    if (names.length > 0) {
      const target = cv.desiredVersion;
      const rows = names.map((n) => {
        const o = s.operators.find((x) => x.name === n);
        if (!o) return [text(n), 'not in this must-gather', '', ''];
        const state = ['Available', 'Degraded']
          .map((t) => `${t}=${text(findCondition(o.conditions, t)?.status ?? '?')}`)
          .join(', ');
        const v = o.operatorVersion?.version ?? '?';
        // text(), not code(): a `|` inside a code span would still split the table cell.
        return [
          text(n),
          state,
          text(v),
          v === target ? 'at target' : `target ${text(target ?? '?')}`,
        ];
      });
      parts.push(`${source}:\n\n${table(['operator', 'conditions', 'version', ''], rows)}`);
    }
  }
  return sections(...parts);
}
