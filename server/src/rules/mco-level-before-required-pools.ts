/**
 * mco-level-before-required-pools: the machine-config operator reports the update's target
 * version while a pool it must wait for (label required-for-upgrade) is not updated. This is the
 * invariant the origin upgrade test checks (bug 1999556, reported as 2019850).
 */
import { findCondition } from '../model/condition';
import type { MachineConfigPool } from '../model/machineConfigPool';
import { requiredForUpgradeLabel } from '../model/machineConfigPool';
import { parseRelease } from '../model/release';
import { operator } from '../model/snapshot';
import type { Snapshot } from '../model/snapshot';
import { poolName, poolProgress } from './common/poolText';
import { hasLevelGuard } from './common/releaseNotes';
import { assessmentOf, finding, rel } from './rule';
import { paragraphs } from './common/words';
import type { Rule, RuleContext } from './rule';
import { duration, isoTime, when } from '../core/text';
import { clusterSymptoms } from './common/consequences';

export const mcoLevelBeforeRequiredPools: Rule = {
  meta: {
    id: 'mco-level-before-required-pools',
    defaultSeverity: 'error',
    levels: 'error',
    description: 'machine-config reports the target version while a required pool is not updated',
    explanation:
      "machine-config reports the update's target version while a pool labelled `operator.machineconfiguration.openshift.io/required-for-upgrade` is not updated (bug 1999556 / 2019850).",
    impact: 'Update Stalled',
    reads: ['ClusterVersion', 'MachineConfigPool', 'MachineConfig'],
    leadsTo: [...clusterSymptoms],
  },
  check(s: Snapshot, context: RuleContext) {
    const mco = operator(s, 'machine-config');
    const cv = s.clusterVersion;
    const level = mco?.operatorVersion;
    const target = cv?.desiredVersion ?? cv?.history[0]?.version;
    if (!mco || !cv || !level || !target || level.version !== target) return [];
    // A same-version migration to a multi-architecture payload: every operator already reports
    // the target version, the pools roll the new payload's configs; that is not an early level.
    if (assessmentOf(s, context).controlPlane.architecture === 'Multi') return [];
    const latest = cv.history[0];
    const progressing = findCondition(mco.conditions, 'Progressing');

    const current = s.pools
      .filter(
        (p) =>
          p.requiredForUpgrade &&
          !p.isUpdated &&
          !isLaterRollout(s, p, target, latest?.completionTime),
      )
      .map((p) => {
        const targetMc = p.targetConfig ? s.machineConfigs.get(p.targetConfig) : undefined;
        const created = targetMc?.creationTimestamp;
        const evidence: string[] = [];
        if (created && progressing?.status === 'False' && progressing.lastTransitionTime) {
          const after = created > progressing.lastTransitionTime;
          evidence.push(
            `Its target ${p.targetConfig} was created at ${isoTime(created)}, ` +
              (after
                ? `after machine-config turned Progressing=False at ${isoTime(progressing.lastTransitionTime)}: the operator checked the pool before it was retargeted.`
                : `before machine-config turned Progressing=False at ${isoTime(progressing.lastTransitionTime)}.`),
          );
        }
        const guard = hasLevelGuard(parseRelease(target));
        const current = p.currentConfig ? s.machineConfigs.get(p.currentConfig) : undefined;
        if (guard === true && current) {
          const stamped = current.releaseImageVersion;
          evidence.push(
            stamped === undefined
              ? `The pool's current config ${current.name} carries no release-image-version annotation, which this release's guard should have rejected.`
              : stamped !== target
                ? `The pool's current config ${current.name} says release-image-version ${stamped}, not ${target}: this release's guard should have held the version back.`
                : `The pool's current config already says release-image-version ${target}.`,
          );
        } else if (guard === false) {
          evidence.push(
            `This payload predates the release-image-version guard (MCO PR #2918, merged 2022-01-27).`,
          );
        }
        if (latest?.state === 'Completed' && latest.version === target) {
          evidence.push(
            `ClusterVersion records the update to ${target} as Completed at ${when(latest.completionTime, s.gatherTime)}.`,
          );
        }
        const machines =
          p.counts.machine !== undefined && p.counts.updated !== undefined
            ? ` (${p.counts.updated} of ${p.counts.machine} machines updated)`
            : '';
        const message = `machine-config reports the update's target ${target} while required pool ${p.name} is not updated${machines}`;
        const detail = paragraphs(
          `Required pool ${poolName(p)} is not updated ` +
            `(${poolProgress(p)}; nodes still on ${p.currentConfig ?? 'an unknown config'}, target ${p.targetConfig ?? 'unknown'}). ` +
            `The operator must keep reporting the previous version until every required pool is updated, so it reported level too early. ` +
            originTest(p, true),
          evidence.join(' '),
          bugText,
          compareConfigs(p.currentConfig, p.targetConfig),
        );
        const text = { message, detail };
        return finding(mcoLevelBeforeRequiredPools, mco.subject, level.location, text, [
          rel(p.condition('Updated')?.location, `pool ${p.name}: ${poolProgress(p)}`),
          rel(p.at('metadata', 'labels'), `pool ${p.name} carries ${requiredForUpgradeLabel}`),
          rel(
            p.at('spec', 'configuration', 'name'),
            `pool ${p.name} targets ${p.targetConfig ?? '?'}`,
          ),
          rel(
            p.at('status', 'configuration', 'name'),
            `pool ${p.name} is still on ${p.currentConfig ?? '?'}`,
          ),
          targetMc &&
            rel(
              targetMc.at('metadata', 'creationTimestamp'),
              `${targetMc.name} created ${when(created, s.gatherTime)}`,
            ),
          progressing &&
            rel(
              progressing.location,
              `machine-config Progressing=${progressing.status} since ${when(progressing.lastTransitionTime, s.gatherTime)}`,
            ),
          latest &&
            rel(latest.location, `ClusterVersion history: ${latest.state} ${latest.version}`),
        ]);
      });
    return [...current, ...finishedAfterCompletion(s, target)];
  },
};

