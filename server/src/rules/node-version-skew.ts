/**
 * node-version-skew: nodes whose kubelet minor version trails the API server's by more than
 * OpenShift allows. The kube-apiserver operator's KubeletVersionSkewController
 * (openshift/cluster-kube-apiserver-operator, release-4.9 … main) allows kubelets 2 minors
 * behind on even 4.y and 1 behind on odd 4.y, measured against the API server's own version
 * (ClusterOperator kube-apiserver, `versions[name=kube-apiserver]`), not the masters' kubelets,
 * which trail during an update. Its Upgradeable=False `KubeletMinorVersion_…` reasons and the
 * machine-config operator's skew notes are this finding's evidence, not findings of their own.
 */
import type { Finding, RelatedLocation } from '../core/finding';
import type { ClusterOperator } from '../model/clusterOperator';
import { findCondition } from '../model/condition';
import { allowedKubeletSkew, kubeletMinor, kubeToOpenShiftMinor } from '../model/release';
import { operator, primaryPool } from '../model/snapshot';
import type { Snapshot } from '../model/snapshot';
import { nodeTitle } from './common/words';
import { finding, rel } from './rule';
import type { Rule, RuleContext } from './rule';

/** The kube-apiserver operator's Upgradeable reasons about kubelet skew. */
/** The cause key of kube-apiserver's Upgradeable=False over the kubelet skew (`Finding.cause`). */
export const kubeletSkew = 'kubelet-skew';

export function isKubeletSkewReason(reason: string): boolean {
  return reason.startsWith('KubeletMinorVersion_');
}

interface ApiServer {
  minor: number;
  version: string;
  evidence: RelatedLocation | undefined;
}

/** The API server's version, from its ClusterOperator; else the newest control-plane kubelet. */
function apiServer(s: Snapshot): ApiServer | undefined {
  const kas = operator(s, 'kube-apiserver');
  const entry = kas?.versions.find((v) => v.name === 'kube-apiserver');
  const minor = kubeletMinor(entry?.version);
  if (entry && minor !== undefined) {
    return {
      minor,
      version: entry.version,
      evidence: rel(entry.location, `kube-apiserver runs Kubernetes ${entry.version}`),
    };
  }
  const masters = s.nodes.filter(
    (n) =>
      'node-role.kubernetes.io/master' in n.labels ||
      'node-role.kubernetes.io/control-plane' in n.labels,
  );
  let best: ApiServer | undefined;
  for (const m of masters) {
    const mm = kubeletMinor(m.kubeletVersion);
    if (mm !== undefined && (!best || mm > best.minor)) {
      best = {
        minor: mm,
        version: m.kubeletVersion ?? `1.${mm}`,
        evidence: rel(
          m.at('status', 'nodeInfo', 'kubeletVersion'),
          `control-plane node ${m.name}: ${m.kubeletVersion} (no kube-apiserver version in this must-gather)`,
        ),
      };
    }
  }
  return best;
}

/** What the operators say about the skew: evidence for each node's finding. */
function operatorNotes(s: Snapshot): RelatedLocation[] {
  const notes: (RelatedLocation | undefined)[] = [];
  const up = (o: ClusterOperator | undefined) => o && findCondition(o.conditions, 'Upgradeable');
  const kas = up(operator(s, 'kube-apiserver'));
  if (kas?.status === 'False' && isKubeletSkewReason(kas.reason)) {
    notes.push(rel(kas.location, `kube-apiserver Upgradeable=False (${kas.reason})`));
  }
  const mco = up(operator(s, 'machine-config'));
  // 4.9–4.17 note the skew with Upgradeable=True; 4.18+ block on RHEL nodes (RHELNodes).
  if (
    mco &&
    (mco.reason === 'RHELNodes' || (/kubelet/i.test(mco.message) && /skew/i.test(mco.message)))
  ) {
    notes.push(
      rel(
        mco.location,
        `machine-config Upgradeable=${mco.status}${mco.reason ? ` (${mco.reason})` : ''}`,
      ),
    );
  }
  return notes.filter((n): n is RelatedLocation => n !== undefined);
}

export const nodeVersionSkew: Rule = {
  meta: {
    id: 'node-version-skew',
    defaultSeverity: 'warning',
    levels: 'warning',
    description: "nodes' kubelets trail the API server by more than OpenShift allows",
    explanation:
      "a node's kubelet trails the API server by more minors than OpenShift allows (2 on even 4.y, 1 on odd 4.y, as the kube-apiserver operator checks).",
    impact: 'None',
    reads: ['Node', 'ClusterOperator'],
    leadsTo: ['operator-not-upgradeable'],
    // kube-apiserver's Upgradeable=False KubeletMinorVersion_… says the same skew.
    explains: [
      { rule: 'operator-not-upgradeable', subject: 'co/kube-apiserver', cause: kubeletSkew },
    ],
  },
  check(s: Snapshot, _context: RuleContext): Finding[] {
    const api = apiServer(s);
    if (!api) return [];
    const ocpMinor = api.minor - kubeToOpenShiftMinor;
    const allowed = allowedKubeletSkew(ocpMinor);
    const notes = operatorNotes(s);
    return s.nodes.flatMap((n) => {
      const minor = kubeletMinor(n.kubeletVersion);
      if (minor === undefined || api.minor - minor <= allowed) return [];
      const pool = primaryPool(s, n);
      const message =
        `${nodeTitle(n.name, pool?.name)} runs kubelet ${n.kubeletVersion}, ${api.minor - minor} minor versions behind the API server's ${api.version}; ` +
        `OpenShift 4.${ocpMinor} allows ${allowed}`;
      const detail =
        `OpenShift 4.y ships Kubernetes 1.(y+13) and does not apply upstream Kubernetes' skew limit: the kube-apiserver operator's kubelet skew check allows a kubelet 2 minor versions behind the API server on even 4.y, 1 on odd 4.y, and reports more as \`Upgradeable=False\` (\`KubeletMinorVersion_…\`).\n\n` +
        `Update ${pool ? `pool ${pool.name}` : 'the node'} before the next control-plane update.`;
      return [
        finding(
          nodeVersionSkew,
          n.subject,
          n.at('status', 'nodeInfo', 'kubeletVersion'),
          { message, detail },
          [
            api.evidence,
            pool &&
              rel(
                pool.at('status', 'configuration', 'name'),
                `pool ${pool.name} runs ${pool.currentConfig ?? '?'}`,
              ),
            ...notes,
          ],
        ),
      ];
    });
  },
};
