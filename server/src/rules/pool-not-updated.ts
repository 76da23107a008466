/**
 * pool-not-updated: a pool's nodes are not all on its target rendered config. A warning for pools
 * the machine-config operator must wait for, information for the rest (compute may trail).
 */
import { nodesOf } from '../model/snapshot';
import type { Snapshot } from '../model/snapshot';
import { degradedCondition, poolName, poolProgress } from './common/poolText';
import type { UpdateAssessment } from '../model/assessment';
import { assessmentOf, finding, progressingNormally, rel } from './rule';
import type { Rule, RuleContext } from './rule';
import { when } from '../core/text';
import { describe } from '../model/condition';
import { fit, heldFor, paragraphs } from './common/words';
import { clusterSymptoms } from './common/consequences';

const maxNodesListed = 10;

export const poolNotUpdated: Rule = {
  meta: {
    id: 'pool-not-updated',
    defaultSeverity: 'warning',
    levels:
      'warning (required pools, unless the update progresses normally or the pool is Degraded) / info',
    description: 'a MachineConfigPool has not finished rolling out its target config',
    explanation: 'a pool has not rolled out its target rendered config.',
    impact: 'Update Speed',
    reads: ['MachineConfigPool', 'Node'],
    leadsTo: ['operator-not-leveled', 'operator-not-upgradeable', ...clusterSymptoms],
  },
  check(s: Snapshot, context: RuleContext) {
    const assessment = assessmentOf(s, context);
    return s.pools.flatMap((p) => {
      // A paused pool's lag is also pool-paused's finding, which explains this one.
      if (p.isUpdated) return [];
      const updated = p.condition('Updated');
      const behind = nodesOf(s, p).filter(
        (n) => n.currentConfig !== p.targetConfig || n.mcdState !== 'Done',
      );
      const since =
        updated?.status === 'False'
          ? ` since ${when(updated.lastTransitionTime, s.gatherTime)}`
          : '';
      const impact = p.requiredForUpgrade
        ? 'It is required for upgrade: the machine-config operator must not report a new version until it is updated.'
        : 'It is not required for upgrade: compute pools may trail the control plane.';
      const config =
        p.currentConfig !== p.targetConfig
          ? `Target ${p.targetConfig ?? 'unknown'}, current ${p.currentConfig ?? 'unknown'}.`
          : '';
      const normal = rollingNormally(assessment, p.name);
      const c = p.counts;
      const progress =
        c.machine !== undefined && c.updated !== undefined
          ? `${c.updated} of ${c.machine} machines updated`
          : describe(updated, 'Updated');
      const held =
        updated?.status === 'False' ? heldFor(updated.lastTransitionTime, s.gatherTime) : '';
      const tail = p.requiredForUpgrade
        ? 'it is required for upgrade, so machine-config waits for it'
        : 'not required for upgrade, it may trail the control plane';
      const message = normal
        ? fit(
            `Pool ${p.name} ${held ? `has been rolling out its update${held}` : 'is rolling out its update'} (${progress}), with no degraded node`,
            `Pool ${p.name} is rolling out its update, with no degraded node`,
          )
        : fit(
            `Pool ${p.name} ${held ? `has not been updated${held}` : 'is not updated'} (${progress}); ${tail}`,
            `Pool ${p.name} is not updated; ${tail}`,
          );
      const detail = paragraphs(
        `Pool ${poolName(p)} has not rolled out its target rendered config${since}: ${poolProgress(p)}. ${config}`,
        impact,
        normal &&
          'The update is progressing and this pool has no degraded node: this is its rollout.',
        'The related locations list the nodes not yet on the target, with their daemon state.',
      );
      return [
        finding(
          poolNotUpdated,
          p.subject,
          (updated ?? p.condition('Updating'))?.location ?? p.at('status'),
          { message, detail },
          [
            rel(p.at('spec', 'configuration', 'name'), `target ${p.targetConfig ?? '?'}`),
            rel(p.at('status', 'configuration', 'name'), `current ${p.currentConfig ?? '?'}`),
            ...behind
              .slice(0, maxNodesListed)
              .map((n) =>
                rel(
                  n.at('metadata', 'annotations'),
                  `node ${n.name}: ${n.mcdState ?? 'no state'} on ${n.currentConfig ?? '?'}, desired ${n.desiredConfig ?? '?'}`,
                ),
              ),
          ],
          // Behind because it is Degraded: pool-degraded and its nodes say why; the lag is information.
          p.requiredForUpgrade &&
            !rollingNormally(assessment, p.name) &&
            degradedCondition(p)?.status !== 'True'
            ? 'warning'
            : 'info',
        ),
      ];
    });
  },
};

/** An update progressing as expected, and this pool rolling without a degraded node. */
function rollingNormally(a: UpdateAssessment, pool: string): boolean {
  if (!progressingNormally(a)) return false;
  const nodes =
    pool === 'master' ? a.controlPlane.nodes : (a.pools.find((p) => p.name === pool)?.nodes ?? []);
  // Unavailable nodes are the rollout's own drains, or node-not-ready's findings.
  return nodes.every((n) => n.assessment !== 'Degraded');
}
