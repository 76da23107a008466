/**
 * pool-paused: a paused MachineConfigPool. Behind its target, or holding nodes on an older
 * release during an update, it is a warning: its nodes stay on the old config, and a paused
 * required pool during an update blocks the update.
 */
import { atLeast, parseRelease } from '../model/release';
import type { Snapshot } from '../model/snapshot';
import { poolName, poolProgress } from './common/poolText';
import { assessmentOf, finding, rel, updating as isUpdating } from './rule';
import type { Rule, RuleContext } from './rule';
import { plural } from '../core/text';
import { fit, paragraphs } from './common/words';
import { poolSymptoms } from './common/consequences';

export const poolPaused: Rule = {
  meta: {
    id: 'pool-paused',
    defaultSeverity: 'warning',
    levels: 'warning (behind its target, or outdated nodes during an update) / info',
    description: 'a MachineConfigPool is paused',
    explanation:
      'a paused pool; a paused required pool blocks an update; during an update its outdated nodes will not be updated.',
    impact: 'Update Stalled',
    reads: ['ClusterVersion', 'MachineConfigPool', 'Node'],
    leadsTo: [...poolSymptoms],
    // A paused pool's lag behind its target.
    explains: [{ rule: 'pool-not-updated' }],
  },
  check(s: Snapshot, context: RuleContext) {
    const assessment = assessmentOf(s, context);
    const updating = isUpdating(assessment);
    return s.pools.flatMap((p) => {
      if (!p.paused) return [];
      const behind =
        !p.isUpdated || (p.targetConfig !== undefined && p.currentConfig !== p.targetConfig);
      const where = p.at('spec', 'paused');
      // During an update its nodes may be on the old release even when the pool is "up to date".
      const nodes =
        p.name === 'master'
          ? assessment.controlPlane.nodes
          : (assessment.pools.find((x) => x.name === p.name)?.nodes ?? []);
      const outdated = updating ? nodes.filter((n) => n.assessment === 'Excluded').length : 0;
      const paused = `Pool ${poolName(p)} is paused (\`spec.paused: true\`)`;
      const unpause =
        'Unpause it (set `spec.paused: false`) when the maintenance window allows, or expect its nodes to trail.';
      if (!behind && outdated > 0) {
        const target = assessment.controlPlane.target ?? '?';
        const to = assessment.controlPlane.target ? ` to ${target}` : '';
        const message = fit(
          `Pool ${p.name} is paused, so its ${plural(outdated, 'outdated node')} will not be updated${to}` +
            (p.requiredForUpgrade ? ', and the update cannot complete' : ''),
          `Pool ${p.name} is paused, so its ${plural(outdated, 'outdated node')} will not be updated`,
        );
        const detail = paragraphs(
          `Outdated nodes in a paused pool ${poolName(p)} will not be updated: ${outdated} node${outdated === 1 ? '' : 's'} still run${outdated === 1 ? 's' : ''} ` +
            `an older release than the update's target ${target}, and a paused pool (\`spec.paused: true\`) rolls out nothing until it is unpaused.`,
          p.requiredForUpgrade
            ? 'It is required for upgrade: the update cannot complete while it is paused.'
            : 'It is not required for upgrade: the control plane completes without it, its nodes stay behind.',
          unpause,
        );
        return [finding(poolPaused, p.subject, where, { message, detail }, [], 'warning')];
      }
      if (!behind) {
        const message = `Pool ${p.name} is paused and up to date: new rendered configs will not roll out to its nodes until it is unpaused`;
        const detail = paragraphs(
          `${paused}: the machine-config controller rolls out no new rendered config to its nodes until it is unpaused, and none is waiting now.`,
          kubeletCaNote(s),
          unpause,
        );
        return [finding(poolPaused, p.subject, where, { message, detail }, [], 'info')];
      }
      const impact = p.requiredForUpgrade
        ? updating
          ? 'It is required for upgrade: the cluster update cannot complete while it is paused (the operator\'s message says "not ready" or a version mismatch, not "paused").'
          : 'It is required for upgrade: the next cluster update will wait for it.'
        : 'It is not required for upgrade, so the operator does not wait for it; the origin upgrade test treats a paused pool as up to date.';
      const c = p.counts;
      const progress =
        c.machine !== undefined && c.updated !== undefined
          ? ` (${c.updated} of ${c.machine} machines updated)`
          : '';
      const message =
        `Pool ${p.name} is paused and behind its target${progress}; ` +
        (p.requiredForUpgrade
          ? updating
            ? 'it is required for upgrade, so the update cannot complete'
            : 'it is required for upgrade, so the next update will wait for it'
          : 'not required for upgrade, the operator does not wait for it');
      const detail = paragraphs(
        `${paused} and behind its target: ${p.targetConfig ?? 'unknown'} is not rolled out ` +
          `(${poolProgress(p)}; nodes on ${p.currentConfig ?? 'unknown'}).`,
        impact,
        kubeletCaNote(s),
        unpause,
      );
      return [
        finding(poolPaused, p.subject, where, { message, detail }, [
          rel(
            p.condition('Updating')?.location,
            `pool ${p.name} Updating: ${p.condition('Updating')?.message || '(no message)'}`,
          ),
          rel(p.at('spec', 'configuration', 'name'), `target ${p.targetConfig ?? '?'}`),
        ]),
      ];
    });
  },
};

/**
 * Up to 4.12 the kubelet CA reaches nodes through rendered configs, so a paused pool also holds
 * its rotation (alert MachineConfigControllerPausedPoolKubeletCA, release-4.11/4.12 rules); from
 * 4.13 the daemon's certificate writer puts it on the nodes directly.
 */
function kubeletCaNote(s: Snapshot): string {
  const r = parseRelease(s.clusterVersion?.desiredVersion);
  if (!r || atLeast(r, 4, 13)) return '';
  return 'On 4.12 and older a paused pool also holds the kubelet CA rotation (alert MachineConfigControllerPausedPoolKubeletCA): unpause it before the kubelet client CA expires.';
}
