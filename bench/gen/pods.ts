/**
 * Pod objects and their log plans for the node-level sets and the controllers of workloads.ts.
 * Pods follow the cluster's timeline: release workloads were rolled out during the update
 * (07:45–09:05), add-on operators' weeks before; a node that rebooted after its pod started
 * restarted the pod's containers (restartCount 1, a previous log), while pods of Deployments
 * were evicted and recreated instead.
 */
import { hexFrom, k8sSuffix, Prng, sha256Hex } from '../../scripts/fixtures/det';
import type { JsonObject } from '../../scripts/fixtures/json';
import { pod, type ContainerOpts } from '../../scripts/fixtures/objects';
import { artImage, type Cluster, type Release } from '../../scripts/fixtures/release';
import { at, isoZ, plusSeconds, type Nanos } from '../../scripts/fixtures/time';
import { sizeAround } from './filler';
import type { NodeInfo } from './nodes';
import { containers, type ContainerDef, type ControllerDef, type NodeSetDef } from './workloads';

interface LogWindow {
  from: Nanos;
  to: Nanos;
  bytes: number;
}

interface LogPlan {
  container: string;
  /** Process id in the log lines' headers (1, or the host's pid with host networking). */
  pid: number;
  current: LogWindow;
  /** Undefined: no previous instance (an empty previous.log). */
  previous?: LogWindow;
  insecure: boolean;
  seed: string;
}

export interface PodPlan {
  pod: JsonObject;
  logs: LogPlan[];
  node: NodeInfo;
  /** When the running containers started (for kubelet events). */
  started: Nanos;
  image: (c: string) => string;
}

export interface PodEnv {
  cluster: Cluster;
  rel: Release;
  gather: Nanos;
  /** Start of the cluster update: release workloads were rolled out after it. */
  updateStart: Nanos;
  /** Multiplier on node-level log sizes. */
  nodeLogScale: number;
  /** Multiplier on controller (fixed-count) log sizes. */
  fixedLogScale: number;
  /** Pods placed per node so far (picks pod IPs). */
  ordinals: Map<string, number>;
}

/** When a namespace's workloads were last rolled out (release) or installed (add-ons). */
export function rolloutAt(env: PodEnv, ns: string, addOn: boolean): Nanos {
  const h = parseInt(sha256Hex(`${env.cluster.seed}:rollout:${ns}`).slice(0, 8), 16);
  if (addOn) return plusSeconds(at('2021-03-08T10:00:00Z'), h % (2 * 86400));
  return plusSeconds(env.updateStart, 900 + (h % 4800));
}

function imageFor(env: PodEnv, ns: string, def: { image?: string }): (c: string) => string {
  return (c: string) =>
    def.image
      ? `${def.image}@sha256:${hexFrom(`${def.image}:${c}`, 64)}`
      : c.includes('rbac-proxy')
        ? artImage(`${env.rel.version}:kube-rbac-proxy`)
        : c.includes('oauth-proxy') || c.endsWith('-proxy')
          ? env.rel.proxyImage
          : artImage(`${env.rel.version}:${ns}/${c}`);
}

/** Pod IPs: each node owns a /23 of 10.128.0.0/14. */
function podIpOf(node: NodeInfo, ordinal: number): string {
  const i = node.index;
  return `10.${128 + (i >> 7)}.${(i & 127) * 2 + (ordinal >> 8)}.${(ordinal & 255) + 2}`;
}

function nextOrdinal(env: PodEnv, node: string): number {
  const n = (env.ordinals.get(node) ?? 0) + 1;
  env.ordinals.set(node, n);
  return n;
}

function networkStatus(ip: string): string {
  return `[{\n    "name": "openshift-sdn",\n    "interface": "eth0",\n    "ips": [\n        "${ip}"\n    ],\n    "default": true,\n    "dns": {}\n}]`;
}

interface BuildOpts {
  env: PodEnv;
  ns: string;
  name: string;
  node: NodeInfo;
  defs: ContainerDef[];
  owner: { apiVersion: string; kind: string; name: string };
  labels: Record<string, string>;
  annotations?: Record<string, string>;
  created: Nanos;
  /** DaemonSet pods restart in place when their node reboots; others are recreated. */
  restartsInPlace: boolean;
  hostNetwork: boolean;
  sa: string;
  priorityClass: string;
  nodeSelector: Record<string, string>;
  tolerations: JsonObject[];
  image: (c: string) => string;
  fixed: boolean;
  generateName?: string;
}

