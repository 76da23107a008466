/**
 * A Pod, read for whether it can run: its phase and conditions (PodScheduled with the
 * scheduler's reason and message), its node, each container's state as the kubelet last wrote it
 * (waiting reason, last termination, restarts, ready) and its owner. Must-gathers hold pods as a
 * namespace's List (`namespaces/<ns>/core/pods.yaml`); Insights archives one JSON per pod
 * (`config/pod/<ns>/<pod>.json`, typed: no `kind`).
 */
import type { Location } from '../core/finding';
import { arr, date, num, rec, str } from './access';
import { findCondition, readConditions } from './condition';
import type { Condition } from './condition';
import { KubeObject } from './kubeObject';

/** A container's last termination (`lastState.terminated`). */
interface Termination {
  reason: string;
  exitCode?: number;
  finishedAt?: Date;
  location: Location;
}

export interface ContainerStatus {
  name: string;
  /** Init containers run before the others, one at a time. */
  init: boolean;
  ready: boolean;
  restartCount: number;
  /** `state.waiting`, when the container is not running. */
  waiting?: { reason: string; message: string; location: Location };
  /** `state.running.startedAt`, when it runs. */
  runningSince?: Date;
  lastTerminated?: Termination;
  /** The whole status entry. */
  location: Location;
}

export interface OwnerReference {
  kind: string;
  name: string;
}

export class Pod extends KubeObject {
  protected override get subjectKind(): string {
    return 'pod';
  }
  get phase(): string {
    return str(this.status.phase) ?? '';
  }
  /** `status.reason` (`Evicted` on a Failed pod the kubelet evicted). */
  get reason(): string {
    return str(this.status.reason) ?? '';
  }
  get conditions(): Condition[] {
    return readConditions(this);
  }
  get scheduled(): Condition | undefined {
    return findCondition(this.conditions, 'PodScheduled');
  }
  get nodeName(): string | undefined {
    return str(this.spec.nodeName);
  }
  get owner(): OwnerReference | undefined {
    const refs = arr(rec(this.raw.metadata)?.ownerReferences).map(rec);
    const r = refs.find((x) => x?.controller === true) ?? refs[0];
    const kind = str(r?.kind);
    const name = str(r?.name);
    return kind && name ? { kind, name } : undefined;
  }
  get containers(): ContainerStatus[] {
    return [
      ...this.statuses('initContainerStatuses', true),
      ...this.statuses('containerStatuses', false),
    ];
  }

  private statuses(field: string, init: boolean): ContainerStatus[] {
    return arr(this.status[field]).flatMap((v, i) => {
      const c = rec(v);
      const name = str(c?.name);
      if (!c || !name) return [];
      const at = (...s: (string | number)[]) => this.at('status', field, i, ...s);
      const out: ContainerStatus = {
        name,
        init,
        ready: c.ready === true,
        restartCount: num(c.restartCount) ?? 0,
        location: at(),
      };
      const state = rec(c.state);
      const waiting = rec(state?.waiting);
      if (waiting) {
        out.waiting = {
          reason: str(waiting.reason) ?? '',
          message: str(waiting.message) ?? '',
          location: at('state', 'waiting'),
        };
      }
      const started = date(rec(state?.running)?.startedAt);
      if (started) out.runningSince = started;
      const last = rec(rec(c.lastState)?.terminated);
      if (last) {
        const t: Termination = {
          reason: str(last.reason) ?? '',
          location: at('lastState', 'terminated'),
        };
        const code = num(last.exitCode);
        if (code !== undefined) t.exitCode = code;
        const finished = date(last.finishedAt);
        if (finished) t.finishedAt = finished;
        out.lastTerminated = t;
      }
      return [out];
    });
  }
}
