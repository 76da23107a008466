/**
 * The Upgrade Status view as plain data, from the language server's status report: one item per
 * must-gather (its first look: release, platform, and what it lacks), then its control plane,
 * worker pools, nodes and insights, each with its state's icon and the evidence it opens. No VS Code here, so the model is tested in plain node.
 */
import {
  causeLead,
  controlPlaneLabels,
  requiredPoolsBehind,
  nodeAssessmentOrder,
  summaryDetails,
  summaryHeadline,
} from '../../../server/src/protocol/messages';
import type {
  GatherSummary,
  InsightReport,
  NodeReport,
  PoolReport,
  RootRecommendReport,
  RootStatusReport,
  StatusReport,
} from '../../../server/src/protocol/messages';

import { iconOf } from './item';
import type { Tone, TreeItemModel } from './item';
import { beforeUpdateItem } from './beforeUpdate';
import { hostedItems, nodePoolsUpdating } from './hosted';

export { iconOf } from './item';
export type { Tone } from './item';

/** Pools with more nodes than this list them grouped by assessment, worst first. */
export const groupNodesAbove = 50;

const controlPlaneTone: Record<RootStatusReport['controlPlane']['assessment'], Tone> = {
  Progressing: 'progress',
  ProgressingSlow: 'warning',
  Stalled: 'error',
  Completed: 'ok',
  NotUpdating: 'ok',
};

const poolTone: Record<PoolReport['assessment'], Tone> = {
  Degraded: 'error',
  Excluded: 'warning',
  Progressing: 'progress',
  Pending: 'muted',
  Completed: 'ok',
  Empty: 'muted',
};

const nodeTone: Record<NodeReport['assessment'], Tone> = {
  Degraded: 'error',
  Unavailable: 'warning',
  Progressing: 'progress',
  Excluded: 'muted',
  Outdated: 'muted',
  Completed: 'ok',
};

const nodeOrder = nodeAssessmentOrder;

/** `4.15.3 · Stalled 97%`: what the status bar says of one must-gather. */
export function statusText(r: RootStatusReport): string {
  const pools = r.hosted ? nodePoolsUpdating(r.hosted) : undefined;
  return `${r.controlPlane.target ?? '?'} · ${assessmentText(r)}${pools ? ` · ${pools}` : ''}`;
}

/** `Stalled 97%`, `Not updating`: the control plane's assessment with its completion. */
function assessmentText(r: RootStatusReport): string {
  const cp = r.controlPlane;
  const percent =
    cp.assessment === 'NotUpdating' || cp.completionPercent === null
      ? ''
      : ` ${cp.completionPercent}%`;
  return `${controlPlaneLabels[cp.assessment]}${percent}`;
}

/** The assessment's tone, or worse when an insight is (a completed update with an error). */
export function statusTone(r: RootStatusReport): Tone {
  const tone = controlPlaneTone[r.controlPlane.assessment];
  if (tone === 'error' || r.insights.some((i) => i.level === 'error')) return 'error';
  if (tone === 'warning' || r.insights.some((i) => i.level === 'warning')) return 'warning';
  return tone;
}

/** `4.14.1 → 4.15.3 · Progressing 97%` (the release it updates from, when it updates). */
export function rootLabel(r: RootStatusReport): string {
  const cp = r.controlPlane;
  const updating = cp.assessment !== 'NotUpdating' && cp.from && cp.from !== cp.target;
  return updating ? `${cp.from} → ${statusText(r)}` : statusText(r);
}

/**
 * @param before each must-gather's `recommend` report: a cluster that is not updating shows it
 *   as "Before the next update".
 */
export function statusTree(
  report: StatusReport,
  before: readonly RootRecommendReport[] = [],
): TreeItemModel[] {
  return report.roots.map((r) =>
    rootItem(
      r,
      before.find((b) => b.root === r.root),
    ),
  );
}

/**
 * The must-gather's first look: `4.15.3 → 4.16.0 · AWS`, described by where the update stands,
 * its folder and gather time; the tooltip holds every field, and what the gather lacks opens
 * as the first children.
 */