function buildPod(o: BuildOpts): PodPlan {
  const { env, node } = o;
  const r = new Prng(`${env.cluster.seed}:pod:${o.ns}/${o.name}`);
  let created = o.created;
  let started = plusSeconds(created, r.int(3, 12));
  let restarts = 0;
  let previous: { from: Nanos; to: Nanos } | undefined;
  if (node.bootedAt > created) {
    if (o.restartsInPlace) {
      restarts = 1;
      previous = { from: started, to: plusSeconds(node.bootedAt, -r.int(40, 90)) };
      started = plusSeconds(node.bootedAt, r.int(35, 110));
    } else {
      created = plusSeconds(node.bootedAt, r.int(60, 600));
      started = plusSeconds(created, r.int(3, 12));
    }
  }
  if (started > env.gather) started = plusSeconds(env.gather, -60);
  const ordinal = nextOrdinal(env, node.name);
  const podIP = o.hostNetwork ? node.ip : podIpOf(node, ordinal);
  const token = `${o.sa}-token-${k8sSuffix(`${env.cluster.seed}:sa:${o.ns}/${o.sa}`, 5)}`;
  const mounts = (c: string): JsonObject[] => [
    { mountPath: '/var/run/secrets/kubernetes.io/serviceaccount', name: token, readOnly: true },
    ...(c.includes('proxy') ? [{ mountPath: '/etc/tls/private', name: 'metrics-tls' }] : []),
  ];
  const main = o.defs.filter((d) => !d.init);
  const init = o.defs.filter((d) => d.init);
  const opts: ContainerOpts[] = main.map((d, i) => {
    const c: ContainerOpts = {
      name: d.name,
      image: o.image(d.name),
      cpu: d.kib > 1000 ? '100m' : '10m',
      memory: d.kib > 1000 ? '200Mi' : '50Mi',
      volumeMounts: mounts(d.name),
      startedAt: started,
      restartCount: restarts,
    };
    if (d.name.includes('kube-rbac-proxy'))
      c.args = [
        '--logtostderr',
        '--secure-listen-address=:9192',
        '--tls-cipher-suites=TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256,TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256,TLS_ECDHE_RSA_WITH_AES_256_GCM_SHA384,TLS_ECDHE_ECDSA_WITH_AES_256_GCM_SHA384',
        '--upstream=http://127.0.0.1:9191/',
        '--tls-cert-file=/etc/tls/private/tls.crt',
        '--tls-private-key-file=/etc/tls/private/tls.key',
      ];
    else c.command = [`/usr/bin/${d.name}`];
    if (i === 0) {
      c.env = [
        {
          name: 'NODE_NAME',
          valueFrom: { fieldRef: { apiVersion: 'v1', fieldPath: 'spec.nodeName' } },
        },
        {
          name: 'POD_NAMESPACE',
          valueFrom: { fieldRef: { apiVersion: 'v1', fieldPath: 'metadata.namespace' } },
        },
      ];
      c.ports = [
        {
          containerPort: 9000 + (parseInt(hexFrom(o.name, 2), 16) % 900),
          name: 'metrics',
          protocol: 'TCP',
        },
      ];
    }
    if (o.hostNetwork) c.securityContext = { privileged: true };
    if (previous)
      c.lastTerminated = {
        at: previous.to,
        started: previous.from,
        exitCode: 0,
        reason: 'Completed',
      };
    return c;
  });
  const annotations: Record<string, string> = { ...o.annotations };
  if (!o.hostNetwork) {
    annotations['k8s.v1.cni.cncf.io/network-status'] = networkStatus(podIP);
    annotations['k8s.v1.cni.cncf.io/networks-status'] = networkStatus(podIP);
  }
  annotations['openshift.io/scc'] = o.hostNetwork ? 'privileged' : 'restricted';
  const p = pod(env.cluster, {
    name: o.name,
    namespace: o.ns,
    created,
    labels: o.labels,
    annotations,
    owner: o.owner,
    nodeName: node.name,
    hostIP: node.ip,
    podIP,
    hostNetwork: o.hostNetwork,
    containers: opts,
    priorityClassName: o.priorityClass,
    serviceAccountName: o.sa,
    nodeSelector: o.nodeSelector,
    tolerations: o.tolerations,
    volumes: [
      { name: token, secret: { defaultMode: 420, secretName: token } },
      ...(main.some((d) => d.name.includes('proxy'))
        ? [{ name: 'metrics-tls', secret: { defaultMode: 420, secretName: `${o.owner.name}-tls` } }]
        : []),
    ],
    readySince: plusSeconds(started, 5),
  });
  const md = p.metadata as JsonObject;
  if (o.generateName === undefined) delete md.generateName;
  else md.generateName = o.generateName;
  if (init.length > 0) {
    const spec = p.spec as JsonObject;
    const status = p.status as JsonObject;
    spec.initContainers = init.map((d) => ({
      command: ['/bin/bash', '-c', `/usr/bin/${d.name}`],
      image: o.image(d.name),
      imagePullPolicy: 'IfNotPresent',
      name: d.name,
      resources: { requests: { cpu: '10m', memory: '20Mi' } },
      terminationMessagePath: '/dev/termination-log',
      terminationMessagePolicy: 'FallbackToLogsOnError',
      volumeMounts: mounts(d.name),
    }));
    status.initContainerStatuses = init.map((d, i) => ({
      containerID: `cri-o://${hexFrom(`cid:${o.name}:${d.name}`, 64)}`,
      image: o.image(d.name),
      imageID: o.image(d.name),
      lastState: {},
      name: d.name,
      ready: true,
      restartCount: restarts,
      state: {
        terminated: {
          containerID: `cri-o://${hexFrom(`cid:${o.name}:${d.name}`, 64)}`,
          exitCode: 0,
          finishedAt: isoZ(plusSeconds(started, -2 + i * 0.5)),
          reason: 'Completed',
          startedAt: isoZ(plusSeconds(started, -3 + i * 0.5)),
        },
      },
    }));
  }
  const scale = o.fixed ? env.fixedLogScale : env.nodeLogScale;
  const logs: LogPlan[] = o.defs.map((d) => {
    const median = d.kib * 1024 * scale;
    const spread = d.kib < 2 ? 0.3 : 0.6;
    const pid = o.hostNetwork ? r.int(1000, 9999) : 1;
    const initEnd = plusSeconds(started, 1);
    const plan: LogPlan = {
      container: d.name,
      pid,
      current: d.init
        ? { from: plusSeconds(started, -3), to: initEnd, bytes: sizeAround(r, median, spread) }
        : { from: started, to: env.gather, bytes: sizeAround(r, median, spread) },
      insecure: node.insecure,
      seed: `${env.cluster.seed}:log:${o.ns}/${o.name}/${d.name}`,
    };
    // Some previous instances left nothing behind (log file removed with the old sandbox).
    if (previous && r.next() > 0.12) {
      plan.previous = {
        from: previous.from,
        to: d.init ? plusSeconds(previous.from, 1) : previous.to,
        bytes: sizeAround(r, median * 0.5, spread),
      };
    }
    return plan;
  });
  return { pod: p, logs, node, started, image: o.image };
}

