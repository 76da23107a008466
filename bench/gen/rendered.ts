/**
 * Rendered MachineConfigs and custom pools at scale.
 *
 * Every pool keeps ~N rendered configs: one per release it went through and per cluster-wide
 * config change (the user CA bundle growing), oldest first, the last two being the previous and
 * the current release's. Real rendered configs are hundreds of KiB to over 1 MiB, mostly the user
 * CA bundle, so each config carries that bundle (percent-encoded `data:,` as the MCO writes
 * templates), two DER anchors as `data:;base64,` and one gzip'd file. The seed's four rendered
 * configs get the same padding in place (their names, sources and differences stay as they are).
 */
import { gzipSync } from 'node:zlib';
import { hexFrom, md5Hex } from '../../scripts/fixtures/det';
import {
  dataUrlEscape,
  ignConfig,
  ignFile,
  ignFileFromSource,
  ignUnit,
} from '../../scripts/fixtures/ignition';
import { isJsonObject, type JsonObject } from '../../scripts/fixtures/json';
import { addManagedFields } from '../../scripts/fixtures/managed-fields';
import { meta } from '../../scripts/fixtures/meta';
import {
  ANN_CONTROLLER_VERSION,
  LABEL_ROLE,
  MC_API,
  machineConfig,
  ownedByPool,
} from '../../scripts/fixtures/objects';
import { notDegraded, rolloutConditions } from '../../scripts/fixtures/pools';
import { ocpRelease, type Cluster, type Release } from '../../scripts/fixtures/release';
import { nameOf } from '../../scripts/fixtures/snapshot';
import { at, plusSeconds, type Nanos } from '../../scripts/fixtures/time';
import { caBundle, pemCertificate } from './certs';

/** A cluster-wide change that re-renders every pool: a release, or a new user CA bundle. */
interface RenderEvent {
  time: Nanos;
  version: string;
  caCerts: number;
}

/** Releases from the seed's ClusterVersion history, with the time the MCO rendered them. */
const releaseRenders: [string, string][] = [
  ['4.3.0', '2020-01-30T13:36:10Z'],
  ['4.3.12', '2020-04-16T08:58:21Z'],
  ['4.4.13', '2020-07-23T08:49:02Z'],
  ['4.5.16', '2020-10-29T08:55:47Z'],
  ['4.6.8', '2020-12-10T08:51:33Z'],
  ['4.6.17', '2021-02-18T08:47:15Z'],
  ['4.7.0', '2021-03-04T08:59:40Z'],
  ['4.7.2', '2021-03-11T08:52:06Z'],
];

/** The user CA bundle (additionalTrustBundle) grew at these times; certificates from then on. */
const caChanges: [string, number][] = [
  ['2020-01-30T13:36:10Z', 60],
  ['2020-03-02T10:14:55Z', 80],
  ['2020-05-20T15:42:08Z', 100],
  ['2020-09-01T09:03:37Z', 140],
  ['2020-11-16T13:27:51Z', 230],
  ['2021-01-12T11:08:19Z', 420],
  ['2021-02-02T16:45:02Z', 640],
];

function caCertsAt(t: Nanos): number {
  let n = caChanges[0]?.[1] ?? 150;
  for (const [iso, c] of caChanges) if (at(iso) <= t) n = c;
  return n;
}

function timeline(seedOld: RenderEvent, seedNew: RenderEvent): RenderEvent[] {
  const events: RenderEvent[] = releaseRenders.map(([version, iso]) => ({
    time: at(iso),
    version,
    caCerts: caCertsAt(at(iso)),
  }));
  // A CA change re-renders with the release then running.
  for (const [iso, caCerts] of caChanges.slice(1)) {
    const t = at(iso);
    const running = [...releaseRenders].reverse().find(([, r]) => at(r) <= t)?.[0] ?? '4.3.0';
    events.push({ time: t, version: running, caCerts });
  }
  events.push(seedOld, seedNew);
  return events.sort((a, b) => (a.time < b.time ? -1 : 1));
}

// ---------------------------------------------------------------- padding

const paddingCache = new Map<number, JsonObject[]>();

