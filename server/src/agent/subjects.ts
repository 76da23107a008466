/**
 * Objects named as findings name them (`co/machine-config`, `mcp/worker`, `node/<name>`,
 * `pdb/<namespace>/<name>`): the kinds a must-gather holds and where `oc adm inspect` writes
 * each. Every part is checked to be a plain name before it comes near a path.
 */
import { Refusal } from './refusal';
import { plainName } from './confine';

interface KindInfo {
  /** The short kind of subjects (`co`). */
  short: string;
  kind: string;
  /** API group folder (`core` for the empty group). */
  group: string;
  plural: string;
  namespaced: boolean;
}

const kinds: readonly KindInfo[] = [
  {
    short: 'cv',
    kind: 'ClusterVersion',
    group: 'config.openshift.io',
    plural: 'clusterversions',
    namespaced: false,
  },
  {
    short: 'co',
    kind: 'ClusterOperator',
    group: 'config.openshift.io',
    plural: 'clusteroperators',
    namespaced: false,
  },
  {
    short: 'infrastructure',
    kind: 'Infrastructure',
    group: 'config.openshift.io',
    plural: 'infrastructures',
    namespaced: false,
  },
  {
    short: 'mcp',
    kind: 'MachineConfigPool',
    group: 'machineconfiguration.openshift.io',
    plural: 'machineconfigpools',
    namespaced: false,
  },
  {
    short: 'mc',
    kind: 'MachineConfig',
    group: 'machineconfiguration.openshift.io',
    plural: 'machineconfigs',
    namespaced: false,
  },
  {
    short: 'mcn',
    kind: 'MachineConfigNode',
    group: 'machineconfiguration.openshift.io',
    plural: 'machineconfignodes',
    namespaced: false,
  },
  {
    short: 'mosc',
    kind: 'MachineOSConfig',
    group: 'machineconfiguration.openshift.io',
    plural: 'machineosconfigs',
    namespaced: false,
  },
  {
    short: 'mosb',
    kind: 'MachineOSBuild',
    group: 'machineconfiguration.openshift.io',
    plural: 'machineosbuilds',
    namespaced: false,
  },
  { short: 'node', kind: 'Node', group: 'core', plural: 'nodes', namespaced: false },
  { short: 'ns', kind: 'Namespace', group: 'core', plural: 'namespaces', namespaced: false },
  { short: 'pod', kind: 'Pod', group: 'core', plural: 'pods', namespaced: true },
  { short: 'cm', kind: 'ConfigMap', group: 'core', plural: 'configmaps', namespaced: true },
  { short: 'deploy', kind: 'Deployment', group: 'apps', plural: 'deployments', namespaced: true },
  {
    short: 'pdb',
    kind: 'PodDisruptionBudget',
    group: 'policy',
    plural: 'poddisruptionbudgets',
    namespaced: true,
  },
  // A hosted cluster's, in its `hypershift dump`'s management part.
  {
    short: 'hc',
    kind: 'HostedCluster',
    group: 'hypershift.openshift.io',
    plural: 'hostedclusters',
    namespaced: true,
  },
  {
    short: 'np',
    kind: 'NodePool',
    group: 'hypershift.openshift.io',
    plural: 'nodepools',
    namespaced: true,
  },
  {
    short: 'machine',
    kind: 'Machine',
    group: 'cluster.x-k8s.io',
    plural: 'machines',
    namespaced: true,
  },
];

/** By short kind, lower-cased kind and plural: `co`, `clusteroperator`, `clusteroperators`. */
const byName = new Map(
  kinds.flatMap((k) => [
    [k.short, k],
    [k.kind.toLowerCase(), k],
    [k.plural, k],
  ]),
);

export interface ParsedSubject {
  info: KindInfo;
  namespace?: string;
  name: string;
  /** As findings write it. */
  subject: string;
}

const shapes =
  'co/<name>, mcp/<pool>, node/<name>, cv/version, mc/<name>, pdb/<namespace>/<name>, pod/<namespace>/<name>, np/<namespace>/<name>';

export function parseSubject(subject: string): ParsedSubject {
  if (subject.startsWith('/') || /^[a-zA-Z]:[\\/]/.test(subject))
    throw new Refusal(
      `${JSON.stringify(subject)} is an absolute path, not an object: name it as ${shapes}`,
    );
  const parts = subject.split('/');
  if (parts.some((p) => p === '..' || p === '.'))
    throw new Refusal(
      `${JSON.stringify(subject)} climbs out with '..': objects are named as ${shapes}`,
    );
  const info = byName.get((parts[0] ?? '').toLowerCase());
  if (!info)
    throw new Refusal(
      `unknown kind ${JSON.stringify(parts[0])} in ${JSON.stringify(subject)}; kinds: ${kinds.map((k) => `${k.short} (${k.kind})`).join(', ')}`,
    );
  const want = info.namespaced ? 3 : 2;
  if (parts.length !== want)
    throw new Refusal(
      `${JSON.stringify(subject)}: a ${info.kind} is named ${info.short}/${info.namespaced ? '<namespace>/' : ''}<name>`,
    );
  const name = plainName('name', parts[want - 1] as string);
  if (!info.namespaced) return { info, name, subject: `${info.short}/${name}` };
  const namespace = plainName('namespace', parts[1] as string);
  return { info, namespace, name, subject: `${info.short}/${namespace}/${name}` };
}

/** Where `oc adm inspect` writes the object alone, relative to a must-gather. */
export function inspectPaths(s: ParsedSubject): string[] {
  const { group, plural } = s.info;
  const base =
    s.info.short === 'ns'
      ? `namespaces/${s.name}/${s.name}`
      : s.info.short === 'pod'
        ? `namespaces/${s.namespace}/pods/${s.name}/${s.name}`
        : s.namespace !== undefined
          ? `namespaces/${s.namespace}/${group}/${plural}/${s.name}`
          : `cluster-scoped-resources/${group}/${plural}/${s.name}`;
  return [`${base}.yaml`, `${base}.yml`, `${base}.json`];
}
