/**
 * node-version-skew: nodes whose kubelet minor version trails the API server's by more than
 * OpenShift allows (the judgement is model/kubeletSkew.ts). Its Upgradeable=False `KubeletMinorVersion_…` reasons and the
 * machine-config operator's skew notes are this finding's evidence, not findings of their own.
 */
import type { Finding, RelatedLocation } from '../core/finding';
import type { ClusterOperator } from '../model/clusterOperator';
import { findCondition } from '../model/condition';
import {
  apiServerVersion,
  isKubeletSkewReason,
  kubeletSkewCause,
  kubeletsTooFarBehind,
} from '../model/kubeletSkew';
import type { ApiServerVersion } from '../model/kubeletSkew';
import { operator, primaryPool } from '../model/snapshot';
import type { Snapshot } from '../model/snapshot';
import { nodeTitle } from './common/words';
import { finding, rel } from './rule';
import type { Rule, RuleContext } from './rule';

function apiEvidence(api: ApiServerVersion): RelatedLocation | undefined {
  return rel(
    api.location,
    api.fromNode
      ? `control-plane node ${api.fromNode}: ${api.version} (no kube-apiserver version in this must-gather)`
      : `kube-apiserver runs Kubernetes ${api.version}`,
  );
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
      { rule: 'operator-not-upgradeable', subject: 'co/kube-apiserver', cause: kubeletSkewCause },
    ],
  },
  check(s: Snapshot, _context: RuleContext): Finding[] {
    const api = apiServerVersion(s);
    if (!api) return [];
    const { openshiftMinor, allowed, nodes } = kubeletsTooFarBehind(s, api.minor);
    const notes = operatorNotes(s);
    return nodes.map(({ node: n, behind }) => {
      const pool = primaryPool(s, n);
      const message =
        `${nodeTitle(n.name, pool?.name)} runs kubelet ${n.kubeletVersion}, ${behind} minor versions behind the API server's ${api.version}; ` +
        `OpenShift 4.${openshiftMinor} allows ${allowed}`;
      const detail =
        `OpenShift 4.y ships Kubernetes 1.(y+13) and does not apply upstream Kubernetes' skew limit: the kube-apiserver operator's kubelet skew check allows a kubelet 2 minor versions behind the API server on even 4.y, 1 on odd 4.y, and reports more as \`Upgradeable=False\` (\`KubeletMinorVersion_…\`).\n\n` +
        `Update ${pool ? `pool ${pool.name}` : 'the node'} before the next control-plane update.`;
      return finding(
        nodeVersionSkew,
        n.subject,
        n.at('status', 'nodeInfo', 'kubeletVersion'),
        { message, detail },
        [
          apiEvidence(api),
          pool &&
            rel(
              pool.at('status', 'configuration', 'name'),
              `pool ${pool.name} runs ${pool.currentConfig ?? '?'}`,
            ),
          ...notes,
        ],
      );
    });
  },
};
