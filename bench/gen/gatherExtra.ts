/**
 * A CI gather-extra folder whose `machineconfigs.json` is about 40 MiB, grown from the
 * `gather-extra-2019850` fixture: every fixture file as it is, and the MachineConfig List with
 * the older renders a long-lived cluster keeps (one per earlier cluster-wide change, each pool in
 * turn). Each older render is the fixture's render of that pool plus what makes real rendered
 * configs hundreds of KiB: the user CA bundle as a percent-encoded `data:,` URL, DER anchors as
 * `data:;base64,` and a gzip'd `policy.json`. The pools still name the fixture's renders, so the
 * analysis tells the same story. Deterministic; cached under `<outRoot>/` like the presets.
 */
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';
import { hexFrom, md5Hex, resourceVersionFrom, uuidFrom } from '../../scripts/fixtures/det';
import { dataUrlEscape, ignFileFromSource as storageFile } from '../../scripts/fixtures/ignition';
import { caBundle, pemCertificate } from './certs';

/** Bump whenever the output changes, so a stale cache is regenerated. */
const GATHER_EXTRA_VERSION = 2;

export interface GatherExtraInfo {
  dir: string;
  /** The grown List. */
  machineConfigsFile: string;
  /** Files in the folder, the List included. */
  files: number;
  /** Size of the List. */
  bytes: number;
  items: number;
  renderedConfigs: number;
  seconds: number;
}

type Obj = Record<string, unknown>;

const name = 'gather-extra-40mib';
const targetBytes = 40 * 1024 ** 2;
const seed = 'gather-extra-2019850';

/** Generates (or reuses) the folder under `outRoot`, from the fixture folder `fixture`. */
export function ensureGatherExtra(outRoot: string, fixture: string): GatherExtraInfo {
  const dir = join(outRoot, name);
  const markerPath = join(outRoot, `${name}.done.json`);
  const marker = readMarker(markerPath);
  if (marker && existsSync(dir)) return { ...marker, dir, seconds: 0 };
  rmSync(markerPath, { force: true });
  rmSync(dir, { recursive: true, force: true });
  const t0 = performance.now();
  const rel = 'artifacts/machineconfigs.json';
  const copied = copyTree(fixture, dir, (p) => p !== rel);
  const list = JSON.parse(readFileSync(join(fixture, rel), 'utf8')) as Obj & { items: Obj[] };
  const grown = grow(list);
  // The fixture's format: `oc get -o json` indents by 4.
  const text = `${JSON.stringify(grown, null, 4)}\n`;
  const file = join(dir, rel);
  writeFileSync(file, text);
  const info: GatherExtraInfo = {
    dir,
    machineConfigsFile: file,
    files: copied + 1,
    bytes: Buffer.byteLength(text),
    items: grown.items.length,
    renderedConfigs: grown.items.filter((i) => nameOf(i).startsWith('rendered-')).length,
    seconds: (performance.now() - t0) / 1000,
  };
  writeFileSync(
    markerPath,
    `${JSON.stringify({ version: GATHER_EXTRA_VERSION, info }, null, 2)}\n`,
  );
  return info;
}

function readMarker(path: string): GatherExtraInfo | undefined {
  if (!existsSync(path)) return undefined;
  try {
    const m = JSON.parse(readFileSync(path, 'utf8')) as { version: number; info: GatherExtraInfo };
    return m.version === GATHER_EXTRA_VERSION ? m.info : undefined;
  } catch {
    return undefined;
  }
}

/** Copies the files `keep` accepts; returns how many. */
function copyTree(from: string, to: string, keep: (rel: string) => boolean, root = from): number {
  mkdirSync(to, { recursive: true });
  let n = 0;
  for (const name of readdirSync(from).sort()) {
    const src = join(from, name);
    const dst = join(to, name);
    if (statSync(src).isDirectory()) n += copyTree(src, dst, keep, root);
    else if (keep(relative(root, src))) {
      copyFileSync(src, dst);
      n++;
    }
  }
  return n;
}

