/**
 * What `recommend` reads beyond oc (issue 29): what the must-gather shows that will slow or stop
 * the next update, each a check named `gather/<Category>/<object>` with its accept name and its
 * evidence, and each category with nothing wrong as one `True` check. Paused pools (the update
 * will not reach their nodes), pools degraded or not updated, nodes not ready or cordoned (they
 * use up `maxUnavailable`), operators `Upgradeable=False` (they block a later minor), admin gates
 * of the current minor not acknowledged, PodDisruptionBudgets allowing no disruption (a drain
 * waits on them), kubelets the next minor's API server would leave too far behind, and APIs the
 * next release removes that are still requested. What the gather does not hold is one `Unknown`
 * check of its category, said as not gathered: never "no cause for concern".
 */
import type { RecommendCheck } from '../core/recommend';
import type { Alert } from '../model/alerts';
import { clip, listing, plural } from '../core/text';
import { findCondition } from '../model/condition';
import { ADMIN_ACKS, ADMIN_GATES, unacknowledgedGates } from '../model/configMap';
import { kubeletsTooFarBehind } from '../model/kubeletSkew';
import { kubeToOpenShiftMinor, parseRelease } from '../model/release';
import { primaryPool } from '../model/snapshot';
import type { Snapshot } from '../model/snapshot';

/** The snapshot, and how many Prometheus answers (`rules.json`, `alerts.json`) the gather saved. */
type Gathered = Snapshot & { alertFiles: number };

interface Category {
  name: string;
  /** The `True` check's message when nothing of this category is found. */
  happy: string | ((s: Gathered) => string);
  /**
   * Why the gather cannot tell, when it lacks what the category reads: the category is then one
   * `Unknown` check, with no accept name (the cluster may be fine; it is the gather that is
   * short), so it holds no `--version` target.
   */
  notGathered?: (s: Gathered) => string | undefined;
  checks: (s: Gathered) => RecommendCheck[];
}

const noPools = (s: Gathered) =>
  s.pools.length === 0
    ? 'MachineConfigPools were not gathered (no machineconfiguration.openshift.io/machineconfigpools in the must-gather), so whether a pool is paused, degraded or not updated is not known here.'
    : undefined;

const named = (category: string, object: string) => `gather/${category}/${object}`;

const removedApiAlerts = ['APIRemovedInNextReleaseInUse', 'APIRemovedInNextEUSReleaseInUse'];

