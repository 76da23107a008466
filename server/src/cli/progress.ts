/**
 * A percentage on one terminal line (stderr), only when stderr is a TTY: piped or redirected
 * output stays free of carriage returns.
 */
export interface TerminalProgress {
  update(done: number, total: number): void;
  /** Clears the line (a message may be written; the next update draws it again). */
  done(): void;
}

const silent: TerminalProgress = { update: () => {}, done: () => {} };

export function terminalProgress(
  label: string,
  stream: NodeJS.WriteStream = process.stderr,
): TerminalProgress {
  if (stream.isTTY !== true) return silent;
  let shown = -1;
  let written = false;
  return {
    update(done, total) {
      const percent = total > 0 ? Math.floor((100 * done) / total) : 0;
      if (percent === shown) return;
      shown = percent;
      written = true;
      stream.write(`\r${label} ${percent}%`);
    },
    done() {
      if (written) stream.write('\r\x1b[2K');
      written = false;
      shown = -1;
    },
  };
}