function rootItem(r: RootStatusReport, before: RootRecommendReport | undefined): TreeItemModel {
  const cp = r.controlPlane;
  const tone = statusTone(r);
  const id = r.root;
  const errors = r.insights.filter((i) => i.level === 'error').length;
  const s = r.summary;
  return {
    id,
    root: r.root,
    label: summaryHeadline(s),
    description: `${assessmentText(r)} · ${placeName(r)}${s.gatherTime ? ` · gathered ${s.gatherTime}` : ''}`,
    tooltip:
      `${r.place ?? r.root}\n\n${summaryDetails(s).join('\n')}\n\n${cp.reason}` +
      (errors ? `\n\n${errors} error-level insight${errors === 1 ? '' : 's'}` : ''),
    icon: iconOf(tone),
    tone,
    ...evidenceOf(cp),
    children: [
      ...noteItems(id, s),
      ...(r.hosted ? hostedItems(id, r.hosted) : []),
      controlPlaneItem(id, r),
      ...r.pools.map((p) => poolItem(id, p)),
      ...(before && cp.assessment === 'NotUpdating' ? [beforeUpdateItem(id, before)] : []),
      insightsItem(id, r.insights, r.causes),
    ],
    expanded: true,
  };
}

/** What the must-gather lacks or the gather reported, one item each. */
function noteItems(parent: string, s: GatherSummary): TreeItemModel[] {
  return s.notes.map((note, i) => ({
    id: `${parent}/note/${i}`,
    label: oneLine(note, 100),
    description: '',
    tooltip: note,
    icon: iconOf('info'),
    tone: 'info',
    children: [],
    expanded: false,
  }));
}

function controlPlaneItem(parent: string, r: RootStatusReport): TreeItemModel {
  const cp = r.controlPlane;
  const id = `${parent}/control-plane`;
  const ops = cp.operators;
  const children: TreeItemModel[] = [
    ...cp.updating.map(
      (o): TreeItemModel => ({
        id: `${id}/updating/${o.name}`,
        label: o.name,
        description: `updating${o.since ? ` since ${o.since}` : ''}`,
        tooltip: o.message || `${o.name} is Progressing=True`,
        icon: iconOf('progress'),
        tone: 'progress',
        evidence: { file: o.file, line: o.line },
        children: [],
        expanded: false,
      }),
    ),
    ...cp.health.unhealthy.map(
      (o): TreeItemModel => ({
        id: `${id}/unhealthy/${o.name}/${o.condition}`,
        label: o.name,
        description: `${o.condition === 'Available' ? 'Available=False' : 'Degraded=True'}${o.since ? ` since ${o.since}` : ''}`,
        tooltip: o.message || '(no message)',
        icon: iconOf(o.condition === 'Available' ? 'error' : 'warning'),
        tone: o.condition === 'Available' ? 'error' : 'warning',
        evidence: { file: o.file, line: o.line },
        children: [],
        expanded: false,
      }),
    ),
  ];
  if (cp.nodes.length > 0) {
    children.push({
      id: `${id}/nodes`,
      label: 'Control-plane nodes',
      description: `${cp.nodes.filter((n) => n.assessment === 'Completed').length}/${cp.nodes.length} updated`,
      tooltip: 'The nodes of the master pool',
      icon: 'server',
      tone: worstNodeTone(cp.nodes),
      children: nodeItems(`${id}/nodes`, cp.nodes),
      expanded: false,
    });
  }
  // Completed while a required pool still rolls: the operator leveled too early (bug 1999556).
  const early = cp.assessment === 'Completed' ? cp.requiredPoolsNotUpdated : [];
  const tone = early.length > 0 ? 'warning' : controlPlaneTone[cp.assessment];
  return {
    id,
    label: 'Control plane',
    description:
      `${controlPlaneLabels[cp.assessment]}${requiredPoolsBehind(early)}` +
      ` · ${ops.updated}/${ops.total} operators updated` +
      (cp.health.unavailable || cp.health.degraded
        ? ` · ${cp.health.unavailable} unavailable, ${cp.health.degraded} degraded`
        : ''),
    tooltip:
      cp.reason + (cp.estimate ? `\nEst. Time Remaining (as oc estimates it): ${cp.estimate}` : ''),
    icon: iconOf(tone),
    tone,
    ...evidenceOf(cp),
    children,
    expanded: tone === 'error' || tone === 'warning',
  };
}

