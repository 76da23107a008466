/**
 * The hosted cluster config operator's drainer in its log (an InPlace NodePool's drains): each
 * failed attempt is one JSON line, `"error":"drain failed: failed to drain node <n>: [error when
 * evicting pods/\"p\" -n \"ns\": global timeout reached: 90s]"`, retried without end (hypershift
 * `hostedclusterconfigoperator/controllers/drainer/drainer.go`, kubectl's drain helper).
 */
import { forEachLine } from '../core/text';
import { podsInError } from './drainLog';
import type { PodRef } from './drainLog';

/** The failed drains of one node: how many, since when, and the newest line. */
export interface HostedDrainFailures {
  node: string;
  count: number;
  first?: Date;
  last?: Date;
  /** The pods the newest failure names. */
  pods: PodRef[];
  /** Offsets of the newest failure's line in the log text. */
  span: [number, number];
  /** The newest failure's error, unescaped. */
  error: string;
}

const failed = /drain failed: failed to drain node ([^\s:"]+): /;
const errorField = /"error":"((?:[^"\\]|\\.)*)"/;
const timeField = /"ts":"([^"]+)"|^(\d{4}-\d\d-\d\dT[\d:.]+Z) /;

/** The failed drains in a log, by node. */
export function hostedDrainFailures(text: string): Map<string, HostedDrainFailures> {
  const out = new Map<string, HostedDrainFailures>();
  forEachLine(text, (line, start, end) => {
    const m = line.includes('drain failed') ? failed.exec(line) : null;
    if (m) {
      const node = m[1]!;
      const raw = errorField.exec(line)?.[1];
      const error = (raw ?? line.slice(m.index)).replace(/\\"/g, '"').replace(/\\\\/g, '\\');
      const t = timeField.exec(line);
      const time = t ? new Date(t[1] ?? t[2] ?? '') : undefined;
      const when = time && !Number.isNaN(time.getTime()) ? time : undefined;
      const prev = out.get(node);
      const f: HostedDrainFailures = {
        node,
        count: (prev?.count ?? 0) + 1,
        pods: podsInError(error),
        span: [start, end],
        error,
      };
      const first = prev ? prev.first : when;
      if (first) f.first = first;
      if (when) f.last = when;
      out.set(node, f);
    }
  });
  return out;
}

/**
 * The drains of a Replace NodePool's Machines in the cluster-api manager's log, as Cluster API
 * up to 1.8 (4.16 to 4.18) writes them: its Machine controller runs kubectl's drain helper, whose
 * refused evictions it logs as errors (`"error when evicting pods/\"p\" -n \"ns\" (will retry
 * after 5s): Cannot evict pod as it would violate the pod's disruption budget.\n"`), and each
 * attempt that times out as `"Drain failed, retry in 20s" err="…"`, every line with the Machine
 * as `Machine="<ns>/<name>"` (openshift/cluster-api release-4.18
 * `internal/controllers/machine/machine_controller.go` `drainNode`). The Machine's own condition
 * then says only "Draining the node before deletion".
 */
export interface MachineDrainFailures {
  machine: string;
  /** Evictions refused, and drain attempts that failed. */
  refusals: number;
  attempts: number;
  first?: Date;
  last?: Date;
  /** The pods the newest line names. */
  pods: PodRef[];
  /** Offsets of the newest refusal's line (else the newest failed attempt's) in the log text. */
  span: [number, number];
  /** That line's message, unquoted, and its time. */
  error: string;
  errorAt?: Date;
}

/** klog's header (`E0916 13:31:37.511750       1 file.go:767] `), after an optional RFC 3339 time. */
const klogLine =
  /^(?:(\d{4}-\d\d-\d\dT[\d:.]+Z) )?[IWEF](\d\d)(\d\d) (\d\d:\d\d:\d\d\.\d+)\s+\d+ [^\]]+\] "((?:[^"\\]|\\.)*)"(.*)$/;
const machineField = / Machine="[^"/]*\/([^"]+)"/;
const errField = / err="((?:[^"\\]|\\.)*)"/;

/**
 * The refused evictions and failed drain attempts in a cluster-api manager's log, by Machine
 * name. klog writes no year: it is the gather's (the year before when that would put a line
 * after the gather).
 */
export function machineDrainFailures(
  text: string,
  gatherTime?: Date,
): Map<string, MachineDrainFailures> {
  const out = new Map<string, MachineDrainFailures>();
  forEachLine(text, (line, start, end) => {
    // Cheap test first: most of the manager's lines are about other objects.
    const m = /evicting pods\/|Drain failed/.test(line) ? klogLine.exec(line) : null;
    const message = m ? unquote(m[5]!) : '';
    const refused = message.startsWith('error when evicting pods/');
    const failed = message === 'Drain failed, retry in 20s';
    const machine = m && (refused || failed) ? machineField.exec(m[6]!)?.[1] : undefined;
    if (m && machine) {
      const prev = out.get(machine);
      // A refusal says why; a failed attempt after one only that the time ran out.
      const keep = !refused && prev !== undefined && prev.refusals > 0;
      const error = refused ? message.trimEnd() : unquote(errField.exec(m[6]!)?.[1] ?? message);
      const when = lineTime(m[1], m[2]!, m[3]!, m[4]!, gatherTime);
      const f: MachineDrainFailures = {
        machine,
        refusals: (prev?.refusals ?? 0) + (refused ? 1 : 0),
        attempts: (prev?.attempts ?? 0) + (failed ? 1 : 0),
        pods: keep ? prev.pods : podsInError(error),
        span: keep ? prev.span : [start, end],
        error: keep ? prev.error : error,
      };
      const first = prev ? prev.first : when;
      if (first) f.first = first;
      const last = when ?? prev?.last;
      if (last) f.last = last;
      const errorAt = keep ? prev.errorAt : when;
      if (errorAt) f.errorAt = errorAt;
      out.set(machine, f);
    }
  });
  return out;
}

/** A Go-quoted string's content (`strconv.Quote`: `\"`, `\\`, `\n`, `\t`). */
function unquote(s: string): string {
  return s.replace(/\\(["\\nt])/g, (_, c: string) => (c === 'n' ? '\n' : c === 't' ? '\t' : c));
}

function lineTime(
  rfc3339: string | undefined,
  month: string,
  day: string,
  clock: string,
  gatherTime: Date | undefined,
): Date | undefined {
  if (rfc3339) {
    const t = new Date(rfc3339);
    return Number.isNaN(t.getTime()) ? undefined : t;
  }
  if (!gatherTime) return undefined;
  const year = gatherTime.getUTCFullYear();
  const at = (y: number) => new Date(`${y}-${month}-${day}T${clock}Z`);
  const t = at(year);
  if (Number.isNaN(t.getTime())) return undefined;
  // A line a day or more after the gather was written the year before (a gather in January).
  return t.getTime() - gatherTime.getTime() > 86_400_000 ? at(year - 1) : t;
}
