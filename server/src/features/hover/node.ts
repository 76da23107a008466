/** Hovers on a Node's identity: its pool and where its machine-config daemon stands. */
import type { Node } from '../../model/node';
import { primaryPool } from '../../model/snapshot';
import type { Snapshot } from '../../model/snapshot';
import { clipped, code, text } from '../../core/markdown';

export function nodeHover(snapshot: Snapshot, node: Node): string {
  const pool = primaryPool(snapshot, node);
  const state = node.mcdState;
  const reason = node.mcdReason;
  const lines = [
    `**Node ${code(node.name)}**${pool ? ` (pool ${code(pool.name)})` : ''}`,
    [
      state ? `machine-config daemon: ${text(state)}` : 'no machine-config daemon state',
      node.unschedulable ? 'cordoned' : undefined,
      node.desiredConfig && node.desiredConfig !== node.currentConfig
        ? `moving from ${code(node.currentConfig ?? 'none')} to ${code(node.desiredConfig)}`
        : undefined,
    ]
      .filter((p) => p !== undefined)
      .join(' · '),
    reason ? `Reason: ${text(clipped(reason, 300))}` : undefined,
  ];
  return lines.filter((l) => l !== undefined).join('\n\n');
}
