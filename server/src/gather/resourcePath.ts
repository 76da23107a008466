/**
 * What a file path inside a must-gather holds, decided from the path alone (no read):
 * `oc adm inspect` names every file after its group, plural, namespace and object.
 */

export interface ResourcePath {
  /** API group directory name (`core` for the empty group). */
  group: string;
  plural: string;
  namespace?: string;
  /** Object name; absent for List files that hold many objects. */
  name?: string;
}

export type PathKind =
  | { kind: 'resource'; resource: ResourcePath }
  | { kind: 'list'; resource: ResourcePath }
  | { kind: 'log' }
  | { kind: 'other' };

const yamlOrJson = /\.(ya?ml|json)$/;

/** `current.log`, `previous.insecure.log`, `current.log.gz`, rotated `0.log.20211027-082023[.gz]`. */
const podLogName = /(?:\.log|\/rotated\/\d+\.log\.\d{8}-\d{6})(?:\.gz)?$/;

/** Classifies a path relative to a must-gather root, `/`-separated. */
export function classifyMustGatherPath(rel: string): PathKind {
  const p = rel.split('/');
  if (p.some((s) => s === 'logs') && podLogName.test(rel)) return { kind: 'log' };
  if (!yamlOrJson.test(rel)) return { kind: 'other' };
  const base = (s: string) => s.replace(yamlOrJson, '');
  if (p[0] === 'cluster-scoped-resources') {
    if (p.length === 4)
      return { kind: 'resource', resource: { group: p[1]!, plural: p[2]!, name: base(p[3]!) } };
    if (p.length === 3) return { kind: 'list', resource: { group: p[1]!, plural: base(p[2]!) } };
  }
  if (p[0] === 'namespaces' && p.length >= 3) {
    const ns = p[1]!;
    if (p.length === 3 && base(p[2]!) === ns) {
      return { kind: 'resource', resource: { group: 'core', plural: 'namespaces', name: ns } };
    }
    if (p[2] === 'pods' && p.length === 5 && base(p[4]!) === p[3]) {
      return {
        kind: 'resource',
        resource: { group: 'core', plural: 'pods', namespace: ns, name: p[3]! },
      };
    }
    if (p.length === 5) {
      return {
        kind: 'resource',
        resource: { group: p[2]!, plural: p[3]!, namespace: ns, name: base(p[4]!) },
      };
    }
    if (p.length === 4)
      return { kind: 'list', resource: { group: p[2]!, plural: base(p[3]!), namespace: ns } };
  }
  return { kind: 'other' };
}

/**
 * Prometheus' answers that `gather_monitoring` saves under a must-gather's `monitoring/prometheus/`
 * (`curl …/api/v1/<object>` into `<object>.json`, its stderr beside it): the only files of
 * `monitoring/` the analysis reads, by the API they answer.
 */
export const prometheusFiles: Readonly<Record<string, 'rules' | 'alerts'>> = {
  'monitoring/prometheus/rules.json': 'rules',
  'monitoring/prometheus/alerts.json': 'alerts',
};

/** CI gather-extra JSON Lists (`oc get -o json`), by file name. */
const gatherExtraLists: Record<string, ResourcePath> = {
  'clusteroperators.json': { group: 'config.openshift.io', plural: 'clusteroperators' },
  'clusterversion.json': { group: 'config.openshift.io', plural: 'clusterversions' },
  'machineconfigpools.json': {
    group: 'machineconfiguration.openshift.io',
    plural: 'machineconfigpools',
  },
  'machineconfigs.json': { group: 'machineconfiguration.openshift.io', plural: 'machineconfigs' },
  'nodes.json': { group: 'core', plural: 'nodes' },
  'pods.json': { group: 'core', plural: 'pods' },
  'events.json': { group: 'core', plural: 'events' },
  'namespaces.json': { group: 'core', plural: 'namespaces' },
  'configmaps.json': { group: 'core', plural: 'configmaps' },
  // One List of every cluster-wide config (APIServer, DNS, Infrastructure, …, each `cluster`):
  // indexed as the Infrastructure's, the only kind of it that is read.
  'config-resources.json': { group: 'config.openshift.io', plural: 'infrastructures' },
};

/** The file names that make a folder a gather-extra root. */
export const gatherExtraMarkers = [
  'clusterversion.json',
  'clusteroperators.json',
  'machineconfigpools.json',
];

export function classifyGatherExtraPath(rel: string): PathKind {
  if (rel.startsWith('pods/') && /\.log(\.gz)?$/.test(rel)) return { kind: 'log' };
  const r = gatherExtraLists[rel];
  return r ? { kind: 'list', resource: r } : { kind: 'other' };
}

/** The pod and container a log belongs to, in must-gather, gather-extra and Insights layout. */
export interface PodLog {
  namespace: string;
  pod: string;
  container: string;
}

const mustGatherLog =
  /(?:^|\/)namespaces\/([^/]+)\/pods\/([^/]+)\/([^/]+)\/[^/]+\/logs\/(?:rotated\/)?[^/]+$/;
const gatherExtraLog = /(?:^|\/)pods\/([^/_]+)_([^/_]+)_([^/]+?)(?:_previous)?\.log(?:\.gz)?$/;

/** Insights Operator archives: `config/pod/<ns>/logs/<pod>/<container>_{current,previous}.log`. */
const insightsLog =
  /(?:^|\/)config\/pod\/([^/]+)\/logs\/([^/]+)\/([^/]+?)_(?:current|previous)\.log$/;

export function podLogOf(path: string): PodLog | undefined {
  const p = path.split('\\').join('/');
  const m = mustGatherLog.exec(p) ?? gatherExtraLog.exec(p) ?? insightsLog.exec(p);
  return m ? { namespace: m[1]!, pod: m[2]!, container: m[3]! } : undefined;
}
