/**
 * One namespace as `oc adm inspect` writes it: `<ns>.yaml`, the `core` and `apps` Lists, and per
 * running pod its YAML and each container's `current.log` / `previous.log` (or the `.insecure`
 * variants when the kubelet's serving certificate was not trusted). Workload objects, services,
 * endpoints and secrets are derived from the pods, so the Lists agree with each other.
 */
import { hexFrom, k8sSuffix } from '../../scripts/fixtures/det';
import { containerStartEvents } from '../../scripts/fixtures/events';
import type { JsonObject } from '../../scripts/fixtures/json';
import { meta, ownerRef } from '../../scripts/fixtures/meta';
import { configMap, namespace } from '../../scripts/fixtures/objects';
import { nameOf } from '../../scripts/fixtures/snapshot';
import { isoZ, plusSeconds, type Nanos } from '../../scripts/fixtures/time';
import { list } from '../../scripts/fixtures/write';
import { caBundle, pemCertificate } from './certs';
import { writeLog } from './filler';
import type { PodEnv, PodPlan } from './pods';
import type { BenchTree } from './writer';

export interface NamespaceInput {
  name: string;
  created: Nanos;
  /** Release namespaces carry the run-level and monitoring labels. */
  managed: boolean;
  /** Pods written here, with their logs. */
  plans: PodPlan[];
  /** Pods only listed (completed installers: inspect skips pods that are not running). */
  listedOnly: JsonObject[];
  /** Pods already written by the seed's writer (their YAML and logs exist). */
  seedPods: JsonObject[];
  /** Files the seed's writer already wrote, relative to the namespace folder. */
  written: Set<string>;
}

const md = (o: JsonObject) => o.metadata as JsonObject;
const b64 = (s: string) => Buffer.from(s).toString('base64');

function writeLogs(tree: BenchTree, dir: string, plan: PodPlan): void {
  const name = nameOf(plan.pod);
  for (const l of plan.logs) {
    const logs = `${dir}/pods/${name}/${l.container}/${l.container}/logs`;
    const ext = l.insecure ? 'insecure.log' : 'log';
    tree.stream(`${logs}/current.${ext}`, (sink) =>
      writeLog(sink, {
        pid: l.pid,
        from: l.current.from,
        to: l.current.to,
        bytes: l.current.bytes,
        seed: `${l.seed}:current`,
      }),
    );
    const prev = l.previous;
    if (!prev) tree.text(`${logs}/previous.${ext}`, '');
    else
      tree.stream(`${logs}/previous.${ext}`, (sink) =>
        writeLog(sink, {
          pid: l.pid,
          from: prev.from,
          to: prev.to,
          bytes: prev.bytes,
          seed: `${l.seed}:previous`,
        }),
      );
  }
}

/** A pod template from a running pod: its labels (minus per-pod ones) and its spec. */
function templateOf(pod: JsonObject): JsonObject {
  const labels = { ...(md(pod).labels as JsonObject) };
  for (const k of [
    'pod-template-hash',
    'controller-revision-hash',
    'pod-template-generation',
    'statefulset.kubernetes.io/pod-name',
  ])
    delete labels[k];
  const spec = structuredClone(pod.spec as JsonObject);
  delete spec.nodeName;
  return { metadata: { creationTimestamp: null, labels }, spec };
}

interface Group {
  kind: string;
  name: string;
  pods: JsonObject[];
}

function groups(pods: JsonObject[]): Group[] {
  const out = new Map<string, Group>();
  for (const p of pods) {
    const ref = ((md(p).ownerReferences as JsonObject[] | undefined) ?? [])[0];
    if (!ref) continue;
    const key = `${String(ref.kind)}/${String(ref.name)}`;
    const g = out.get(key) ?? { kind: String(ref.kind), name: String(ref.name), pods: [] };
    g.pods.push(p);
    out.set(key, g);
  }
  return [...out.values()];
}

