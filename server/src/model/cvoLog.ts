/**
 * The cluster-version operator's `Result of work` log lines: what the CVO was waiting on at
 * each sync (`Result of work: [Cluster operator machine-config is still updating]`).
 */

export interface OperatorWait {
  operator: string;
  /** `is still updating`, `is updating versions`, `is degraded`, `is not available`, ... */
  state: string;
}

export interface ResultOfWork {
  /** Offsets of the whole line in the log text. */
  span: [number, number];
  /** The log line's own timestamp (the RFC3339 prefix `oc` adds). */
  time?: Date;
  waits: OperatorWait[];
}

const resultLine = /Result of work: (?:errs=)?\[(.*)\]\s*$/;
const operatorWait =
  /[Cc]luster operator ([a-z0-9][-a-z0-9.]*) (is still updating|is updating versions|is degraded|is not available|has not yet successfully rolled out)/g;

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
      const waits = [...m[1]!.matchAll(operatorWait)].map((w) => ({
        operator: w[1]!,
        state: w[2]!,
      }));
      const r: ResultOfWork = { span: [start, end], waits };
      const t = new Date(line.slice(0, line.indexOf(' ')));
      if (!Number.isNaN(t.getTime())) r.time = t;
      out.push(r);
    }
    i = text.indexOf(marker, end);
  }
  return out;
}
