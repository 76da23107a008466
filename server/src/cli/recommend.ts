/**
 * `must-gather-inspector recommend <path>`: each must-gather's report (`analysis/recommendReport.ts`)
 * printed in the order and words of `oc adm upgrade recommend` (the ClusterVersion's conditions,
 * the checks without and with concern, the channel, the updates by minor, a target's verdict),
 * each line with the file:line of its evidence inside its must-gather; or as JSON.
 */
import type { Placed, RootRecommendReport } from '../core/recommend';
import { inRoot } from '../core/paths';

type Report = RootRecommendReport;
type Check = Report['checks'][number];
type Update = Report['updates'][number];

const indent = (m: string) => m.replace(/\n/g, '\n  ');
const noIssues = 'no known issues relevant to this cluster';

interface Style {
  root: string;
  dim: (s: string) => string;
}

/** ` file:line` inside its must-gather, dimmed on a terminal; nothing without evidence. */
function at(p: Placed, st: Style): string {
  return p.file === null ? '' : ` ${st.dim(`${inRoot(st.root, p.file)}:${p.line ?? 0}`)}`;
}

function block(
  name: string,
  c: { status: string; reason: string; message: string } & Placed,
  accepted: boolean,
  st: Style,
): string {
  return (
    `${accepted ? 'accepted ' : ''}${name}=${c.status}:${at(c, st)}\n\n` +
    `  Reason: ${c.reason}\n  Message: ${indent(c.message)}\n\n`
  );
}

function checkLists(r: Report, accept: readonly string[], st: Style): string {
  const isAccepted = (c: Check) => c.acceptName !== null && accept.includes(c.acceptName);
  const concerns = r.checks.filter((c) => c.status !== 'True');
  const lists: [string, Check[], boolean][] = [
    [
      'The following conditions found no cause for concern in updating this cluster to later releases',
      r.checks.filter((c) => c.status === 'True'),
      true,
    ],
    [
      'The following conditions found cause for concern in updating this cluster to later releases, but were explicitly accepted via --accept',
      concerns.filter(isAccepted),
      false,
    ],
  ];
  let out = '';
  for (const [head, list, withReason] of lists) {
    if (list.length === 0) continue;
    const names = list.map((c) => (withReason ? `${c.name} (${c.reason})` : c.name)).sort();
    out += `${head}: ${names.join(', ')}\n\n`;
  }
  const open = concerns.filter((c) => !isAccepted(c));
  if (open.length > 0) {
    out += `The following conditions found cause for concern in updating this cluster to later releases: ${open
      .map((c) => c.name)
      .sort()
      .join(', ')}\n\n`;
    for (const c of concerns) out += block(c.name, c, isAccepted(c), st);
  }
  return out;
}

function channelLines(r: Report): string {
  if (!r.channel) return '';
  const upstream = r.upstream
    ? `Upstream update service: ${r.upstream}\n`
    : 'Upstream update service is unset, so the cluster will use an appropriate default.\n';
  const channels =
    r.availableChannels.length > 0
      ? ` (available channels: ${[...r.availableChannels].sort().join(', ')})`
      : '';
  return `${upstream}Channel: ${r.channel}${channels}\n`;
}

