/**
 * A hosted cluster's items in the Upgrade Status view (HyperShift): its control plane from the
 * HostedCluster, then one item per NodePool, which updates on its own after the control plane.
 */
import type { HostedReport } from '../../../server/src/protocol/messages';
import { iconOf } from './item';
import type { Tone, TreeItemModel } from './item';

type NodePoolReport = HostedReport['nodePools'][number];

function controlPlaneText(h: HostedReport): string {
  const cp = h.controlPlane;
  return cp.state === 'Partial'
    ? `updating ${cp.version ?? '?'} → ${cp.target ?? '?'}`
    : `${cp.state ?? 'no history'} ${cp.version ?? cp.target ?? ''}`.trim();
}

function nodePoolText(p: NodePoolReport): string {
  const m = p.machines;
  return p.updating
    ? `${p.version ?? '?'} → ${p.target ?? '?'} · ${m.updated}/${m.total} machines${m.deleting ? ` · ${m.deleting} deleting` : ''}`
    : `${p.version ?? 'no version yet'} · ${m.total} machines`;
}

/** `1 of 20 NodePools updating`, for the status bar: NodePools update after the control plane. */
export function nodePoolsUpdating(h: HostedReport): string | undefined {
  const n = h.nodePools.filter((p) => p.updating).length;
  return n > 0 ? `${n} of ${h.nodePools.length} NodePools updating` : undefined;
}

/** One line for the control plane and one per NodePool (at most `max`), for the status bar's tooltip. */
export function hostedLines(h: HostedReport, max = 10): string[] {
  const cp = h.controlPlane;
  const pools = h.nodePools.slice(0, max).map((p) => `NodePool ${p.name}: ${nodePoolText(p)}`);
  const more = h.nodePools.length - max;
  return [
    `Hosted control plane ${cp.namespace}/${cp.name}: ${controlPlaneText(h)}`,
    ...pools,
    ...(more > 0 ? [`and ${more} more NodePools`] : []),
  ];
}

export function hostedItems(parent: string, h: HostedReport): TreeItemModel[] {
  const cp = h.controlPlane;
  const id = `${parent}/hosted`;
  // 4.20+: the management side's components may still roll out after the guest's version completed.
  const partial = cp.state === 'Partial' || cp.components?.state === 'Partial';
  const blocked = cp.progressing?.status === 'False' && cp.progressing.reason === 'Blocked';
  // A component that has not rolled out is one the guest's version cannot see (a stub operator).
  const stuck = cp.notRolledOut.map(
    (n): TreeItemModel => ({
      id: `${id}/control-plane/${n.name}`,
      label: `ControlPlaneComponent ${n.name}`,
      description: `not rolled out: ${n.condition}`,
      tooltip: n.message || n.condition,
      icon: iconOf('warning'),
      tone: 'warning',
      evidence: { file: n.file, line: n.line },
      children: [],
      expanded: false,
    }),
  );
  const tone: Tone = blocked
    ? 'error'
    : cp.failing || stuck.length > 0
      ? 'warning'
      : partial
        ? 'progress'
        : 'ok';
  const controlPlane: TreeItemModel = {
    id: `${id}/control-plane`,
    label: `Hosted control plane ${cp.namespace}/${cp.name}`,
    description: controlPlaneText(h),
    tooltip:
      `HostedCluster ${cp.namespace}/${cp.name}${cp.platform ? ` on ${cp.platform}` : ''}, control plane in namespace ${cp.controlPlaneNamespace}` +
      (cp.clusterID ? `\nCluster ID ${cp.clusterID}` : '') +
      (cp.progressing
        ? `\nProgressing=${cp.progressing.status} (${cp.progressing.reason}): ${cp.progressing.message}`
        : '') +
      (cp.failing
        ? `\nClusterVersionSucceeding=False (${cp.failing.reason}): ${cp.failing.message}`
        : '') +
      (cp.components && cp.components.state !== 'Completed'
        ? `\ncontrolPlaneVersion: ${cp.components.version} ${cp.components.state}: not every ControlPlaneComponent has rolled it out.`
        : '') +
      `\nThe dump's management part (${h.management || 'the dump folder'}) is the management cluster: its nodes and version are not this cluster's.`,
    icon: iconOf(tone),
    tone,
    evidence: { file: cp.file, line: cp.line },
    children: stuck,
    expanded: stuck.length > 0,
  };
  const pools = h.nodePools.map((p): TreeItemModel => {
    const poolTone: Tone = p.ahead ? 'warning' : p.updating ? 'progress' : 'ok';
    return {
      id: `${id}/nodepool/${p.name}`,
      label: `NodePool ${p.name}${p.upgradeType ? ` (${p.upgradeType})` : ''}`,
      description: nodePoolText(p),
      tooltip:
        `NodePool ${p.name}: updates on its own, after the control plane.` +
        (p.message ? `\n${p.message}` : '') +
        (p.ahead
          ? "\nIts target is past the control plane's newest Completed minor: it waits."
          : ''),
      icon: iconOf(poolTone),
      tone: poolTone,
      evidence: { file: p.file, line: p.line },
      children: [],
      expanded: false,
    };
  });
  return [controlPlane, ...pools];
}
