/**
 * hostedcluster-install-release-changed: a hosted cluster whose `spec.release` was changed
 * before its first install finished never becomes Available. Its history holds only Partial
 * entries (the first install, then the new release), no Completed one: the HyperShift operator
 * waited on a control plane that the change had left half-built (OCPBUGS-78185, fixed by
 * openshift/hypershift PR #7910 in 2026-03).
 */
import { ago, clip } from '../core/text';
import type { HistoryEntry } from '../model/clusterVersion';
import type { Snapshot } from '../model/snapshot';
import { levelByAge } from './common/ages';
import { fit, paragraphs } from './common/words';
import { assessmentOf, finding, rel } from './rule';
import type { Rule, RuleContext } from './rule';

/** An install takes half an hour; one that changed release and is not done in an hour is stuck. */
const errorAfterMinutes = 60;

export const hostedClusterInstallReleaseChanged: Rule = {
  meta: {
    id: 'hostedcluster-install-release-changed',
    defaultSeverity: 'error',
    levels: 'info in the first minutes, warning, error from 1 h',
    description:
      'a hosted cluster never finished installing because its release was changed during the install (OCPBUGS-78185)',
    explanation:
      'a HostedCluster that was never Available, whose history holds only Partial entries of two different versions: `spec.release` was changed before the install finished, which deadlocks the install (OCPBUGS-78185, fixed 2026-03); names both versions.',
    impact: 'Update Stalled',
    reads: ['HostedCluster'],
  },
  check(s: Snapshot, context: RuleContext) {
    const hc = s.hosted?.cluster;
    if (!hc) return [];
    const history = hc.history;
    const available = hc.condition('Available');
    if (available?.status === 'True' || history.length < 2) return [];
    if (history.some((h) => h.state !== 'Partial')) return [];
    const first = history[history.length - 1]!;
    const latest = history[0]!;
    if (first.version === latest.version) return [];
    const now = assessmentOf(s, context).now;
    const since = latest.startedTime;
    const level = levelByAge(since, now, errorAfterMinutes);
    const message = fit(
      `HostedCluster ${hc.name} never finished installing: its release was changed from ${first.version} to ${latest.version} during the install, ${ago(since, now)} (OCPBUGS-78185)`,
      `HostedCluster ${hc.name} never finished installing: release changed from ${first.version} to ${latest.version} during the install`,
    );
    const detail = paragraphs(
      `The HostedCluster has never been Available${available ? ` (\`Available=${available.status}\`${available.reason ? `, \`${available.reason}\`` : ''}: ${clip(available.message, 200)})` : ''}, and its history holds no Completed entry: ${history.map(words).join('; ')}.`,
      `\`spec.release\` was changed to ${latest.version} before the install of ${first.version} completed. The HyperShift operator then waits for a control plane that never settles: a known deadlock (OCPBUGS-78185), fixed by openshift/hypershift PR #7910 (2026-03). It does not clear by itself.`,
      'What to do: on a HyperShift operator without the fix, set `spec.release` back to the version the install began with and let the install finish, then update; or, for a new cluster with nothing on it, delete it and create it again with the wanted release. Update the HyperShift operator (the multicluster engine) to have the fix.',
      level.note,
    );
    return [
      finding(
        hostedClusterInstallReleaseChanged,
        hc.subject,
        latest.location,
        { message, detail },
        [
          rel(first.location, `install of ${first.version}: Partial`),
          rel(available?.location, `Available=${available?.status ?? '?'}`),
        ],
        level.severity,
        since,
      ),
    ];
  },
};

function words(h: HistoryEntry): string {
  return `${h.version} ${h.state}${h.startedTime ? ` from ${h.startedTime.toISOString().replace(/\.\d+Z$/, 'Z')}` : ''}`;
}
