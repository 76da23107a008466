/** Wording and evidence shared by the rules about one node's machine-config daemon. */
import type { RelatedLocation } from '../../core/finding';
import type { Node } from '../../model/node';
import { nodeAnnotations } from '../../model/node';
import { machineConfigNodeOf, primaryPool } from '../../model/snapshot';
import type { Snapshot } from '../../model/snapshot';
import { rel } from '../rule';
import { when } from '../../core/text';

/** ` It is stuck moving from A to B.` / ` It runs A.` / ``. */
export function nodeMove(n: Node): string {
  return n.currentConfig && n.desiredConfig && n.currentConfig !== n.desiredConfig
    ? ` It is stuck moving from ${n.currentConfig} to ${n.desiredConfig}.`
    : n.currentConfig
      ? ` It runs ${n.currentConfig}.`
      : '';
}

/**
 * The node's MachineConfigNode (4.16+, gathered from 4.19), when it says more: its NodeDegraded
 * condition when True, else the phase it holds (`Unknown`). `mcn-phase-stuck` leaves the nodes
 * other rules report to them, with this as their evidence.
 */
export function mcnEvidence(s: Snapshot, n: Node): RelatedLocation | undefined {
  const m = machineConfigNodeOf(s, n.name);
  if (!m) return undefined;
  const degraded = m.degraded;
  if (degraded) return rel(degraded.location, 'its MachineConfigNode reports NodeDegraded=True');
  const phase = m.phase;
  if (!phase || m.updated) return undefined;
  const name = phase.parent ? `${phase.parent.type}/${phase.condition.type}` : phase.condition.type;
  return rel(
    phase.condition.location,
    `its MachineConfigNode is in phase ${name} (Unknown)${phase.condition.lastTransitionTime ? ` since ${when(phase.condition.lastTransitionTime, s.gatherTime)}` : ''}`,
  );
}

/** The daemon's state annotation, the pool condition that reports the node, its MachineConfigNode. */
export function nodeEvidence(s: Snapshot, n: Node): (RelatedLocation | undefined)[] {
  const pool = primaryPool(s, n);
  return [
    rel(n.at('metadata', 'annotations', nodeAnnotations.state), 'the daemon’s state'),
    pool &&
      rel(
        (pool.condition('NodeDegraded') ?? pool.condition('Degraded'))?.location,
        `pool ${pool.name} reports the node`,
      ),
    mcnEvidence(s, n),
  ];
}

/** A rendered config named in a message, as evidence when the gather holds it. */
export function configEvidence(
  s: Snapshot,
  name: string | undefined,
  what: string,
): RelatedLocation | undefined {
  const mc = name ? s.machineConfigs.get(name) : undefined;
  return mc ? rel(mc.at('metadata', 'name'), what) : undefined;
}
