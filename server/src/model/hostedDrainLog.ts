/**
 * The hosted cluster config operator's drainer in its log (an InPlace NodePool's drains): each
 * failed attempt is one JSON line, `"error":"drain failed: failed to drain node <n>: [error when
 * evicting pods/\"p\" -n \"ns\": global timeout reached: 90s]"`, retried without end (hypershift
 * `hostedclusterconfigoperator/controllers/drainer/drainer.go`, kubectl's drain helper).
 */
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
  let start = 0;
  while (start < text.length) {
    const nl = text.indexOf('\n', start);
    const end = nl === -1 ? text.length : nl;
    const line = text.slice(start, end);
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
    start = end + 1;
  }
  return out;
}
