/**
 * Log filler: text of the right size, shape and entropy for the pod and host-service logs. The
 * benchmark only searches these files (`rg`), and how fast that goes does not depend on what
 * they say, so the lines are made up: `<RFC3339Nano> <klog-ish header> <message>` as `oc adm
 * inspect` saves a container's log (journal files get `journalctl -o short-precise`'s prefix
 * instead), the message 12-30 words drawn Zipf-like from a generated vocabulary with hex ids,
 * numbers and addresses in between. gzip -6 shrinks it 9-12x (a whole generated must-gather,
 * YAML included, about 9x), as it does real logs. ASCII only, no NUL, every line ends with `\n`;
 * deterministic: the same seed gives the same bytes.
 */
import { Prng } from '../../scripts/fixtures/det';
import type { Nanos } from '../../scripts/fixtures/time';
import type { Sink } from './writer';

export interface LogSpec {
  /** Lines are spread between `from` and `to` (the container's start and the gather). */
  from: Nanos;
  to: Nanos;
  /** Approximate size in bytes; the log stops at `to` or at this size, whichever comes first. */
  bytes: number;
  seed: string;
  /** Process id in the header (1 in most containers). */
  pid?: number;
  /** A host journal: lines start `Mon DD HH:MM:SS.ffffff host ident[pid]: ` instead. */
  journal?: { host: string; ident: string };
}

/** A size drawn around `median` (log-normal, `spread` in natural-log units), at least 1 byte. */
export function sizeAround(r: Prng, median: number, spread = 0.6): number {
  const u = Math.max(1e-9, r.next());
  const v = r.next();
  const z = Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  return Math.max(1, Math.round(median * Math.exp(spread * z)));
}

// ------------------------------------------------------------------ vocabulary and messages

/** An index in [0, n) drawn with P(k) ∝ ln((k+2)/(k+1)) ≈ 1/k: Zipf with exponent 1. */
const zipf = (r: Prng, n: number, ln = Math.log(n + 1)) =>
  Math.min(n - 1, Math.floor(Math.exp(r.next() * ln)) - 1);

/** Words in the vocabulary, messages in the global pool. */
const VOCAB = 3000;
const MESSAGES = 2000;

/**
 * Messages one container logs: a short log repeats a few, a long one has more (6 for 10 KB, 32
 * from 256 KB on), so that small files compress like real ones rather than being all first
 * occurrences.
 */
const setSize = (bytes: number) => Math.max(6, Math.min(32, Math.round(Math.sqrt(bytes) / 16)));

function buildVocabulary(r: Prng): string[] {
  const onset = 'b c d f g h k l m n p r s t v w z st tr pr ch sh cl gr'.split(' ');
  const vowel = 'a e i o u a e i o ea io'.split(' ');
  const coda = ['', '', '', 'n', 'r', 's', 't', 'l', 'ng', 'd', 'x'];
  // Syllables strung at random can spell words nobody wants to read in a log.
  const rude = /fu|shi|cu|di|co|pi|ti|ni|fa|slu|wh|rap|por|se|as|da|crap|twa|wan|bi|hom|naz|kil/;
  const seen = new Set<string>();
  const out: string[] = [];
  while (out.length < VOCAB) {
    // Common words are short: the length grows with the rank, as in English.
    const syllables = 1 + Math.min(3, Math.floor((out.length / VOCAB) * 3 + r.next() * 1.6));
    let w = '';
    for (let s = 0; s < syllables; s++) w += r.pick(onset) + r.pick(vowel) + r.pick(coda);
    if (seen.has(w) || rude.test(w)) continue;
    seen.add(w);
    out.push(w);
  }
  return out;
}

/** Literal text, then a variable field of that kind (0: none; 1-6: see `field`). */
type Part = [string, number];

interface Message {
  sev: string;
  parts: Part[];
  /** Expected length of the message, its fields included. */
  length: number;
}

/** Expected length of a field of each kind. */
const fieldLength = [0, 8, 3.1, 18, 10, 12, 15];

