/**
 * What to open next for an unhealthy operator, from what its condition names: the master nodes
 * its node controller reports, the pods and workloads its workload, network or ingress
 * controllers name (model/operatorMessages.ts), else the pods and events of the namespaces its
 * `relatedObjects` name. Always files, never "follow the message".
 */
import type { ClusterOperator } from '../../model/clusterOperator';
import type { Condition } from '../../model/condition';
import { notReadyNodes, objectReferences } from '../../model/operatorMessages';
import type { ObjectReference } from '../../model/operatorMessages';
import type { Snapshot } from '../../model/snapshot';
import { listing } from '../../core/text';

/** At most this many namespaces are named. */
const maxNamespaces = 3;

/** The files of a namespace's pods and events, in the gather's layout. */
function namespaceFiles(s: Snapshot, ns: string): string {
  return s.root.kind === 'insights'
    ? `\`config/pod/${ns}/\``
    : `\`namespaces/${ns}/core/pods.yaml\` and \`namespaces/${ns}/core/events.yaml\``;
}

const plurals: Record<ObjectReference['kind'], string> = {
  Pod: 'pods',
  Deployment: 'deployments',
  DaemonSet: 'daemonsets',
  StatefulSet: 'statefulsets',
};

function referenceFile(s: Snapshot, r: ObjectReference): string {
  if (!r.namespace) return `pod \`${r.name}\` (in the operator's operand namespace)`;
  if (r.kind === 'Pod')
    return s.root.kind === 'insights'
      ? `pod \`${r.namespace}/${r.name}\` (\`config/pod/${r.namespace}/${r.name}.json\`)`
      : `pod \`${r.namespace}/${r.name}\` (\`namespaces/${r.namespace}/core/pods.yaml\`, its logs under \`namespaces/${r.namespace}/pods/${r.name}/\`)`;
  return `${r.kind} \`${r.namespace}/${r.name}\` (\`namespaces/${r.namespace}/apps/${plurals[r.kind]}.yaml\`, its status)`;
}

/** One sentence: what the condition names and the files that hold it. */
export function whereToLook(s: Snapshot, o: ClusterOperator, c: Condition): string {
  const nodes = notReadyNodes(c.message).map((n) => n.name);
  const refs = objectReferences(c.message);
  const named = [
    ...[...new Set(nodes)].map((n) =>
      s.nodes.some((x) => x.name === n)
        ? `node \`${n}\` (\`cluster-scoped-resources/core/nodes/${n}.yaml\`, its conditions)`
        : `node \`${n}\` (not in the gather: its pods and the network operator's on it are next)`,
    ),
    ...refs.map((r) => referenceFile(s, r)),
  ];
  if (named.length > 0)
    return `Its message names ${listing(named)}: open ${named.length === 1 ? 'it' : 'them'} next.`;
  const namespaces = o.relatedNamespaces.slice(0, maxNamespaces);
  if (namespaces.length === 0)
    return 'Its message names no object and it relates no namespace: read its message, then its own pod in `namespaces/openshift-<name>-operator/`.';
  return `Its message names no pod or node: open the pods and events of the namespaces it relates, ${listing(namespaces.map((ns) => namespaceFiles(s, ns)))}, for pods that are not ready and warnings.`;
}
