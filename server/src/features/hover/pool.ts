/** Hovers on a MachineConfigPool: required-for-upgrade, conditions, machine counts, rendered configs. */
import type { MachineConfigPool } from '../../model/machineConfigPool';
import { requiredForUpgradeLabel } from '../../model/machineConfigPool';
import type { Node } from '../../model/node';
import { nodesOf } from '../../model/snapshot';
import type { Snapshot } from '../../model/snapshot';
import { code, sections, table, text } from '../../core/markdown';
import { conditionAt, conditionTable } from './conditions';
import { renderedConfigRow } from './renderedConfig';

/** Healthy steady state of a pool (docs/domain/machine-config-pools.md, "Healthy steady state"). */
const poolExpected: Record<string, string> = {
  Updated: 'True',
  Updating: 'False',
  Degraded: 'False',
  NodeDegraded: 'False',
  RenderDegraded: 'False',
};

const countKeys: Record<string, string> = {
  machineCount: 'machine',
  readyMachineCount: 'ready',
  updatedMachineCount: 'updated',
  unavailableMachineCount: 'unavailable',
  degradedMachineCount: 'degraded',
};

export function poolHover(
  snapshot: Snapshot,
  pool: MachineConfigPool,
  path: string[],
  gatherTime: Date | undefined,
  explained?: string,
): string | undefined {
  const [top, field] = path;
  if (top === 'metadata' && (field === 'labels' || field === 'name')) {
    return requiredHover(pool);
  }
  if (top === 'spec' && field === 'paused')
    return sections(title(pool, 'paused'), pausedNote(pool));
  if ((top === 'spec' || top === 'status') && field === 'configuration') {
    if (path.length === 2 || path[2] === 'name') return configsHover(snapshot, pool, gatherTime);
  }
  if (top === 'status' && field !== undefined && Object.hasOwn(countKeys, field))
    return countsHover(pool);
  if (top === 'status' && (field === undefined || field === 'conditions')) {
    const hovered = conditionAt(pool.conditions, path);
    return sections(
      title(pool, 'conditions'),
      conditionTable(pool.conditions, poolExpected, gatherTime, hovered),
      explained,
      pool.paused ? pausedNote(pool) : undefined,
    );
  }
  return undefined;
}

function title(pool: MachineConfigPool, what: string): string {
  return `**MachineConfigPool ${code(pool.name)}: ${what}**`;
}

function requiredHover(pool: MachineConfigPool): string {
  const required = pool.requiredForUpgrade;
  const label = `The label ${code(requiredForUpgradeLabel)} is ${required ? '**present**' : '**absent**'}.`;
  const meaning = required
    ? 'The machine-config operator waits for every required pool to be updated before it reports ' +
      'the new version: until this pool has rolled out its target, the operator keeps reporting ' +
      'the previous version and the cluster-version operator keeps waiting.'
    : 'The machine-config operator does not wait for this pool to finish before it reports the new ' +
      'version (only pools with the label are waited for; `master` has it by default). But a ' +
      '**degraded** non-required pool still fails the operator’s required-pool sync: the operator ' +
      'turns Degraded (RequiredPoolsFailed) and holds its version back (bug 1943289 behaviour).';
  const degraded = pool.condition('Degraded')?.status === 'True';
  const now =
    !required && degraded
      ? 'This pool is **Degraded**: it is holding the machine-config operator’s version back although it is not required for upgrade.'
      : `State: ${poolState(pool)}.`;
  return sections(
    title(pool, required ? 'required for upgrade' : 'not required for upgrade'),
    `${label}\n\n${meaning}`,
    now,
    pool.paused ? pausedNote(pool) : undefined,
  );
}

function pausedNote(pool: MachineConfigPool): string {
  if (!pool.paused) return '`spec.paused` is false: the pool rolls out new rendered configs.';
  const behind = pool.targetConfig !== undefined && pool.currentConfig !== pool.targetConfig;
  return (
    '**Paused** (`spec.paused: true`): the controller rolls no new rendered config out to the ' +
    'pool’s nodes; status is still computed. ' +
    (behind
      ? 'The pool is behind its target, so expect Updated=False and Updating=False (“Pool is paused; will not update to …”).'
      : 'The pool is at its target.')
  );
}

