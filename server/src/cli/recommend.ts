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

/** Not known from this must-gather (what it reads was not gathered): not a concern, not "no concern". */
const notChecked = (c: Check) => c.status === 'Unknown' && c.acceptName === null;

function checkLists(r: Report, accept: readonly string[], st: Style): string {
  const isAccepted = (c: Check) => c.acceptName !== null && accept.includes(c.acceptName);
  const concerns = r.checks.filter((c) => c.status !== 'True' && !notChecked(c));
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
  // Ours: oc reads the live API and always knows; a must-gather may not hold what a check reads.
  const unknown = r.checks.filter(notChecked);
  if (unknown.length > 0) {
    out += `The following conditions could not be checked, as the must-gather does not hold what they read: ${unknown
      .map((c) => c.name)
      .sort()
      .join(', ')}\n\n`;
    for (const c of unknown) out += `  ${c.name}: ${indent(c.message)}\n`;
    out += '\n';
  }
  return out;
}

function channelLines(r: Report): string {
  if (!r.channel) return '';
  const upstream = r.upstream
    ? `Upstream update service: ${r.upstream}\n`
    : 'Upstream update service is unset, so the cluster will use an appropriate default.\n';
  // In the ClusterVersion's order, as oc prints them.
  const channels =
    r.availableChannels.length > 0
      ? ` (available channels: ${r.availableChannels.join(', ')})`
      : '';
  return `${upstream}Channel: ${r.channel}${channels}\n`;
}

/**
 * The updates as oc prints them: per minor, rows through a Go tabwriter (a cell is at least 14
 * wide, 1 of padding) flushed after each recommended row unless --show-outdated-releases (so each
 * flush sizes its own column), a not-recommended release in long form after a blank line, and
 * "And N older" at the first outdated release.
 */
function updateLines(r: Report, showOutdated: boolean, st: Style): string {
  if (r.updates.length === 0)
    return '\nNo updates available. You may still upgrade to a specific release image with --to-image or wait for new updates to be available.\n';
  let out = '';
  for (const minor of [...new Set(r.updates.map((u) => u.minor))]) {
    const all = r.updates.filter((u) => u.minor === minor);
    out += `\nUpdates to ${minor}:\n`;
    const header: [string, string] = ['  VERSION', 'ISSUES'];
    let pending: [string, string][] = [header];
    const flush = () => {
      const width = Math.max(14, ...pending.map(([cell]) => cell.length + 1));
      for (const [cell, rest] of pending) out += `${cell.padEnd(width)}${rest}\n`;
      pending = [];
    };
    let headerQueued = true;
    let lastWasLong = false;
    for (const u of all) {
      if (lastWasLong || (!u.recommended && !showOutdated)) {
        out += '\n';
        if (u.recommended && !headerQueued) {
          pending.push(header);
          headerQueued = true;
        }
        lastWasLong = false;
      }
      if (u.outdated) {
        out += `And ${r.olderHidden[minor] ?? 0} older ${minor} updates you can see with '--show-outdated-releases' or '--version VERSION'.\n`;
        break;
      }
      if (u.recommended) {
        pending.push([`  ${u.version}`, `${noIssues}${at(u, st)}`]);
        if (!showOutdated) {
          headerQueued = false;
          flush();
        }
      } else if (showOutdated) {
        pending.push([`  ${u.version}`, `${u.reason ?? ''}${at(u, st)}`]);
      } else {
        out +=
          `  Version: ${u.version}${at(u, st)}\n  Image: ${u.image}\n` +
          `  Reason: ${u.reason ?? ''}\n  Message: ${indent((u.message ?? '').trim())}\n`;
        lastWasLong = true;
      }
    }
    // Without the flag oc never flushes a header no recommended row followed.
    if (showOutdated) flush();
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
    if (r !== reports[0]) out += '\n';
    if (reports.length > 1) out += `${o.color ? `\x1b[4m${r.root}\x1b[0m` : r.root}\n\n`;
    for (const c of r.clusterConditions) {
      const accepted = c.acceptName !== null && o.accept.includes(c.acceptName);
      // oc's sentence, then the ClusterVersion's message as it is.
      out +=
        c.type === 'Progressing'
          ? `${accepted ? 'accepted ' : ''}info: An update is in progress.  You may wish to let this update complete before requesting a new update.${at(c, st)}\n  ${indent(c.message)}\n\n`
          : block(c.type, c, accepted, st);
    }
    out += checkLists(r, o.accept, st);
    out += channelLines(r);
    if (r.target) {
      const t = targetLines(r, o.accept);
      out += t.out;
      if (t.error) errors.push(reports.length > 1 ? `${r.root}: ${t.error}` : t.error);
    } else out += updateLines(r, o.showOutdated, st);
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