/** The known cause (docs/domain/machine-config-operator.md, "Reporting level too early"). */
const bugText =
  'Matches bug 1999556 (reported as 2019850): before MCO PR #2918 (4.10, backported to 4.7-4.9 in 2022) the operator compared only the controller commit and OS image, ' +
  'so a release that changes only a templated input such as the pause image let it level on the old rendered config.';

/** What to do: see what the two rendered configs differ in. */
function compareConfigs(current: string | undefined, target: string | undefined): string {
  const diff =
    current && target ? ` (\`must-gather-inspector diff <must-gather> ${current} ${target}\`)` : '';
  return `Compare the pool's current and target rendered configs${diff} to see what changed (in bug 2019850, only the pause image).`;
}

/**
 * A later snapshot of the same bug (docs/domain/machine-config-operator.md, "Reporting level too
 * early"): the required pool is updated now, but it turned Updated=True after ClusterVersion
 * recorded the update as completed, on a config rendered during the update. The operator had
 * reported level before the pool was done.
 */
function finishedAfterCompletion(s: Snapshot, target: string) {
  const latest = s.clusterVersion?.history[0];
  const level = operator(s, 'machine-config')?.operatorVersion;
  const done = latest?.completionTime;
  const started = latest?.startedTime;
  if (
    !latest ||
    !level ||
    latest.state !== 'Completed' ||
    latest.version !== target ||
    !done ||
    !started
  )
    return [];
  return s.pools.flatMap((p) => {
    const updated = p.condition('Updated');
    const at = updated?.lastTransitionTime;
    const mc = p.currentConfig ? s.machineConfigs.get(p.currentConfig) : undefined;
    const created = mc?.creationTimestamp;
    if (!p.requiredForUpgrade || !p.isUpdated || !at || at <= done || !mc || !created) return [];
    if (created < started || created > done) return []; // rendered outside the update: an admin's change
    const late = duration(at.getTime() - done.getTime());
    const message = `machine-config reported ${target} before required pool ${p.name} was updated: the pool finished ${late} after the update completed`;
    const detail = paragraphs(
      `Required pool ${poolName(p)} finished updating at ${isoTime(at)}, ${late} after ClusterVersion recorded ` +
        `the update to ${target} as completed (${isoTime(done)}): machine-config reported version ${target} before the pool was updated. ` +
        `The pool's config ${mc.name} was created at ${isoTime(created)}, during the update. ` +
        originTest(p, false),
      'Matches bug 1999556 (reported as 2019850).',
    );
    return [
      finding(
        mcoLevelBeforeRequiredPools,
        'co/machine-config',
        level.location,
        { message, detail },
        [
          rel(updated.location, `pool ${p.name} Updated=True since ${isoTime(at)}`),
          rel(latest.location, `ClusterVersion completed ${target} at ${isoTime(done)}`),
          rel(mc.at('metadata', 'creationTimestamp'), `${mc.name} created ${isoTime(created)}`),
        ],
        'warning',
      ),
    ];
  });
}

/**
 * A pool rolling out a config rendered for the current release after the update completed is an
 * admin's MachineConfig change, not a premature level (docs/domain/machine-config-operator.md,
 * "Reporting level too early").
 */
function isLaterRollout(
  s: Snapshot,
  p: MachineConfigPool,
  target: string,
  completed: Date | undefined,
): boolean {
  const mc = p.targetConfig ? s.machineConfigs.get(p.targetConfig) : undefined;
  const created = mc?.creationTimestamp;
  return mc?.releaseImageVersion === target && !!created && !!completed && created > completed;
}

/**
 * What origin's upgrade test (openshift/origin test/e2e/upgrade/upgrade.go) makes of it: it
 * checks only the pool named `master`, and only while that pool is Updating=True.
 */
function originTest(p: MachineConfigPool, stillUpdating: boolean): string {
  if (p.name !== 'master') {
    return `(The origin upgrade test checks only the master pool, so it does not catch this for ${poolName(p)}.) `;
  }
  if (stillUpdating && p.condition('Updating')?.status !== 'True') {
    return '(The origin upgrade test checks the master pool only while it is Updating=True.) ';
  }
  return 'The origin upgrade test fails this as "the "master" pool should be updated before the CVO reports available at the new version". ';
}
