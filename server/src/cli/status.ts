/**
 * `must-gather-inspector status <path>`: the first look at each must-gather in one line, then
 * where the update stands, in the sections of
 * `oc adm upgrade status` (Control Plane, Worker Upgrade, Update Health), each line ending with
 * the file:line of its evidence (relative to the must-gather), or as JSON.
 */
import { summaryLine } from '../core/gatherSummary';
import { inRoot } from '../core/paths';
import { clip, duration, ocDuration } from '../core/text';
import { controlPlaneLabels } from '../core/updateStatus';
import { causeRows, insightRows } from '../service';
import type {
  Evidence,
  HostedReport,
  NodeReport,
  PoolReport,
  StatusReport,
} from '../core/updateStatus';

/** Nodes listed per pool before the rest are summed up (Degraded and Unavailable always show). */
const nodesListed = 10;

export function formatStatusJson(report: StatusReport): string {
  return JSON.stringify(report, null, 2) + '\n';
}

/** @param details every insight as oc lists them, instead of one line per cause. */
export function formatStatusText(report: StatusReport, color: boolean, details = false): string {
  const paint = (code: string, s: string) => (color ? `\x1b[${code}m${s}\x1b[0m` : s);
  const out: string[] = [];
  for (const r of report.roots) {
    const at = (e: Partial<Evidence>) =>
      e.file === undefined ? '' : paint('2', `  ${inRoot(r.root, e.file)}:${e.line}`);
    const ago = (t: string | null) =>
      t && r.gatherTime ? duration(Date.parse(r.gatherTime) - Date.parse(t)) : '-';
    // Update Health's SINCE as oc prints it: whole seconds, truncated (`24h8m54s`, `now`).
    const since = (t: string | null) =>
      t && r.gatherTime ? ocDuration((Date.parse(r.gatherTime) - Date.parse(t)) / 1000) : '-';
    const cp = r.controlPlane;
    out.push(paint('4', r.root), summaryLine(r.summary), '');
    if (r.hosted) out.push(...hostedLines(r.hosted, at, ago), '');
    out.push('= Control Plane =');
    out.push(`Assessment:      ${controlPlaneLabels[cp.assessment]}${at(cp)}`);
    if (cp.target) {
      const from = cp.from
        ? cp.architecture === 'Multi'
          ? ' to Multi-Architecture'
          : cp.fromIncomplete
            ? ` (from incomplete ${cp.from}; last completed ${cp.lastCompleted ?? 'unknown'})`
            : ` (from ${cp.from})`
        : ' (a new install)';
      out.push(`Target Version:  ${cp.target}${from}`);
    }
    for (const o of cp.updating) {
      out.push(`Updating:        ${o.name} (since ${ago(o.since)})${at(o)}`);
    }
    const img = cp.machineConfigImage;
    if (img?.pending) {
      out.push(
        `                 machine-config's Deployment runs ${img.deployed}, the operator still reports ${img.reported}${at(img)}`,
      );
    }
    const ops = cp.operators;
    if (cp.completionPercent !== null) {
      out.push(
        `Completion:      ${cp.completionPercent}% (${ops.updated} operators updated, ${ops.updating} updating, ${ops.waiting} waiting)`,
      );
    }
    if (cp.durationSeconds !== null) {
      const when = cp.completedAt
        ? `completed ${cp.completedAt}`
        : `started ${cp.startedAt ?? '?'}`;
      const est = cp.estimate ? `, Est. Time Remaining: ${cp.estimate}` : '';
      out.push(`Duration:        ${duration(cp.durationSeconds * 1000)} (${when}${est})`);
    }
    const h = cp.health;
    // A hosted cluster without its guest part: no ClusterOperator was read, none is known healthy.
    out.push(
      r.hosted && ops.total === 0
        ? "Operator Health: unknown (the dump holds none of the hosted cluster's ClusterOperators)"
        : `Operator Health: ${h.healthy} Healthy` +
            (h.unavailable ? `, ${h.unavailable} Unavailable` : '') +
            (h.degraded ? `, ${h.degraded} Available but degraded` : ''),
    );
    for (const u of h.unhealthy) {
      out.push(
        `                 ${u.name} ${u.condition === 'Available' ? 'Available=False' : 'Degraded=True'} for ${ago(u.since)}: ${clip(u.message || 'no message', 100)}${at(u)}`,
      );
    }
    out.push(`Why:             ${cp.reason}`);
    if (cp.nodes.length > 0) {
      out.push('', 'Control Plane Nodes', ...nodeTable(cp.nodes, at));
    }
    if (r.pools.some((p) => p.counts.total > 0)) {
      out.push('', '= Worker Upgrade =', '', ...poolTable(r.pools, at));
      for (const p of r.pools.filter((x) => x.nodes.length > 0)) {
        out.push('', `Worker Pool Nodes: ${p.name}`, ...nodeTable(p.nodes, at));
      }
    }
    out.push('', '= Update Health =');
    if (r.insights.length === 0) out.push('Nothing bears on an update.');
    else {
      const rows = details ? insightRows(r.insights) : causeRows(r.insights, r.causes);
      out.push(
        ...table(
          ['SINCE', 'LEVEL', 'IMPACT', 'MESSAGE'],
          rows.map((row) => [
            since(row.since),
            row.level[0]!.toUpperCase() + row.level.slice(1),
            row.impact,
            `${row.message}${at(row.evidence)}`,
          ]),
        ),
      );
    }
    out.push('');
  }
  return out.join('\n');
}

