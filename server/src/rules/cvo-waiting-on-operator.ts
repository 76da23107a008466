/**
 * cvo-waiting-on-operator: the cluster-version operator's latest `Result of work` lines name
 * operators it is waiting on. The finding sits on that log line, tied to the operators' files.
 */
import { findCondition } from '../model/condition';
import { slowOperators } from '../model/operatorMessages';
import { parseRelease, atLeast } from '../model/release';
import type { Snapshot } from '../model/snapshot';
import { assessmentOf, finding, rel } from './rule';
import type { Rule, RuleContext } from './rule';
import { messageMaxLength } from '../core/finding';
import { ago, listing, when } from '../core/text';
import { fitted, paragraphs, someNames } from './common/words';

/** How many of the newest results the message summarises. */
const window = 10;

export const cvoWaitingOnOperator: Rule = {
  meta: {
    id: 'cvo-waiting-on-operator',
    defaultSeverity: 'warning',
    levels: 'warning (update slow or stalled) / info',
    description: 'the cluster-version operator is waiting on operators',
    explanation:
      'on the CVO log: the newest `Result of work` line that names operators, tied to their files.',
    impact: 'Update Stalled',
    reads: ['ClusterVersion', 'ClusterOperator', 'cluster-version-operator log'],
  },
  check(s: Snapshot, context: RuleContext) {
    const release = parseRelease(s.clusterVersion?.desiredVersion);
    // Waiting on operators is what an update does; it is worth a warning once it is slow.
    const cp = assessmentOf(s, context).controlPlane.assessment;
    // From 4.16 the CVO says so itself (Failing=Unknown SlowClusterOperator, its own rule).
    const failing = s.clusterVersion && findCondition(s.clusterVersion.conditions, 'Failing');
    const markedSlow = new Set(
      failing?.status === 'Unknown' && failing.reason === 'SlowClusterOperator'
        ? slowOperators(failing.message).map((o) => o.name)
        : [],
    );
    return s.cvoLogs.flatMap((log) => {
      // Only what the CVO still waits on: a wait older than the last results is history.
      const recent = log.results.slice(-window);
      const last = [...recent].reverse().find((r) => r.waits.length > 0);
      if (!last) return [];
      const names = [...new Set(last.waits.map((w) => w.operator))];
      const slow = names.filter((n) => markedSlow.has(n));
      const severity =
        cp === 'ProgressingSlow' || cp === 'Stalled' || slow.length > 0 ? 'warning' : 'info';
      const seen = names.map(
        (n) => recent.filter((r) => r.waits.some((w) => w.operator === n)).length,
      );
      const counts = names.map((n, i) => `${n} appears in ${seen[i]}`);
      const ordering = atLeast(release, 4, 8)
        ? 'From 4.8 the cluster-version operator checks Available and Degraded before versions.'
        : '"is still updating" means the operator has not reported the target version yet: 4.7 checks versions first, before Available and Degraded.';
      const waits = last.waits.map((w) => `${w.operator} (${w.state})`);
      const message = fitted(
        messageMaxLength,
        `The cluster-version operator was waiting on ${someNames(waits)} at its last sync` +
          (last.time ? `, ${ago(last.time, s.gatherTime)}` : ''),
        names.length === 1 ? `, ${howOften(seen[0]!, recent.length)}` : '',
        slow.length
          ? `; ClusterVersion marks ${names.length === 1 ? 'it' : someNames(slow)} slow`
          : '',
      );
      const detail = paragraphs(
        `At its last sync with open work, ${when(last.time, s.gatherTime)}, the cluster-version operator was waiting on ` +
          `${listing(waits)}; ${listing(counts)} of its last ${recent.length} results.`,
        slow.length
          ? `ClusterVersion marks ${listing(slow)} slow (Failing=Unknown SlowClusterOperator).`
          : '',
        ordering,
        `Look at the operator${names.length === 1 ? '' : 's'} it names: ${names.length === 1 ? 'its' : 'their'} conditions and versions.`,
      );
      const f = finding(
        cvoWaitingOnOperator,
        log.subject,
        { file: last.file, doc: 0, pointer: '', span: last.span },
        { message, detail },
        names.map((n) => {
          const o = s.operators.find((x) => x.name === n);
          if (!o) return undefined;
          const degraded = findCondition(o.conditions, 'Degraded');
          return degraded?.status === 'True'
            ? rel(degraded.location, `${n} Degraded=True`)
            : rel(
                o.operatorVersion?.location ?? o.at('status'),
                `${n} reports version ${o.operatorVersion?.version ?? '?'}`,
              );
        }),
        severity,
        last.time,
      );
      // The log is a witness: what it says is about the operator it waits on first.
      if (names[0]) f.about = `co/${names[0]}`;
      return [f];
    });
  },
};

/** `in 5 of its last 10 results`, `in all 4 of its last results`, `in the only result of its log`. */
function howOften(seen: number, of: number): string {
  if (seen < of) return `in ${seen} of its last ${of} results`;
  return of === 1 ? 'in the only result of its log' : `in all ${of} of its last results`;
}