function updateLines(r: Report, showOutdated: boolean, st: Style): string {
  if (r.updates.length === 0)
    return '\nNo updates available. You may still upgrade to a specific release image with --to-image or wait for new updates to be available.\n';
  let out = '';
  for (const minor of [...new Set(r.updates.map((u) => u.minor))]) {
    const all = r.updates.filter((u) => u.minor === minor);
    const width = Math.max(12, ...all.map((u) => u.version.length + 1));
    const header = `  ${'VERSION'.padEnd(width)}ISSUES\n`;
    const row = (u: Update, issues: string) =>
      `  ${u.version.padEnd(width)}${issues}${at(u, st)}\n`;
    out += `\nUpdates to ${minor}:\n`;
    if (showOutdated) {
      out += header;
      for (const u of all)
        out += row(u, u.recommended ? noIssues : (u.reason ?? 'not recommended'));
      continue;
    }
    let table = false;
    for (const u of all.filter((x) => !x.outdated)) {
      if (u.recommended) {
        if (!table) out += header;
        table = true;
        out += row(u, noIssues);
      } else {
        table = false;
        out +=
          `\n  Version: ${u.version}${at(u, st)}\n  Image: ${u.image}\n` +
          `  Reason: ${u.reason ?? ''}\n  Message: ${indent((u.message ?? '').trim())}\n\n`;
      }
    }
    const hidden = r.olderHidden[minor];
    if (hidden)
      out += `And ${hidden} older ${minor} updates you can see with '--show-outdated-releases' or '--version VERSION'.\n`;
  }
  return out;
}

/** The target's verdict (stdout) and, when it fails, the error for stderr. */
function targetLines(r: Report, accept: readonly string[]): { out: string; error?: string } {
  const t = r.target;
  if (!t) return { out: '' };
  if (!t.found) return { out: '', error: t.message ?? `no update to ${t.version} available` };
  let out = '\n';
  if (t.recommended) {
    out += `Update to ${t.version} has ${noIssues}.\nImage: ${t.image ?? ''}\nRelease URL: ${t.url ?? ''}\n`;
  } else {
    const reason = accept.includes('ConditionalUpdateRisk')
      ? `accepted ${t.reason ?? ''} via ConditionalUpdateRisk`
      : (t.reason ?? '');
    out +=
      `Update to ${t.version} Recommended=False:\nImage: ${t.image ?? ''}\nRelease URL: ${t.url ?? ''}\n` +
      `Reason: ${reason}\nMessage: ${indent(t.message ?? '')}\n`;
  }
  if (t.unaccepted.length > 0)
    return {
      out,
      error: `issues that apply to this cluster but which were not included in --accept: ${t.unaccepted.join(',')}`,
    };
  if (t.accepted.length > 0)
    out += `Update to ${t.version} has ${noIssues} other than the accepted ${t.accepted.join(',')}.\n`;
  return { out };
}

/** The text of each must-gather (its path underlined when there are several) and the errors. */
export function formatRecommendText(
  reports: Report[],
  o: { accept: readonly string[]; showOutdated: boolean; color: boolean },
): { out: string; errors: string[] } {
  let out = '';
  const errors: string[] = [];
  for (const r of reports) {
    const st: Style = { root: r.root, dim: (s) => (o.color ? `\x1b[2m${s}\x1b[0m` : s) };
    if (reports.length > 1) out += `${o.color ? `\x1b[4m${r.root}\x1b[0m` : r.root}\n\n`;
    for (const c of r.clusterConditions) {
      const accepted = c.acceptName !== null && o.accept.includes(c.acceptName);
      out +=
        c.type === 'Progressing'
          ? `${accepted ? 'accepted ' : ''}info: ${indent(c.message)}${at(c, st)}\n\n`
          : block(c.type, c, accepted, st);
    }
    out += checkLists(r, o.accept, st);
    out += channelLines(r);
    if (r.target) {
      const t = targetLines(r, o.accept);
      out += t.out;
      if (t.error) errors.push(reports.length > 1 ? `${r.root}: ${t.error}` : t.error);
    } else out += updateLines(r, o.showOutdated, st);
    out += '\n';
  }
  return { out, errors };
}

export function formatRecommendJson(reports: Report[]): string {
  return JSON.stringify({ roots: reports }, null, 2) + '\n';
}

/** Exit 1 when `--version` names a release not offered or leaves a concern unaccepted. */
export function recommendFails(reports: Report[]): boolean {
  return reports.some(
    (r) => r.target !== null && (!r.target.found || r.target.unaccepted.length > 0),
  );
}
