/**
 * nodepool-rollout-stuck: a NodePool's Replace rollout says `UpdatingVersion=True` while its
 * `status.version` stays old, and a Machine that has its node is not ready or healthy: the
 * NodePool's `AllMachinesReady`/`AllNodesHealthy` name it, one line `Machine <m>: <Reason>:
 * <message>` each (hypershift `nodepool_controller.go`). Machines being deleted
 * (nodepool-drain-blocked) and Machines without a node (nodepool-machine-not-joining) are the
 * other rules'. And the other way round: a NodePool whose Machines all run the target and are
 * ready while `UpdatingVersion` stays True is a stale condition, not a stall (OCPBUGS-92013,
 * hypershift PR #8821): said at info level.
 */
import { clip, plural } from '../core/text';
import type { CapiMachine, MachineReport, NodePool } from '../model/hosted';
import { machinesOf } from '../model/hosted';
import type { Snapshot } from '../model/snapshot';
import { levelByAge, minutesSince } from './common/ages';
import { fit, heldFor, paragraphs } from './common/words';
import { assessmentOf, finding, rel } from './rule';
import type { Rule, RuleContext } from './rule';

/** A machine not ready this long holds the rollout (Cluster API surges one at a time). */
const errorAfterMinutes = 60;
/** A finished rollout's condition is refreshed within minutes; past this it is stale. */
const staleMinutes = 15;

export const nodePoolRolloutStuck: Rule = {
  meta: {
    id: 'nodepool-rollout-stuck',
    defaultSeverity: 'warning',
    levels:
      'info in the first minutes (and for a stale UpdatingVersion after the rollout completed), warning, error from 1 h',
    description:
      "a hosted cluster's NodePool rollout does not finish: a Machine with its node is not ready",
    explanation:
      "a Replace NodePool with `UpdatingVersion=True` and its old `status.version`, where `AllMachinesReady` or `AllNodesHealthy` names a Machine that has a node and is not ready (its reason and message); a Machine being deleted or without a node is another rule's. When every Machine runs the target and is ready, the condition is stale (OCPBUGS-92013): info.",
    impact: 'Update Stalled',
    reads: ['NodePool', 'Machine'],
  },
  check(s: Snapshot, context: RuleContext) {
    const hosted = s.hosted;
    if (!hosted) return [];
    const now = assessmentOf(s, context).now;
    return hosted.nodePools.flatMap((p) => {
      const uv = p.condition('UpdatingVersion');
      if (uv?.status !== 'True' || p.upgradeType === 'InPlace') return [];
      const machines = machinesOf(hosted, p);
      const reports = reportsOf(p);
      // Deleting Machines and Machines without a node are the drain and join rules' findings.
      const own = reports.filter((r) => {
        const m = machines.find((x) => x.name === r.machine);
        return m !== undefined && !m.deletionTimestamp && m.nodeName !== undefined;
      });
      if (own.length > 0) return own.map((r) => notReady(s, p, machines, r, now));
      if (reports.length > 0) return [];
      return staleRollout(p, machines, now);
    });
  },
};

/** The Machines the NodePool names, each once with the reasons of both conditions. */
function reportsOf(p: NodePool): MachineReport[] {
  const out = new Map<string, MachineReport>();
  for (const r of [
    ...p.machineReports('AllMachinesReady'),
    ...p.machineReports('AllNodesHealthy'),
  ]) {
    const had = out.get(r.machine);
    if (!had) out.set(r.machine, { ...r, reasons: [...r.reasons] });
    else {
      for (const x of r.reasons) if (!had.reasons.includes(x)) had.reasons.push(x);
      if (!had.message) had.message = r.message;
    }
  }
  return [...out.values()];
}

