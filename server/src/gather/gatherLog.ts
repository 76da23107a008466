/**
 * The gather's own logs, read bounded: `must-gather.logs` beside the image folders (oc 4.16 and
 * later) and `gather.logs` in each image folder. These are small files the gather writes about
 * itself (not pod logs): they say which image ran, which `oc` ran it and what went wrong.
 *
 * `must-gather.logs` (openshift/oc `pkg/cli/admin/mustgather/mustgather.go`, release-4.16 and
 * later: `Run` creates it, `newPrefixWriter` copies every prefixed line into it) holds:
 * - `[must-gather      ] OUT <RFC3339Nano> Using must-gather plug-in image: <img>[, <img>…]`
 * - the summary `PrintBasicClusterState` writes unprefixed (`summary.go`): `ClusterID: <id>`,
 *   `ClientVersion: <oc version>`, `ClusterVersion: Stable at "4.16.3"`, `ClusterOperators:`
 *   and a tab-indented line per noteworthy operator; `error getting cluster version: …` and the
 *   like when a call failed;
 * - `[must-gather      ] OUT <time> pod for plug-in image <img> created`, then per gather pod
 *   `[<pod>] OUT <time> waiting for gather to complete`, `downloading gather output`, the copy's
 *   own output, and on failure `gather did not start: …`, `gather logs unavailable: …`,
 *   `gather never finished: …`, `gather output not downloaded: …`;
 * - after a failure, the fallback `oc adm inspect`'s output under the `[must-gather      ]`
 *   prefix. The fallback's announcement (`Falling back to `oc adm inspect …``) goes to stderr,
 *   not to the file.
 * `gather.logs` is the gather container's own log (`copyFilesFromPod`, `Timestamps: true`):
 * every line starts with an RFC3339Nano time.
 */
import { lstat, open } from 'node:fs/promises';
import { clip } from '../core/text';

export interface GatherLogReading {
  /** The file's name, for notes (`must-gather.logs`, `gather.logs`). */
  name: string;
  /** Images the log names as the plug-in images, in order, without repeats. */
  images: string[];
  /** `ClientVersion:` — the `oc` that ran the gather. */
  ocVersion?: string;
  clusterId?: string;
  /** `ClusterVersion:` — the cluster's state in oc's words (`Stable at "4.16.3"`). */
  clusterVersion?: string;
  /** Lines that report an error or a warning, clipped, without repeats, in order. */
  errors: string[];
  /** Why the file was not read or read only in part, when it was not read whole. */
  note?: string;
}

const mib = 1024 * 1024;
/** Normally a few KiB; a huge one is read at its start and its end, 1 MiB each. */
const gatherLogReadBytes = 2 * mib;

/**
 * Reads one of the gather's logs, bounded: `undefined` when it is absent; a reading with a note
 * (and nothing else) when it is a link, not a regular file, unreadable or binary. Never follows a
 * symbolic link and never throws.
 */
export async function readGatherLog(
  path: string,
  name: string,
  maxBytes = gatherLogReadBytes,
): Promise<GatherLogReading | undefined> {
  const empty = (note: string): GatherLogReading => ({ name, images: [], errors: [], note });
  let st;
  try {
    st = await lstat(path);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    return code === 'ENOENT' || code === 'ENOTDIR'
      ? undefined
      : empty(`${name} not read (${code ?? String(err)})`);
  }
  if (st.isSymbolicLink()) return empty(`${name} is a symbolic link: not followed, not read`);
  if (!st.isFile()) return empty(`${name} is not a regular file: not read`);
  let text: string;
  let partial = false;
  try {
    const fh = await open(path, 'r');
    try {
      if (st.size <= maxBytes) {
        const buf = Buffer.alloc(st.size);
        const { bytesRead } = await fh.read(buf, 0, st.size, 0);
        text = decode(buf.subarray(0, bytesRead));
      } else {
        // Head and tail: the image and versions are at the start, the failures at the end.
        partial = true;
        const half = Math.floor(maxBytes / 2);
        const head = Buffer.alloc(half);
        const tail = Buffer.alloc(half);
        const h = await fh.read(head, 0, half, 0);
        const t = await fh.read(tail, 0, half, st.size - half);
        const headText = decode(head.subarray(0, h.bytesRead));
        const tailText = decode(tail.subarray(0, t.bytesRead));
        // Whole lines only: the head's last and the tail's first may be cut.
        text = `${headText.slice(0, headText.lastIndexOf('\n') + 1)}${tailText.slice(tailText.indexOf('\n') + 1)}`;
      }
    } finally {
      await fh.close();
    }
  } catch (err) {
    if (err instanceof BinaryLog) return empty(`${name} is not text: not read`);
    const code = (err as NodeJS.ErrnoException).code;
    return empty(`${name} not read (${code ?? String(err)})`);
  }
  const reading = parseGatherLog(text, name);
  if (partial) {
    reading.note = `${name} is ${(st.size / mib).toFixed(1)} MiB: only its first and last ${(maxBytes / 2 / mib).toFixed(0)} MiB were read`;
  }
  return reading;
}

