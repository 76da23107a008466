/**
 * node-version-skew: nodes whose kubelet minor version trails the control plane's by more than
 * Kubernetes supports. Trailing compute is fine within the skew (seed 1943289), not beyond it.
 */
import { kubeletMinor } from '../model/release';
import { primaryPool } from '../model/snapshot';
import type { Snapshot } from '../model/snapshot';
import { finding, rel } from './rule';
import type { Rule, RuleContext } from './rule';

/** Kubernetes' supported kubelet skew: 2 minors behind the API server, 3 from 1.28. */
function supportedSkew(controlPlaneMinor: number): number {
  return controlPlaneMinor >= 28 ? 3 : 2;
}

export const nodeVersionSkew: Rule = {
  id: 'node-version-skew',
  defaultSeverity: 'warning',
  summary: "nodes' kubelets trail the control plane by more than the supported skew",
  check(s: Snapshot, _context: RuleContext) {
    const masters = s.nodes.filter(
      (n) =>
        'node-role.kubernetes.io/master' in n.labels ||
        'node-role.kubernetes.io/control-plane' in n.labels,
    );
    const cpMinors = masters
      .map((n) => kubeletMinor(n.kubeletVersion))
      .filter((m): m is number => m !== undefined);
    if (cpMinors.length === 0) return [];
    const cp = Math.max(...cpMinors);
    const cpVersion =
      masters.find((n) => kubeletMinor(n.kubeletVersion) === cp)?.kubeletVersion ?? `1.${cp}`;
    const allowed = supportedSkew(cp);
    return s.nodes.flatMap((n) => {
      const minor = kubeletMinor(n.kubeletVersion);
      if (minor === undefined || cp - minor <= allowed) return [];
      const pool = primaryPool(s, n);
      const message =
        `Node ${n.name}${pool ? ` (pool \`${pool.name}\`)` : ''} runs kubelet ${n.kubeletVersion}, ${cp - minor} minor versions behind the control plane's ${cpVersion}; ` +
        `Kubernetes supports at most ${allowed}. Update its pool before the next control-plane update.`;
      return [
        finding(nodeVersionSkew, n.subject, n.at('status', 'nodeInfo', 'kubeletVersion'), message, [
          pool &&
            rel(
              pool.at('status', 'configuration', 'name'),
              `pool ${pool.name} runs ${pool.currentConfig ?? '?'}`,
            ),
          ...masters
            .slice(0, 3)
            .map((m) =>
              rel(
                m.at('status', 'nodeInfo', 'kubeletVersion'),
                `control-plane node ${m.name}: ${m.kubeletVersion}`,
              ),
            ),
        ]),
      ];
    });
  },
};
