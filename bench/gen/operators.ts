/**
 * ClusterOperators beyond the seed's eleven: real operator names first (those of 4.7, then a few
 * from later releases), then, since no release has 60, clearly synthetic `bench-operator-NN`
 * ones. All healthy and leveled at the target release.
 */
import { hexFrom } from '../../scripts/fixtures/det';
import type { JsonObject } from '../../scripts/fixtures/json';
import { addManagedFields } from '../../scripts/fixtures/managed-fields';
import {
  CONFIG_API,
  clusterOperator,
  healthyConditions,
  type RelatedObject,
} from '../../scripts/fixtures/objects';
import type { Cluster, Release } from '../../scripts/fixtures/release';
import { plusSeconds, type Nanos } from '../../scripts/fixtures/time';
import { controllers } from './workloads';

/** In the order they are added; the seed already has the first eleven of a 4.7 cluster. */
const realOperatorNames = [
  'baremetal',
  'cloud-credential',
  'cluster-autoscaler',
  'config-operator',
  'csi-snapshot-controller',
  'insights',
  'kube-scheduler',
  'kube-storage-version-migrator',
  'machine-api',
  'machine-approver',
  'marketplace',
  'monitoring',
  'node-tuning',
  'openshift-controller-manager',
  'openshift-samples',
  'operator-lifecycle-manager',
  'operator-lifecycle-manager-catalog',
  'operator-lifecycle-manager-packageserver',
  'service-ca',
  'storage',
  // Later releases' operators, so the count can pass a 4.7 cluster's 31.
  'cloud-controller-manager',
  'control-plane-machine-set',
  'platform-operators-aggregator',
  'olm',
];

/** Namespaces of the node-level sets each operator owns (besides its controllers' namespaces). */
const nodeNamespaces: Record<string, string[]> = {
  'node-tuning': ['openshift-cluster-node-tuning-operator'],
  storage: ['openshift-cluster-csi-drivers'],
};

export function syntheticName(i: number): string {
  return `bench-operator-${String(i).padStart(2, '0')}`;
}

/** The namespaces an operator relates (and so `oc adm inspect` gathers). */
function namespacesOf(name: string): string[] {
  if (name.startsWith('bench-operator-')) return [`openshift-${name}`];
  const out = controllers.filter((c) => c.co === name).map((c) => c.ns);
  out.push(...(nodeNamespaces[name] ?? []));
  return [...new Set(out)];
}

export function extraOperators(
  cluster: Cluster,
  rel: Release,
  o: { count: number; created: Nanos; leveledAt: Nanos },
): JsonObject[] {
  const names = [...realOperatorNames.slice(0, o.count)];
  for (let i = 1; names.length < o.count; i++) names.push(syntheticName(i));
  return names.map((name, i) => {
    const since = plusSeconds(o.created, 1900 + i * 29);
    const progressingSince = plusSeconds(o.leveledAt, 300 + i * 97);
    const related: RelatedObject[] = [
      {
        group: 'operator.openshift.io',
        resource: `${name.replace(/-/g, '')}s`,
        name: 'cluster',
      },
      ...namespacesOf(name).map((ns) => ({ group: '', resource: 'namespaces', name: ns })),
    ];
    const versions = [{ name: 'operator', version: rel.version }];
    if (name === 'monitoring' || name === 'machine-api')
      versions.push({ name: `${name}-operand`, version: rel.version });
    const co = clusterOperator(cluster, {
      name,
      created: o.created,
      conditions: healthyConditions(since, progressingSince, {
        available: 'All is well',
        progressing: 'All is well',
        degraded: 'All is well',
      }),
      versions,
      relatedObjects: related,
    });
    addManagedFields(co, CONFIG_API, [
      {
        manager: 'cluster-version-operator',
        time: o.created,
        paths: ['metadata.annotations', 'spec!'],
      },
      {
        manager: `${name}-operator`,
        time: plusSeconds(progressingSince, parseInt(hexFrom(`${cluster.seed}:${name}`, 2), 16)),
        paths: [
          'status.conditions',
          'status.extension!',
          'status.relatedObjects!',
          'status.versions!',
        ],
      },
    ]);
    return co;
  });
}
