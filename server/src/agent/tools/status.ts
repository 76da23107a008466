/** `mustgather_status`: where the update stands, as `status --format json` gives it per root. */
import { controlPlaneLabels, nodeAssessmentOrder } from '../../core/updateStatus';
import type {
  ControlPlaneReport,
  NodeReport,
  PoolReport,
  RootStatusReport,
} from '../../core/updateStatus';
import { countOf, truncation } from '../bounds';
import { rootField } from '../schema';
import { defineTool } from '../tool';
import type { Truncated } from '../bounds';

const defaultNodes = 20;
const maxNodes = 1000;

export const statusTool = defineTool({
  name: 'mustgather_status',
  title: 'Update status',
  description:
    "Where the cluster update stands, as `oc adm upgrade status` judges it, from the must-gather: the control plane's assessment (Progressing, ProgressingSlow, Stalled, Completed, NotUpdating) and why, target and source release, completion, operator health, each worker pool and its nodes (worst first), Update Health insights and the causes behind them. Every item carries the file and line of its evidence. Start here to answer why an update is stuck; then mustgather_causes and mustgather_explain.",
  input: {
    type: 'object',
    properties: {
      root: rootField,
      maxNodes: {
        type: 'integer',
        description: `Nodes listed per pool and for the control plane, worst first; default ${defaultNodes}, at most ${maxNodes}`,
      },
    },
  },
  async run(args, gathers) {
    const limit = countOf(args.maxNodes, defaultNodes, maxNodes);
    const roots: BoundedStatus[] = [];
    for (const g of await gathers.select(args.root)) {
      roots.push(boundNodes((await gathers.analysed(g)).status, limit));
    }
    return { data: { roots }, headline: roots.map(statusLine).join('\n') };
  },
});

export interface BoundedStatus extends Omit<RootStatusReport, 'controlPlane' | 'pools'> {
  controlPlane: ControlPlaneReport & { nodesTruncated?: Truncated };
  pools: (PoolReport & { nodesTruncated?: Truncated })[];
}

const rank = new Map(nodeAssessmentOrder.map((a, i) => [a, i]));

/** Nodes worst first, cut to `limit`, with the cut said. */
function cutNodes(nodes: NodeReport[], limit: number) {
  const sorted = [...nodes].sort(
    (a, b) => (rank.get(a.assessment) ?? 9) - (rank.get(b.assessment) ?? 9),
  );
  if (sorted.length <= limit) return { nodes: sorted };
  return {
    nodes: sorted.slice(0, limit),
    nodesTruncated: truncation(limit, sorted.length, 'ask with a larger maxNodes'),
  };
}

function boundNodes(r: RootStatusReport, limit: number): BoundedStatus {
  return {
    ...r,
    controlPlane: { ...r.controlPlane, ...cutNodes(r.controlPlane.nodes, limit) },
    pools: r.pools.map((p) => ({ ...p, ...cutNodes(p.nodes, limit) })),
  };
}

/** One line a root: where its control plane stands, in plain words. */
function statusLine(r: BoundedStatus): string {
  const cp = r.controlPlane;
  const release = cp.target ? ` ${cp.from ?? '(new install)'} → ${cp.target}` : '';
  const done =
    cp.completionPercent !== null ? `, ${cp.completionPercent}% of operators updated` : '';
  return `${r.root}: control plane ${controlPlaneLabels[cp.assessment]}${release}${done}; ${r.pools.length} pool${r.pools.length === 1 ? '' : 's'}, ${r.causes.length} cause${r.causes.length === 1 ? '' : 's'}.`;
}