function poolTable(pools: PoolReport[], at: (e: Evidence) => string): string[] {
  return table(
    ['WORKER POOL', 'ASSESSMENT', 'COMPLETION', 'STATUS'],
    pools.map((p) => {
      const c = p.counts;
      const status =
        p.counts.total === 0
          ? '0 Total'
          : `${c.available} Available, ${c.progressing} Progressing, ${c.draining} Draining` +
            (c.excluded ? `, ${c.excluded} Excluded` : '') +
            (c.degraded ? `, ${c.degraded} Degraded` : '');
      return [
        `${p.name}${p.required ? ' (required)' : ''}${p.paused ? ' (paused)' : ''}`,
        p.assessment,
        p.completionPercent === null ? '' : `${p.completionPercent}% (${c.updated}/${c.total})`,
        status + at(p),
      ];
    }),
  );
}

function nodeTable(nodes: NodeReport[], at: (e: Evidence) => string): string[] {
  const shown = nodes.filter(
    (n, i) => i < nodesListed || n.assessment === 'Degraded' || n.assessment === 'Unavailable',
  );
  const rows = table(
    ['NAME', 'ASSESSMENT', 'PHASE', 'VERSION', 'EST', 'MESSAGE'],
    shown.map((n) => [
      n.name,
      n.assessment,
      n.phase,
      n.version ?? '?',
      n.estimate,
      `${n.message ? clip(n.message, 120) : ''}${at(n)}`,
    ]),
  );
  const rest = nodes.filter((n) => !shown.includes(n));
  if (rest.length === 0) return rows;
  const count = (a: NodeReport['assessment']) => rest.filter((n) => n.assessment === a).length;
  return [
    ...rows,
    `... ${rest.length} more: ${count('Completed')} Completed, ${count('Progressing')} Progressing, ${count('Outdated')} Outdated, ${count('Excluded')} Excluded (all of them: status --format json)`,
  ];
}

/** Columns padded to the widest cell plus three spaces, as oc's tabwriter; the last unpadded. */
function table(header: string[], rows: string[][]): string[] {
  const all = [header, ...rows];
  const widths = header.map((_, i) =>
    Math.max(...all.slice(0).map((r) => (i < r.length - 1 ? visible(r[i] ?? '').length : 0))),
  );
  return all.map((r) =>
    r
      .map((c, i) => (i < r.length - 1 ? c.padEnd(widths[i]! + 3) : c))
      .join('')
      .trimEnd(),
  );
}