function poolItem(parent: string, p: PoolReport): TreeItemModel {
  const id = `${parent}/pool/${p.name}`;
  const tone = poolTone[p.assessment];
  const badges = [p.required ? 'required' : '', p.paused ? 'paused' : ''].filter((b) => b);
  const c = p.counts;
  return {
    id,
    label: `${p.name}${badges.length ? ` (${badges.join(', ')})` : ''}`,
    description: `${p.assessment} · ${c.updated}/${c.total}${c.degraded ? ` · ${c.degraded} degraded` : ''}`,
    tooltip:
      `Worker pool ${p.name}: ${p.assessment}, ${c.updated} of ${c.total} nodes updated` +
      `\n${c.available} available, ${c.progressing} progressing, ${c.draining} draining, ${c.degraded} degraded, ${c.excluded} excluded, ${c.outdated} outdated` +
      (p.required ? '\nRequired for upgrade: the machine-config operator waits for it.' : '') +
      (p.paused ? '\nPaused: it rolls out nothing until it is unpaused.' : ''),
    icon: iconOf(tone),
    tone,
    evidence: { file: p.file, line: p.line },
    children: p.nodes.length > groupNodesAbove ? nodeGroups(id, p.nodes) : nodeItems(id, p.nodes),
    expanded: tone === 'error',
  };
}

/** Large pools: one item per assessment, worst first, each holding its nodes. */
function nodeGroups(parent: string, nodes: NodeReport[]): TreeItemModel[] {
  return nodeOrder.flatMap((a) => {
    const of = nodes.filter((n) => n.assessment === a);
    if (of.length === 0) return [];
    const tone = nodeTone[a];
    return [
      {
        id: `${parent}/group/${a}`,
        label: a,
        description: `${of.length} node${of.length === 1 ? '' : 's'}`,
        tooltip: `${of.length} ${a} node${of.length === 1 ? '' : 's'}`,
        icon: iconOf(tone),
        tone,
        children: nodeItems(`${parent}/group/${a}`, of),
        expanded: a === 'Degraded' || a === 'Unavailable',
      },
    ];
  });
}

/**
 * Node names as rows show them: without the DNS domain every node of the list shares
 * (`ip-10-0-137-214` for `ip-10-0-137-214.ec2.internal`), so they fit the default side bar;
 * the full name is in the tooltip. Names stay whole when they do not all share one domain.
 */
export function shortNodeNames(names: readonly string[]): Map<string, string> {
  const domain = (n: string) => (n.includes('.') ? n.slice(n.indexOf('.')) : undefined);
  const shared = names.length > 0 ? domain(names[0]!) : undefined;
  const strip = shared !== undefined && names.every((n) => domain(n) === shared);
  return new Map(names.map((n) => [n, strip ? n.slice(0, n.length - shared.length) : n]));
}

function nodeItems(parent: string, nodes: NodeReport[]): TreeItemModel[] {
  const shortName = shortNodeNames(nodes.map((n) => n.name));
  return [...nodes]
    .sort((a, b) => nodeOrder.indexOf(a.assessment) - nodeOrder.indexOf(b.assessment))
    .map((n) => {
      const tone = nodeTone[n.assessment];
      return {
        id: `${parent}/node/${n.name}`,
        label: shortName.get(n.name) ?? n.name,
        description: `${n.assessment} · ${n.phase} · ${n.version ?? 'release unknown'}${n.message ? ` · ${n.message}` : ''}`,
        tooltip:
          `${n.name}: ${n.assessment}, ${n.phase}, release ${n.version ?? 'unknown'}` +
          `\ncurrent ${n.currentConfig ?? '?'}\ndesired ${n.desiredConfig ?? '?'}` +
          (n.message ? `\n\n${n.message}` : '') +
          (n.since ? `\nsince ${n.since}` : '') +
          (n.estimate === '+5m' || n.estimate === '+10m'
            ? `\nEST ${n.estimate} (oc's guess by phase)`
            : ''),
        icon: n.assessment === 'Excluded' ? 'debug-pause' : iconOf(tone),
        tone,
        evidence: { file: n.file, line: n.line },
        children: [],
        expanded: false,
      };
    });
}

/**
 * Update health: the insights worst first, as oc lists them, those one cause explains under
 * that cause's title (as `status` prints them, one line each), the others on their own.
 */
