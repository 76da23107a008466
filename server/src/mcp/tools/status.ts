/** `mustgather_status`: where the update stands, as `status --format json` gives it per root. */
import { z } from 'zod';
import { controlPlaneLabels, nodeAssessmentOrder } from '../../core/updateStatus';
import type { NodeReport, RootStatusReport } from '../../core/updateStatus';
import { countOf, truncation } from '../bounds';
import { quoted } from '../quote';
import { rootArg } from '../schemas';
import { tool } from '../tool';
import { rootStatusSchema } from './statusSchema';
import type { BoundedStatus } from './statusSchema';

const defaultNodes = 20;
const maxNodes = 1000;

export const statusTool = tool({
  name: 'mustgather_status',
  title: 'Update status',
  description:
    "Where the cluster update stands, as `oc adm upgrade status` judges it, from the must-gather: the control plane's assessment (Progressing, ProgressingSlow, Stalled, Completed, NotUpdating) and why, target and source release, completion, operator health, each worker pool and its nodes (worst first), Update Health insights and the causes behind them. Every item carries the file and line of its evidence. Start here to answer why an update is stuck; then mustgather_causes and mustgather_explain.",
  input: {
    root: rootArg,
    maxNodes: z
      .number()
      .int()
      .optional()
      .describe(
        `Nodes listed per pool and for the control plane, worst first; default ${defaultNodes}, at most ${maxNodes}`,
      ),
  },
  output: { roots: z.array(rootStatusSchema) },
  async run(args, session) {
    const limit = countOf(args.maxNodes, defaultNodes, maxNodes);
    const roots: BoundedStatus[] = [];
    for (const g of await session.select(args.root)) {
      roots.push(boundNodes((await session.analysed(g)).status, limit));
    }
    return { structured: { roots }, text: roots.map(statusText).join('\n\n') };
  },
});

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

function statusText(r: BoundedStatus): string {
  const cp = r.controlPlane;
  const release = cp.target ? ` ${cp.from ?? '(new install)'} → ${cp.target}` : '';
  const done =
    cp.completionPercent !== null ? `, ${cp.completionPercent}% of operators updated` : '';
  const quotedLines = [
    `Why: ${cp.reason}`,
    ...cp.health.unhealthy.map(
      (u) =>
        `${u.name} ${u.condition === 'Available' ? 'Available=False' : 'Degraded=True'}: ${u.message}`,
    ),
    ...r.pools.map(
      (p) =>
        `Pool ${p.name}: ${p.assessment}${p.completionPercent !== null ? ` ${p.completionPercent}% (${p.counts.updated}/${p.counts.total})` : ''}${p.counts.degraded ? `, ${p.counts.degraded} degraded` : ''}`,
    ),
    ...r.causes.map((c) => `Cause (${c.level}): ${c.title}`),
  ];
  return [
    `${r.root}: control plane ${controlPlaneLabels[cp.assessment]}${release}${done}.`,
    quoted(quotedLines.join('\n')),
  ].join('\n');
}
