/**
 * What the static-pod control-plane operators (etcd, kube-apiserver, kube-controller-manager,
 * kube-scheduler) say about their revision rollout, read from their ClusterOperator conditions.
 * Each ClusterOperator condition is library-go's union of the operator's own conditions
 * (`pkg/operator/status/condition.go`): the reason joins `<Prefix>_<Reason>` with `::`, and every
 * line of every message is prefixed with its condition's type (`NodeInstallerProgressing: …`).
 * The wordings are library-go's `installer_controller.go` and cluster-etcd-operator's
 * `etcdcli/health.go`, as vendored per release (4.15 and 4.16 checked).
 */
import type { ClusterOperator } from './clusterOperator';
import { findCondition } from './condition';
import type { Condition } from './condition';

/** The operators that run their operand as static pods on the control-plane nodes. */
const staticPodOperatorNames: readonly string[] = [
  'etcd',
  'kube-apiserver',
  'kube-controller-manager',
  'kube-scheduler',
];

/** The namespace of an operator's operand (where its installer pods run). */
export function operandNamespace(operator: string): string {
  return `openshift-${operator}`;
}

/**
 * The namespace the operator itself runs in (`openshift-kube-apiserver-operator`), where its
 * event recorder (involved object: its Deployment) writes `InstallerPodFailed`.
 */
export function operatorNamespace(operator: string): string {
  return `${operandNamespace(operator)}-operator`;
}

/** The lines one sub-condition contributed to a union message, without the type prefix. */
export function subConditionLines(message: string, type: string): string[] {
  const prefix = `${type}: `;
  return message
    .split('\n')
    .filter((l) => l.startsWith(prefix) || l === `${type}:`)
    .map((l) => l.slice(prefix.length));
}

interface RevisionCount {
  nodes: number;
  revision: number;
}

/** `2 nodes are at revision 14; 1 node is at revision 15; 0 nodes have achieved new revision 16`. */
export interface InstallerProgress {
  /** How many nodes are at each revision, as the message lists them (lowest first). */
  counts: RevisionCount[];
  /** The newest revision, when the message says no node has achieved it yet. */
  pending?: number;
  /** The text as written (one line), for quoting. */
  text: string;
}

/**
 * Reads a NodeInstallerProgressing text. Before 4.16 every count is plural (`1 nodes are at
 * revision 12`); from 4.16 a single node is `1 node is at revision 12`; both are read.
 */
export function parseInstallerProgress(text: string): InstallerProgress | undefined {
  const counts = [...text.matchAll(/\b(\d+) (?:nodes? are|nodes? is) at revision (\d+)\b/g)].map(
    (m) => ({ nodes: Number(m[1]), revision: Number(m[2]) }),
  );
  const pending = /\b\d+ nodes? (?:have|has) achieved new revision (\d+)\b/.exec(text);
  if (counts.length === 0 && !pending) return undefined;
  const p: InstallerProgress = { counts, text: text.replace(/\s+/g, ' ').trim() };
  if (pending) p.pending = Number(pending[1]);
  return p;
}

/** `1 nodes are failing on revision 16:` and the errors after it (library-go writes `nodes are` for any count). */
export interface InstallerFailure {
  nodes: number;
  revision: number;
  /** The errors that follow, one line each (an installer pod's `installer: <termination message>`). */
  errors: string[];
}

export function parseInstallerFailures(lines: string[]): InstallerFailure[] {
  const text = lines.join('\n');
  const heads = [...text.matchAll(/\b(\d+) nodes? (?:are|is) failing on revision (\d+):/g)];
  return heads.map((m, i) => {
    const from = (m.index ?? 0) + m[0].length;
    const to = heads[i + 1]?.index ?? text.length;
    // A failure's errors end where the next one starts (`…; 1 nodes are failing on revision 3:`).
    const body = text.slice(from, to).replace(/;\s*$/, '');
    return {
      nodes: Number(m[1]),
      revision: Number(m[2]),
      errors: body
        .split('\n')
        .map((l) => l.trim())
        .filter((l) => l !== ''),
    };
  });
}

/** An installer pod a message names: `installer-<revision>[-retry-<n>]-<node>`. */
export interface InstallerPodName {
  pod: string;
  revision: number;
  retry?: number;
  node: string;
}

