/**
 * Fast, deterministic log text. Each file is a stream of lines as `oc adm inspect` saves them
 * (`<RFC3339Nano> <the container's own line>`), drawn from a small pool of messages expanded per
 * file, with timestamps spread over the container's lifetime. Formatting work per line is a few
 * string concatenations; the date parts are recomputed once per second of log time.
 */
import { Prng } from '../../scripts/fixtures/det';
import type { Nanos } from '../../scripts/fixtures/time';
import type { Sink } from './writer';

export type Format =
  | 'klog'
  | 'logfmt'
  | 'golog'
  | 'capnslog'
  | 'ovs'
  | 'python'
  | 'coredns'
  | 'ceph'
  | 'fluentd'
  | 'journal'
  | 'plain';

export type Sev = 'I' | 'W' | 'E';

/** One message a component logs: severity, source (file:line, logger, subsystem) and text. */
export type Entry = [Sev, string, string];

export interface LogContext {
  node: string;
  nodeIp: string;
  namespace: string;
  pod: string;
  podIp: string;
  /** Process id in the klog header (1 in most containers). */
  pid: number;
  /** For journal lines: the syslog identifier, e.g. `hyperkube`. */
  ident?: string;
}

export interface Profile {
  format: Format;
  /** Expands the messages of one file; common messages first (they are drawn more often). */
  entries(ctx: LogContext, r: Prng): Entry[];
}

const NS_PER_S = 1_000_000_000n;

const two = Array.from({ length: 60 }, (_, i) => String(i).padStart(2, '0'));

/** Date parts of one second; the day's parts are recomputed only when the day changes. */
class Clock {
  private day = -1;
  private sec = -1;
  iso = '';
  mmdd = '';
  hms = '';
  date = '';
  slash = '';
  mon = '';

  set(sec: number): void {
    if (sec === this.sec) return;
    this.sec = sec;
    const day = Math.floor(sec / 86400);
    if (day !== this.day) {
      this.day = day;
      const iso = new Date(day * 86400 * 1000).toISOString();
      this.mmdd = iso.slice(5, 7) + iso.slice(8, 10);
      this.date = iso.slice(0, 10);
      this.slash = this.date.replace(/-/g, '/');
      this.mon = `${months[Number(iso.slice(5, 7)) - 1] ?? 'Jan'} ${iso.slice(8, 10)}`;
    }
    const s = sec - day * 86400;
    const h = Math.floor(s / 3600);
    const m = Math.floor((s % 3600) / 60);
    this.hms = `${two[h]}:${two[m]}:${two[s % 60]}`;
    this.iso = `${this.date}T${this.hms}`;
  }
}

const months = 'Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec'.split(' ');
const sevWord: Record<Sev, string> = { I: 'info', W: 'warn', E: 'error' };
const sevUpper: Record<Sev, string> = { I: 'INFO', W: 'WARN', E: 'ERROR' };
const sevPython: Record<Sev, string> = { I: 'INFO    ', W: 'WARNING ', E: 'ERROR   ' };
const sevCeph: Record<Sev, string> = { I: '0', W: '-1', E: '-1' };

/** Characters per line besides the source and the message, by format (oc's prefix included). */
const overhead: Record<Format, number> = {
  klog: 64,
  logfmt: 79,
  golog: 54,
  capnslog: 65,
  ovs: 69,
  python: 67,
  coredns: 39,
  ceph: 73,
  fluentd: 66,
  journal: 95,
  plain: 32,
};

function trimFraction(f9: string): string {
  let end = f9.length;
  while (end > 0 && f9.charCodeAt(end - 1) === 48) end--;
  return end === 0 ? '' : `.${f9.slice(0, end)}`;
}

export interface LogSpec {
  profile: Profile;
  ctx: LogContext;
  /** Lines are spread between `from` and `to` (the container's start and the gather). */
  from: Nanos;
  to: Nanos;
  /** Approximate size in bytes; the log stops at `to` or at this size, whichever comes first. */
  bytes: number;
  seed: string;
  /** Lines that open the log (start-up), written before the drawn ones. */
  head?: Entry[];
}

