/** Shared by the archive tests: a temporary area per archive, extraction, and the tree it left. */
import {
  chmodSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after } from 'node:test';
import * as tar from 'tar-stream';
import { DEFAULT_ARCHIVE_BOUNDS, extractArchive } from '../../server/src/gather/archive/extract';
import type { ArchiveBounds, ExtractResult } from '../../server/src/gather/archive/extract';

const roots: string[] = [];
after(() => {
  for (const r of roots) {
    makeWritable(r);
    rmSync(r, { recursive: true, force: true });
  }
});

/** Extractions are read-only: make a tree writable again so it can be removed. */
export function makeWritable(path: string): void {
  if (!existsSync(path)) return;
  if (lstatSync(path).isDirectory()) {
    chmodSync(path, 0o755);
    for (const n of readdirSync(path)) makeWritable(join(path, n));
  }
}

/** A fresh root holding `in/<name>` (the archive) and an empty `out/`, removed after the file. */
export function setup(name: string, data: Buffer): { root: string; archive: string; out: string } {
  const root = mkdtempSync(join(tmpdir(), 'mgi-archive-'));
  roots.push(root);
  mkdirSync(join(root, 'in'));
  mkdirSync(join(root, 'out'));
  const archive = join(root, 'in', name);
  writeFileSync(archive, data);
  return { root, archive, out: join(root, 'out') };
}

/** Extracts with the default bounds, overridden as given; `heard` is every note. */
export async function run(
  archive: string,
  out: string,
  bounds: Partial<ArchiveBounds> = {},
): Promise<ExtractResult & { heard: string[] }> {
  const heard: string[] = [];
  const r = await extractArchive(archive, out, { ...DEFAULT_ARCHIVE_BOUNDS, ...bounds }, (m) =>
    heard.push(m),
  );
  return { ...r, heard };
}

/** Every path under a folder, relative, sorted; directories end with `/`. */
export function tree(root: string, rel = ''): string[] {
  const out: string[] = [];
  for (const n of readdirSync(join(root, rel)).sort()) {
    const r = rel ? `${rel}/${n}` : n;
    if (lstatSync(join(root, r)).isDirectory()) out.push(`${r}/`, ...tree(root, r));
    else out.push(r);
  }
  return out;
}

type Header = Parameters<tar.Pack['entry']>[0];
export interface Item {
  header: Header;
  body?: string | Buffer;
}

/** A tar in memory, built with tar-stream's packer. */
export async function makeTar(items: Item[]): Promise<Buffer> {
  const p = tar.pack();
  for (const { header, body } of items) {
    if (body === undefined) p.entry(header);
    else p.entry(header, body);
  }
  p.finalize();
  const chunks: Buffer[] = [];
  for await (const chunk of p) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export const file = (name: string, body: string | Buffer): Item => ({ header: { name }, body });
const dir = (name: string): Item => ({ header: { name, type: 'directory' } });

export const mustGather: Item[] = [
  dir('must-gather.local.1/'),
  file('must-gather.local.1/timestamp', '2026-01-01 00:00:00\n'),
  file(
    'must-gather.local.1/quay-io-release/cluster-scoped-resources/config.openshift.io/clusterversions.yaml',
    'apiVersion: config.openshift.io/v1\nkind: ClusterVersionList\nitems: []\n',
  ),
  file(
    'must-gather.local.1/quay-io-release/namespaces/openshift-mco/pods/x/logs/current.log',
    'ok\n',
  ),
];