/** The files every rendered config carries at a given bundle size (built once per size). */
function paddingFiles(cluster: Cluster, caCerts: number): JsonObject[] {
  const cached = paddingCache.get(caCerts);
  if (cached) return cached;
  const bundle = caBundle(cluster.seed, caCerts);
  const file = ignFileFromSource;
  const der = (i: number) =>
    Buffer.from(
      pemCertificate(`${cluster.seed}:anchor:${i}`, 1100 + i * 150)
        .split('\n')
        .filter((l) => !l.startsWith('-----'))
        .join(''),
      'base64',
    ).toString('base64');
  const registries = Array.from(
    { length: 40 + Math.floor(caCerts / 10) },
    (_, i) => `registry-${i}.apps.${cluster.clusterName}.${cluster.baseDomain}`,
  );
  const policy = `${JSON.stringify(
    {
      default: [{ type: 'insecureAcceptAnything' }],
      transports: {
        docker: Object.fromEntries(
          registries.map((r) => [
            r,
            [
              {
                type: 'signedBy',
                keyType: 'GPGKeys',
                keyPath: '/etc/pki/rpm-gpg/RPM-GPG-KEY-redhat-release',
              },
            ],
          ]),
        ),
        'docker-daemon': { '': [{ type: 'insecureAcceptAnything' }] },
      },
    },
    null,
    2,
  )}\n`;
  const files = [
    file(
      '/etc/pki/ca-trust/source/anchors/openshift-config-user-ca-bundle.crt',
      `data:,${dataUrlEscape(bundle)}`,
    ),
    file('/etc/pki/ca-trust/source/anchors/corp-root-ca-2019.der', `data:;base64,${der(1)}`),
    file('/etc/pki/ca-trust/source/anchors/corp-issuing-ca-2020.der', `data:;base64,${der(2)}`),
    file(
      '/etc/containers/policy.json',
      `data:;base64,${gzipSync(Buffer.from(policy), { level: 9 }).toString('base64')}`,
      { compression: 'gzip' },
    ),
  ];
  paddingCache.set(caCerts, files);
  return files;
}

function configOf(mc: JsonObject): JsonObject {
  const spec = mc.spec as JsonObject;
  return spec.config as JsonObject;
}

function withPadding(cluster: Cluster, config: JsonObject, caCerts: number): JsonObject {
  const storage = isJsonObject(config.storage) ? config.storage : {};
  const files = Array.isArray(storage.files) ? storage.files : [];
  const padded = paddingFiles(cluster, caCerts);
  const paths = new Set(padded.map((f) => f.path));
  const kept = files.filter((f) => !isJsonObject(f) || !paths.has(f.path as string));
  return { ...config, storage: { ...storage, files: [...kept, ...padded] } };
}

// ---------------------------------------------------------------- custom pools

export interface CustomPoolPlan {
  name: string;
  created: Nanos;
  nodes: number;
  maxUnavailable: number;
  /** When its last node finished the 4.7.4 update. */
  updatedAt: Nanos;
}

/** A custom pool's own MachineConfig (what makes it a separate pool). */
function customSource(cluster: Cluster, pool: string, created: Nanos): JsonObject {
  const storage = pool === 'storage';
  const mc = machineConfig(cluster, {
    name: storage ? '99-storage-multipath' : `99-${pool}-sysctl`,
    created,
    labels: { [LABEL_ROLE]: pool },
    config: storage
      ? ignConfig({
          files: [
            ignFile({
              path: '/etc/multipath.conf',
              text: 'defaults {\n    user_friendly_names yes\n    find_multipaths yes\n}\nblacklist {\n    devnode "^nvme0n1"\n}\n',
              mode: 384,
            }),
          ],
          units: [ignUnit({ name: 'multipathd.service', enabled: true })],
        })
      : ignConfig({
          files: [
            ignFile({
              path: `/etc/sysctl.d/99-${pool}.conf`,
              text: 'net.core.somaxconn = 4096\nnet.ipv4.tcp_max_syn_backlog = 8192\nnet.netfilter.nf_conntrack_max = 1048576\n',
            }),
          ],
        }),
  });
  addManagedFields(mc, MC_API, [
    {
      manager: 'oc',
      time: created,
      paths: ['metadata.labels', 'spec.config!', 'spec.fips', 'spec.kernelType', 'spec.osImageURL'],
    },
  ]);
  return mc;
}

function mcSource(name: string): JsonObject {
  return { apiVersion: MC_API, kind: 'MachineConfig', name };
}

