/** pool-degraded: a MachineConfigPool reports Degraded=True; the detail carries the pool's own reason (NodeDegraded, RenderDegraded). */
import { nodeAnnotations } from '../model/node';
import type { MachineConfigPool } from '../model/machineConfigPool';
import { nodesOf } from '../model/snapshot';
import type { Snapshot } from '../model/snapshot';
import { onlyBuildFailure } from './common/buildText';
import { degradedCause, degradedCondition, onlyPinnedImageSets, poolName } from './common/poolText';
import { finding, rel } from './rule';
import type { Rule, RuleContext } from './rule';
import { clip, when } from '../core/text';
import { quoteMaxLength } from '../core/finding';
import { fit, paragraphs } from './common/words';
import {
  imageBuildCause,
  machineConfigSymptoms,
  pinnedImageSetsCause,
} from './common/consequences';

const maxNodesListed = 10;

/** The conditions that say why a pool is Degraded, in degradedCause's order. */
const causeTypes = [
  'NodeDegraded',
  'RenderDegraded',
  'PinnedImageSetsDegraded',
  'ImageBuildDegraded',
];

/**
 * Degraded through its nodes alone, each of them in the gather and Degraded: the node findings
 * carry the error (oc's Update Health has a row per degraded node and none for the pool), and
 * this finding says what it adds, the pool's impact, as information.
 */
function ownedByNodes(p: MachineConfigPool, degradedNodes: number): boolean {
  const onlyNodes = causeTypes.every(
    (t) => t === 'NodeDegraded' || p.condition(t)?.status !== 'True',
  );
  return degradedNodes > 0 && p.counts.degraded === degradedNodes && onlyNodes;
}

export const poolDegraded: Rule = {
  meta: {
    id: 'pool-degraded',
    defaultSeverity: 'error',
    levels:
      'error (information when its degraded nodes are all in the gather: their findings carry the error)',
    description: 'a MachineConfigPool is Degraded',
    explanation:
      "a MachineConfigPool is Degraded; its detail carries the nodes' `reason` annotations.",
    impact: 'Update Stalled',
    reads: ['MachineConfigPool', 'MachineOSConfig', 'MachineOSBuild'],
    leadsTo: ['pool-not-updated', ...machineConfigSymptoms],
  },
  check(s: Snapshot, _context: RuleContext) {
    return s.pools.flatMap((p) => {
      const cond = degradedCondition(p);
      if (cond?.status !== 'True') return [];
      const failing = nodesOf(s, p).filter(
        (n) => n.mcdState === 'Degraded' || n.mcdState === 'Unreconcilable',
      );
      const c = p.counts;
      const count =
        c.degraded !== undefined && c.machine !== undefined
          ? `${c.degraded} of ${c.machine} machines are degraded.`
          : '';
      const impact = p.requiredForUpgrade
        ? 'The pool is required for upgrade, so the machine-config operator cannot complete an update until it recovers.'
        : "Any degraded pool, required or not, also holds back the machine-config operator's version during an update.";
      const cause = degradedCause(p);
      const causeType = causeTypes.find((t) => p.condition(t)?.status === 'True');
      const machines = c.degraded ? `: ${c.degraded} of ${c.machine ?? '?'} machines degraded` : '';
      const message = fit(
        `Pool ${p.name} is Degraded${causeType ? ` (${causeType})` : ''}${machines}; ` +
          (p.requiredForUpgrade
            ? 'it is required for upgrade, so an update cannot complete until it recovers'
            : "not required for upgrade, it still holds back machine-config's version during an update"),
        `Pool ${p.name} is Degraded${causeType ? ` (${causeType})` : ''}${machines}`,
      );
      const detail = paragraphs(
        `Pool ${poolName(p)} has been Degraded since ${when(cond.lastTransitionTime, s.gatherTime)}` +
          (cause ? `: ${cause}.` : '.'),
        `${count} ${impact}`,
        'Open the degraded nodes: `node-mcd-degraded`, `node-os-update-failed` or `node-ondisk-drift` reports each of them, with its reason.',
      );
      const f = finding(
        poolDegraded,
        p.subject,
        cond.location,
        { message, detail },
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
        ownedByNodes(p, failing.length) ? 'info' : 'error',
        cond.lastTransitionTime,
      );
      if (cond.message) f.quote = clip(cond.message, quoteMaxLength);
      // Degraded only through its pinned image sets or a failed image build: the rule that
      // reports those explains this finding.
      if (onlyPinnedImageSets(p)) f.cause = pinnedImageSetsCause;
      else if (onlyBuildFailure(s, p)) f.cause = imageBuildCause;
      return [f];
    });
  },
};
