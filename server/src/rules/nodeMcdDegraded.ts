/**
 * node-mcd-degraded: the machine-config daemon on a node reports state Degraded or
 * Unreconcilable; the finding sits on the node file, with its pool as related evidence. A node
 * whose reason is an OS update failure or on-disk drift is left to `node-os-update-failed` and
 * `node-ondisk-drift` (one finding per node and cause; `classifyNodeReason` decides).
 */
import { nodeAnnotations } from '../model/node';
import { primaryPool } from '../model/snapshot';
import type { Snapshot } from '../model/snapshot';
import { nodeLabel, nodeMove } from './nodeText';
import { finding, rel } from './rule';
import type { Rule, RuleContext } from './rule';
import { classifyNodeReason, explainNodeReason } from './signatures';
import { clip } from '../core/text';

export const nodeMcdDegraded: Rule = {
  id: 'node-mcd-degraded',
  defaultSeverity: 'error',
  summary: "a node's machine-config daemon is Degraded or Unreconcilable",
  check(s: Snapshot, _context: RuleContext) {
    return s.nodes.flatMap((n) => {
      const state = n.mcdState;
      if (state !== 'Degraded' && state !== 'Unreconcilable') return [];
      const reason = n.mcdReason ?? '';
      // Reported by node-os-update-failed or node-ondisk-drift.
      if (classifyNodeReason(reason)) return [];
      const pool = primaryPool(s, n);
      const meaning = explainNodeReason(reason);
      const message =
        `${nodeLabel(s, n)}: the machine-config daemon is ${state}: ${clip(reason || 'no reason given', 400)}.` +
        nodeMove(n) +
        (meaning ? ` This means ${meaning}.` : '');
      return [
        finding(
          nodeMcdDegraded,
          n.subject,
          n.at('metadata', 'annotations', nodeAnnotations.state),
          message,
          [
            reason
              ? rel(n.at('metadata', 'annotations', nodeAnnotations.reason), "the daemon's reason")
              : undefined,
            pool &&
              rel(
                (pool.condition('NodeDegraded') ?? pool.condition('Degraded'))?.location,
                `pool ${pool.name} reports the node`,
              ),
          ],
        ),
      ];
    });
  },
};