function notReady(
  s: Snapshot,
  p: NodePool,
  machines: CapiMachine[],
  r: MachineReport,
  now: Date | undefined,
): ReturnType<typeof finding> {
  const m = machines.find((x) => x.name === r.machine)!;
  const uv = p.condition('UpdatingVersion')!;
  const amr = p.condition('AllMachinesReady');
  const anh = p.condition('AllNodesHealthy');
  // The condition whose lines name this Machine (AllMachinesReady may name only a drained one).
  const bad =
    [amr, anh].find((c) => c?.status === 'False' && c.message.includes(`Machine ${m.name}:`)) ??
    [amr, anh].find((c) => c?.status === 'False');
  const since = bad?.lastTransitionTime;
  const level = levelByAge(since, now, errorAfterMinutes);
  const target = p.targetVersion;
  const reasons = r.reasons.join(', ');
  const head = `Machine ${m.name} of NodePool ${p.name} is not ready${heldFor(since, now)}`;
  const tail = target ? `; the rollout to ${target} waits` : '';
  const message = fit(
    `${head}: ${reasons}${r.message ? `: ${clip(r.message, 80)}` : ''}${tail}`,
    `${head}: ${reasons}${tail}`,
    `${head}: ${clip(reasons, 60)}`,
  );
  const node = s.nodes.find((n) => n.name === m.nodeName);
  const detail = paragraphs(
    `NodePool ${p.name} rolls its workers to ${target ?? 'a new release'} (\`UpdatingVersion=True\` ${heldFor(uv.lastTransitionTime, now).trim()}; \`status.version\` is still ${p.version ?? 'unset'}). A Replace rollout surges one new Machine at a time and deletes an old one only when the new one is ready: this Machine ${m.version && m.version === target ? 'runs the target' : `runs ${m.version ?? 'an unknown version'}`} and its node ${m.nodeName ?? '?'} is not ready.`,
    `The NodePool's line for it: \`Machine ${m.name}: ${reasons}${r.message ? `: ${clip(r.message, 400)}` : ''}\`.`,
    node
      ? `The guest node is in \`hostedcluster-<name>/cluster-scoped-resources/core/nodes/${node.name}.yaml\`: its \`Ready\` condition and events say why.`
      : 'The guest part has no such node: read the Machine and its platform machine.',
    level.note,
  );
  return finding(
    nodePoolRolloutStuck,
    m.subject,
    m.condition('Ready')?.location ?? m.at('status'),
    { message, detail },
    [
      rel(uv.location, `NodePool ${p.name}: UpdatingVersion=True`),
      rel(bad?.location, `NodePool ${p.name}: ${bad?.type ?? ''}=False`),
      rel(node?.at('status'), `node ${m.nodeName ?? ''}`),
    ],
    level.severity,
    since,
  );
}

/** Every Machine on the target and ready, the NodePool still updating: a stale condition. */
function staleRollout(
  p: NodePool,
  machines: CapiMachine[],
  now: Date | undefined,
): ReturnType<typeof finding>[] {
  const uv = p.condition('UpdatingVersion')!;
  const target = p.targetVersion;
  const alive = machines.filter((m) => !m.deletionTimestamp);
  const done =
    target !== undefined &&
    alive.length > 0 &&
    alive.length >= (p.replicas ?? 0) &&
    alive.every(
      (m) =>
        m.version === target &&
        m.nodeName !== undefined &&
        m.condition('Ready')?.status === 'True' &&
        m.condition('NodeHealthy')?.status !== 'False',
    );
  const minutes = minutesSince(uv.lastTransitionTime, now);
  if (!done || minutes === undefined || minutes < staleMinutes) return [];
  const message = fit(
    `NodePool ${p.name} still reports updating to ${target}${heldFor(uv.lastTransitionTime, now)}, but all ${plural(alive.length, 'Machine')} run it and are ready`,
  );
  const detail = paragraphs(
    `\`UpdatingVersion=True\` ("${clip(uv.message, 200)}") while \`status.version\` is ${p.version ?? 'unset'}; yet every Machine of the NodePool runs ${target} and is ready. The rollout completed and the NodePool's status was not refreshed: a known operator bug (OCPBUGS-92013, a stale \`conversion-data\` annotation; fixed by openshift/hypershift PR #8821, 2026-06). Nothing waits on it; updating the HyperShift operator clears it.`,
  );
  return [
    finding(
      nodePoolRolloutStuck,
      p.subject,
      uv.location,
      { message, detail },
      alive.map((m) => rel(m.condition('Ready')?.location ?? m.at('status'), `Machine ${m.name}`)),
      'info',
      uv.lastTransitionTime,
    ),
  ];
}
