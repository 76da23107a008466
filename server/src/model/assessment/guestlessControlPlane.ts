/** Where a hosted cluster's control plane stands when its guest part (its ClusterVersion) is missing. */
import type { HostedPart } from '../hosted';
import type { ControlPlaneStatus } from './types';

/**
 * A hosted cluster whose guest part is missing has no ClusterVersion, but its HostedCluster's
 * `status.version` is that ClusterVersion's status, copied by the operators (hypershift
 * `hcpstatus.go`): where the control plane's update stands comes from it, its evidence on the
 * HostedCluster's file, and the operators stay unknown.
 */
export function controlPlaneFromHostedCluster(
  part: HostedPart,
  cp: ControlPlaneStatus,
  now: Date | undefined,
): ControlPlaneStatus {
  const hc = part.cluster;
  const [latest, previous] = hc.history;
  if (!latest) return cp;
  const completedAt = latest.state === 'Completed' ? latest.completionTime : undefined;
  const end = completedAt ?? now;
  const target = latest.version || hc.desiredVersion;
  const missing = `HostedCluster ${hc.name}'s status.version (its guest part is missing from the dump, so its operators and nodes are unknown)`;
  const partial = latest.state === 'Partial';
  return {
    ...cp,
    assessment: partial ? 'Progressing' : 'NotUpdating',
    target,
    from: previous?.version,
    fromIncomplete: previous?.state === 'Partial',
    lastCompleted: hc.history.slice(1).find((h) => h.state === 'Completed')?.version,
    startedAt: latest.startedTime,
    completedAt,
    durationSeconds:
      latest.startedTime && end
        ? Math.max(0, Math.round((end.getTime() - latest.startedTime.getTime()) / 1000))
        : undefined,
    reason: partial
      ? `Updating to ${target ?? '?'}${previous ? ` from ${previous.version}` : ''}, per ${missing}.`
      : `The control plane runs ${target ?? '?'}${completedAt ? ` (Completed at ${completedAt.toISOString().replace(/\.\d+Z$/, 'Z')})` : ''}, per ${missing}.`,
    evidence: latest.location,
  };
}
