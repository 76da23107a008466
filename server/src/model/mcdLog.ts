/**
 * What the machine-config daemon's log says that its node's `reason` annotation does not: from
 * 4.16 (commit 5751b11ec) the reason of a failed OS update keeps only the retry timeout, while
 * each try's error is a warning, `Failed to update OS to %s (will retry): %v`
 * (pkg/daemon/update.go `updateLayeredOSToPullspec`, release-4.16 … main).
 */

export interface OsUpdateRetry {
  /** Offsets of the whole line in the log text. */
  span: [number, number];
  /** The line's own timestamp (the RFC3339 prefix `oc` adds). */
  time?: Date;
  image: string;
  /** The try's error (rpm-ostree's stderr, without the `: exit status N` of the next line). */
  error: string;
}

const retryLine = /Failed to update OS to (\S+) \(will retry\): (.*)$/;

export function parseOsUpdateRetries(text: string): OsUpdateRetry[] {
  const out: OsUpdateRetry[] = [];
  const marker = 'Failed to update OS to ';
  for (let i = text.indexOf(marker); i !== -1; ) {
    const start = text.lastIndexOf('\n', i) + 1;
    const nl = text.indexOf('\n', i);
    const end = nl === -1 ? text.length : nl;
    const line = text.slice(start, end);
    const m = retryLine.exec(line);
    if (m) {
      const r: OsUpdateRetry = { span: [start, end], image: m[1]!, error: m[2]!.trim() };
      const t = new Date(line.slice(0, line.indexOf(' ')));
      if (!Number.isNaN(t.getTime())) r.time = t;
      out.push(r);
    }
    i = text.indexOf(marker, end);
  }
  return out;
}
