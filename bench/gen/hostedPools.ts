/**
 * More NodePools for the hosted preset: copies of the settled NodePool of the fixtures' healthy
 * gather (`hostedHealthy()`: prod-workers on 4.18.22, its MachineDeployment, MachineSet,
 * AWSMachineTemplate, and per worker a Machine, an AWSMachine and a guest Node), renamed and
 * moved forward to the gather the benchmark's dump is of, one Machine copied per worker asked
 * for. Copying text keeps every cross-reference (the Node's `cluster.x-k8s.io/machine`
 * annotation, the `hypershift.openshift.io/nodePool` label, owner references) in step without
 * a second builder of those objects.
 */
import { hexFrom, k8sSuffix, uuidFrom } from '../../scripts/fixtures/det';
import type { HostedDump } from '../../scripts/fixtures/hosted-dump';
import type { JsonObject } from '../../scripts/fixtures/json';
import { nameOf } from '../../scripts/fixtures/snapshot';

/** The NodePool every copy is made from. */
const SOURCE_POOL = 'prod-workers';

export interface PoolCopies {
  /** NodePools, for the HostedCluster's namespace. */
  nodePools: JsonObject[];
  /** MachineDeployments, MachineSets, templates, Machines and AWSMachines, for the control-plane namespace. */
  capi: JsonObject[];
  /** One guest Node per Machine. */
  nodes: JsonObject[];
}

interface Source {
  nodePool: JsonObject;
  /** The pool's objects but the per-worker ones. */
  poolObjects: JsonObject[];
  machine: JsonObject;
  awsMachine: JsonObject;
  node: JsonObject;
}

const kindOf = (o: JsonObject) => String(o.kind);
const annotation = (o: JsonObject, k: string) =>
  ((o.metadata as JsonObject).annotations as Record<string, string> | undefined)?.[k];

function sourceOf(healthy: HostedDump): Source {
  const all = healthy.namespaces.flatMap((n) => n.objects);
  const nodePool = all.find((o) => kindOf(o) === 'NodePool' && nameOf(o) === SOURCE_POOL);
  const poolObjects = all.filter(
    (o) =>
      ['MachineDeployment', 'MachineSet', 'AWSMachineTemplate'].includes(kindOf(o)) &&
      (nameOf(o) === SOURCE_POOL || nameOf(o).startsWith(`${SOURCE_POOL}-`)),
  );
  const machines = all
    .filter((o) => kindOf(o) === 'Machine')
    .sort((a, b) => (nameOf(a) < nameOf(b) ? -1 : 1));
  const machine = machines[0];
  const awsMachine = all.find(
    (o) => kindOf(o) === 'AWSMachine' && machine !== undefined && nameOf(o) === nameOf(machine),
  );
  const node = healthy.guest.nodes.find(
    (n) => machine !== undefined && annotation(n, 'cluster.x-k8s.io/machine') === nameOf(machine),
  );
  if (!nodePool || !machine || !awsMachine || !node || poolObjects.length !== 3)
    throw new Error('the healthy hosted gather has no settled prod-workers to copy');
  return { nodePool, poolObjects, machine, awsMachine, node };
}

/** RFC 3339 instants, with or without a fraction. */
const instant = /\b(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d)(\.\d+)?Z\b/g;

/** `text` with every instant moved by `ms`, its fraction kept. */
function shifted(text: string, ms: number): string {
  return text.replace(instant, (_, s: string, frac: string | undefined) => {
    const t = new Date(Date.parse(`${s}Z`) + ms).toISOString().slice(0, 19);
    return `${t}${frac ?? ''}Z`;
  });
}

const uidOf = (o: JsonObject) => String((o.metadata as JsonObject).uid);

/** Each object's uid (and so the references to it) made a copy's own, from `seed`. */
const newUids = (objects: JsonObject[], seed: string): [string, string][] =>
  objects.map((o) => [uidOf(o), uuidFrom(`${seed}:${uidOf(o)}`)]);

