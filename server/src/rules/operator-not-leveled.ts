/**
 * operator-not-leveled: a ClusterOperator reports an operator version other than the cluster's
 * target. While an update progresses, operators the cluster-version operator has not reached yet
 * are normal progress (the update status counts them): only those it reports waiting on are
 * findings, and every one once the update is stalled. A control-plane operator whose static-pod
 * rollout has not converged is explained by control-plane-rollout-stuck when that rule runs.
 */
import { describe, findCondition } from '../model/condition';
import type { ClusterOperator } from '../model/clusterOperator';
import type { Snapshot } from '../model/snapshot';
import { payloadOperators } from '../model/assessment/controlPlane';
import { operatorsNamed } from '../model/operatorMessages';
import { assessmentOf, finding, rel } from './rule';
import type { Rule, RuleContext } from './rule';
import { clip, listing } from '../core/text';
import { paragraphs, someNames } from './common/words';
import { clusterSymptoms } from './common/consequences';

export const operatorNotLeveled: Rule = {
  meta: {
    id: 'operator-not-leveled',
    defaultSeverity: 'warning',
    levels:
      'warning (info for a healthy operator in an update on time, or while other operators are unhealthy)',
    description: "a ClusterOperator has not reached the cluster's target version",
    explanation:
      "a ClusterOperator reports an operator version other than the cluster's target; while an update progresses, only operators the CVO reports waiting on (all once it is stalled).",
    impact: 'Update Stalled',
    reads: ['ClusterVersion', 'ClusterOperator', 'cluster-version-operator log'],
    leadsTo: [...clusterSymptoms],
  },
  check(s: Snapshot, context: RuleContext) {
    const cv = s.clusterVersion;
    const target = cv?.desiredVersion;
    if (!cv || !target) return [];
    const cp = assessmentOf(s, context).controlPlane.assessment;
    const inProgress = cp === 'Progressing' || cp === 'ProgressingSlow';
    const waitedOn = waitedOnByCvo(s);
    // Only the release payload's operators are the CVO's to level (add-on operators are not).
    const payload = payloadOperators(s.operators);
    return payload.flatMap((o) => {
      const v = o.operatorVersion;
      if (!v || v.version === target) return [];
      if (inProgress && !waitedOn.has(o.name)) return [];
      // The operator the CVO waits on, in an update on time and neither Degraded nor unavailable:
      // its turn in the update (rolling out, or not yet started: the CVO has just reached it),
      // said as information. Slow or stalled, it is information too while other operators are
      // unhealthy: their findings own the stall. Otherwise, or unhealthy itself, a warning.
      const healthy = isHealthy(o);
      const onTime = cp === 'Progressing';
      const others = payload.filter((x) => x !== o && !isHealthy(x)).map((x) => x.name);
      const rolling = healthy && (onTime || others.length > 0);
      const started = findCondition(o.conditions, 'Progressing')?.status === 'True';
      const conds = ['Available', 'Progressing', 'Degraded'].map((t) =>
        describe(findCondition(o.conditions, t), t),
      );
      const degraded = findCondition(o.conditions, 'Degraded');
      const available = findCondition(o.conditions, 'Available');
      const version = v.version || '(empty)';
      const waits = waitedOn.has(o.name);
      const unwell = [
        degraded?.status === 'True'
          ? `Degraded${degraded.reason ? ` (${clip(degraded.reason, 40)})` : ''}`
          : '',
        available?.status === 'False' ? 'not available' : '',
      ].filter((x) => x !== '');
      const state = rolling
        ? !onTime
          ? `; it is healthy, the update waits on ${someNames(others)}`
          : started
            ? '; it is rolling out and the update is on time'
            : '; the update has just reached it and is on time'
        : (waits ? '; the cluster-version operator waits on it' : '') +
          (unwell.length ? `${waits ? ', and' : ';'} it is ${listing(unwell)}` : '');
      const message = `${o.name} is at version ${version}, not the cluster's target ${target}${state}`;
      const detail = paragraphs(
        `${o.name} reports operator version ${version}, but the cluster's target is ${target}. ` +
          `The cluster-version operator waits until every operator reports the target version` +
          (waits ? `, and reports waiting on ${o.name}` : '') +
          `. ${o.name} reports ${conds.join(', ')}.`,
        rolling
          ? !onTime
            ? `It is healthy; the update is held by operators that are not (${someNames(others)}), whose findings say why.`
            : started
              ? `It is rolling out (Progressing=True) and the update is on time: this is its progress.`
              : `The update is on time and ${o.name} is healthy: the cluster-version operator has reached it, and it has yet to start its rollout.`
          : `Read its conditions' messages for why it has not reached ${target}.`,
      );
      return [
        finding(
          operatorNotLeveled,
          o.subject,
          v.location,
          { message, detail },
          [
            rel(cv.at('status', 'desired'), `ClusterVersion desires ${target}`),
            degraded?.status === 'True'
              ? rel(degraded.location, `${o.name} ${describe(degraded)}`)
              : undefined,
          ],
          rolling ? 'info' : operatorNotLeveled.meta.defaultSeverity,
        ),
      ];
    });
  },
};

/** Neither Degraded nor unavailable. */
function isHealthy(o: ClusterOperator): boolean {
  return (
    findCondition(o.conditions, 'Degraded')?.status !== 'True' &&
    findCondition(o.conditions, 'Available')?.status !== 'False'
  );
}

/** Operators the CVO says it waits on: its Progressing and Failing messages, its last log result. */
function waitedOnByCvo(s: Snapshot): Set<string> {
  const names = new Set<string>();
  for (const type of ['Progressing', 'Failing']) {
    const c = s.clusterVersion && findCondition(s.clusterVersion.conditions, type);
    if (c?.status === 'True') for (const n of operatorsNamed(c.message)) names.add(n);
  }
  for (const log of s.cvoLogs) {
    const last = log.results
      .slice(-10)
      .reverse()
      .find((r) => r.waits.length > 0);
    for (const w of last?.waits ?? []) names.add(w.operator);
  }
  return names;
}
