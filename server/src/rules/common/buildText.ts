/**
 * On-cluster layering, as the rules read it: the build that decides a pool's image and whether
 * it failed. Shared so that pool-degraded leaves to ocl-build-failed the pools it reports.
 */
import type { Condition } from '../../model/condition';
import type { MachineConfigPool } from '../../model/machineConfigPool';
import type { MachineOSBuild, MachineOSConfig } from '../../model/machineOS';
import type { Snapshot } from '../../model/snapshot';

/** The pool conditions that report a failed build: 4.20+, and the tech-preview ones (≤4.18). */
const buildFailureConditions = ['ImageBuildDegraded', 'BuildFailed', 'BuildInterrupted'];

/** `Pool update stopped due to OS image build failure (mosb: B)` (4.20+ Updating=False). */
export const stoppedMosb = /Pool update stopped due to OS image build failure \(mosb: ([^)\s]+)\)/;

export interface BuildFailure {
  mosc?: MachineOSConfig;
  /** The pool's current build, when the gather holds it. */
  build?: MachineOSBuild;
  /** The build's True `Failed` or `Interrupted` condition. */
  buildCond?: Condition;
  /** The pool's True ImageBuildDegraded (4.20+) or BuildFailed / BuildInterrupted condition. */
  poolCond?: Condition;
}

/** The build that decides the pool's image now: the one its MachineOSConfig names, else the newest. */
function currentBuild(
  s: Snapshot,
  p: MachineConfigPool,
  mosc: MachineOSConfig | undefined,
): MachineOSBuild | undefined {
  const builds = s.machineOSBuilds.filter(
    (b) => b.pool === p.name || (mosc !== undefined && b.config === mosc.name),
  );
  const named = mosc?.currentBuild ?? stoppedMosb.exec(p.condition('Updating')?.message ?? '')?.[1];
  const byName = named ? builds.find((b) => b.name === named) : undefined;
  if (byName) return byName;
  const newest = (bs: MachineOSBuild[]) =>
    [...bs].sort(
      (a, b) => (b.creationTimestamp?.getTime() ?? 0) - (a.creationTimestamp?.getTime() ?? 0),
    )[0];
  return newest(builds.filter((b) => b.renderedConfig === p.targetConfig)) ?? newest(builds);
}

/**
 * The pool's OS image build failed: its current MachineOSBuild is Failed or Interrupted, or the
 * pool says so and no build of it runs, waits or succeeded since (that one makes it stale).
 */
export function buildFailure(s: Snapshot, p: MachineConfigPool): BuildFailure | undefined {
  const mosc = s.machineOSConfigs.find((c) => c.pool === p.name);
  const build = currentBuild(s, p, mosc);
  const poolCond = buildFailureConditions
    .map((t) => p.condition(t))
    .find((c) => c?.status === 'True');
  const state = build?.state;
  if (state === 'Building' || state === 'Prepared' || state === 'Succeeded') return undefined;
  const buildCond =
    state === 'Failed' || state === 'Interrupted' ? build?.condition(state) : undefined;
  if (!buildCond && !poolCond) return undefined;
  const out: BuildFailure = {};
  if (mosc) out.mosc = mosc;
  if (build) out.build = build;
  if (buildCond) out.buildCond = buildCond;
  if (poolCond) out.poolCond = poolCond;
  return out;
}

/** The pool is degraded by its failed build and nothing else: ocl-build-failed reports it. */
export function onlyBuildFailure(s: Snapshot, p: MachineConfigPool): boolean {
  return (
    ['NodeDegraded', 'RenderDegraded', 'PinnedImageSetsDegraded'].every(
      (t) => p.condition(t)?.status !== 'True',
    ) && buildFailure(s, p) !== undefined
  );
}