function customPoolObject(
  cluster: Cluster,
  p: CustomPoolPlan,
  current: string,
  sources: string[],
  gather: Nanos,
): JsonObject {
  const generation = 14 + (parseInt(hexFrom(`${cluster.seed}:gen:${p.name}`, 2), 16) % 20);
  const configuration = { name: current, source: sources.map(mcSource) };
  const pool: JsonObject = {
    apiVersion: MC_API,
    kind: 'MachineConfigPool',
    metadata: meta(cluster, {
      kind: 'MachineConfigPool',
      name: p.name,
      created: p.created,
      generation,
      labels: { [`pools.operator.machineconfiguration.openshift.io/${p.name}`]: '' },
    }),
    spec: {
      configuration,
      machineConfigSelector: {
        matchExpressions: [{ key: LABEL_ROLE, operator: 'In', values: ['worker', p.name] }],
      },
      maxUnavailable: p.maxUnavailable,
      nodeSelector: { matchLabels: { [`node-role.kubernetes.io/${p.name}`]: '' } },
      paused: false,
    },
    status: {
      conditions: [
        ...notDegraded(plusSeconds(p.created, 4), plusSeconds(p.created, 9)),
        ...rolloutConditions(p.updatedAt, current, 'updated'),
      ],
      configuration,
      degradedMachineCount: 0,
      machineCount: p.nodes,
      observedGeneration: generation,
      readyMachineCount: p.nodes,
      unavailableMachineCount: 0,
      updatedMachineCount: p.nodes,
    },
  };
  addManagedFields(pool, MC_API, [
    {
      manager: 'oc',
      time: p.created,
      paths: [
        'metadata.labels',
        'spec.machineConfigSelector',
        'spec.nodeSelector',
        'spec.maxUnavailable',
        'spec.paused',
      ],
    },
    {
      manager: 'machine-config-controller',
      time: p.updatedAt < gather ? p.updatedAt : gather,
      paths: ['spec.configuration', 'status'],
    },
  ]);
  return pool;
}

// ---------------------------------------------------------------- assembling

export interface RenderedResult {
  pools: JsonObject[];
  machineConfigs: JsonObject[];
  /** pool name -> [previous release's rendered config, current one]. */
  current: Map<string, { previous: string; current: string }>;
  rendered: number;
}

/**
 * Pads the seed's rendered configs, adds older ones for master and worker, and builds the
 * custom pools with their own source MC and rendered history. `seedMcs` is changed in place.
 */
