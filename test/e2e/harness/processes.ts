/** Lists live processes whose command line mentions a marker: proof that nothing outlived the tests. */
import { readdirSync, readFileSync } from 'node:fs';

export function processesMentioning(marker: string): { pid: number; cmd: string }[] {
  const out: { pid: number; cmd: string }[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name) || Number(name) === process.pid) continue;
    try {
      const cmd = readFileSync(`/proc/${name}/cmdline`, 'utf8').replace(/\0/g, ' ').trim();
      if (cmd.includes(marker)) out.push({ pid: Number(name), cmd });
    } catch {
      // the process ended while we looked
    }
  }
  return out;
}
