/**
 * nodepool-autorepair-blocked: a NodePool with `autoRepair` has a MachineHealthCheck that no
 * longer replaces unhealthy Machines. The health check short-circuits when more Machines are
 * unhealthy than its `maxUnhealthy` (HyperShift sets 2: `nodepool/capi.go`), and the NodePool's
 * `Ready` takes its `RemediationAllowed=False` (reason `TooManyUnhealthy`, Cluster API's
 * "Remediation is not allowed, the number of not started or unhealthy machines exceeds
 * maxUnhealthy (…)"). The MachineHealthCheck is not in a dump: the unhealthy Machines are read
 * from the NodePool's `AllMachinesReady` and `AllNodesHealthy` lines.
 */
import { quoteMaxLength } from '../core/finding';
import { clip, plural } from '../core/text';
import type { MachineReport } from '../model/hosted';
import { machinesOf } from '../model/hosted';
import type { Snapshot } from '../model/snapshot';
import { levelByAge } from './common/ages';
import { fit, heldFor, paragraphs, someNames } from './common/words';
import { assessmentOf, finding, rel } from './rule';
import type { Rule, RuleContext } from './rule';

/** The reasons of a MachineHealthCheck that refuses to remediate (Cluster API). */
const blockedReasons = new Set(['TooManyUnhealthy']);
/** Workers unhealthy and not replaced for an hour: the pool is down to what is left. */
const errorAfterMinutes = 60;

export const nodePoolAutorepairBlocked: Rule = {
  meta: {
    id: 'nodepool-autorepair-blocked',
    defaultSeverity: 'error',
    levels: 'info in the first minutes, warning, error from 1 h',
    description:
      "a hosted cluster's NodePool cannot repair its Machines: too many are unhealthy for its MachineHealthCheck",
    explanation:
      "a NodePool's `Ready=False` with the MachineHealthCheck's reason (`TooManyUnhealthy`): more Machines are unhealthy than it may replace at once, so none is replaced; names the unhealthy Machines from `AllMachinesReady`/`AllNodesHealthy` (the health check itself is not in a dump).",
    impact: 'Update Stalled',
    reads: ['NodePool', 'Machine', 'Node'],
  },
  check(s: Snapshot, context: RuleContext) {
    const hosted = s.hosted;
    if (!hosted) return [];
    const now = assessmentOf(s, context).now;
    return hosted.nodePools.flatMap((p) => {
      const ready = p.condition('Ready');
      if (ready?.status !== 'False' || !blockedReasons.has(ready.reason)) return [];
      const lines = [
        ...p.machineReports('AllNodesHealthy'),
        ...p.machineReports('AllMachinesReady'),
      ];
      const unhealthy = [...new Map(lines.map((r) => [r.machine, r])).values()];
      const machines = machinesOf(hosted, p);
      const counts = /\(total: (\d+), unhealthy: (\d+), maxUnhealthy: ([^)]+)\)/.exec(
        ready.message,
      );
      const level = levelByAge(ready.lastTransitionTime, now, errorAfterMinutes);
      const head = `Auto-repair of NodePool ${p.name} is blocked${heldFor(ready.lastTransitionTime, now)}`;
      const which = unhealthy.map((r) => r.machine);
      const message = fit(
        `${head}: ${plural(which.length || Number(counts?.[2] ?? 0), 'Machine')} unhealthy${counts ? ` of ${counts[1]}, more than its health check's maxUnhealthy ${counts[3]}` : ''} (${someNames(which, 2)})`,
        `${head}: ${ready.reason} (${someNames(which, 2)})`,
        `${head}: ${ready.reason}`,
      );
      const detail = paragraphs(
        `\`Ready=False\` (\`${ready.reason}\`): ${clip(ready.message, 400)}`,
        "The NodePool's MachineHealthCheck (created by `spec.management.autoRepair`, HyperShift's `maxUnhealthy` is 2) replaces an unhealthy Machine only while no more than that many are unhealthy at once; past it, it replaces none, so the workers stay down until they recover or are deleted by hand. The health check is not in a dump.",
        unhealthy.length
          ? `The unhealthy Machines, as the NodePool lists them:\n\n${unhealthy.map((r) => `- ${lineOf(r)}`).join('\n')}`
          : undefined,
        'What to do: find why the nodes stopped reporting (the cloud instances, the network from the workers to the control plane), then delete the broken Machines one by one or raise the NodePool to bring healthy capacity back, so that the health check resumes.',
        level.note,
      );
      const f = finding(
        nodePoolAutorepairBlocked,
        p.subject,
        ready.location,
        { message, detail },
        [
          rel(p.condition('AllNodesHealthy')?.location, 'AllNodesHealthy'),
          rel(p.condition('AllMachinesReady')?.location, 'AllMachinesReady'),
          ...unhealthy.map((r) => {
            const m = machines.find((x) => x.name === r.machine);
            return rel(
              m?.condition('NodeHealthy')?.location ?? m?.at('status'),
              `Machine ${r.machine}`,
            );
          }),
        ],
        level.severity,
        ready.lastTransitionTime,
      );
      f.quote = clip(ready.message, quoteMaxLength);
      return [f];
    });
  },
};

function lineOf(r: MachineReport): string {
  return `\`${r.machine}\`: ${r.reasons.join(', ')}${r.message ? `: ${clip(r.message, 200)}` : ''}`;
}