const linux = { 'kubernetes.io/os': 'linux' };
const masterTolerations: JsonObject[] = [
  { effect: 'NoSchedule', key: 'node-role.kubernetes.io/master', operator: 'Exists' },
  {
    effect: 'NoExecute',
    key: 'node.kubernetes.io/unreachable',
    operator: 'Exists',
    tolerationSeconds: 120,
  },
  {
    effect: 'NoExecute',
    key: 'node.kubernetes.io/not-ready',
    operator: 'Exists',
    tolerationSeconds: 120,
  },
];

/** The pods of one node-level set on `nodes` (already filtered to where it runs). */
export function nodeSetPods(env: PodEnv, def: NodeSetDef, nodes: NodeInfo[]): PodPlan[] {
  const defs = containers(def.containers);
  const addOn = def.tier === 'addOn';
  const rollout = rolloutAt(env, def.ns, addOn);
  const image = imageFor(env, def.ns, def);
  const revision = k8sSuffix(`${env.cluster.seed}:rev:${def.ns}/${def.name}`, 10);
  const out: PodPlan[] = [];
  nodes.forEach((node, i) => {
    const wave = (node.index % 10) * 45;
    for (let k = 0; k < (def.perNode ?? 1); k++) {
      if (def.perNode !== undefined) {
        // Deployments pinned to one node each (Ceph OSDs, crash collectors).
        const short = node.name.split('.')[0] ?? node.name;
        const dep = def.perNode > 1 ? `${def.name}-${i * def.perNode + k}` : `${def.name}-${short}`;
        const rs = k8sSuffix(`${env.cluster.seed}:rs:${def.ns}/${dep}`, 9);
        const name = `${dep}-${rs}-${k8sSuffix(`${env.cluster.seed}:pod:${def.ns}/${dep}`, 5)}`;
        out.push(
          buildPod({
            env,
            ns: def.ns,
            name,
            node,
            defs,
            owner: { apiVersion: 'apps/v1', kind: 'ReplicaSet', name: `${dep}-${rs}` },
            labels: { app: def.name, 'pod-template-hash': rs, [`${def.name}-id`]: String(i) },
            created: plusSeconds(rollout, wave + k * 7),
            restartsInPlace: true,
            hostNetwork: def.hostNetwork ?? false,
            sa: def.sa ?? 'default',
            priorityClass: 'openshift-user-critical',
            nodeSelector: { 'kubernetes.io/hostname': short },
            tolerations: [],
            image,
            fixed: false,
            generateName: `${dep}-${rs}-`,
          }),
        );
        continue;
      }
      const suffixSeed = def.nameSeed
        ? `${env.cluster.seed}:ds:${def.nameSeed}:${node.name}`
        : `${env.cluster.seed}:ds:${def.ns}/${def.name}:${node.name}`;
      const name = `${def.name}-${k8sSuffix(suffixSeed, 5)}`;
      out.push(
        buildPod({
          env,
          ns: def.ns,
          name,
          node,
          defs,
          owner: { apiVersion: 'apps/v1', kind: 'DaemonSet', name: def.name },
          labels: {
            app: def.name,
            'controller-revision-hash': revision,
            'pod-template-generation': addOn ? '1' : '7',
          },
          created: plusSeconds(rollout, wave),
          restartsInPlace: true,
          hostNetwork: def.hostNetwork ?? false,
          sa: def.sa ?? def.name,
          priorityClass: 'system-node-critical',
          nodeSelector: def.on === 'masters' ? { 'node-role.kubernetes.io/master': '' } : linux,
          tolerations: [{ operator: 'Exists' }],
          image,
          fixed: false,
          generateName: `${def.name}-`,
        }),
      );
    }
  });
  return out;
}

