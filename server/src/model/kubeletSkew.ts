/**
 * Kubelet version skew as OpenShift judges it: the kube-apiserver operator's
 * `KubeletVersionSkewController` (openshift/cluster-kube-apiserver-operator, release-4.9 … main)
 * allows kubelets 2 minors behind the API server on even 4.y and 1 behind on odd 4.y, measured
 * against the API server's own version (ClusterOperator kube-apiserver,
 * `versions[name=kube-apiserver]`), not the masters' kubelets, which trail during an update.
 * Shared by the `node-version-skew` rule, `operator-not-upgradeable` (whose kube-apiserver
 * finding it explains) and `recommend`'s check of the next minor.
 */
import type { Location } from '../core/finding';
import type { Node } from './node';
import { allowedKubeletSkew, kubeletMinor, kubeToOpenShiftMinor } from './release';
import { operator } from './snapshot';
import type { Snapshot } from './snapshot';

/** The cause key of kube-apiserver's Upgradeable=False over the kubelet skew (`Finding.cause`). */
export const kubeletSkewCause = 'kubelet-skew';

/** The kube-apiserver operator's Upgradeable reasons about kubelet skew. */
export function isKubeletSkewReason(reason: string): boolean {
  return reason.startsWith('KubeletMinorVersion_');
}

/** The API server's Kubernetes version and where it was read. */
export interface ApiServerVersion {
  minor: number;
  version: string;
  location: Location | undefined;
  /** The control-plane node whose kubelet stood in for it, when kube-apiserver's version is not gathered. */
  fromNode?: string;
}

function isMaster(n: Node): boolean {
  return (
    'node-role.kubernetes.io/master' in n.labels ||
    'node-role.kubernetes.io/control-plane' in n.labels
  );
}

/** The API server's version, from its ClusterOperator; else the newest control-plane kubelet. */
export function apiServerVersion(s: Snapshot): ApiServerVersion | undefined {
  const entry = operator(s, 'kube-apiserver')?.versions.find((v) => v.name === 'kube-apiserver');
  const minor = kubeletMinor(entry?.version);
  if (entry && minor !== undefined) {
    return { minor, version: entry.version, location: entry.location };
  }
  let best: ApiServerVersion | undefined;
  for (const m of s.nodes.filter(isMaster)) {
    const mm = kubeletMinor(m.kubeletVersion);
    if (mm !== undefined && (!best || mm > best.minor)) {
      best = {
        minor: mm,
        version: m.kubeletVersion ?? `1.${mm}`,
        location: m.at('status', 'nodeInfo', 'kubeletVersion'),
        fromNode: m.name,
      };
    }
  }
  return best;
}

/** A node whose kubelet trails an API server of Kubernetes 1.`apiMinor` by more than allowed. */
export interface SkewedNode {
  node: Node;
  /** Minors it trails by. */
  behind: number;
}

/**
 * The nodes too far behind an API server of Kubernetes 1.`apiMinor`, and the skew OpenShift
 * allows there (OpenShift 4.y ships Kubernetes 1.(y+13)).
 */
export function kubeletsTooFarBehind(
  s: Snapshot,
  apiMinor: number,
): { openshiftMinor: number; allowed: number; nodes: SkewedNode[] } {
  const openshiftMinor = apiMinor - kubeToOpenShiftMinor;
  const allowed = allowedKubeletSkew(openshiftMinor);
  const nodes: SkewedNode[] = [];
  for (const node of s.nodes) {
    const minor = kubeletMinor(node.kubeletVersion);
    if (minor !== undefined && apiMinor - minor > allowed)
      nodes.push({ node, behind: apiMinor - minor });
  }
  return { openshiftMinor, allowed, nodes };
}
