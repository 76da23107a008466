/**
 * operator-pod-failing: a pod in a namespace that a Degraded or unavailable ClusterOperator names
 * cannot run: the scheduler cannot place it, a container waits in a crash loop or on an image or
 * config it cannot get, or was killed for memory and is not ready. The operator's condition is
 * what the pod explains: an error once that condition is old enough for operator-degraded's or
 * operator-unavailable's error (40 and 20 minutes), else a warning.
 */
import type { RelatedLocation, Severity } from '../core/finding';
import { clip, isoTime, plural } from '../core/text';
import { findCondition } from '../model/condition';
import type { Condition } from '../model/condition';
import type { Pod } from '../model/pod';
import { imagePullReasons, podFailure, schedulerWords, staleNodes } from '../model/podFailures';
import { pullWords } from './common/imagePull';
import type { PodFailure } from '../model/podFailures';
import { operator } from '../model/snapshot';
import type { PodLogTail, Snapshot } from '../model/snapshot';
import { lastExitWords, logLine, ownerWorkload, podChain } from './common/chain';
import { levelByAge } from './common/ages';
import { operatorSymptoms } from './common/consequences';
import { heldFor, paragraphs } from './common/words';
import { assessmentOf, finding, rel } from './rule';
import type { Rule, RuleContext } from './rule';

/** Room kept in a message for a cause title's `; holds back <operator>`. */
const titleRoom = 40;

/** At most this many nodes' taints are related to a pod that cannot be scheduled. */
const maxTaintedNodes = 10;

export const operatorPodFailing: Rule = {
  meta: {
    id: 'operator-pod-failing',
    defaultSeverity: 'error',
    levels: 'error when the operator has been Degraded 40 min or unavailable 20 min, else warning',
    description: "a pod of a Degraded or unavailable operator's namespaces cannot run",
    explanation:
      "a pod in a namespace a Degraded or unavailable ClusterOperator names in `relatedObjects` cannot run: Unschedulable (the scheduler's reasons in a few words, each with its count of nodes; whole in the detail), on a node not ready for 5 minutes or more (the node is then the cause's root), a container in `CrashLoopBackOff` (with the last error lines of its previous log), `ImagePullBackOff` or `ErrImagePull` (the image, and the registry's answer from the kubelet's event), `CreateContainerConfigError`, or OOMKilled and not ready; the operator's condition is grouped under it, and the finding carries the chain operator → workload → pod → container → node → log line. Pods that restarted and run ready stay quiet.",
    impact: 'API Availability',
    reads: ['ClusterOperator', 'Pod', 'Node'],
    leadsTo: [...operatorSymptoms],
  },
  check(s: Snapshot, context: RuleContext) {
    const stale = staleNodes(s.nodes, s.gatherTime);
    return s.operandPods.flatMap((p) => {
      const failure = podFailure(p, stale);
      if (!failure) return [];
      const held = heldOperators(s, p, assessmentOf(s, context).now);
      const severity = worst(held.map((h) => h.severity));
      const node = s.nodes.find((n) => n.name === p.nodeName);
      const tail =
        failure.kind === 'waiting' || failure.kind === 'oom-killed'
          ? s.podLogTails.get(`${p.namespace ?? ''}/${p.name}/${failure.container.name}`)
          : undefined;
      const words = wordsOf(s, p, failure, held, tail);
      const chain = podChain(s, held, p, failure, tail);
      const nodeState = chain.find((l) => l.kind === 'node')?.state;
      const related: (RelatedLocation | undefined)[] = [
        ...(words.related ?? []),
        ...held.map((h) =>
          rel(
            h.condition.location,
            `${h.operator} is ${h.condition.type === 'Degraded' ? 'Degraded' : 'not available'}; this pod is in ${p.namespace ?? ''}, which it names`,
          ),
        ),
        node
          ? rel(
              node.at(),
              `node ${node.name}, where the pod runs${nodeState ? `: ${nodeState}` : ''}`,
            )
          : undefined,
        ...(tail?.lines ?? []).map((l) =>
          rel(
            logLine(tail!.file, l.span),
            `${tail!.previous ? 'previous run’s' : 'its'} log: ${clip(l.text, 120)}`,
          ),
        ),
      ];
      // The nodes' taints the scheduler weighed, a few: a large cluster's would drown the rest.
      if (failure.kind === 'unschedulable') {
        const tainted = s.nodes
          .filter((n) => n.spec.taints !== undefined)
          .slice(0, maxTaintedNodes);
        for (const n of tainted)
          related.push(rel(n.at('spec', 'taints'), `node ${n.name}'s taints`));
      }
      const f = finding(
        operatorPodFailing,
        p.subject,
        failure.location,
        { message: words.message, detail: words.detail },
        related,
        severity,
        'since' in failure ? failure.since : undefined,
      );
      f.chain = chain;
      return [f];
    });
  },
};

