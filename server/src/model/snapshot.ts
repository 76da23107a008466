/** Everything the rules may look at for one must-gather root: typed, read-only views. */
import type { Deployment } from './deployment';
import type { Subject } from '../core/finding';
import type { GatherRoot } from '../gather/discover';
import type { Alert } from './alerts';
import type { ResultOfWork } from './cvoLog';
import type { DrainLine } from './drainLog';
import type { KubeEvent } from './events';
import type { ClusterOperator } from './clusterOperator';
import type { ClusterVersion } from './clusterVersion';
import type { AdminConfigMaps } from './configMap';
import type { Infrastructure } from './infrastructure';
import type { MachineConfig } from './machineConfig';
import type { MachineConfigNode } from './machineConfigNode';
import type { MachineConfigPool } from './machineConfigPool';
import type { MachineOSBuild, MachineOSConfig } from './machineOS';
import type { OsUpdateRetry } from './mcdLog';
import type { Node } from './node';
import type { OperandNamespaces } from './operandNamespaces';
import type { TailLine } from './logTail';
import type { Workload } from './workload';
import type { Pod } from './pod';
import type { PodDisruptionBudget } from './podDisruptionBudget';
import type { HostedPart } from './hosted';

export interface Snapshot {
  root: GatherRoot;
  gatherTime?: Date;
  clusterVersion?: ClusterVersion;
  /** The Infrastructure `cluster` (the platform), when the gather holds it. */
  infrastructure?: Infrastructure;
  operators: ClusterOperator[];
  pools: MachineConfigPool[];
  /** Rendered configs referenced by pools and nodes, by name. */
  machineConfigs: Map<string, MachineConfig>;
  nodes: Node[];
  /** On-cluster layering: the MachineOSConfigs (one per opted-in pool) and their builds. */
  machineOSConfigs: MachineOSConfig[];
  machineOSBuilds: MachineOSBuild[];
  /** `Result of work` lines of the cluster-version operator's logs, one entry per container. */
  cvoLogs: ContainerResults[];
  /** The admin-gates and admin-acks ConfigMaps, as far as the gather holds their namespaces. */
  adminConfigMaps?: AdminConfigMaps;
  /** The machine-config daemon's log of each node Degraded by an OS update, where the gather holds it. */
  daemonLogs: DaemonLog[];
  /**
   * Drain lines of the machine-config-controller's logs (4.11+ drains), and of the daemons of
   * nodes a 4.10 daemon is draining, one entry per container.
   */
  drainLogs: ContainerDrainLines[];
  /**
   * The machine-config operator's Deployment, when its namespace's Deployments were gathered:
   * the image it runs tells a finished operator update from one in flight at the same version.
   */
  mcoDeployment?: Deployment;
  /** PodDisruptionBudgets of the namespaces that were gathered. */
  pdbs: PodDisruptionBudget[];
  /**
   * The namespaces whose PodDisruptionBudgets the gather holds (a `policy/poddisruptionbudgets`
   * file, maybe empty; a cluster-wide List adds its items' namespaces), sorted; none when no such
   * file was gathered. A must-gather holds the platform's namespaces, not the users'.
   */
  pdbNamespaces: string[];
  /**
   * The pods (and their nodes) each PodDisruptionBudget allowing no disruption covers, from its
   * namespace's gathered pods, keyed `<namespace>/<name>`; empty when none is at its limit.
   */
  budgetPods: Map<string, { name: string; node?: string }[]>;
  /**
   * The pods of the namespaces unhealthy operators name (`operandNamespaces`), read whole; none
   * while every operator is Available and not Degraded.
   */
  operandPods: Pod[];
  /** Those namespaces, with the operators naming each, and how many were left out past the bound. */
  operandNamespaces: OperandNamespaces;
  /** The Deployments, DaemonSets, StatefulSets and ReplicaSets of those namespaces. */
  operandWorkloads: Workload[];
  /** The end of each failing operand container's log, keyed `<namespace>/<pod>/<container>`. */
  podLogTails: Map<string, PodLogTail>;
  /** MachineConfigNodes (4.16+ TechPreview, default from 4.20; gathered from 4.19), by name. */
  machineConfigNodes: MachineConfigNode[];
  /**
   * Prometheus' pending and firing alerts (`monitoring/prometheus/rules.json` and `alerts.json`,
   * an alert in both once), when the gather saved them; empty otherwise.
   */
  alerts: Alert[];
  /**
   * Warning events a rule may cite, newest first: read only when such a finding is possible (a
   * node whose drain fails or is pending or whose OS update failed: `default` and the MCO's
   * namespace; a static-pod operator whose installer fails: its own and its operand's namespace),
   * else empty. Hovers read other namespaces' events on demand (`analysis/loadEvents.ts`).
   */
  events: KubeEvent[];
  /** Namespaces the gather holds any file of (`namespaces/<ns>/…`), sorted. */
  namespaces: string[];
  /** A hosted cluster's management side (HyperShift): the root is its guest part. */
  hosted?: HostedPart;
  /**
   * The guest's `kube-system/konnectivity-agent-*` pods, read only when the HostedCluster says
   * its control plane and workers cannot reach each other.
   */
  konnectivityPods?: Pod[];
}