function earliest(pods: JsonObject[]): string {
  return pods.map((p) => String(md(p).creationTimestamp)).sort()[0] ?? '';
}

function selectorOf(tpl: JsonObject): JsonObject {
  const labels = (tpl.metadata as JsonObject).labels as JsonObject;
  for (const k of ['app', 'k8s-app', 'olm.catalogSource'])
    if (labels[k] !== undefined) return { [k]: labels[k] ?? null };
  return { ...labels };
}

export function writeNamespace(
  tree: BenchTree,
  base: string,
  env: PodEnv,
  ns: NamespaceInput,
): void {
  const cluster = env.cluster;
  const dir = `${base}/namespaces/${ns.name}`;
  const put = (rel: string, value: JsonObject) => {
    if (!ns.written.has(rel)) tree.yaml(`${dir}/${rel}`, value);
  };
  const created = ns.created;
  put(
    `${ns.name}.yaml`,
    namespace(cluster, ns.name, created, { nameLabel: false, openshiftManaged: ns.managed }),
  );

  for (const plan of ns.plans) {
    const name = nameOf(plan.pod);
    tree.yaml(`${dir}/pods/${name}/${name}.yaml`, plan.pod);
    writeLogs(tree, dir, plan);
  }

  const running = [...ns.plans.map((p) => p.pod), ...ns.seedPods];
  const all = [...running, ...ns.listedOnly].sort((a, b) => (nameOf(a) < nameOf(b) ? -1 : 1));
  put('core/pods.yaml', list(all));

  // kubelet events of the last three hours (the apiserver's event TTL), newest pods first.
  const since = plusSeconds(env.gather, -3 * 3600);
  const recent = ns.plans
    .filter((p) => p.started > since)
    .sort((a, b) => (a.started > b.started ? -1 : a.started < b.started ? 1 : 0))
    .slice(0, 25);
  const events = recent.flatMap((p) =>
    ((p.pod.spec as JsonObject).containers as JsonObject[]).flatMap((c) =>
      containerStartEvents(cluster, {
        namespace: ns.name,
        pod: nameOf(p.pod),
        container: String(c.name),
        image: String(c.image),
        node: p.node.name,
        at: p.started,
      }),
    ),
  );
  events.sort((a, b) => (String(a.lastTimestamp) < String(b.lastTimestamp) ? -1 : 1));
  put('core/events.yaml', list(events));

  const rootCa = caBundle(cluster.seed, 3);
  const serviceCa = pemCertificate(`${cluster.seed}:service-ca`, 1100);
  const cms = [
    configMap(cluster, ns.name, 'kube-root-ca.crt', plusSeconds(created, 1), { 'ca.crt': rootCa }),
    configMap(
      cluster,
      ns.name,
      'openshift-service-ca.crt',
      plusSeconds(created, 1),
      { 'service-ca.crt': serviceCa },
      { 'service.beta.openshift.io/inject-cabundle': 'true' },
    ),
  ];
  const gs = groups(running);
  for (const g of gs.filter((g) => g.kind === 'ReplicaSet' || g.kind === 'DaemonSet')) {
    const owner = g.kind === 'ReplicaSet' ? g.name.replace(/-[a-z0-9]{9,10}$/, '') : g.name;
    cms.push(
      configMap(cluster, ns.name, `${owner}-config`, plusSeconds(created, 5), {
        'config.yaml': `apiVersion: operator.openshift.io/v1alpha1\nkind: GenericOperatorConfig\nleaderElection:\n  namespace: ${ns.name}\nservingInfo:\n  bindAddress: 0.0.0.0:8443\n  certFile: /var/run/secrets/serving-cert/tls.crt\n  keyFile: /var/run/secrets/serving-cert/tls.key\n  cipherSuites:\n  - TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256\n  - TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256\n  - TLS_ECDHE_ECDSA_WITH_AES_256_GCM_SHA384\n  - TLS_ECDHE_RSA_WITH_AES_256_GCM_SHA384\n  minTLSVersion: VersionTLS12\n`,
      }),
    );
  }
  put('core/configmaps.yaml', list(cms));

  // Workloads, with a Service (and its Endpoints) in front of each.
  const daemonsets: JsonObject[] = [];
  const deployments: JsonObject[] = [];
  const replicasets: JsonObject[] = [];
  const statefulsets: JsonObject[] = [];
  const services: JsonObject[] = [];
  const endpoints: JsonObject[] = [];
  const accounts = new Set(['builder', 'default', 'deployer']);
  for (const g of gs) {
    if (g.kind === 'Node' || g.kind === 'CatalogSource') continue;
    const first = g.pods[0] as JsonObject;
    const tpl = templateOf(first);
    accounts.add(String((first.spec as JsonObject).serviceAccountName));
    const n = g.pods.length;
    const since = earliest(g.pods);
    const selector = selectorOf(tpl);
    let workload = g.name;
    if (g.kind === 'DaemonSet') {
      daemonsets.push({
        apiVersion: 'apps/v1',
        kind: 'DaemonSet',
        metadata: meta(cluster, {
          kind: 'DaemonSet',
          name: g.name,
          namespace: ns.name,
          created: plusSeconds(created, 30),
          generation: 7,
          annotations: { 'deprecated.daemonset.template.generation': '7' },
        }),
        spec: {
          revisionHistoryLimit: 10,
          selector: { matchLabels: selector },
          template: tpl,
          updateStrategy: { rollingUpdate: { maxUnavailable: '10%' }, type: 'RollingUpdate' },
        },
        status: {
          currentNumberScheduled: n,
          desiredNumberScheduled: n,
          numberAvailable: n,
          numberMisscheduled: 0,
          numberReady: n,
          observedGeneration: 7,
          updatedNumberScheduled: n,
        },
      });
    } else if (g.kind === 'ReplicaSet') {
      workload = g.name.replace(/-[a-z0-9]{9,10}$/, '');
      const hash = g.name.slice(workload.length + 1);
      deployments.push({
        apiVersion: 'apps/v1',
        kind: 'Deployment',
        metadata: meta(cluster, {
          kind: 'Deployment',
          name: workload,
          namespace: ns.name,
          created: plusSeconds(created, 20),
          generation: 4,
          annotations: { 'deployment.kubernetes.io/revision': '4' },
        }),
        spec: {
          progressDeadlineSeconds: 600,
          replicas: n,
          revisionHistoryLimit: 10,
          selector: { matchLabels: selector },
          strategy: {
            rollingUpdate: { maxSurge: '25%', maxUnavailable: '25%' },
            type: 'RollingUpdate',
          },
          template: tpl,
        },
        status: {
          availableReplicas: n,
          conditions: [
            {
              lastTransitionTime: since,
              lastUpdateTime: since,
              message: 'Deployment has minimum availability.',
              reason: 'MinimumReplicasAvailable',
              status: 'True',
              type: 'Available',
            },
            {
              lastTransitionTime: since,
              lastUpdateTime: since,
              message: `ReplicaSet "${g.name}" has successfully progressed.`,
              reason: 'NewReplicaSetAvailable',
              status: 'True',
              type: 'Progressing',
            },
          ],
          observedGeneration: 4,
          readyReplicas: n,
          replicas: n,
          updatedReplicas: n,
        },
      });
      // The current ReplicaSet and the ones the last updates left behind, scaled to 0.
      const hashes = [hash, ...[1, 2, 3].map((k) => k8sSuffix(`${g.name}:old:${k}`, hash.length))];
      hashes.forEach((h, k) => {
        const rsLabels = {
          ...((tpl.metadata as JsonObject).labels as JsonObject),
          'pod-template-hash': h,
        };
        replicasets.push({
          apiVersion: 'apps/v1',
          kind: 'ReplicaSet',
          metadata: meta(cluster, {
            kind: 'ReplicaSet',
            name: `${workload}-${h}`,
            namespace: ns.name,
            created: plusSeconds(created, 20 + (3 - k) * 86400 * 7),
            generation: k === 0 ? 1 : 2,
            labels: rsLabels as Record<string, string>,
            annotations: {
              'deployment.kubernetes.io/desired-replicas': String(n),
              'deployment.kubernetes.io/max-replicas': String(n + 1),
              'deployment.kubernetes.io/revision': String(4 - k),
            },
            ownerReferences: [
              ownerRef(cluster, 'apps/v1', 'Deployment', workload, {
                controller: true,
                blockOwnerDeletion: true,
                namespace: ns.name,
              }),
            ],
          }),
          spec: {
            replicas: k === 0 ? n : 0,
            selector: { matchLabels: { ...selector, 'pod-template-hash': h } },
            template: {
              metadata: { creationTimestamp: null, labels: rsLabels },
              spec: tpl.spec as JsonObject,
            },
          },
          status:
            k === 0
              ? {
                  availableReplicas: n,
                  fullyLabeledReplicas: n,
                  observedGeneration: 1,
                  readyReplicas: n,
                  replicas: n,
                }
              : { observedGeneration: 2, replicas: 0 },
        });
      });
    } else if (g.kind === 'StatefulSet') {
      statefulsets.push({
        apiVersion: 'apps/v1',
        kind: 'StatefulSet',
        metadata: meta(cluster, {
          kind: 'StatefulSet',
          name: g.name,
          namespace: ns.name,
          created: plusSeconds(created, 40),
          generation: 3,
        }),
        spec: {
          podManagementPolicy: 'Parallel',
          replicas: n,
          revisionHistoryLimit: 10,
          selector: { matchLabels: selector },
          serviceName: `${g.name.replace(/-k8s$|-main$/, '')}-operated`,
          template: tpl,
          updateStrategy: { type: 'RollingUpdate' },
        },
        status: {
          collisionCount: 0,
          currentReplicas: n,
          observedGeneration: 3,
          readyReplicas: n,
          replicas: n,
          updatedReplicas: n,
        },
      });
    }
    const ports = (((tpl.spec as JsonObject).containers as JsonObject[])[0]?.ports ??
      []) as JsonObject[];
    const port = Number(ports[0]?.containerPort ?? 8443);
    const svcPorts = [{ name: 'metrics', port, protocol: 'TCP', targetPort: port }];
    services.push({
      apiVersion: 'v1',
      kind: 'Service',
      metadata: meta(cluster, {
        kind: 'Service',
        name: workload,
        namespace: ns.name,
        created: plusSeconds(created, 25),
        labels: selector as Record<string, string>,
        annotations: {
          'service.alpha.openshift.io/serving-cert-signed-by': `openshift-service-serving-signer@${1580391363 + (parseInt(hexFrom(ns.name, 4), 16) % 1000)}`,
          'service.beta.openshift.io/serving-cert-secret-name': `${workload}-tls`,
        },
      }),
      spec: {
        clusterIP: `172.30.${parseInt(hexFrom(`${ns.name}/${workload}`, 2), 16)}.${(parseInt(hexFrom(`${ns.name}/${workload}:b`, 2), 16) % 253) + 1}`,
        ports: svcPorts,
        selector,
        sessionAffinity: 'None',
        type: 'ClusterIP',
      },
      status: { loadBalancer: {} },
    });
    endpoints.push({
      apiVersion: 'v1',
      kind: 'Endpoints',
      metadata: meta(cluster, {
        kind: 'Endpoints',
        name: workload,
        namespace: ns.name,
        created: plusSeconds(created, 25),
        labels: selector as Record<string, string>,
      }),
      subsets: [
        {
          addresses: g.pods.map((p) => ({
            ip: String((p.status as JsonObject).podIP),
            nodeName: String((p.spec as JsonObject).nodeName),
            targetRef: {
              kind: 'Pod',
              name: nameOf(p),
              namespace: ns.name,
              resourceVersion: String(md(p).resourceVersion),
              uid: String(md(p).uid),
            },
          })),
          ports: svcPorts.map((sp) => ({ name: sp.name, port: sp.port, protocol: sp.protocol })),
        },
      ],
    });
  }
  put('core/services.yaml', list(services));
  put('core/endpoints.yaml', list(endpoints));

  // Secrets with values elided as `oc adm inspect` does (public certificates kept).
  const secrets: JsonObject[] = [];
  const kubeCa = b64(rootCa);
  for (const sa of [...accounts].sort()) {
    const tokenName = `${sa}-token-${k8sSuffix(`${cluster.seed}:sa:${ns.name}/${sa}`, 5)}`;
    const dockerName = `${sa}-dockercfg-${k8sSuffix(`${cluster.seed}:dockercfg:${ns.name}/${sa}`, 5)}`;
    const saUid = meta(cluster, {
      kind: 'ServiceAccount',
      name: sa,
      namespace: ns.name,
      created,
    }).uid;
    secrets.push(
      {
        apiVersion: 'v1',
        data: { 'ca.crt': kubeCa, namespace: '', 'service-ca.crt': b64(serviceCa), token: '' },
        kind: 'Secret',
        metadata: meta(cluster, {
          kind: 'Secret',
          name: tokenName,
          namespace: ns.name,
          created: plusSeconds(created, 2),
          annotations: {
            'kubernetes.io/created-by': 'openshift.io/create-dockercfg-secrets',
            'kubernetes.io/service-account.name': sa,
            'kubernetes.io/service-account.uid': String(saUid),
          },
        }),
        type: 'kubernetes.io/service-account-token',
      },
      {
        apiVersion: 'v1',
        data: { '.dockercfg': '' },
        kind: 'Secret',
        metadata: meta(cluster, {
          kind: 'Secret',
          name: dockerName,
          namespace: ns.name,
          created: plusSeconds(created, 2),
          annotations: {
            'kubernetes.io/service-account.name': sa,
            'kubernetes.io/service-account.uid': String(saUid),
            'openshift.io/token-secret.name': tokenName,
            'openshift.io/token-secret.value': '',
          },
          ownerReferences: [
            ownerRef(cluster, 'v1', 'Secret', tokenName, {
              blockOwnerDeletion: false,
              controller: true,
              namespace: ns.name,
            }),
          ],
        }),
        type: 'kubernetes.io/dockercfg',
      },
    );
  }
  for (const svc of services) {
    const name = `${nameOf(svc)}-tls`;
    secrets.push({
      apiVersion: 'v1',
      data: {
        'tls.crt': b64(pemCertificate(`${cluster.seed}:tls:${ns.name}/${name}`, 1300)),
        'tls.key': '',
      },
      kind: 'Secret',
      metadata: meta(cluster, {
        kind: 'Secret',
        name,
        namespace: ns.name,
        created: plusSeconds(created, 26),
        annotations: {
          'service.alpha.openshift.io/expiry': isoZ(plusSeconds(env.gather, 400 * 86400)),
          'service.beta.openshift.io/originating-service-name': nameOf(svc),
          'service.beta.openshift.io/originating-service-uid': String(md(svc).uid),
        },
      }),
      type: 'kubernetes.io/tls',
    });
  }
  put('core/secrets.yaml', list(secrets));

  put('apps/daemonsets.yaml', list(daemonsets));
  put('apps/deployments.yaml', list(deployments));
  put('apps/replicasets.yaml', list(replicasets));
  if (statefulsets.length > 0) put('apps/statefulsets.yaml', list(statefulsets));
}
