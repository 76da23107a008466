/**
 * A hosted cluster's control-plane pod in words and as evidence, for the two control-plane rules:
 * its container's state, restarts and last exit, the last error lines of its flat log, and the
 * HostedControlPlane and HostedCluster conditions that only repeat what it does.
 */
import type { ChainLink, RelatedLocation } from '../../core/finding';
import { clip, isoTime, plural } from '../../core/text';
import type { Condition } from '../../model/condition';
import type { HostedPart } from '../../model/hosted';
import type { ControlPlane, FailingPod } from '../../model/hostedControlPlane';
import { schedulerWords } from '../../model/podFailures';
import type { Snapshot } from '../../model/snapshot';
import { lastExitWords, logLine } from './chain';
import { heldFor } from './words';
import { rel } from '../rule';

/** The flat log a dump holds for a container (hypershift `dump.go`), relative to the dump. */
function flatLogPath(cp: ControlPlane, pod: string, container: string): string {
  return `namespaces/${cp.namespace}/core/pods/logs/${pod}-${container}-previous.log`;
}

/** The container's state in a few words: `CrashLoopBackOff, 21 restarts, last exit code 255`. */
export function podState(fp: FailingPod): string {
  const f = fp.failure;
  if (f.kind === 'unschedulable') {
    const w = schedulerWords(f.message);
    return w ? `cannot be scheduled: ${w.reasons}` : `cannot be scheduled: ${clip(f.message, 100)}`;
  }
  if (f.kind === 'node-not-ready') return `on node ${f.node}, which is not ready`;
  const c = f.container;
  const exit = lastExitWords(c);
  const what = f.kind === 'oom-killed' ? 'OOMKilled and not ready' : `in ${f.reason}`;
  return `${what} (${plural(c.restartCount, 'restart')}${exit ? `, ${exit}` : ''})`;
}

/** Since when the pod has not been ready (its `Ready` condition), else its failure's own time. */
export function notReadySince(fp: FailingPod): Date | undefined {
  const ready = fp.pod.conditions.find((c) => c.type === 'Ready');
  if (ready?.status === 'False' && ready.lastTransitionTime) return ready.lastTransitionTime;
  return 'since' in fp.failure ? fp.failure.since : undefined;
}

export interface PodWords {
  detail: string[];
  related: (RelatedLocation | undefined)[];
  chain: ChainLink[];
}

/** The pod's container, last run and log, as paragraphs, evidence and the chain's last steps. */
export function podWords(s: Snapshot, cp: ControlPlane, fp: FailingPod): PodWords {
  const { pod, failure: f } = fp;
  const name = `${cp.namespace}/${pod.name}`;
  const detail: string[] = [];
  const related: (RelatedLocation | undefined)[] = [];
  const chain: ChainLink[] = [
    {
      kind: 'pod',
      name: `pod ${name}`,
      state: podState(fp),
      location: pod.at(),
    },
  ];
  if (f.kind === 'unschedulable') {
    detail.push(
      `Pod \`${name}\` is Pending: \`PodScheduled=False\` (\`Unschedulable\`)${f.since ? ` since ${isoTime(f.since)}` : ''}. The scheduler says: ${clip(f.message, 600)}`,
    );
    return { detail, related, chain };
  }
  if (f.kind === 'node-not-ready') {
    detail.push(`Pod \`${name}\` runs on node \`${f.node}\`, which is not ready.`);
    return { detail, related, chain };
  }
  const c = f.container;
  const last = c.lastTerminated;
  detail.push(
    `Container \`${c.name}\` of pod \`${name}\` is ${f.kind === 'oom-killed' ? 'OOMKilled and not ready' : `waiting: \`${f.reason}\``}${f.kind === 'waiting' && f.message ? ` (${clip(f.message, 300)})` : ''}, ${plural(c.restartCount, 'restart')}.${last ? ` Its last run ended (\`${last.reason || '?'}\`)${last.exitCode !== undefined ? ` with exit code ${last.exitCode}` : ''}${last.finishedAt ? ` at ${isoTime(last.finishedAt)}` : ''}.` : ''}`,
  );
  chain.push({
    kind: 'container',
    name: `container ${c.name}`,
    state: podState(fp),
    location: f.location,
  });
  if (last)
    related.push(
      rel(
        last.location,
        `its last run: ${last.reason}${last.exitCode !== undefined ? `, exit code ${last.exitCode}` : ''}`,
      ),
    );
  const tail = cp.logTails.get(`${cp.namespace}/${pod.name}/${c.name}`);
  if (tail && tail.lines.length > 0) {
    detail.push(
      `${tail.previous ? 'The previous run’s log' : 'Its log'} (\`${tail.file.split(/[\\/]/).slice(-1)[0] ?? ''}\`) ends with:\n\n${tail.lines.map((l) => `    ${l.text}`).join('\n')}`,
    );
    for (const l of tail.lines)
      related.push(
        rel(
          logLine(tail.file, l.span),
          `${tail.previous ? 'previous run’s' : 'its'} log: ${clip(l.text, 120)}`,
        ),
      );
    const lastLine = tail.lines[tail.lines.length - 1]!;
    chain.push({
      kind: 'log',
      name: tail.file.split(/[\\/]/).slice(-1)[0] ?? 'log',
      state: clip(lastLine.text, 120),
      location: logLine(tail.file, lastLine.span),
    });
  } else {
    detail.push(
      `No log of it was read: the dump holds the control plane's logs flat, \`${flatLogPath(cp, pod.name, c.name)}\` (the run before the last restart) beside \`${pod.name}-${c.name}.log\`.`,
    );
  }
  return { detail, related, chain };
}

/** The HostedControlPlane's and HostedCluster's conditions that only say the same, as evidence. */
export function echoes(h: HostedPart, types: readonly string[]): (RelatedLocation | undefined)[] {
  const out: (RelatedLocation | undefined)[] = [];
  const say = (kind: string, c: Condition | undefined) =>
    c && c.status !== (c.type === 'Degraded' ? 'False' : 'True')
      ? rel(
          c.location,
          `${kind} ${c.type}=${c.status} (${c.reason})${c.message ? `: ${clip(c.message, 120)}` : ''}`,
        )
      : undefined;
  for (const t of types) {
    out.push(say('HostedControlPlane', h.controlPlane?.hcp?.condition(t)));
    out.push(say('HostedCluster', h.cluster.condition(t)));
  }
  return out;
}

/** `for 1h22m` from a condition's change, measured at the gather. */
export function conditionAge(s: Snapshot, c: Condition | undefined): string {
  return heldFor(c?.lastTransitionTime, s.gatherTime);
}