interface Held {
  operator: string;
  condition: Condition;
  severity: Severity;
}

/** The unhealthy operators naming the pod's namespace, with the level their condition's age gives. */
function heldOperators(s: Snapshot, p: Pod, now: Date | undefined): Held[] {
  return (s.operandNamespaces.operators.get(p.namespace ?? '') ?? []).flatMap((name) => {
    const o = operator(s, name);
    if (!o) return [];
    const degraded = findCondition(o.conditions, 'Degraded');
    const available = findCondition(o.conditions, 'Available');
    const out: Held[] = [];
    if (degraded?.status === 'True')
      out.push({ operator: name, condition: degraded, severity: aged(degraded, now, 40) });
    if (available?.status === 'False')
      out.push({ operator: name, condition: available, severity: aged(available, now, 20) });
    return out;
  });
}

/** Error once the condition is old enough for its own rule's error, else a warning. */
function aged(c: Condition, now: Date | undefined, errorAfter: number): Severity {
  return levelByAge(c.lastTransitionTime, now, errorAfter).severity === 'error'
    ? 'error'
    : 'warning';
}

function worst(levels: Severity[]): Severity {
  return levels.includes('error') || levels.length === 0 ? 'error' : 'warning';
}

function wordsOf(
  s: Snapshot,
  p: Pod,
  f: PodFailure,
  held: Held[],
  tail: PodLogTail | undefined,
): { message: string; detail: string; related?: RelatedLocation[] } {
  const name = `${p.namespace ?? ''}/${p.name}`;
  const ops = [...new Set(held.map((h) => h.operator))].join(', ');
  const w = ownerWorkload(s, p);
  const owner = w
    ? ` It belongs to ${w.kind} \`${w.name}\` (${w.rolloutWords}).`
    : p.owner
      ? ` It belongs to ${p.owner.kind} \`${p.owner.name}\`.`
      : '';
  const operands = `The pod is in \`${p.namespace ?? ''}\`, a namespace of ${ops || 'an unhealthy operator'} (its \`relatedObjects\`), which is ${held.map((h) => describeHeld(h)).join(' and ') || 'unhealthy'}: this pod is a likely reason.`;
  if (f.kind === 'unschedulable') {
    const head = `Pod ${name} cannot be scheduled`;
    const words = schedulerWords(f.message);
    return {
      // The scheduler's reasons in a few words, each with its count of nodes; whole in the detail.
      message: words
        ? clip(`${head} (0/${words.nodes} nodes): ${words.reasons}`, 200 - titleRoom)
        : quoted(head, f.message),
      detail: paragraphs(
        `It has been Pending with \`PodScheduled=False\` (\`Unschedulable\`)${f.since ? ` since ${isoTime(f.since)}` : ''}. The scheduler says: ${clip(f.message, 600)}${owner}`,
        operands,
        "What to open next: the nodes' files, for their taints (`spec.taints`), `spec.unschedulable` and capacity; this pod's `spec` for the host ports (`hostPort`), node selector and tolerations it asks for; and the other pods of its owner, which may hold the ports or nodes it needs.",
      ),
    };
  }
  if (f.kind === 'node-not-ready') {
    const r = f.ready;
    const held = heldFor(f.since, s.gatherTime);
    return {
      message: `Pod ${name} runs on node ${f.node}, which is not ready${held} (Ready=${r.status}${r.reason ? `, ${clip(r.reason, 40)}` : ''})`,
      detail: paragraphs(
        `Its node's \`Ready\` condition has been ${r.status} since ${f.since ? isoTime(f.since) : 'an unknown time'}${r.message ? `: ${clip(r.message, 300)}` : ''}. The kubelet there no longer reports, so the pod's status is what it last wrote: its containers may read ready while nothing runs, and library-go's workload controller then names no pod in its message (an empty \`()\`).${owner}`,
        operands,
        `What to open next: the node's conditions and taints (\`cluster-scoped-resources/core/nodes/${f.node}.yaml\`); on a live cluster, \`oc adm node-logs ${f.node} -u kubelet\`. The pod is evicted after its \`node.kubernetes.io/unreachable\` or \`not-ready\` toleration (5 minutes by default) and replaced elsewhere, unless its owner pins it to that node.`,
      ),
    };
  }
  const c = f.container;
  const restarts = plural(c.restartCount, 'restart');
  const last = c.lastTerminated;
  const lastWords = last
    ? `Its last run ended ${last.reason ? `(\`${last.reason}\`) ` : ''}${last.exitCode !== undefined ? `with exit code ${last.exitCode}` : ''}${last.finishedAt ? ` at ${isoTime(last.finishedAt)}` : ''}.`
    : '';
  const logs =
    s.root.kind === 'insights'
      ? `\`config/pod/${p.namespace ?? ''}/logs/${p.name}/${c.name}_previous.log\``
      : `\`namespaces/${p.namespace ?? ''}/pods/${p.name}/${c.name}/${c.name}/logs/previous.log\``;
  const logWords =
    tail && tail.lines.length > 0
      ? `${tail.previous ? 'The previous run’s log ends' : 'Its log ends'} with:\n\n${tail.lines.map((l) => `    ${l.text}`).join('\n')}`
      : undefined;
  if (f.kind === 'oom-killed') {
    return {
      message: `Pod ${name} container ${c.name} was OOMKilled and is not ready (${restarts})`,
      detail: paragraphs(
        `Container \`${c.name}\` was killed by the kernel's OOM killer${last?.finishedAt ? ` at ${isoTime(last.finishedAt)}` : ''} (exit code 137: its memory limit reached, or, with no limit, its node out of memory) and is not ready (${restarts}).${owner}`,
        logWords,
        operands,
        `What to open next: the container's \`resources\` in this pod's \`spec\` (a memory limit, or none), its node's memory pressure (its \`MemoryPressure\` condition), and its previous log, ${logs}, for what it did before the kill.`,
      ),
    };
  }
  const todo: Record<string, string> = {
    CrashLoopBackOff:
      last?.reason === 'OOMKilled'
        ? `its memory: the kernel's OOM killer ended its last run (exit code 137), so the container's \`resources\` (a memory limit, or none) and its node's \`MemoryPressure\`; then its previous log, ${logs}, for what it did before the kill`
        : `its previous log, ${logs}, for why it exits`,
    CreateContainerConfigError:
      'the waiting message: it names the Secret or ConfigMap (or key) the container needs and the namespace lacks',
  };
  // A crash loop's back-off text says nothing the reason does not: its last exit says more.
  const exit = f.reason === 'CrashLoopBackOff' ? lastExitWords(c) : undefined;
  const crashed = exit ? `, ${exit}` : '';
  if (imagePullReasons.has(f.reason)) {
    const pull = pullWords(s, p, c.name, f.reason, f.message);
    return {
      message: clip(`Pod ${name} container ${c.name} ${pull.verdict}`, 200 - titleRoom),
      detail: paragraphs(pull.detail, owner.trim(), operands),
      related: pull.related,
    };
  }
  const head = `Pod ${name} container ${c.name} is in ${f.reason} (${restarts}${crashed})`;
  return {
    message: crashed ? head : quoted(head, f.message),
    detail: paragraphs(
      `Container \`${c.name}\` is waiting: \`${f.reason}\`${f.message ? `: ${clip(f.message, 600)}` : ''}. ${lastWords}${owner}`,
      logWords,
      operands,
      `What to open next: ${todo[f.reason] ?? 'the waiting message'}.`,
    ),
  };
}

function describeHeld(h: Held): string {
  const what = h.condition.type === 'Degraded' ? 'Degraded' : 'not available';
  return `${what}${h.condition.lastTransitionTime ? ` since ${isoTime(h.condition.lastTransitionTime)}` : ''}`;
}

/** `head: "words…"`, the words clipped to leave room for a cause title's tail. */
function quoted(head: string, words: string): string {
  const room = 200 - titleRoom - head.length - 4;
  return words && room >= 30 ? `${head}: "${clip(words, room)}"` : head;
}