/** Writes one log into `sink`; returns the number of bytes written. */
export function writeLog(sink: Sink, spec: LogSpec): number {
  const r = new Prng(spec.seed);
  const entries = spec.profile.entries(spec.ctx, r);
  const format = spec.profile.format;
  const ctx = spec.ctx;
  const pid = String(ctx.pid).padStart(7, ' ');
  const startSec = Number(spec.from / NS_PER_S);
  const startNs = Number(spec.from % NS_PER_S);
  const span = Number(spec.to - spec.from);
  if (span <= 0 || spec.bytes <= 0) return 0;
  // Expected line length: entries are drawn with index ⌊U1·U2·n⌋, whose CDF is x − x·ln x.
  const cdf = (x: number) => (x <= 0 ? 0 : x - x * Math.log(x));
  let avg = overhead[format];
  entries.forEach((e, k) => {
    const w = cdf((k + 1) / entries.length) - cdf(k / entries.length);
    avg += w * (e[1].length + e[2].length);
  });
  const head = spec.head ?? [];
  const lines = Math.max(head.length + 1, Math.round(spec.bytes / avg));
  const dt = span / lines;
  const clock = new Clock();
  const host = ctx.node.split('.')[0] ?? ctx.node;
  const ident = ctx.ident ?? 'hyperkube';
  let off = 0;
  let written = 0;
  let seq = 1;
  let i = 0;
  while (written < spec.bytes) {
    // Start-up lines come within the first second; the rest spread out with jitter.
    off += i < head.length ? r.int(1000, 40_000_000) : dt * (0.15 + 1.7 * r.next());
    if (off >= span) break;
    const total = startNs + Math.floor(off);
    const sec = startSec + Math.floor(total / 1e9);
    const nsec = total % 1e9;
    clock.set(sec);
    const f9 = String(1e9 + nsec).slice(1);
    // klog stamps the line a few microseconds before the runtime does.
    const k6 =
      nsec >= 20_000
        ? String(1e6 + Math.floor(nsec / 1000) - r.int(2, 15)).slice(1)
        : f9.slice(0, 6);
    const e =
      i < head.length
        ? (head[i] as Entry)
        : (entries[Math.floor(r.next() * r.next() * entries.length)] as Entry);
    i++;
    const [sev, src, msg] = e;
    let line: string;
    switch (format) {
      case 'klog':
        line = `${sev}${clock.mmdd} ${clock.hms}.${k6} ${pid} ${src}] ${msg}`;
        break;
      case 'logfmt':
        line = `level=${sevWord[sev]} ts=${clock.iso}.${f9.slice(0, 3)}Z caller=${src} ${msg}`;
        break;
      case 'golog':
        line = `${clock.slash} ${clock.hms} ${src}: ${msg}`;
        break;
      case 'capnslog':
        line = `${clock.date} ${clock.hms}.${f9.slice(0, 6)} ${sev} | ${src}: ${msg}`;
        break;
      case 'ovs':
        line = `${clock.iso}.${f9.slice(0, 3)}Z|${String(seq++ % 100000).padStart(5, '0')}|${src}|${sevUpper[sev] === 'WARN' ? 'WARN' : sevUpper[sev] === 'ERROR' ? 'ERR' : 'INFO'}|${msg}`;
        break;
      case 'python':
        line = `${clock.date} ${clock.hms},${f9.slice(0, 3)} ${sevPython[sev]} ${src}: ${msg}`;
        break;
      case 'coredns':
        line = `[${sevUpper[sev]}] ${msg}`;
        break;
      case 'ceph':
        line = `debug ${clock.iso}.${f9.slice(0, 3)}+0000 7f${src} ${sevCeph[sev]} ${msg}`;
        break;
      case 'fluentd':
        line = `${clock.date} ${clock.hms} +0000 [${sevWord[sev]}]: ${msg}`;
        break;
      case 'journal': {
        // `journalctl -o short-precise`: the unit's own line after the syslog identifier.
        const own = src.startsWith('ovs:')
          ? `${String(seq++ % 100000).padStart(5, '0')}|${src.slice(4)}|${sevUpper[sev]}|${msg}`
          : src === 'crio'
            ? `time="${clock.date} ${clock.hms}.${f9}Z" level=${sevWord[sev]} ${msg}`
            : src === 'NetworkManager'
              ? `<${sevWord[sev]}>  [${sec}.${f9.slice(0, 4)}] ${msg}`
              : `${sev}${clock.mmdd} ${clock.hms}.${f9.slice(0, 6)} ${pid} ${src}] ${msg}`;
        line = `${clock.mon} ${clock.hms}.${f9.slice(0, 6)} ${host} ${ident}[${ctx.pid}]: ${own}`;
        break;
      }
      default:
        line = msg;
    }
    const text = format === 'journal' ? `${line}\n` : `${clock.iso}${trimFraction(f9)}Z ${line}\n`;
    sink.write(text);
    written += text.length;
  }
  return written;
}

/** A size drawn around `median` (log-normal, `spread` in natural-log units), at least 1 byte. */
export function sizeAround(r: Prng, median: number, spread = 0.6): number {
  const u = Math.max(1e-9, r.next());
  const v = r.next();
  const z = Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  return Math.max(1, Math.round(median * Math.exp(spread * z)));
}
