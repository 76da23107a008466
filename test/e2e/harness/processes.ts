/**
 * Live processes read from /proc: those whose command line mentions a marker (proof that
 * nothing outlived the tests), and the descendants of one process (to find, and kill, the
 * language server that this test's editor started and no other).
 */
import { readdirSync, readFileSync } from 'node:fs';

export interface ProcessInfo {
  pid: number;
  ppid: number;
  /** The command line, arguments joined by spaces. */
  cmd: string;
  args: string[];
}

/** Every live process but this one, with its parent and command line. */
function allProcesses(): ProcessInfo[] {
  const out: ProcessInfo[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name) || Number(name) === process.pid) continue;
    try {
      const args = readFileSync(`/proc/${name}/cmdline`, 'utf8').split('\0').filter(Boolean);
      // `pid (comm) state ppid …`: comm may hold spaces and parentheses, so read after the last ')'.
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      out.push({ pid: Number(name), ppid, cmd: args.join(' '), args });
    } catch {
      // the process ended while we looked
    }
  }
  return out;
}

export function processesMentioning(marker: string): { pid: number; cmd: string }[] {
  return allProcesses()
    .filter((p) => p.cmd.includes(marker))
    .map(({ pid, cmd }) => ({ pid, cmd }));
}

/** The live children, grandchildren, … of a process (not the process itself). */
function descendantsOf(root: number): ProcessInfo[] {
  const all = allProcesses();
  const found = new Set([root]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const p of all)
      if (!found.has(p.pid) && found.has(p.ppid)) {
        found.add(p.pid);
        grew = true;
      }
  }
  return all.filter((p) => p.pid !== root && found.has(p.pid));
}

/**
 * The node processes under `root` that run `script` (e.g. `<extension>/dist/server.js`): the
 * script must be the program's first argument, so a command that merely mentions it is no match.
 */
export function nodeProcessesRunning(root: number, script: string): ProcessInfo[] {
  return descendantsOf(root).filter(
    ({ args }) =>
      /(^|\/)node$/.test(args[0] ?? '') && args.slice(1).find((a) => !a.startsWith('-')) === script,
  );
}
