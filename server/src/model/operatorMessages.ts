/**
 * What the cluster-version operator's and the machine-config operator's messages say about other
 * objects: the operators a ClusterVersion condition or a CVO `Result of work` line names, the
 * pools machine-config's RequiredPoolsFailed names, the nodes a pool's NodeDegraded names, and
 * the master nodes library-go's node controller reports not ready. One module, so rules, hovers
 * and links read the same wordings (4.7 to main).
 */
import { parseGoTime } from '../gather/timestamp';

/** A name found in a message, with its offsets in that message. */
export interface Mention {
  name: string;
  span: [number, number];
}

const k8sName = '[a-z0-9](?:[-a-z0-9.]*[a-z0-9])?';

/** `Cluster operator X is degraded`, `Cluster operators X has not …`, `… X cannot be upgraded`. */
const operatorSubject = new RegExp(
  `\\b[Cc]luster operators? (${k8sName}) (?:is|has|cannot)\\b`,
  'g',
);
/**
 * `Cluster operators a, b are degraded`, `… are not available` (the CVO's summary of several
 * operators' errors, `pkg/cvo/sync_worker.go` `summarizeTaskGraphErrors`).
 */
const operatorsSubject = new RegExp(
  `\\b[Cc]luster operators (${k8sName}(?:(?:, | and |, and )${k8sName})*) (?:are|have)\\b`,
  'g',
);
/** `waiting on a, b` and `waiting up to 40 minutes on a` (Progressing and Failing messages). */
const waitingOn = new RegExp(
  `\\bwaiting (?:up to \\d+ minutes )?on (${k8sName}(?:, ${k8sName})*)`,
  'g',
);
/**
 * The CVO's SlowClusterOperator wording (4.16+ `convertErrorToProgressingForUpdateEffectNone`):
 * `waiting on a, b over 30 minutes which is longer than expected`, `waiting on a over 30 minutes
 * and machine-config over 90 minutes which is longer than expected`, `waiting on machine-config
 * over 90 minutes which is longer than expected`.
 */
const slowWait = new RegExp(
  `\\bwaiting on (${k8sName}(?:, ${k8sName})*) over (\\d+) minutes(?: and (${k8sName}) over (\\d+) minutes)? which is longer than expected`,
);
/** `error pool worker is not ready`, `MachineConfigPool worker is not ready`, `required pool …`. */
const poolNotReady = new RegExp(
  `\\b(required\\s+)?(?:MachineConfigPool|pool)\\s+(${k8sName})\\s+is\\s+not\\s+ready`,
  'g',
);
/** `Node <name> is reporting` (a pool's NodeDegraded) and `node <name> is reporting NotReady…`. */
const nodeReporting = new RegExp(`\\b[Nn]ode\\s+(${k8sName})\\s+is\\s+reporting`, 'g');
/** The states a CVO `Result of work` line gives an operator it waits on. */
const operatorWait =
  /[Cc]luster operator ([a-z0-9][-a-z0-9.]*) (is still updating|is updating versions|is degraded|is not available|has not yet successfully rolled out)/g;

/** The operators a CVO message names, each mention with its place. */
export function operatorMentions(message: string): Mention[] {
  const out: Mention[] = [];
  for (const m of message.matchAll(waitingOn)) {
    let at = (m.index ?? 0) + m[0].length - m[1]!.length;
    for (const name of m[1]!.split(', ')) {
      out.push({ name, span: [at, at + name.length] });
      at += name.length + 2;
    }
  }
  for (const m of message.matchAll(operatorSubject)) out.push(mention(m, 1));
  for (const m of message.matchAll(operatorsSubject)) {
    const list = m[1]!;
    const start = (m.index ?? 0) + m[0].indexOf(list);
    for (const x of list.matchAll(new RegExp(k8sName, 'g')))
      if (x[0] !== 'and')
        out.push({ name: x[0], span: [start + x.index!, start + x.index! + x[0].length] });
  }
  const slow = slowWait.exec(message);
  if (slow?.[3]) {
    const at = (slow.index ?? 0) + slow[0].indexOf(` and ${slow[3]} over `) + 5;
    out.push({ name: slow[3], span: [at, at + slow[3].length] });
  }
  return out.sort((a, b) => a.span[0] - b.span[0]);
}

