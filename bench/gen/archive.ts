/**
 * A generated must-gather as the `.tar.gz` support attaches to a case: written by the system
 * `tar` (`tar cvaf must-gather.tar.gz must-gather.local.<id>`, here `tar -czf` without the
 * listing), so the archive holds the one top folder. Cached as `<outRoot>/<name>.tar.gz` beside
 * the must-gather, with a marker `<name>.tar.gz.done.json`; made again only when it is missing or
 * the must-gather it was made from changed (generated again, or another generator version).
 */
import { spawnSync } from 'node:child_process';
import {
  existsSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { basename, join } from 'node:path';
import { GENERATOR_VERSION } from './ensure';
import type { GeneratedInfo } from './ensure';

/** Bump whenever the way the archive is made changes, so a stale one is made again. */
const ARCHIVE_VERSION = 1;

export interface ArchiveInfo {
  /** The `.tar.gz`. */
  path: string;
  /** Its single top folder, `must-gather.local.<id>`. */
  top: string;
  /** Its size on disk. */
  bytes: number;
  /** Of the must-gather inside. */
  files: number;
  /** Folders of the must-gather, its top folder included. */
  folders: number;
  extractedBytes: number;
  /** Time `tar -czf` took; 0 when an earlier archive was reused. */
  seconds: number;
}

interface Marker {
  version: number;
  generator: number;
  top: string;
  files: number;
  folders: number;
  extractedBytes: number;
  bytes: number;
}

function readMarker(path: string): Marker | undefined {
  if (!existsSync(path)) return undefined;
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as Marker;
  } catch {
    return undefined;
  }
}

function countFolders(dir: string): number {
  let n = 0;
  const stack = [dir];
  for (let d = stack.pop(); d !== undefined; d = stack.pop()) {
    n++;
    for (const e of readdirSync(d, { withFileTypes: true })) {
      if (e.isDirectory()) stack.push(join(d, e.name));
    }
  }
  return n;
}

/** The `.tar.gz` of the must-gather `g` (made now, or reused). */
export function ensureArchive(g: GeneratedInfo, outRoot: string): ArchiveInfo {
  const tops = readdirSync(g.dir);
  const top = tops[0];
  if (tops.length !== 1 || top === undefined) {
    throw new Error(`expected one must-gather.local.* folder in ${g.dir}, found ${tops.length}`);
  }
  const name = `${basename(g.dir)}.tar.gz`;
  const path = join(outRoot, name);
  const markerPath = join(outRoot, `${name}.done.json`);
  const m = readMarker(markerPath);
  const fresh =
    m !== undefined &&
    g.seconds === 0 && // the must-gather was not generated again in this run
    m.version === ARCHIVE_VERSION &&
    m.generator === GENERATOR_VERSION &&
    m.top === top &&
    m.files === g.files &&
    m.extractedBytes === g.bytes &&
    typeof m.folders === 'number' &&
    existsSync(path) &&
    statSync(path).size === m.bytes;
  if (fresh) {
    const { bytes, folders } = m;
    return { path, top, bytes, files: g.files, folders, extractedBytes: g.bytes, seconds: 0 };
  }
  rmSync(markerPath, { force: true });
  rmSync(path, { force: true });
  // Written under another name and renamed, so an interrupted run leaves no archive to reuse.
  const tmp = join(outRoot, `.${name}.tmp`);
  rmSync(tmp, { force: true });
  const t0 = performance.now();
  const r = spawnSync('tar', ['-czf', tmp, '-C', g.dir, top], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const seconds = (performance.now() - t0) / 1000;
  if (r.error) throw r.error;
  if (r.status !== 0) {
    rmSync(tmp, { force: true });
    throw new Error(`tar -czf ${path} failed (${r.status}): ${r.stderr.toString().slice(0, 2000)}`);
  }
  renameSync(tmp, path);
  const bytes = statSync(path).size;
  const marker: Marker = {
    version: ARCHIVE_VERSION,
    generator: GENERATOR_VERSION,
    top,
    files: g.files,
    folders: countFolders(join(g.dir, top)),
    extractedBytes: g.bytes,
    bytes,
  };
  writeFileSync(markerPath, `${JSON.stringify(marker, null, 2)}\n`);
  const { folders } = marker;
  return { path, top, bytes, files: g.files, folders, extractedBytes: g.bytes, seconds };
}