export function renderAll(
  cluster: Cluster,
  o: {
    seedPools: JsonObject[];
    seedMcs: JsonObject[];
    r473: Release;
    r474: Release;
    perPool: number;
    custom: CustomPoolPlan[];
    gather: Nanos;
  },
): RenderedResult {
  const byName = new Map(o.seedMcs.map((mc) => [nameOf(mc), mc]));
  const poolCfg = (p: JsonObject, where: 'spec' | 'status') =>
    String(((p[where] as JsonObject).configuration as JsonObject).name);
  const master = o.seedPools.find((p) => nameOf(p) === 'master');
  const worker = o.seedPools.find((p) => nameOf(p) === 'worker');
  if (!master || !worker) throw new Error('seed pools missing');
  const masterNew = poolCfg(master, 'spec');
  const workerNew = poolCfg(worker, 'spec');
  const workerOld = poolCfg(worker, 'status');
  const masterOld = [...byName.keys()].find(
    (n) => n.startsWith('rendered-master-') && n !== masterNew,
  );
  if (!masterOld) throw new Error('seed master old rendered config missing');
  const created = (name: string) =>
    at(String(((byName.get(name) as JsonObject).metadata as JsonObject).creationTimestamp));

  const seedOld: RenderEvent = { time: created(workerOld), version: '4.7.3', caCerts: 0 };
  const seedNew: RenderEvent = { time: created(workerNew), version: '4.7.4', caCerts: 0 };
  seedOld.caCerts = caCertsAt(seedOld.time);
  seedNew.caCerts = caCertsAt(seedNew.time);
  const events = timeline(seedOld, seedNew);

  const buildOf = {
    mcoBuild: o.r473.mcoBuild,
    kubeletVersion: o.r473.kubeletVersion,
    crioVersion: o.r473.crioVersion,
    rhcosVersion: o.r473.rhcosVersion,
    kernelVersion: o.r473.kernelVersion,
    kubeMinor: o.r473.kubeMinor,
    flavour: o.r473.flavour,
  };
  const releaseOf = (v: string): Release =>
    v === '4.7.4' ? o.r474 : v === '4.7.3' ? o.r473 : ocpRelease(v, buildOf);

  const salt = 'bench-salt:'.padEnd(80, '.');
  const newMcs: JsonObject[] = [];
  /** A rendered config for `pool` at `ev`, from `base` (a seed rendered config of the same role). */
  const render = (pool: string, ev: RenderEvent, base: JsonObject, extra: JsonObject[]) => {
    const rel = releaseOf(ev.version);
    const baseRel = nameOf(base) === workerNew || nameOf(base) === masterNew ? o.r474 : o.r473;
    let text = JSON.stringify(configOf(base));
    for (const k of ['infraImage', 'osImageURL', 'mcoImage'] as const)
      text = text.split(baseRel[k]).join(rel[k]);
    let config = JSON.parse(text) as JsonObject;
    if (extra.length > 0) {
      const storage = config.storage as JsonObject;
      const units = isJsonObject(config.systemd) ? (config.systemd.units as JsonObject[]) : [];
      for (const src of extra) {
        const c = configOf(src);
        const files = ((c.storage as JsonObject | undefined)?.files ?? []) as JsonObject[];
        storage.files = [...(storage.files as JsonObject[]), ...files];
        const more = ((c.systemd as JsonObject | undefined)?.units ?? []) as JsonObject[];
        if (more.length > 0) config.systemd = { units: [...units, ...more] };
      }
    }
    config = withPadding(cluster, config, ev.caCerts);
    const spec = { config, osImageURL: rel.osImageURL };
    const name = `rendered-${pool}-${md5Hex(salt + JSON.stringify(spec))}`;
    const mc = machineConfig(cluster, {
      name,
      created: ev.time,
      annotations: { [ANN_CONTROLLER_VERSION]: rel.mcoHash },
      ownerReferences: ownedByPool(cluster, pool),
      config,
      rendered: { osImageURL: rel.osImageURL },
    });
    addManagedFields(mc, MC_API, [
      {
        manager: 'machine-config-controller',
        time: ev.time,
        paths: [
          'metadata.annotations',
          'metadata.ownerReferences',
          'spec.config!',
          'spec.fips',
          'spec.kernelType',
          'spec.osImageURL',
        ],
      },
    ]);
    newMcs.push(mc);
    return name;
  };

  // Seed pools: pad the seed's configs, add older ones.
  for (const n of [masterOld, masterNew, workerOld, workerNew]) {
    const mc = byName.get(n) as JsonObject;
    const spec = mc.spec as JsonObject;
    spec.config = withPadding(cluster, configOf(mc), caCertsAt(created(n)));
  }
  const older = events.filter((e) => e !== seedOld && e !== seedNew);
  for (const [pool, base] of [
    ['master', masterOld],
    ['worker', workerOld],
  ] as const) {
    for (const ev of older.slice(-Math.max(0, o.perPool - 2)))
      render(pool, ev, byName.get(base) as JsonObject, []);
  }

  // Custom pools: the worker sources plus their own, rendered since the pool exists.
  const workerSources = ((worker.spec as JsonObject).configuration as JsonObject)
    .source as JsonObject[];
  const current = new Map<string, { previous: string; current: string }>([
    ['master', { previous: masterOld, current: masterNew }],
    ['worker', { previous: workerOld, current: workerNew }],
  ]);
  const pools: JsonObject[] = [];
  for (const p of o.custom) {
    const own = customSource(cluster, p.name, p.created);
    newMcs.push(own);
    const sources = [...workerSources.map((s) => String(s.name)), nameOf(own)].sort();
    const since = events.filter((e) => e.time >= p.created);
    const first: RenderEvent = {
      time: plusSeconds(p.created, 3),
      version:
        [...events].reverse().find((e) => e.time <= p.created)?.version ?? releaseRenders[0]![0],
      caCerts: caCertsAt(p.created),
    };
    const evs = [first, ...since].slice(-o.perPool);
    let previous = '';
    let latest = '';
    for (const ev of evs) {
      const base = byName.get(ev === seedNew ? workerNew : workerOld) as JsonObject;
      previous = latest;
      latest = render(p.name, ev, base, [own]);
    }
    current.set(p.name, { previous, current: latest });
    pools.push(customPoolObject(cluster, p, latest, sources, o.gather));
  }
  return { pools, machineConfigs: newMcs, current, rendered: 4 + newMcs.length - o.custom.length };
}

/** `machine-config`'s status.extension line for a healthy pool. */
export function poolExtension(nodes: number, config: string): string {
  return `all ${nodes} nodes are at latest configuration ${config}`;
}