/** The pods of one controller, placed round-robin on `nodes`. */
export function controllerPods(env: PodEnv, def: ControllerDef, nodes: NodeInfo[]): PodPlan[] {
  const defs = containers(def.containers);
  const rollout = rolloutAt(env, def.ns, def.addOn ?? false);
  const image = imageFor(env, def.ns, def);
  const cluster = env.cluster;
  const count = def.kind === 'Static' ? nodes.length : def.replicas;
  const rs = k8sSuffix(`${cluster.seed}:rs:${def.ns}/${def.name}`, 10);
  const revision = 9 + (parseInt(hexFrom(`${cluster.seed}:${def.ns}:rev`, 2), 16) % 9);
  const start = parseInt(hexFrom(`${cluster.seed}:place:${def.ns}/${def.name}`, 4), 16);
  const out: PodPlan[] = [];
  for (let i = 0; i < count; i++) {
    const node = nodes[(start + i) % nodes.length] as NodeInfo;
    const base = {
      env,
      ns: def.ns,
      node,
      defs,
      restartsInPlace: def.kind === 'Static',
      hostNetwork: def.hostNetwork ?? false,
      sa: def.sa ?? (def.kind === 'Static' ? 'default' : def.name),
      priorityClass: def.on === 'masters' ? 'system-cluster-critical' : 'openshift-user-critical',
      nodeSelector: (def.on === 'masters'
        ? { 'node-role.kubernetes.io/master': '' }
        : def.on === 'infra'
          ? { 'node-role.kubernetes.io/infra': '' }
          : linux) as Record<string, string>,
      tolerations: def.on === 'masters' ? masterTolerations : [],
      image,
      fixed: true,
    };
    if (def.kind === 'Static') {
      // A static pod's mirror appears when the kubelet starts after the node's last boot.
      out.push(
        buildPod({
          ...base,
          name: `${def.name}-${node.name}`,
          owner: { apiVersion: 'v1', kind: 'Node', name: node.name },
          labels: { app: def.ns.replace(/^openshift-/, ''), revision: String(revision) },
          annotations: {
            'kubernetes.io/config.hash': hexFrom(`${def.ns}:${node.name}:${revision}`, 32),
            'kubernetes.io/config.mirror': hexFrom(`${def.ns}:${node.name}:${revision}`, 32),
            'kubernetes.io/config.seen': isoZ(plusSeconds(node.bootedAt, 18)),
            'kubernetes.io/config.source': 'file',
          },
          created: plusSeconds(node.bootedAt, 20),
          restartsInPlace: false,
        }),
      );
      continue;
    }
    const sfx = k8sSuffix(`${cluster.seed}:pod:${def.ns}/${def.name}:${i}`, 5);
    const created = plusSeconds(rollout, i * 20);
    if (def.kind === 'StatefulSet') {
      const hash = k8sSuffix(`${cluster.seed}:sts:${def.ns}/${def.name}`, 10);
      out.push(
        buildPod({
          ...base,
          name: `${def.name}-${i}`,
          owner: { apiVersion: 'apps/v1', kind: 'StatefulSet', name: def.name },
          labels: {
            app: def.name.replace(/-k8s$|-main$/, ''),
            'controller-revision-hash': `${def.name}-${hash}`,
            'statefulset.kubernetes.io/pod-name': `${def.name}-${i}`,
          },
          created,
          generateName: `${def.name}-`,
        }),
      );
    } else if (def.kind === 'CatalogSource') {
      out.push(
        buildPod({
          ...base,
          name: `${def.name}-${sfx}`,
          owner: {
            apiVersion: 'operators.coreos.com/v1alpha1',
            kind: 'CatalogSource',
            name: def.name,
          },
          labels: { 'olm.catalogSource': def.name },
          created,
          generateName: `${def.name}-`,
        }),
      );
    } else {
      out.push(
        buildPod({
          ...base,
          name: `${def.name}-${rs}-${sfx}`,
          owner: { apiVersion: 'apps/v1', kind: 'ReplicaSet', name: `${def.name}-${rs}` },
          labels: { app: def.name, 'pod-template-hash': rs },
          created,
          generateName: `${def.name}-${rs}-`,
        }),
      );
    }
  }
  return out;
}