/** What a Degraded node's machine-config-daemon log adds to its annotations. */
/** The last error lines of a failing container's log (model/logTail.ts). */
export interface PodLogTail {
  file: string;
  /** The previous run's log (a crash loop's), not the current one's. */
  previous: boolean;
  lines: TailLine[];
}

export interface DaemonLog {
  /** The node the daemon pod runs on (its `spec.nodeName`). */
  node: string;
  subject: Subject;
  /** The newest log file read. */
  file: string;
  /** Oldest first. */
  osUpdateRetries: (OsUpdateRetry & { file: string })[];
}

/** A drain line and the log file it is in. */
export interface LoggedDrainLine extends DrainLine {
  file: string;
  /** The container that logged it: `machine-config-controller` or `machine-config-daemon`. */
  from: string;
}

interface ContainerDrainLines {
  subject: Subject;
  /** The container's newest log file read. */
  file: string;
  /** Oldest first, across its files (previous, rotated, current). */
  lines: LoggedDrainLine[];
}

/** A `Result of work` line and the log file it is in. */
export interface LoggedResult extends ResultOfWork {
  file: string;
}

interface ContainerResults {
  subject: Subject;
  /** The container's newest log file read. */
  file: string;
  /** Oldest first, across its files (previous, rotated, current). */
  results: LoggedResult[];
}

export function operator(s: Snapshot, name: string): ClusterOperator | undefined {
  return s.operators.find((o) => o.name === name);
}

export function pool(s: Snapshot, name: string): MachineConfigPool | undefined {
  return s.pools.find((p) => p.name === name);
}

/** Nodes that belong to a pool. */
export function nodesOf(s: Snapshot, p: MachineConfigPool): Node[] {
  return s.nodes.filter((n) => primaryPool(s, n) === p);
}

/**
 * The pool a node belongs to. A node matching several selectors (a master that is also
 * labelled worker, a worker moved to a custom pool) belongs to the non-worker one, as the
 * MCO's node controller decides; with no selector match, the rendered config names the pool.
 */
export function primaryPool(s: Snapshot, n: Node): MachineConfigPool | undefined {
  const matching = s.pools.filter((p) => n.matches(p.nodeSelector));
  if (matching.length > 0) return matching.find((p) => p.name !== 'worker') ?? matching[0];
  const rendered = n.desiredConfig ?? n.currentConfig ?? '';
  return s.pools.find((p) => rendered.startsWith(`rendered-${p.name}-`));
}

/** The MachineConfigNode of a node, when the gather holds one. */
export function machineConfigNodeOf(s: Snapshot, node: string): MachineConfigNode | undefined {
  return s.machineConfigNodes.find((m) => m.nodeName === node);
}
