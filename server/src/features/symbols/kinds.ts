/**
 * The short kinds symbols are named with, the `<kind>/<name>` of findings' subjects (`cv`, `co`,
 * `mcp`, `node`, `mc`, …), by indexed `<group>/<plural>` and by an object's `kind`; the order
 * search results of one match quality come in; and the icon each gets. LSP's `SymbolKind`
 * numbers are written out, as `diagnostics.ts` does for severities.
 */
import type { SymbolKind } from 'vscode-languageserver';

interface KindInfo {
  short: string;
  symbol: SymbolKind;
}

const kinds: Readonly<Record<string, KindInfo & { plural: string; kind: string }>> = {
  cv: {
    plural: 'config.openshift.io/clusterversions',
    kind: 'ClusterVersion',
    short: 'cv',
    symbol: 2, // Module
  },
  co: {
    plural: 'config.openshift.io/clusteroperators',
    kind: 'ClusterOperator',
    short: 'co',
    symbol: 5, // Class
  },
  mcp: {
    plural: 'machineconfiguration.openshift.io/machineconfigpools',
    kind: 'MachineConfigPool',
    short: 'mcp',
    symbol: 4, // Package
  },
  node: { plural: 'core/nodes', kind: 'Node', short: 'node', symbol: 19 /* Object */ },
  mc: {
    plural: 'machineconfiguration.openshift.io/machineconfigs',
    kind: 'MachineConfig',
    short: 'mc',
    symbol: 1, // File
  },
  mcn: {
    plural: 'machineconfiguration.openshift.io/machineconfignodes',
    kind: 'MachineConfigNode',
    short: 'mcn',
    symbol: 19, // Object
  },
  mosc: {
    plural: 'machineconfiguration.openshift.io/machineosconfigs',
    kind: 'MachineOSConfig',
    short: 'mosc',
    symbol: 11, // Interface
  },
  mosb: {
    plural: 'machineconfiguration.openshift.io/machineosbuilds',
    kind: 'MachineOSBuild',
    short: 'mosb',
    symbol: 24, // Event
  },
  pdb: {
    plural: 'policy/poddisruptionbudgets',
    kind: 'PodDisruptionBudget',
    short: 'pdb',
    symbol: 23, // Struct
  },
  infrastructure: {
    plural: 'config.openshift.io/infrastructures',
    kind: 'Infrastructure',
    short: 'infrastructure',
    symbol: 2, // Module
  },
  ns: { plural: 'core/namespaces', kind: 'Namespace', short: 'ns', symbol: 3 /* Namespace */ },
  deploy: {
    plural: 'apps/deployments',
    kind: 'Deployment',
    short: 'deploy',
    symbol: 5 /* Class */,
  },
  cm: { plural: 'core/configmaps', kind: 'ConfigMap', short: 'cm', symbol: 23 /* Struct */ },
  pod: { plural: 'core/pods', kind: 'Pod', short: 'pod', symbol: 13 /* Variable */ },
};

/** Results of one match quality: the update's objects first, then where they run. */
const order = new Map(Object.keys(kinds).map((k, i) => [k, i]));

const byPlural = new Map(Object.values(kinds).map((k) => [k.plural, k]));
const byKind = new Map(Object.values(kinds).map((k) => [k.kind, k]));

/** A kind the table does not know: its lower-cased name, as `KubeObject.subject` says it. */
function other(kind: string): KindInfo {
  return { short: kind.toLowerCase() || 'object', symbol: 19 };
}

/**
 * The kind of an object by its `kind` field; by where the index found it when it has none (an
 * Insights archive's typed ClusterVersion).
 */
export function kindOf(kind: string | undefined, group: string, plural: string): KindInfo {
  if (kind) return byKind.get(kind) ?? other(kind);
  return byPlural.get(`${group}/${plural}`) ?? other(plural);
}

/** The rank of a short kind among results of one match quality (unknown kinds last). */
export function kindRank(short: string): number {
  return order.get(short) ?? order.size;
}