/** Completed installer and pruner pods of a static-pod namespace: listed, not inspected. */
export function installerPods(env: PodEnv, ns: string, masters: NodeInfo[]): JsonObject[] {
  const revision = 9 + (parseInt(hexFrom(`${env.cluster.seed}:${ns}:rev`, 2), 16) % 9);
  const out: JsonObject[] = [];
  for (let rev = revision - 4; rev <= revision; rev++) {
    for (const m of masters) {
      for (const kind of ['installer', 'revision-pruner']) {
        const created = plusSeconds(
          env.updateStart,
          600 + rev * 311 + (kind === 'installer' ? 0 : 40),
        );
        const p = pod(env.cluster, {
          name: `${kind}-${rev}-${m.name}`,
          namespace: ns,
          created,
          labels: { app: kind },
          owner: { apiVersion: 'v1', kind: 'ConfigMap', name: `revision-status-${rev}` },
          nodeName: m.name,
          hostIP: m.ip,
          podIP: podIpOf(m, 200 + rev),
          containers: [
            {
              name: kind === 'installer' ? 'installer' : 'pruner',
              image: artImage(`${env.rel.version}:${ns}-operator`),
              command: ['cluster-kube-apiserver-operator', kind],
              cpu: '150m',
              memory: '200M',
              startedAt: plusSeconds(created, 3),
            },
          ],
          priorityClassName: 'system-node-critical',
          serviceAccountName: 'installer-sa',
          tolerations: [{ operator: 'Exists' }],
          readySince: plusSeconds(created, 4),
        });
        const status = p.status as JsonObject;
        status.phase = 'Succeeded';
        const cs = (status.containerStatuses as JsonObject[])[0] as JsonObject;
        cs.ready = false;
        cs.started = false;
        cs.state = {
          terminated: {
            containerID: cs.containerID as string,
            exitCode: 0,
            finishedAt: isoZ(plusSeconds(created, 40)),
            reason: 'Completed',
            startedAt: isoZ(plusSeconds(created, 3)),
          },
        };
        delete (p.metadata as JsonObject).generateName;
        out.push(p);
      }
    }
  }
  return out;
}