/** A copy of `objects` with each `[from, to]` replaced in all their text, in order. */
function copied(objects: JsonObject[], swaps: [string, string][], ms: number): JsonObject[] {
  let text = JSON.stringify(objects);
  for (const [from, to] of swaps) text = text.split(from).join(to);
  for (const [from, to] of swaps) text = text.split(from).join(to);
  return JSON.parse(shifted(text, ms)) as JsonObject[];
}

/** The guest-side spot of the `n`-th copied worker (10.0.64.0/18: no fixture node is there). */
function spot(n: number): { ip: string; host: string; instance: string } {
  const ip = `10.0.${64 + Math.floor(n / 250)}.${(n % 250) + 2}`;
  return {
    ip,
    host: `ip-${ip.replace(/\./g, '-')}`,
    instance: `i-0${hexFrom(`bench:hosted:instance:${n}`, 16)}`,
  };
}

const replicaKeys = new Set([
  'replicas',
  'readyReplicas',
  'availableReplicas',
  'updatedReplicas',
  'upToDateReplicas',
  'fullyLabeledReplicas',
  'ready',
  'available',
  'updated',
]);

/** Every replica count the source pool's objects give as `from` set to `to`. */
function setReplicas(v: unknown, from: number, to: number): void {
  if (Array.isArray(v)) for (const x of v) setReplicas(x, from, to);
  else if (v !== null && typeof v === 'object') {
    const o = v as Record<string, unknown>;
    for (const [k, x] of Object.entries(o)) {
      if (replicaKeys.has(k) && x === from) o[k] = to;
      else setReplicas(x, from, to);
    }
  }
}

/**
 * `sizes.length` NodePools named `<prefix>-NN`, the k-th with `sizes[k]` workers, copied from
 * the healthy gather and moved by `shiftMs` (to the benchmark dump's gather).
 */
export function copyPools(
  healthy: HostedDump,
  prefix: string,
  sizes: number[],
  shiftMs: number,
): PoolCopies {
  const src = sourceOf(healthy);
  const from = Number((src.nodePool.spec as JsonObject).replicas);
  const srcNode = nameOf(src.node);
  const srcHost = srcNode.split('.')[0] as string;
  const srcIp = srcHost.replace(/^ip-/, '').replace(/-/g, '.');
  // The instance id as the Machine's providerID gives it (`ami-0…` ids hold the same pattern).
  const providerID = String((src.machine.spec as JsonObject).providerID);
  const srcInstance = /\/(i-0[0-9a-f]{16})$/.exec(providerID)?.[1];
  if (!srcInstance) throw new Error('the source worker has no instance id');
  const out: PoolCopies = { nodePools: [], capi: [], nodes: [] };
  let n = 0;
  sizes.forEach((size, k) => {
    const pool = `${prefix}-${String(k + 1).padStart(2, '0')}`;
    const rename: [string, string] = [SOURCE_POOL, pool];
    const poolSources = [src.nodePool, ...src.poolObjects];
    const poolUids = newUids(poolSources, `bench:hosted:${pool}`);
    const [np, ...poolObjects] = copied(poolSources, [...poolUids, rename], shiftMs);
    for (const o of [np, ...poolObjects]) setReplicas(o, from, size);
    out.nodePools.push(np as JsonObject);
    out.capi.push(...poolObjects);
    for (let j = 0; j < size; j++, n++) {
      const s = spot(n);
      // `<pool>-<MachineSet suffix>-<suffix of its own>`, as the MachineSet names its Machines.
      const machineSet = nameOf(src.machine)
        .replace(/-[a-z0-9]{5}$/, '')
        .replace(SOURCE_POOL, pool);
      const machine = `${machineSet}-${k8sSuffix(`bench:hosted:${pool}:${j}`, 5)}`;
      const workerSources = [src.machine, src.awsMachine, src.node];
      const swaps: [string, string][] = [
        ...newUids(workerSources, `bench:hosted:${pool}:${j}`),
        ...poolUids,
        [nameOf(src.machine), machine],
        rename,
        [srcHost, s.host],
        [srcIp, s.ip],
        [srcInstance, s.instance],
      ];
      const [m, aws, node] = copied(workerSources, swaps, shiftMs);
      out.capi.push(m as JsonObject, aws as JsonObject);
      out.nodes.push(node as JsonObject);
    }
  });
  return out;
}
