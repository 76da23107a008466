/** How messages describe a pool's state; shared so every rule says it the same way. */
import { describe } from '../../model/condition';
import type { MachineConfigPool } from '../../model/machineConfigPool';
import { clip } from '../../core/text';

/** `Updated=False, Updating=True, 25 of 52 machines updated`. */
export function poolProgress(p: MachineConfigPool): string {
  const c = p.counts;
  const parts = [
    describe(p.condition('Updated'), 'Updated'),
    describe(p.condition('Updating'), 'Updating'),
  ];
  if (c.machine !== undefined && c.updated !== undefined) {
    parts.push(`${c.updated} of ${c.machine} machines updated`);
  }
  return parts.join(', ');
}

/** The pool's own explanation of why it is degraded, from NodeDegraded or RenderDegraded. */
export function degradedCause(p: MachineConfigPool): string | undefined {
  for (const type of [
    'NodeDegraded',
    'RenderDegraded',
    'PinnedImageSetsDegraded',
    'ImageBuildDegraded',
  ]) {
    const c = p.condition(type);
    if (c?.status === 'True') {
      const text = [c.reason, c.message].filter((s) => s !== '').join(': ');
      return `${type}: ${clip(text || 'no reason given', 300)}`;
    }
  }
  return undefined;
}

/** The pool is degraded by its pinned image sets and nothing else (the node controller, 4.16-4.18). */
export function onlyPinnedImageSets(p: MachineConfigPool): boolean {
  return (
    p.condition('PinnedImageSetsDegraded')?.status === 'True' &&
    ['NodeDegraded', 'RenderDegraded', 'ImageBuildDegraded'].every(
      (t) => p.condition(t)?.status !== 'True',
    )
  );
}

/** The condition entry that best shows a pool is degraded. */
export function degradedCondition(p: MachineConfigPool) {
  return p.condition('Degraded') ?? p.condition('NodeDegraded') ?? p.condition('RenderDegraded');
}

export function poolName(p: MachineConfigPool): string {
  return `\`${p.name}\``;
}