/** The operators a CVO message names, once each, waiting list first. */
export function operatorsNamed(message: string): string[] {
  const waiting = [...message.matchAll(waitingOn)].flatMap((m) => m[1]!.split(', '));
  const subjects = [
    ...[...message.matchAll(operatorSubject)].map((m) => m[1]!),
    ...[...message.matchAll(operatorsSubject)].flatMap((m) => m[1]!.split(/, and |, | and /)),
  ];
  const slow = slowOperators(message).map((o) => o.name);
  return [...new Set([...waiting, ...slow, ...subjects])];
}

/** An operator the CVO has waited on longer than it expects, and after how many minutes it says so. */
export interface SlowOperator {
  name: string;
  minutes: number;
}

/** The operators a SlowClusterOperator message names, in its order, each with its threshold. */
export function slowOperators(message: string): SlowOperator[] {
  const m = slowWait.exec(message);
  if (!m) return [];
  const out = m[1]!.split(', ').map((name) => ({ name, minutes: Number(m[2]) }));
  if (m[3]) out.push({ name: m[3], minutes: Number(m[4]) });
  return out;
}

/** Pools machine-config's RequiredPoolsFailed message names, with whether it called them required. */
export function poolsNotReady(message: string): (Mention & { required: boolean })[] {
  return [...message.matchAll(poolNotReady)].map((m) => ({ ...mention(m, 2), required: !!m[1] }));
}

/** Nodes a pool's NodeDegraded message names. */
export function nodesReporting(message: string): Mention[] {
  return [...message.matchAll(nodeReporting)].map((m) => mention(m, 1));
}

export interface OperatorWait {
  operator: string;
  /** `is still updating`, `is updating versions`, `is degraded`, `is not available`, ... */
  state: string;
}

/** The operators a CVO `Result of work` list waits on, and in which state. */
export function operatorWaits(list: string): OperatorWait[] {
  return [...list.matchAll(operatorWait)].map((w) => ({ operator: w[1]!, state: w[2]! }));
}

/** A master node library-go's node controller reports not ready, as its message says it. */
export interface NotReadyNode extends Mention {
  /** Its Ready condition's lastTransitionTime, when the message gives it. */
  since?: Date;
  /** The Ready condition's reason (`KubeletNotReady`, `NodeStatusUnknown`), `''` when none. */
  reason: string;
  /** The Ready condition's message, `''` when none. */
  message: string;
}

const notReadyPrefix = 'NodeControllerDegraded: The master nodes not ready: ';
/** One item: `node %q not ready since %s because %s (%s)` or `node %q not ready, no Ready condition found in status block`. */
const notReadyItem = new RegExp(
  `node "(${k8sName})" not ready(?: since (\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d(?:\\.\\d+)? [+-]\\d{4}) \\S+ because (\\S*) \\(|, no Ready condition found in status block)`,
  'g',
);

/**
 * The master nodes a library-go static-pod operator's Degraded message reports not ready: its
 * `NodeControllerDegraded` line (library-go `pkg/operator/staticpod/controller/node/node_controller.go`),
 * items joined with `, `. An item's message runs to the `)` before the next item or the line's end.
 */