/** `Updated=False, Updating=True, Degraded=True; 25 of 52 machines updated`. */
export function poolState(pool: MachineConfigPool): string {
  const conds = ['Updated', 'Updating', 'Degraded'].map(
    (t) => `${t}=${text(pool.condition(t)?.status ?? 'not reported')}`,
  );
  const c = pool.counts;
  const counts =
    c.machine !== undefined && c.updated !== undefined
      ? `; ${c.updated} of ${c.machine} machines updated`
      : '';
  return conds.join(', ') + counts;
}

function countsHover(pool: MachineConfigPool): string {
  const c = pool.counts;
  const show = (n: number | undefined) => (n === undefined ? 'not reported' : String(n));
  const machine = c.machine;
  const rows: [string, number | undefined, string][] = [
    ['machine', c.machine, '—'],
    ['ready', c.ready, machine === undefined ? '= machine' : String(machine)],
    ['updated', c.updated, machine === undefined ? '= machine' : String(machine)],
    ['unavailable', c.unavailable, '0'],
    ['degraded', c.degraded, '0'],
  ];
  return sections(
    title(pool, 'machine counts'),
    table(
      ['count', 'value', 'healthy'],
      rows.map(([name, n, want]) => [
        name,
        want === '—' || show(n) === want ? show(n) : `**${show(n)}** ✗`,
        want,
      ]),
    ),
    'Updated: the node runs the target config and its daemon is Done. Ready: updated and the node is ready. ' +
      'Unavailable: not ready, or still updating. Degraded: the daemon reports Degraded or Unreconcilable.',
  );
}

function configsHover(
  snapshot: Snapshot,
  pool: MachineConfigPool,
  gatherTime: Date | undefined,
): string {
  const target = pool.targetConfig;
  const current = pool.currentConfig;
  const rows: string[][] = [];
  if (target) rows.push(['target (spec)', ...renderedConfigRow(snapshot, target, gatherTime)]);
  if (current) rows.push(['current (status)', ...renderedConfigRow(snapshot, current, gatherTime)]);
  const verdict =
    target === undefined
      ? 'The pool has no target rendered config.'
      : target === current
        ? 'Target and current are the same: every node of the pool was updated to the target.'
        : 'Target and current differ: a rollout is pending or running (the controller copies the target into `status.configuration` only once every node is updated).';
  return sections(
    title(pool, 'rendered configs'),
    table(['', 'rendered config', 'created', 'release-image-version'], rows),
    verdict,
    nodesTable(nodesOf(snapshot, pool)),
  );
}

/** The pool's nodes grouped by the rendered config they run, the one they should run, and their daemon state. */
function nodesTable(nodes: Node[]): string {
  if (nodes.length === 0) return 'No node of this pool is in the must-gather.';
  const groups = new Map<
    string,
    { current: string; desired: string; state: string; names: string[] }
  >();
  for (const n of nodes) {
    const current = n.currentConfig ?? 'none';
    const desired = n.desiredConfig ?? 'none';
    const state = n.mcdState ?? 'none';
    const key = `${current}\0${desired}\0${state}`;
    const g = groups.get(key) ?? { current, desired, state, names: [] };
    g.names.push(n.name);
    groups.set(key, g);
  }
  const rows = [...groups.values()]
    .sort((a, b) => b.names.length - a.names.length)
    .map((g) => [
      text(g.current),
      g.desired === g.current ? 'same' : text(g.desired),
      text(g.state),
      `${g.names.length}: ${text(g.names.slice(0, 4).join(', '))}${g.names.length > 4 ? ', …' : ''}`,
    ]);
  return `**Nodes** (${nodes.length})\n\n${table(['current config', 'desired config', 'MCD state', 'nodes'], rows)}`;
}
