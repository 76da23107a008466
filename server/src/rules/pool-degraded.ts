/** pool-degraded: a MachineConfigPool reports Degraded=True; the message carries the nodes' reasons. */
import { nodeAnnotations } from '../model/node';
import { nodesOf } from '../model/snapshot';
import type { Snapshot } from '../model/snapshot';
import { onlyBuildFailure } from './buildText';
import { degradedCause, degradedCondition, onlyPinnedImageSets, poolName } from './poolText';
import { finding, rel } from './rule';
import type { Rule, RuleContext } from './rule';
import { clip, when } from '../core/text';

const maxNodesListed = 10;

export const poolDegraded: Rule = {
  meta: {
    id: 'pool-degraded',
    defaultSeverity: 'error',
    levels: 'error',
    description: 'a MachineConfigPool is Degraded',
    explanation:
      "a MachineConfigPool is Degraded; the message carries the nodes' `reason` annotations.",
    impact: 'Update Stalled',
    reads: ['MachineConfigPool', 'MachineOSConfig', 'MachineOSBuild'],
  },
  check(s: Snapshot, _context: RuleContext) {
    return s.pools.flatMap((p) => {
      const cond = degradedCondition(p);
      if (cond?.status !== 'True') return [];
      // Degraded only through PinnedImageSetsDegraded: pinnedimageset-degraded reports the pool.
      if (onlyPinnedImageSets(p)) return [];
      // Degraded only through a failed on-cluster image build: ocl-build-failed reports the pool.
      if (onlyBuildFailure(s, p)) return [];
      const failing = nodesOf(s, p).filter(
        (n) => n.mcdState === 'Degraded' || n.mcdState === 'Unreconcilable',
      );
      const c = p.counts;
      const count =
        c.degraded !== undefined && c.machine !== undefined
          ? ` ${c.degraded} of ${c.machine} machines are degraded.`
          : '';
      const impact = p.requiredForUpgrade
        ? ' The pool is required for upgrade, so the machine-config operator cannot complete an update until it recovers.'
        : " Any degraded pool, required or not, also holds back the machine-config operator's version during an update.";
      const cause = degradedCause(p);
      const message =
        `Pool ${poolName(p)} is Degraded since ${when(cond.lastTransitionTime, s.gatherTime)}` +
        (cause ? `: ${cause}.` : '.') +
        count +
        impact;
      return [
        finding(
          poolDegraded,
          p.subject,
          cond.location,
          message,
          [
            cond.type !== 'NodeDegraded'
              ? rel(p.condition('NodeDegraded')?.location, `pool ${p.name} NodeDegraded`)
              : undefined,
            p.condition('RenderDegraded')?.status === 'True'
              ? rel(p.condition('RenderDegraded')?.location, `pool ${p.name} RenderDegraded`)
              : undefined,
            ...failing
              .slice(0, maxNodesListed)
              .map((n) =>
                rel(
                  n.at('metadata', 'annotations', nodeAnnotations.state),
                  `node ${n.name} is ${n.mcdState}: ${clip(n.mcdReason ?? 'no reason given', 200)}`,
                ),
              ),
          ],
          undefined,
          cond.lastTransitionTime,
        ),
      ];
    });
  },
};