/** Text without colour codes, for widths. */
function visible(s: string): string {
  // eslint-disable-next-line no-control-regex -- the escape is what is stripped
  return s.replace(/\x1b\[[0-9;]*m/g, '');
}

/**
 * A hosted cluster's section: its HostedCluster and control plane, then each NodePool, which
 * updates on its own after the control plane; the management part named as such.
 */
function hostedLines(
  h: HostedReport,
  at: (e: Partial<Evidence>) => string,
  ago: (t: string | null) => string,
): string[] {
  const cp = h.controlPlane;
  const out = ['= Hosted Cluster ='];
  const about = [cp.platform, cp.clusterID ? `cluster ID ${cp.clusterID}` : undefined]
    .filter((x) => x)
    .join(', ');
  out.push(`HostedCluster:   ${cp.namespace}/${cp.name}${about ? ` (${about})` : ''}`);
  const state =
    cp.state === 'Completed'
      ? `${cp.target ?? cp.version ?? '?'} (Completed ${ago(cp.completedAt)} ago)`
      : cp.state === 'Partial'
        ? `updating to ${cp.target ?? '?'} ${cp.version ? `from ${cp.version}` : 'with no version completed yet'} (since ${ago(cp.startedAt)})`
        : (cp.version ?? cp.target ?? 'unknown');
  out.push(`Control plane:   ${state}, in namespace ${cp.controlPlaneNamespace}${at(cp)}`);
  const c = cp.components;
  if (c && (c.state !== 'Completed' || c.version !== (cp.target ?? cp.version))) {
    out.push(
      `Components:      ${c.version} ${c.state}${c.state === 'Partial' ? ` (since ${ago(c.since)}): not every ControlPlaneComponent has rolled it out, whatever the guest's version says` : ''}${at(c)}`,
    );
  }
  // Components the guest's version cannot see (their ClusterOperators are stubs): one line each.
  const stuck = cp.notRolledOut;
  for (const [i, n] of stuck.slice(0, 8).entries()) {
    out.push(
      `${i === 0 ? 'Not rolled out:  ' : '                 '}${n.name}: ${n.condition}${n.since ? ` for ${ago(n.since)}` : ''}, ${clip(n.message || 'no message', 80)}${at(n)}`,
    );
  }
  if (stuck.length > 8)
    out.push(`                 and ${stuck.length - 8} more ControlPlaneComponents`);
  const p = cp.progressing;
  if (p) {
    out.push(
      `                 Progressing=${p.status}${p.reason ? ` (${p.reason})` : ''}: ${clip(p.message || 'no message', 100)}`,
    );
  }
  const f = cp.failing;
  if (f) {
    out.push(
      `                 ClusterVersionSucceeding=False${f.reason ? ` (${f.reason})` : ''}: ${clip(f.message || 'no message', 100)}`,
    );
  }
  out.push(
    `Management:      ${h.management && h.management !== '.' ? `${h.management}/` : 'the dump folder'} holds the management cluster: its nodes and version are not this cluster's`,
  );
  out.push('', '= NodePools = (each updates on its own, after the control plane)');
  if (h.nodePools.length === 0) out.push('No NodePool of this cluster in the dump.');
  for (const n of h.nodePools) {
    const m = n.machines;
    const machines = `${m.updated}/${m.total} machines updated${m.deleting ? `, ${m.deleting} deleting` : ''}`;
    const where = n.updating
      ? `${n.target && n.target === n.version ? `updating its config on ${n.version}` : `updating ${n.version ?? '?'} -> ${n.target ?? '?'}`} (since ${ago(n.since)}), ${machines}`
      : `${n.version ?? 'no version yet'}, ${machines}`;
    const waits = n.ahead ? '; its target is ahead of the control plane: it waits for it' : '';
    out.push(`${n.name} (${n.upgradeType ?? 'upgrade type not set'}): ${where}${waits}${at(n)}`);
    if (n.message) out.push(`                 ${clip(n.message, 120)}`);
  }
  return out;
}