class BinaryLog extends Error {}

function decode(buf: Buffer): string {
  if (buf.includes(0)) throw new BinaryLog();
  return buf.toString('utf8');
}

/** `[must-gather      ] OUT ` or `[<pod>] OUT ` (or `POD`), then the time, in the file. */
const prefixed = /^\[[^\]\n]{1,80}\] (?:OUT|POD) /;
const rfc3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:\d{2}) /;

/** What oc itself logs when a gather fails, and lines that say error or warning first. */
const failure =
  /^(?:gather did not start|gather logs unavailable|gather never finished|gather output not downloaded|unable to parse image reference|unable to download output|error\b|warning\b|fatal\b|[EF]\d{4} \d{2}:\d{2}:\d{2})|^(?:rsync|tar)\b.*\b(?:error|failed|cannot)\b/i;

/** The text of one line without oc's prefix and the time. */
function textOf(line: string): string {
  let t = line.replace(/\r$/, '');
  const p = prefixed.exec(t);
  if (p) t = t.slice(p[0].length);
  const ts = rfc3339.exec(t);
  if (ts) t = t.slice(ts[0].length);
  return t;
}

export function parseGatherLog(text: string, name: string): GatherLogReading {
  const out: GatherLogReading = { name, images: [], errors: [] };
  const addImage = (img: string) => {
    const i = img.trim();
    if (i !== '' && !out.images.includes(i)) out.images.push(i);
  };
  for (const raw of text.split('\n')) {
    const t = textOf(raw);
    let m = /^Using must-gather plug-in image: (.+)$/.exec(t);
    if (m) {
      for (const img of m[1]!.split(', ')) addImage(img);
      continue;
    }
    m = /^pod(?:: \S+ on node: \S+)? for plug-in image (\S+) created$/.exec(t);
    if (m) {
      addImage(m[1]!);
      continue;
    }
    m = /^ClientVersion: (\S.*)$/.exec(t);
    if (m && out.ocVersion === undefined) {
      out.ocVersion = m[1]!.trim();
      continue;
    }
    m = /^ClusterID: (\S.*)$/.exec(t);
    if (m && out.clusterId === undefined) {
      out.clusterId = m[1]!.trim();
      continue;
    }
    m = /^ClusterVersion: (\S.*)$/.exec(t);
    if (m && out.clusterVersion === undefined) {
      out.clusterVersion = m[1]!.trim();
      continue;
    }
    if (failure.test(t)) {
      const e = clip(t, 200);
      if (!out.errors.includes(e)) out.errors.push(e);
    }
  }
  return out;
}

/** At most this many error lines become notes; the rest are counted. */
const maxErrorNotes = 5;

/** The notes of several readings: their own notes, then their error lines, clipped. */
export function gatherLogNotes(readings: GatherLogReading[]): string[] {
  const notes: string[] = [];
  for (const r of readings) if (r.note) notes.push(r.note);
  const errors = readings.flatMap((r) => r.errors.map((e) => `${r.name}: ${e}`));
  notes.push(...errors.slice(0, maxErrorNotes));
  if (errors.length > maxErrorNotes) {
    const files = [...new Set(readings.filter((r) => r.errors.length > 0).map((r) => r.name))];
    notes.push(`and ${errors.length - maxErrorNotes} more error lines in ${files.join(' and ')}`);
  }
  return notes;
}