function insightsItem(
  parent: string,
  insights: InsightReport[],
  causes: RootStatusReport['causes'] = [],
): TreeItemModel {
  const id = `${parent}/insights`;
  const worst = insights.some((i) => i.level === 'error')
    ? 'error'
    : insights.some((i) => i.level === 'warning')
      ? 'warning'
      : 'info';
  const item = (i: InsightReport, n: number): TreeItemModel => ({
    id: `${id}/${n}/${i.rule ?? 'assessment'}/${i.subject}`,
    label: oneLine(i.message, 100),
    description: `${i.level} · ${i.impact}${i.rule ? ` · ${i.rule}` : ''}`,
    // The file inside the must-gather: its root is the item above (an archive's cache path
    // means nothing to a reader).
    tooltip: `${i.message}${i.since ? `\n\nsince ${i.since}` : ''}\n\n${insideRoot(parent, i.file)}:${i.line}`,
    icon: iconOf(i.level),
    tone: i.level,
    evidence: { file: i.file, line: i.line },
    children: [],
    expanded: false,
  });
  const rows: TreeItemModel[] = [];
  const shown = new Set<string>();
  insights.forEach((i, n) => {
    const cause = causes.find((c) => c.id === i.cause);
    const mine = cause ? insights.filter((x) => x.cause === cause.id) : [];
    if (!cause || mine.length < 2) {
      rows.push(item(i, n));
      return;
    }
    if (shown.has(cause.id)) return;
    shown.add(cause.id);
    const lead = causeLead(i, mine, cause);
    rows.push({
      id: `${id}/cause/${cause.id}`,
      label: oneLine(cause.title, 100),
      description: `${lead.level} · ${lead.impact} · ${mine.length} insights`,
      tooltip: `${cause.title}\n\nOne cause explains these ${mine.length} insights (status --details lists each).\n\n${insideRoot(parent, lead.file)}:${lead.line}`,
      icon: iconOf(lead.level),
      tone: lead.level,
      evidence: { file: lead.file, line: lead.line },
      children: mine.map((x) => item(x, insights.indexOf(x))),
      expanded: false,
    });
  });
  const groups = rows.length;
  return {
    id,
    label: 'Update health',
    description:
      insights.length === 0
        ? 'nothing bears on an update'
        : `${insights.length} insight${insights.length === 1 ? '' : 's'}` +
          (groups < insights.length ? ` · ${groups} line${groups === 1 ? '' : 's'}` : ''),
    tooltip:
      'What bears on the update, worst first (oc adm upgrade status: Update Health); insights one cause explains are under its title',
    icon: iconOf(insights.length === 0 ? 'ok' : worst),
    tone: insights.length === 0 ? 'ok' : worst,
    children: rows,
    expanded: worst === 'error',
  };
}

function worstNodeTone(nodes: NodeReport[]): Tone {
  const first = [...nodes].sort(
    (a, b) => nodeOrder.indexOf(a.assessment) - nodeOrder.indexOf(b.assessment),
  )[0];
  return first ? nodeTone[first.assessment] : 'ok';
}

function evidenceOf(e: { file?: string; line?: number }): { evidence?: TreeItemModel['evidence'] } {
  return e.file !== undefined && e.line !== undefined
    ? { evidence: { file: e.file, line: e.line } }
    : {};
}

/** The must-gather's folder names after the generic ones, to tell several apart. */
/** A file's path below its must-gather's root folder. */
function insideRoot(root: string, file: string): string {
  return file.startsWith(root) && /^[\\/]/.test(file.slice(root.length))
    ? file.slice(root.length + 1)
    : file;
}

/** The root's short name: the archive it came from, else the folder that holds the gather. */
export function placeName(r: { root: string; place?: string }): string {
  const inArchive = r.place?.indexOf('!/') ?? -1;
  if (r.place !== undefined && inArchive >= 0) {
    return r.place.slice(0, inArchive).split(/[\\/]/).pop() ?? r.place;
  }
  return lastSegments(r.root);
}

function lastSegments(path: string): string {
  const parts = path.split(/[\\/]/).filter((p) => p !== '');
  const mustGather = parts.findIndex((p) => p.startsWith('must-gather'));
  return (mustGather > 0 ? parts[mustGather - 1] : parts[parts.length - 2]) ?? path;
}

/** Whitespace runs as one space, cut to `max` characters with an ellipsis. */
export function oneLine(s: string, max: number): string {
  const one = s.replace(/\s+/g, ' ').trim();
  return one.length <= max ? one : `${one.slice(0, max - 1)}…`;
}