const installerPod = /\binstaller-(\d+)(?:-retry-(\d+))?-([a-z0-9](?:[-a-z0-9.]*[a-z0-9])?)/g;

export function installerPodsNamed(text: string): InstallerPodName[] {
  const seen = new Map<string, InstallerPodName>();
  for (const m of text.matchAll(installerPod)) {
    const p: InstallerPodName = { pod: m[0], revision: Number(m[1]), node: m[3]! };
    if (m[2] !== undefined) p.retry = Number(m[2]);
    seen.set(p.pod, p);
  }
  return [...seen.values()];
}

/** `2 of 3 members are available, ip-… is unhealthy` (EtcdMembersDegraded, EtcdMembersAvailable). */
export interface EtcdMembers {
  available?: number;
  total?: number;
  unhealthy: string[];
  notStarted: string[];
  text: string;
}

export function parseEtcdMembers(text: string): EtcdMembers | undefined {
  const one = text.replace(/\s+/g, ' ').trim();
  if (one === '' || /^No unhealthy members found$/.test(one)) return undefined;
  const counts = /\b(\d+) of (\d+) members are available\b/.exec(one);
  const name = '([a-z0-9](?:[-a-z0-9.]*[a-z0-9])?)';
  const m: EtcdMembers = {
    unhealthy: [...one.matchAll(new RegExp(`${name} is unhealthy`, 'g'))].map((x) => x[1]!),
    notStarted: [...one.matchAll(new RegExp(`${name} has not started`, 'g'))].map((x) => x[1]!),
    text: one,
  };
  if (counts) {
    m.available = Number(counts[1]);
    m.total = Number(counts[2]);
  }
  return m;
}

/** What one static-pod operator's conditions say about its rollout, when they say it is stuck or failing. */
export interface StaticPodRollout {
  operator: ClusterOperator;
  /** Progressing=True with a NodeInstallerProgressing part. */
  progressing?: { condition: Condition; progress: InstallerProgress };
  /** Degraded=True with a NodeInstallerDegraded part. */
  installer?: { condition: Condition; failures: InstallerFailure[]; text: string };
  /** etcd: Degraded=True with an EtcdMembersDegraded part. */
  members?: { condition: Condition; members: EtcdMembers };
}

/** The Degraded reasons a rollout explains (library-go union reasons of these operators). */
const rolloutDegradedReasons: ReadonlySet<string> = new Set([
  'NodeInstaller_InstallerPodFailed',
  'EtcdMembers_UnhealthyMembers',
]);

export function staticPodRollout(o: ClusterOperator): StaticPodRollout | undefined {
  if (!staticPodOperatorNames.includes(o.name)) return undefined;
  const r: StaticPodRollout = { operator: o };
  const p = findCondition(o.conditions, 'Progressing');
  if (p?.status === 'True') {
    const progress = parseInstallerProgress(
      subConditionLines(p.message, 'NodeInstallerProgressing').join(' '),
    );
    if (progress) r.progressing = { condition: p, progress };
  }
  const d = findCondition(o.conditions, 'Degraded');
  if (d?.status === 'True') {
    const lines = subConditionLines(d.message, 'NodeInstallerDegraded');
    const failures = parseInstallerFailures(lines);
    if (failures.length > 0) r.installer = { condition: d, failures, text: lines.join('\n') };
    if (o.name === 'etcd') {
      const members = parseEtcdMembers(
        subConditionLines(d.message, 'EtcdMembersDegraded').join(' '),
      );
      if (members) r.members = { condition: d, members };
    }
  }
  return r.progressing || r.installer || r.members ? r : undefined;
}

/**
 * Degraded=True only for what the rollout explains (every part of its union reason is a
 * NodeInstaller or EtcdMembers failure), so that a report of the rollout covers it.
 */
export function degradedOnlyByRollout(o: ClusterOperator): boolean {
  const r = staticPodRollout(o);
  const d = findCondition(o.conditions, 'Degraded');
  if (!r || d?.status !== 'True' || !(r.installer || r.members)) return false;
  const parts = d.reason.split('::').filter((x) => x !== '');
  return parts.length > 0 && parts.every((x) => rolloutDegradedReasons.has(x));
}