const categories: Category[] = [
  {
    name: 'PausedPools',
    happy: 'No MachineConfigPool is paused.',
    notGathered: noPools,
    checks: (s) =>
      s.pools
        .filter((p) => p.paused)
        .map((p) => {
          const machines =
            p.counts.machine !== undefined ? plural(p.counts.machine, 'machine') : 'machines';
          return {
            name: named('PausedPools', p.name),
            status: 'False',
            reason: 'Paused',
            message: `Pool ${p.name} (${machines}) is paused: unpause it, or accept PausedPool, before the update. While it is paused the update does not reach its machines, which keep their current config${p.requiredForUpgrade ? ', and the machine-config operator waits for it' : ''}.`,
            acceptName: 'PausedPool',
            level: 'warning',
            evidence: p.at('spec', 'paused'),
          };
        }),
  },
  {
    name: 'PoolsNotReady',
    happy: 'Every MachineConfigPool is updated and not degraded.',
    notGathered: noPools,
    checks: (s) =>
      s.pools.flatMap((p): RecommendCheck[] => {
        const degraded = findCondition(p.conditions, 'Degraded');
        if (degraded?.status === 'True') {
          return [
            {
              name: named('PoolsNotReady', p.name),
              status: 'False',
              reason: 'Degraded',
              message: `Pool ${p.name} is Degraded${degraded.reason ? ` (${degraded.reason})` : ''}: fix it first, an update rolls new configs through it.${degraded.message ? ` ${clip(degraded.message, 300)}` : ''}`,
              acceptName: 'PoolNotReady',
              level: 'error',
              evidence: degraded.location,
            },
          ];
        }
        const updated = findCondition(p.conditions, 'Updated');
        if (p.paused || !updated || updated.status === 'True') return [];
        return [
          {
            name: named('PoolsNotReady', p.name),
            status: 'False',
            reason: 'NotUpdated',
            message:
              p.counts.updated !== undefined && p.counts.updated === p.counts.machine
                ? `Pool ${p.name} is not Updated though its ${plural(p.counts.machine ?? 0, 'node')} run its config: ${p.counts.unavailable ?? 0} unavailable (a cordoned or not ready node keeps the pool from Updated), and an update waits on it.`
                : `Pool ${p.name} has not finished rolling out its current config (${p.counts.updated ?? '?'} of ${p.counts.machine ?? '?'} nodes updated): an update now stacks a new rollout on it.`,
            acceptName: 'PoolNotReady',
            level: 'warning',
            evidence: updated.location,
          },
        ];
      }),
  },
  {
    name: 'NodesUnavailable',
    happy: 'Every node is Ready and schedulable.',
    notGathered: (s) =>
      s.nodes.length === 0
        ? 'Nodes were not gathered (no core/nodes in the must-gather), so whether a node is not Ready or cordoned is not known here.'
        : undefined,
    checks: (s) => {
      const byPool = new Map<string, { names: string[]; evidence: RecommendCheck['evidence'] }>();
      for (const n of s.nodes) {
        const ready = findCondition(n.conditions, 'Ready');
        const why =
          ready && ready.status !== 'True' ? 'not Ready' : n.unschedulable ? 'cordoned' : '';
        if (!why) continue;
        const pool = primaryPool(s, n)?.name ?? 'no pool';
        const e = byPool.get(pool) ?? { names: [], evidence: undefined };
        e.names.push(`${n.name} (${why})`);
        e.evidence ??= why === 'cordoned' ? n.unschedulableLocation : ready?.location;
        byPool.set(pool, e);
      }
      return [...byPool].map(([pool, e]) => ({
        name: named('NodesUnavailable', pool),
        status: 'False' as const,
        reason: 'NodesUnavailable',
        message: `${plural(e.names.length, 'node')} of pool ${pool} ${e.names.length === 1 ? 'is' : 'are'} unavailable: ${listing(e.names)}. Each counts against the pool's maxUnavailable, so the update drains fewer nodes at a time, or none.`,
        acceptName: 'NodeUnavailable',
        level: 'warning' as const,
        ...(e.evidence ? { evidence: e.evidence } : {}),
      }));
    },
  },
  {
    name: 'OperatorsNotUpgradeable',
    happy: 'No ClusterOperator is Upgradeable=False.',
    notGathered: (s) =>
      s.operators.length === 0
        ? 'ClusterOperators were not gathered, so whether one is Upgradeable=False is not known here.'
        : undefined,
    checks: (s) =>
      s.operators.flatMap((o): RecommendCheck[] => {
        const c = findCondition(o.conditions, 'Upgradeable');
        if (c?.status !== 'False') return [];
        return [
          {
            name: named('OperatorsNotUpgradeable', o.name),
            status: 'False',
            reason: c.reason || 'Upgradeable=False',
            message: `Operator ${o.name} is Upgradeable=False${c.reason ? ` (${c.reason})` : ''}: the cluster-version operator refuses an update to a later minor until it is True; z-stream updates go on.${c.message ? ` ${clip(c.message, 300)}` : ''}`,
            acceptName: 'OperatorNotUpgradeable',
            laterMinorOnly: true,
            level: 'warning',
            evidence: c.location,
          },
        ];
      }),
  },
  {
    name: 'AdminAcks',
    happy: 'Every admin gate of the current minor is acknowledged.',
    checks: (s) => {
      const maps = s.adminConfigMaps;
      if (!maps?.gates.configMap) {
        return maps?.gates.gathered === false || !maps
          ? [
              {
                name: 'gather/AdminAcks',
                status: 'Unknown',
                reason: 'NotGathered',
                message: `The ${ADMIN_GATES.namespace}/${ADMIN_GATES.name} ConfigMap is not in the must-gather, so the admin acknowledgements a later minor needs are not known here.`,
                acceptName: 'AdminAckUnknown',
                // Gates hold minor updates only: a z-stream target is not held by not knowing them.
                laterMinorOnly: true,
                level: 'info',
              },
            ]
          : [];
      }
      const minor = parseRelease(s.clusterVersion?.currentVersion)?.minor;
      return unacknowledgedGates(maps, minor).map((g) => ({
        name: named('AdminAcks', g.key),
        status: 'False' as const,
        reason: 'AdminAckRequired',
        message: `Admin gate ${g.key} is not acknowledged in ${ADMIN_ACKS.namespace}/${ADMIN_ACKS.name}: an update to the next minor is refused until it is. ${clip(g.message, 300)}`,
        acceptName: 'AdminAckRequired',
        laterMinorOnly: true,
        level: 'warning' as const,
        evidence: g.configMap.at('data', g.key),
      }));
    },
  },
  {
    name: 'PodDisruptionBudgets',
    happy: (s) =>
      `No PodDisruptionBudget is at its limit in the ${plural(s.pdbNamespaces.length, 'namespace')} whose budgets were gathered (${listing(s.pdbNamespaces.slice(0, 5))}${s.pdbNamespaces.length > 5 ? ` and ${s.pdbNamespaces.length - 5} more` : ''}); the namespaces a must-gather leaves out (user workloads) are not known here, the PodDisruptionBudgetAlerts check covers them.`,
    // A must-gather holds the platform's namespaces, not the users': no budget file at all is
    // not "none at its limit".
    notGathered: (s) =>
      s.pdbNamespaces.length === 0
        ? 'PodDisruptionBudgets were not gathered (no namespaces/<namespace>/policy/poddisruptionbudgets.yaml in the must-gather), so whether one allows no disruption, and which drains would wait on it, is not known here.'
        : undefined,
    checks: (s) =>
      s.pdbs
        .filter((p) => p.disruptionsAllowed === 0 && (p.expectedPods ?? 0) > 0)
        .map((p) => {
          const key = `${p.namespace ?? ''}/${p.name}`;
          const pods = s.budgetPods.get(key) ?? [];
          const onNodes = pods.map((pod) => {
            const node = pod.node ? s.nodes.find((n) => n.name === pod.node) : undefined;
            const pool = node ? primaryPool(s, node)?.name : undefined;
            return `${pod.name}${pod.node ? ` on ${pod.node}${pool ? ` (pool ${pool})` : ''}` : ''}`;
          });
          const where =
            onNodes.length > 0
              ? `: draining the node of ${listing(onNodes)} waits until it allows one`
              : ': draining a node that runs one of its pods waits until it allows one';
          return {
            name: named('PodDisruptionBudgets', key),
            status: 'False' as const,
            reason: 'NoDisruptionAllowed',
            message: `PodDisruptionBudget ${key} allows no disruption (${p.budget ?? 'its budget'}, ${p.currentHealthy ?? '?'} of ${p.expectedPods ?? '?'} pods healthy)${where}, and after an hour the node goes Degraded.`,
            acceptName: 'PodDisruptionBudgetAtLimit',
            level: 'warning' as const,
            evidence: p.disruptionsAllowedLocation,
          };
        }),
  },
  {
    name: 'KubeletSkew',
    happy: "No kubelet would be too far behind the next minor's API server.",
    notGathered: (s) =>
      s.nodes.length === 0
        ? "Nodes were not gathered, so their kubelets' versions against a later minor's API server are not known here."
        : undefined,
    checks: (s) => {
      const next = nextMinor(s);
      if (next === undefined) return [];
      const kube = next + kubeToOpenShiftMinor;
      const { allowed, nodes } = kubeletsTooFarBehind(s, kube);
      const behind = nodes.map((b) => b.node);
      if (behind.length === 0) return [];
      return [
        {
          name: named('KubeletSkew', `4.${next}`),
          status: 'False',
          reason: 'KubeletTooOld',
          message: `${plural(behind.length, 'kubelet')} would trail 4.${next}'s API server (Kubernetes 1.${kube}) by more than the ${allowed} minors OpenShift 4.${next} allows: ${listing(behind.slice(0, 5).map((n) => `${n.name} (${n.kubeletVersion ?? '?'})`))}${behind.length > 5 ? ` and ${behind.length - 5} more` : ''}. Update their pools first.`,
          acceptName: 'KubeletSkew',
          laterMinorOnly: true,
          level: 'warning',
          evidence: behind[0]!.at('status', 'nodeInfo', 'kubeletVersion'),
        },
      ];
    },
  },
  {
    name: 'RemovedAPIs',
    happy: 'No API the next release removes is reported in use.',
    // The alerts tell of removed APIs in use; without them nothing does.
    notGathered: (s) =>
      s.alertFiles === 0
        ? 'Prometheus alerts were not gathered (no monitoring/prometheus/rules.json or alerts.json), so the APIs the next release removes that are still requested are not known here.'
        : undefined,
    checks: (s) => {
      // One check per API: the next-release and next-EUS alerts often fire for the same one.
      const byApi = new Map<string, Alert[]>();
      for (const a of s.alerts) {
        if (a.state !== 'firing' || !removedApiAlerts.includes(a.name)) continue;
        const api =
          [a.labels.resource, a.labels.version, a.labels.group].filter((x) => x).join('.') ||
          a.name;
        byApi.set(api, [...(byApi.get(api) ?? []), a]);
      }
      return [...byApi].map(([api, alerts]) => {
        const a = alerts[0]!;
        const eusOnly = alerts.every((x) => x.name === 'APIRemovedInNextEUSReleaseInUse');
        return {
          name: named('RemovedAPIs', api),
          status: 'False' as const,
          reason: a.name,
          message: `${api} is still requested and is removed in Kubernetes ${a.labels.removed_release ?? 'a coming release'}${eusOnly ? ' (the next EUS release)' : ''}: the clients that call it break after that update (${listing(alerts.map((x) => x.name))}).`,
          acceptName: a.name,
          level: 'warning' as const,
          evidence: a.location,
          laterMinorOnly: true,
        };
      });
    },
  },
];