/** Keys for each kind of field (see `field`). */
const keys = [
  [],
  ['id', 'uid', 'trace', 'request'],
  ['count', 'code', 'retries', 'generation'],
  ['peer', 'addr', 'remote', 'endpoint'],
  ['latency', 'duration', 'elapsed', 'took'],
  ['pod', 'name', 'owner', 'holder'],
  ['hash', 'key', 'digest', 'revision'],
];

function buildMessages(r: Prng, vocab: string[]): Message[] {
  const files: string[] = [];
  for (let i = 0; i < 300; i++)
    files.push(
      `${vocab[zipf(r, 400)] ?? 'x'}${r.next() < 0.4 ? `_${vocab[zipf(r, 400)] ?? 'x'}` : ''}.go`,
    );
  const out: Message[] = [];
  for (let m = 0; m < MESSAGES; m++) {
    const u = r.next();
    const sev = u < 0.85 ? 'I' : u < 0.96 ? 'W' : 'E';
    let text = `${r.pick(files)}:${r.int(40, 1400)}] `;
    const parts: Part[] = [];
    const words = r.int(12, 30);
    // Zero to two variable fields per message, wherever they fall among the words.
    const f = r.next() < 0.3 ? 0 : r.int(1, 2);
    const at = [r.int(2, words + 1), r.int(2, words + 1)].slice(0, f);
    for (let w = 0; w < words; w++) {
      if (w > 0) text += ' ';
      if (at.includes(w)) {
        const kind = r.int(1, 6);
        text += `${r.pick(keys[kind] ?? [])}=`;
        parts.push([text, kind]);
        text = '';
      } else text += vocab[zipf(r, VOCAB)] ?? 'x';
    }
    parts.push([text, 0]);
    const length = parts.reduce((n, [t, k]) => n + t.length + (fieldLength[k] ?? 0), 0);
    out.push({ sev, parts, length });
  }
  return out;
}

const setup = new Prng('bench-filler:vocabulary');
const messages = buildMessages(setup, buildVocabulary(setup));

const HEX = '0123456789abcdef';
function hex(r: Prng, n: number): string {
  let s = '';
  for (let i = 0; i < n; i += 8) {
    let v = Math.floor(r.next() * 0x100000000);
    for (let j = 0; j < 8 && i + j < n; j++, v >>>= 4) s += HEX[v & 15];
  }
  return s;
}

/** Per file: the ids, pods and peers that recur, as a container keeps logging about the same ones. */
interface Locals {
  ids: string[];
  pods: string[];
  peers: string[];
  /** The messages this container logs, most frequent first. */
  set: Message[];
}

function locals(r: Prng, n: number): Locals {
  return {
    ids: Array.from({ length: 12 }, () => hex(r, 8)),
    pods: Array.from({ length: 8 }, () => `${hex(r, 6)}-${hex(r, 5)}`),
    peers: Array.from(
      { length: 16 },
      () => `10.${r.int(128, 131)}.${r.int(0, 255)}.${r.int(2, 254)}:${r.int(1024, 65535)}`,
    ),
    set: Array.from({ length: n }, () => messages[zipf(r, MESSAGES)] as Message),
  };
}

function field(r: Prng, kind: number, loc: Locals): string {
  switch (kind) {
    case 1:
      return r.next() < 0.85 ? (loc.ids[r.int(0, loc.ids.length - 1)] ?? '') : hex(r, 8);
    case 2:
      return String(r.int(0, r.next() < 0.8 ? 999 : 99999));
    case 3:
      return loc.peers[r.int(0, loc.peers.length - 1)] ?? '';
    case 4:
      return `${(r.next() * 900).toFixed(3)}ms`;
    case 5:
      return loc.pods[r.int(0, loc.pods.length - 1)] ?? '';
    default:
      return r.next() < 0.5
        ? `${loc.ids[r.int(0, loc.ids.length - 1)] ?? ''}${hex(r, 8)}`
        : `"${hex(r, 12)}"`;
  }
}