function nameOf(item: Obj): string {
  const m = item.metadata as Obj | undefined;
  return typeof m?.name === 'string' ? m.name : '';
}

/** The List with older renders of each pool added before the fixture's, until ~40 MiB. */
function grow(list: Obj & { items: Obj[] }): Obj & { items: Obj[] } {
  const templates = ['master', 'worker'].map((pool) => {
    const t = list.items.find((i) => nameOf(i).startsWith(`rendered-${pool}-`));
    if (!t) throw new Error(`the fixture has no rendered-${pool} config`);
    return [pool, t] as const;
  });
  const older: Obj[] = [];
  // Items sit 8 columns deeper in the List than alone: count those spaces too.
  let bytes = Buffer.byteLength(JSON.stringify(list, null, 4));
  for (let k = 0; bytes < targetBytes; k++) {
    const [pool, template] = templates[k % templates.length] as (typeof templates)[number];
    const item = olderRender(template, pool, Math.floor(k / templates.length));
    const text = JSON.stringify(item, null, 4);
    bytes += Buffer.byteLength(text) + 8 * text.split('\n').length + 2;
    older.push(item);
  }
  // `oc` sorts a List by name; the older renders go with their pool's others.
  const items = [...list.items, ...older].sort((a, b) => (nameOf(a) < nameOf(b) ? -1 : 1));
  return { ...list, items };
}

/** The `n`-th older render of a pool: the template's files plus the cluster-wide padding. */
function olderRender(template: Obj, pool: string, n: number): Obj {
  const mc = structuredClone(template);
  const id = `${seed}:${pool}:${n}`;
  const meta = mc.metadata as Obj;
  meta.name = `rendered-${pool}-${md5Hex(id)}`;
  // One render a fortnight before the fixture's, oldest first.
  const created = Date.parse('2021-11-03T02:30:53Z') - (60 - n) * 14 * 86_400_000;
  meta.creationTimestamp = new Date(created).toISOString().replace('.000Z', 'Z');
  meta.uid = uuidFrom(id);
  meta.resourceVersion = resourceVersionFrom(id, 100_000);
  const config = (mc.spec as Obj).config as Obj;
  const storage = config.storage as Obj;
  // The CA bundle grew over the cluster's life, so later renders are larger.
  storage.files = [...(storage.files as Obj[]), ...padding(360 + 4 * n, n)];
  return mc;
}

/** The user CA bundle, two DER anchors and a gzip'd signature policy for one render. */
function padding(caCerts: number, n: number): Obj[] {
  const der = (i: number) => {
    const pem = pemCertificate(`${seed}:anchor:${i}`, 1100 + i * 150);
    const body = pem
      .split('\n')
      .filter((l) => !l.startsWith('-----'))
      .join('');
    return Buffer.from(body, 'base64').toString('base64');
  };
  const registries = Array.from(
    { length: 30 + n },
    (_, i) => `registry-${hexFrom(`${seed}:registry:${i}`, 6)}.example.com`,
  );
  const policy = JSON.stringify(
    {
      default: [{ type: 'insecureAcceptAnything' }],
      transports: {
        docker: Object.fromEntries(
          registries.map((r) => [
            r,
            [{ type: 'signedBy', keyType: 'GPGKeys', keyPath: '/etc/pki/rpm-gpg/RPM-GPG-KEY' }],
          ]),
        ),
      },
    },
    null,
    2,
  );
  const gz = gzipSync(Buffer.from(`${policy}\n`), { level: 9 }).toString('base64');
  return [
    storageFile(
      '/etc/pki/ca-trust/source/anchors/openshift-config-user-ca-bundle.crt',
      `data:,${dataUrlEscape(caBundle(seed, caCerts))}`,
    ),
    storageFile('/etc/pki/ca-trust/source/anchors/corp-root-ca.der', `data:;base64,${der(1)}`),
    storageFile('/etc/pki/ca-trust/source/anchors/corp-issuing-ca.der', `data:;base64,${der(2)}`),
    storageFile('/etc/containers/policy.json', `data:;base64,${gz}`, { compression: 'gzip' }),
  ];
}
