/**
 * The first look at one must-gather: which cluster it is (release, platform, identity, channel),
 * when and how it was gathered, how much of what the tool reads it holds, and what it lacks.
 * Plain data for every front end (the CLI's `summary`, the status report, the editor's view);
 * a field the gather does not tell is absent, never guessed. Times are RFC 3339 UTC strings.
 */

import { clip } from './text';

export interface GatherSummary {
  /** The must-gather, relative to the analysed path (absolute from the language server). */
  root: string;
  /** `must-gather`, `inspect`, `gather-extra` or `insights`: how the root was gathered. */
  form: string;
  /** The release the cluster runs (the newest Completed update, else the desired release). */
  version?: string;
  /** The release it is updating to, only while an update is in flight. */
  target?: string;
  /** The Infrastructure's platform type (`AWS`, `BareMetal`, `None`, …). */
  platform?: string;
  clusterID?: string;
  channel?: string;
  /** Start of the gather, from its `timestamp` file. */
  gatherTime?: string;
  /** The gather image. */
  image?: string;
  /** The `oc` that ran the gather. */
  ocVersion?: string;
  /**
   * Objects of the root: nodes, pools and ClusterOperators as read; MachineConfigs as the
   * index holds them (one per file, or the items of the List when it is the only copy).
   */
  counts: { nodes: number; pools: number; clusterOperators: number; machineConfigs: number };
  /** What was not found or went wrong while gathering, one sentence each. */
  notes: string[];
}

/*
 * Every function below makes one line of a terminal or a label: the must-gather's strings in it
 * become one short line of printable text (no line break, no terminal escape).
 */

/** `4.15.3 → 4.16.0 · AWS`: the release (and the one it updates to) and the platform. */
export function summaryHeadline(s: GatherSummary): string {
  const release =
    s.target !== undefined
      ? `${plain(s.version ?? '?')} → ${plain(s.target)}`
      : plain(s.version ?? 'release unknown');
  return s.platform === undefined ? release : `${release} · ${platformText(plain(s.platform))}`;
}

/** `6 nodes, 3 pools, 33 operators, 120 configs`. */
function summaryCounts(s: GatherSummary): string {
  const c = s.counts;
  const n = (count: number, one: string) => `${count} ${one}${count === 1 ? '' : 's'}`;
  return [
    n(c.nodes, 'node'),
    n(c.pools, 'pool'),
    n(c.clusterOperators, 'operator'),
    n(c.machineConfigs, 'config'),
  ].join(', ');
}

/** The rest of the first line: `cluster 1a2b3c4d… · channel stable-4.16 · gathered … · counts`. */
function summaryFacts(s: GatherSummary): string[] {
  return [
    ...(s.clusterID !== undefined ? [`cluster ${shortId(plain(s.clusterID))}`] : []),
    ...(s.channel !== undefined ? [`channel ${plain(s.channel)}`] : []),
    ...(s.gatherTime !== undefined ? [`gathered ${plain(s.gatherTime)}`] : []),
    summaryCounts(s),
  ];
}

/** The whole first line, as `analyze` prints it. */
export function summaryLine(s: GatherSummary): string {
  return [summaryHeadline(s), ...summaryFacts(s)].join(' · ');
}

/** How it was gathered: `must-gather · image quay.io/… · oc 4.16.0`. */
export function summaryProvenance(s: GatherSummary): string {
  return [
    formText(plain(s.form)),
    ...(s.image !== undefined ? [`image ${plain(s.image, 200)}`] : []),
    ...(s.ocVersion !== undefined ? [`oc ${plain(s.ocVersion)}`] : []),
  ].join(' · ');
}

/** The notes, one line each. */
export function summaryNotes(s: GatherSummary): string[] {
  return s.notes.map((n) => plain(n, 400));
}

/** Every field in words, one per line (tooltips: the full cluster ID, image and notes). */
export function summaryDetails(s: GatherSummary): string[] {
  const target = s.target !== undefined ? `, updating to ${plain(s.target)}` : '';
  return [
    `Release: ${plain(s.version ?? 'unknown')}${target}`,
    `Platform: ${plain(s.platform ?? 'unknown')}`,
    ...(s.clusterID !== undefined ? [`Cluster ID: ${plain(s.clusterID)}`] : []),
    ...(s.channel !== undefined ? [`Channel: ${plain(s.channel)}`] : []),
    `Gathered: ${plain(s.gatherTime ?? 'unknown')} (${summaryProvenance(s)})`,
    `Holds: ${summaryCounts(s)}`,
    ...summaryNotes(s).map((n) => `Note: ${n}`),
  ];
}

/** Control characters (line breaks, ESC, C1) become spaces, runs of spaces one; then clipped. */
function plain(v: string, max = 120): string {
  // eslint-disable-next-line no-control-regex -- the control characters are what is replaced
  return clip(v.replace(/[\u0000-\u001f\u007f-\u009f]/g, ' '), max);
}

const forms: Record<string, string> = {
  'must-gather': 'must-gather',
  inspect: 'oc adm inspect',
  'gather-extra': 'CI gather-extra',
  insights: 'Insights archive',
};

function formText(form: string): string {
  return forms[form] ?? form;
}

/** `None` alone would read as no platform at all. */
function platformText(p: string): string {
  return p === 'None' ? 'platform None' : p;
}

/** The first block of a UUID, enough to tell clusters apart at a glance. */
function shortId(id: string): string {
  return id.length > 9 ? `${id.slice(0, 8)}…` : id;
}
