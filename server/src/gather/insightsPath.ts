/**
 * What a path inside an Insights Operator archive holds, from the path alone (no read). The
 * operator writes one JSON object per file (`record.ResourceMarshaller`: Go's `json.Marshal`,
 * compact, managedFields removed), named by its gatherers (openshift/insights-operator
 * `pkg/gatherers/clusterconfig/`, `docs/gathered-data.md`):
 * - `config/version.json` the ClusterVersion (`gather_cluster_version.go`; typed, so without
 *   `kind` and `apiVersion`), `config/id` the cluster ID, `config/infrastructure.json` the
 *   Infrastructure (`gather_cluster_infrastructure.go`; its name and region anonymised);
 * - `config/clusteroperator/<name>.json` each ClusterOperator (`gather_cluster_operators.go`);
 *   deeper `config/clusteroperator/<group>/<kind>/<name>.json` are their operator.openshift.io
 *   resources, not ClusterOperators;
 * - `config/machineconfigpools/<name>.json` each pool (since 4.7, backported to 4.5.33/4.6.16);
 * - `config/machineconfigs/<name>.json` each MachineConfig in use (since 4.9, backported to
 *   4.8.5), with `spec.config.storage.files` and `spec.config.passwd.users` set to null;
 * - `config/node/<name>.json` each Node, anonymised (`gather_nodes.go`);
 * - `config/pod/<namespace>/<pod>.json` pods of degraded operators' namespaces and of the CVO,
 *   their logs at `config/pod/<namespace>/logs/<pod>/<container>_{current,previous}.log`;
 *   conditional gathers at `conditional/namespaces/<ns>/pods/<pod>/containers/<c>/logs/*.log`;
 * - newer gatherers write must-gather paths (`cluster-scoped-resources/…`, `namespaces/…`),
 *   read with the must-gather rules.
 * `events/<namespace>.json` holds the operator's own compact event form, not a `kind: List`: it
 * is left out, like every other file.
 */
import { classifyMustGatherPath } from './resourcePath';
import type { PathKind, ResourcePath } from './resourcePath';

const single: Record<string, { group: string; plural: string }> = {
  clusteroperator: { group: 'config.openshift.io', plural: 'clusteroperators' },
  machineconfigpools: { group: 'machineconfiguration.openshift.io', plural: 'machineconfigpools' },
  machineconfigs: { group: 'machineconfiguration.openshift.io', plural: 'machineconfigs' },
  node: { group: 'core', plural: 'nodes' },
};

const json = /\.json$/;

/** Classifies a path relative to an Insights archive's top, `/`-separated. */
export function classifyInsightsPath(rel: string): PathKind {
  const p = rel.split('/');
  if (p[0] === 'config') {
    if (rel === 'config/version.json') {
      return resource({ group: 'config.openshift.io', plural: 'clusterversions', name: 'version' });
    }
    if (rel === 'config/infrastructure.json') {
      return resource({ group: 'config.openshift.io', plural: 'infrastructures', name: 'cluster' });
    }
    const kind = single[p[1] ?? ''];
    if (kind && p.length === 3 && json.test(p[2]!)) {
      return resource({ ...kind, name: p[2]!.replace(json, '') });
    }
    if (p[1] === 'pod') {
      if (p.length === 4 && json.test(p[3]!)) {
        return resource({
          group: 'core',
          plural: 'pods',
          namespace: p[2]!,
          name: p[3]!.replace(json, ''),
        });
      }
      if (p.length === 6 && p[3] === 'logs' && rel.endsWith('.log')) return { kind: 'log' };
    }
    return { kind: 'other' };
  }
  if (p[0] === 'conditional' && p.includes('logs') && rel.endsWith('.log')) return { kind: 'log' };
  if (p[0] === 'cluster-scoped-resources' || p[0] === 'namespaces') {
    const k = classifyMustGatherPath(rel);
    return k.kind === 'log' ? { kind: 'other' } : k;
  }
  return { kind: 'other' };
}

function resource(r: ResourcePath): PathKind {
  return { kind: 'resource', resource: r };
}