export function notReadyNodes(message: string): NotReadyNode[] {
  const out: NotReadyNode[] = [];
  let lineStart = 0;
  for (const line of message.split('\n')) {
    if (line.startsWith(notReadyPrefix)) {
      const items = [...line.matchAll(notReadyItem)];
      items.forEach((m, i) => {
        const start = m.index ?? 0;
        const end = i + 1 < items.length ? (items[i + 1]!.index ?? line.length) - 2 : line.length;
        const name = m[1]!;
        const at = lineStart + start + m[0].indexOf(name);
        const since = m[2] ? parseGoTime(m[2]) : undefined;
        // The Ready condition's message, inside the parentheses that close the item.
        const rest = m[2] ? line.slice(start + m[0].length, end) : '';
        out.push({
          name,
          span: [at, at + name.length],
          ...(since ? { since } : {}),
          reason: m[3] ?? '',
          message: rest.endsWith(')') ? rest.slice(0, -1) : rest,
        });
      });
    }
    lineStart += line.length + 1;
  }
  return out;
}

function mention(m: RegExpMatchArray, group: number): Mention {
  const name = m[group]!;
  const start = (m.index ?? 0) + m[0].lastIndexOf(name);
  return { name, span: [start, start + name.length] };
}

/** An object an operator's condition message names as its evidence. */
export interface ObjectReference {
  kind: 'Pod' | 'Deployment' | 'DaemonSet' | 'StatefulSet';
  /** Absent when the message does not say it (a static pod, an ingress router). */
  namespace?: string;
  name: string;
}

/**
 * library-go's workload controller: `%d of %d requested instances are unavailable for
 * <deployment>.<namespace> (<per pod states>)` (`pkg/operator/apiserver/controller/workload`).
 * Namespaces hold no dot, so the last one splits the pair.
 */
const workloadUnavailable =
  /requested instances are unavailable for ([a-z0-9][-a-z0-9.]*)\.([a-z0-9-]+) \(([^()\n]*)\)/g;
/** One pod state in that parenthesis (library-go `pkg/apps/deployment` `PodContainersStatus`). */
const podInParenthesis = new RegExp(
  `(?:crashed|waiting|crashlooping|not ready) in (?:pending |terminated )?(${k8sName}) pod\\b`,
  'g',
);
/** The network operator's `DaemonSet "ns/name" …` (a leading `/` in older releases). */
const networkWorkload =
  /\b(DaemonSet|Deployment|StatefulSet) "\/?([a-z0-9-]+)\/([a-z0-9][-a-z0-9.]*)" (?:rollout is not making progress|is not available|is not yet scheduled)(?: - pod ([a-z0-9][-a-z0-9.]*) is in CrashLoopBackOff State)?/g;
/** The ingress operator's `Pod "<router pod>" cannot be scheduled`. */
const ingressPod = new RegExp(`\\bPod "(${k8sName})" cannot be scheduled`, 'g');
/** library-go's static pod state controller: `pod/<name> container "<c>" is waiting|terminated|…`. */
const staticPod = new RegExp(`\\bpod/(${k8sName}) container "[^"]+" (?:is|started)\\b`, 'g');

/**
 * The pods and workloads a condition message names, in the formats of library-go's workload and
 * static pod controllers, the network operator and the ingress operator
 * (docs/domain/control-plane-operators.md); a message in another form names nothing.
 */
export function objectReferences(message: string): ObjectReference[] {
  const out: ObjectReference[] = [];
  for (const m of message.matchAll(workloadUnavailable)) {
    const namespace = m[2]!;
    out.push({ kind: 'Deployment', namespace, name: m[1]! });
    for (const p of m[3]!.matchAll(podInParenthesis))
      out.push({ kind: 'Pod', namespace, name: p[1]! });
  }
  for (const m of message.matchAll(networkWorkload)) {
    const kind = m[1] as ObjectReference['kind'];
    out.push({ kind, namespace: m[2]!, name: m[3]! });
    if (m[4]) out.push({ kind: 'Pod', namespace: m[2]!, name: m[4] });
  }
  for (const m of message.matchAll(ingressPod))
    out.push({ kind: 'Pod', namespace: 'openshift-ingress', name: m[1]! });
  for (const m of message.matchAll(staticPod)) out.push({ kind: 'Pod', name: m[1]! });
  const seen = new Set<string>();
  return out.filter((r) => {
    const key = `${r.kind}/${r.namespace ?? ''}/${r.name}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
