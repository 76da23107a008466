/**
 * The cluster-version operator's `Result of work` log lines: what the CVO was waiting on at
 * each sync (`Result of work: [Cluster operator machine-config is still updating]`).
 */
import { operatorWaits } from './operatorMessages';
import type { OperatorWait } from './operatorMessages';

export interface ResultOfWork {
  /** Offsets of the whole line in the log text. */
  span: [number, number];
  /** The log line's own timestamp (the RFC3339 prefix `oc` adds). */
  time?: Date;
  waits: OperatorWait[];
}

const resultLine = /Result of work: (?:errs=)?\[(.*)\]\s*$/;

export function parseResultsOfWork(text: string): ResultOfWork[] {
  const out: ResultOfWork[] = [];
  const marker = 'Result of work';
  for (let i = text.indexOf(marker); i !== -1; ) {
    const start = text.lastIndexOf('\n', i) + 1;
    const nl = text.indexOf('\n', i);
    const end = nl === -1 ? text.length : nl;
    const line = text.slice(start, end);
    const m = resultLine.exec(line);
    if (m) {
      const waits = operatorWaits(m[1]!);
      const r: ResultOfWork = { span: [start, end], waits };
      const t = new Date(line.slice(0, line.indexOf(' ')));
      if (!Number.isNaN(t.getTime())) r.time = t;
      out.push(r);
    }
    i = text.indexOf(marker, end);
  }
  return out;
}
