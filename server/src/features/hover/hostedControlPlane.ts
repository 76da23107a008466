/**
 * Hovers on a hosted cluster's control plane (HyperShift): the HostedControlPlane's conditions
 * and a ControlPlaneComponent's against their healthy values, with ages from the gather time,
 * what each means for the control plane, and the component's workload and pods.
 */
import { ago } from '../../core/text';
import { clipped, code, sections, text } from '../../core/markdown';
import type { Condition } from '../../model/condition';
import type { HostedPart } from '../../model/hosted';
import { componentOfPod, componentNotRolledOut } from '../../model/hostedControlPlane';
import type { ControlPlaneComponent, HostedControlPlane } from '../../model/hostedControlPlane';
import { podFailure } from '../../model/podFailures';
import { conditionAt, conditionTable } from './conditions';

/** The healthy status of each HostedControlPlane condition (hypershift `hostedcontrolplane_controller.go`). */
const planeExpected: Record<string, string> = {
  Available: 'True',
  Degraded: 'False',
  EtcdAvailable: 'True',
  KubeAPIServerAvailable: 'True',
  InfrastructureReady: 'True',
  ValidHostedControlPlaneConfiguration: 'True',
  ValidReleaseInfo: 'True',
  ClusterVersionFailing: 'False',
  ClusterVersionAvailable: 'True',
  ClusterVersionUpgradeable: 'True',
};

/** A component's healthy conditions: `RolloutComplete` (4.20+), `Available`, `Progressing` done. */
const componentExpected: Record<string, string> = {
  Available: 'True',
  RolloutComplete: 'True',
};

const meaning: Record<string, string> = {
  Degraded:
    'True when a Deployment the control-plane operator manages has unavailable replicas (`UnavailableReplicas`, naming each); the HostedCluster copies it. A pod of another operator in the namespace never sets it.',
  Available:
    'The first False of, in order: infrastructure, kubeconfig, etcd, the API server, its load balancer, and (4.20+) the components (`ComponentsNotAvailable`); the HostedCluster copies it.',
  EtcdAvailable:
    'False without etcd quorum: `EtcdWaitingForQuorum` ("Etcd volume claim … pending: …" quotes the claim\'s Warning events), or `StatefulSetNotFound`.',
  RolloutComplete:
    'False until the workload runs the release on every replica (4.20+): `WaitingForRolloutComplete`, `WaitingForOperands`, `WaitingForDependencies`, `ReconciliationError`.',
  Progressing:
    "Before 4.20, the Deployment's own `Progressing`, copied: `ProgressDeadlineExceeded` when its new pods did not become available in time.",
};

/** The hovered condition against its healthy value, its age from the gather, and what it means. */
function agedRow(
  c: Condition | undefined,
  expected: Record<string, string>,
  gatherTime: Date | undefined,
): string | undefined {
  if (!c) return undefined;
  const want = Object.hasOwn(expected, c.type) ? expected[c.type] : undefined;
  const status = text(clipped(c.status, 60));
  const since = c.lastTransitionTime ? ` (changed ${ago(c.lastTransitionTime, gatherTime)})` : '';
  const head = `${text(clipped(c.type, 60))}: expected ${want ?? '—'}, actual ${want !== undefined && want !== c.status ? `**${status}**` : status}${since}`;
  const why = Object.hasOwn(meaning, c.type) ? meaning[c.type] : undefined;
  return [head, why].filter((x) => x !== undefined).join('\n\n');
}

export function hostedControlPlaneHover(
  part: HostedPart,
  hcp: HostedControlPlane,
  path: string[],
  gatherTime: Date | undefined,
  explained?: string,
): string | undefined {
  if (path[0] !== 'status') return undefined;
  const cp = part.controlPlane;
  const stuck = (cp?.components ?? [])
    .filter((c) => componentNotRolledOut(c))
    .map((c) => code(c.name));
  const failing = (cp?.pods ?? []).filter((p) => podFailure(p)).map((p) => code(p.name));
  const hovered = conditionAt(hcp.conditions, path);
  return sections(
    `**HostedControlPlane ${code(hcp.name)}** of HostedCluster ${code(part.cluster.name)}: ${hcp.version ? `version ${code(hcp.version)}` : 'no version yet'}; ${stuck.length ? `components not rolled out: ${stuck.join(', ')}` : 'every component rolled out'}${failing.length ? `; pods that cannot run: ${failing.join(', ')}` : ''}`,
    agedRow(hovered, planeExpected, gatherTime),
    path[1] === 'conditions'
      ? conditionTable(hcp.conditions, planeExpected, gatherTime, hovered)
      : undefined,
    explained,
  );
}

export function controlPlaneComponentHover(
  part: HostedPart,
  c: ControlPlaneComponent,
  path: string[],
  gatherTime: Date | undefined,
  explained?: string,
): string | undefined {
  if (path[0] !== 'status') return undefined;
  const cp = part.controlPlane;
  const w = cp?.workloads.find((x) => x.name === c.name);
  const pods = (cp?.pods ?? []).filter((p) => componentOfPod(p) === c.name);
  const podWords = pods.map((p) => {
    const f = podFailure(p);
    const words =
      f?.kind === 'waiting'
        ? f.reason
        : f?.kind === 'unschedulable'
          ? 'not scheduled'
          : f
            ? f.kind
            : p.phase;
    return `${code(p.name)} ${text(words)}`;
  });
  const hovered = conditionAt(c.conditions, path);
  return sections(
    `**ControlPlaneComponent ${code(c.name)}**: version ${code(c.version ?? 'none yet')}${w ? `; ${w.kind} ${code(w.name)}: ${text(w.rolloutWords)}` : ''}${podWords.length ? `; pods: ${podWords.join(', ')}` : ''}`,
    agedRow(hovered, componentExpected, gatherTime),
    path[1] === 'conditions'
      ? conditionTable(c.conditions, componentExpected, gatherTime, hovered)
      : undefined,
    explained,
  );
}