/** The newest later minor the cluster is offered (available or conditional), if any. */
function nextMinor(s: Snapshot): number | undefined {
  const cv = s.clusterVersion;
  const current = parseRelease(cv?.desiredVersion);
  if (!cv || !current) return undefined;
  const minors = [
    ...cv.availableUpdates.map((u) => u.version),
    ...cv.conditionalUpdates.map((u) => u.release.version),
  ]
    .map((v) => parseRelease(v))
    .filter((r) => r && r.major === current.major && r.minor > current.minor)
    .map((r) => r!.minor);
  return minors.length > 0 ? Math.max(...minors) : undefined;
}

export function recommendGatherChecks(s: Snapshot, alertFiles: number): RecommendCheck[] {
  const gathered: Gathered = { ...s, alertFiles };
  return categories.flatMap((c): RecommendCheck[] => {
    const unknown = c.notGathered?.(gathered);
    if (unknown) {
      return [
        {
          name: `gather/${c.name}`,
          status: 'Unknown',
          reason: 'NotGathered',
          message: unknown,
          level: 'info',
        },
      ];
    }
    const found = c.checks(gathered);
    if (found.length > 0) return found;
    return [
      {
        name: `gather/${c.name}`,
        status: 'True',
        reason: 'AsExpected',
        message: typeof c.happy === 'string' ? c.happy : c.happy(gathered),
        level: 'info',
      },
    ];
  });
}