// ------------------------------------------------------------------ clock and lines

const NS_PER_S = 1_000_000_000n;
const two = Array.from({ length: 60 }, (_, i) => String(i).padStart(2, '0'));
const months = 'Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec'.split(' ');

/** Date parts of one second; the day's parts are recomputed only when the day changes. */
class Clock {
  private day = -1;
  private sec = -1;
  date = '';
  mmdd = '';
  mon = '';
  hms = '';

  set(sec: number): void {
    if (sec === this.sec) return;
    this.sec = sec;
    const day = Math.floor(sec / 86400);
    if (day !== this.day) {
      this.day = day;
      const iso = new Date(day * 86400 * 1000).toISOString();
      this.date = iso.slice(0, 10);
      this.mmdd = iso.slice(5, 7) + iso.slice(8, 10);
      this.mon = `${months[Number(iso.slice(5, 7)) - 1] ?? 'Jan'} ${iso.slice(8, 10)}`;
    }
    const s = sec - day * 86400;
    this.hms = `${two[Math.floor(s / 3600)]}:${two[Math.floor((s % 3600) / 60)]}:${two[s % 60]}`;
  }
}

/** oc trims the trailing zeros of the nanoseconds (RFC3339Nano). */
function trimFraction(f9: string): string {
  let end = f9.length;
  while (end > 0 && f9.charCodeAt(end - 1) === 48) end--;
  return end === 0 ? '' : `.${f9.slice(0, end)}`;
}

function body(r: Prng, m: Message, loc: Locals): string {
  let s = '';
  for (const [text, kind] of m.parts) s += kind === 0 ? text : text + field(r, kind, loc);
  return s;
}

/** Writes one log into `sink`; returns the number of bytes written. */
export function writeLog(sink: Sink, spec: LogSpec): number {
  const span = Number(spec.to - spec.from);
  if (span <= 0 || spec.bytes <= 0) return 0;
  const r = new Prng(spec.seed);
  const loc = locals(r, setSize(spec.bytes));
  const n = loc.set.length;
  const ln = Math.log(n + 1);
  const pid = String(spec.pid ?? 1).padStart(7, ' ');
  const journal = spec.journal
    ? `${spec.journal.host} ${spec.journal.ident}[${spec.pid ?? 1}]: `
    : '';
  // Expected line: prefix (the journal's or oc's RFC3339Nano) + klog header + message + `\n`.
  let mean = (journal ? 23 + journal.length : 31) + 30 + 1;
  loc.set.forEach((m, k) => (mean += (m.length * Math.log((k + 2) / (k + 1))) / ln));
  const perByte = span / spec.bytes;
  const jitter = Math.min(mean, spec.bytes);
  const startSec = Number(spec.from / NS_PER_S);
  const startNs = Number(spec.from % NS_PER_S);
  const clock = new Clock();
  let off = 0;
  let written = 0;
  while (written < spec.bytes) {
    // Time follows the bytes written, so the last line lands near `to` when the size is reached,
    // give or take a line's worth of jitter.
    const t = Math.floor((written + r.next() * jitter) * perByte);
    if (t >= span) break;
    if (t > off) off = t;
    const total = startNs + off;
    const sec = startSec + Math.floor(total / 1e9);
    const f9 = String(1e9 + (total % 1e9)).slice(1);
    clock.set(sec);
    const m = loc.set[zipf(r, n, ln)] as Message;
    const line = `${m.sev}${clock.mmdd} ${clock.hms}.${f9.slice(0, 6)} ${pid} ${body(r, m, loc)}`;
    const text = journal
      ? `${clock.mon} ${clock.hms}.${f9.slice(0, 6)} ${journal}${line}\n`
      : `${clock.date}T${clock.hms}${trimFraction(f9)}Z ${line}\n`;
    // The last line is the one that brings the size nearest to `bytes`.
    if (written > 0 && written + text.length - spec.bytes > spec.bytes - written) break;
    sink.write(text);
    written += text.length;
  }
  return written;
}
