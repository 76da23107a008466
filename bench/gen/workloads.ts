/**
 * The workloads the volume is made of, as `oc adm inspect` finds them in the namespaces the
 * ClusterOperators relate (plus the add-on operators a large production cluster runs).
 *
 * Containers are written `name@KiB` (the median size of its current log at scale 1), init
 * containers with a leading `+`, space separated.
 */
export interface ContainerDef {
  name: string;
  kib: number;
  init: boolean;
}

export function containers(spec: string): ContainerDef[] {
  return spec
    .trim()
    .split(/\s+/)
    .map((c) => {
      const m = /^(\+?)([a-z0-9-]+)@([0-9.]+)$/.exec(c);
      if (!m) throw new Error(`bad container spec ${c}`);
      return {
        init: m[1] === '+',
        name: m[2] as string,
        kib: Number(m[3]),
      };
    });
}

/** Which node-level sets a preset includes: `core` is in every preset. */
type Tier = 'core' | 'full' | 'addOn';

/** One pod per (matching) node. */
export interface NodeSetDef {
  ns: string;
  /** DaemonSet name (or, with `perNode`, the Deployment name prefix). */
  name: string;
  /** Seed of the pod name suffix, as scripts/fixtures/daemonset-pods.ts uses for the drain lists. */
  nameSeed?: string;
  containers: string;
  on: 'all' | 'nonMaster' | 'masters' | 'storage';
  tier: Tier;
  hostNetwork?: boolean;
  sa?: string;
  /** Deployments per node (Ceph OSDs, crash collectors) instead of a DaemonSet. */
  perNode?: number;
  image?: string;
}

export const nodeSets: NodeSetDef[] = [
  // -------------------------------------------------------------- release DaemonSets (4.7)
  {
    ns: 'openshift-sdn',
    name: 'sdn',
    nameSeed: 'sdn',
    containers: 'sdn@1200 kube-rbac-proxy@1.5',
    on: 'all',
    tier: 'core',
    hostNetwork: true,
  },
  {
    ns: 'openshift-sdn',
    name: 'ovs',
    nameSeed: 'ovs',
    containers: 'openvswitch@500',
    on: 'all',
    tier: 'core',
    hostNetwork: true,
  },
  {
    ns: 'openshift-multus',
    name: 'multus',
    nameSeed: 'multus',
    containers: 'kube-multus@25',
    on: 'all',
    tier: 'core',
    hostNetwork: true,
  },
  {
    ns: 'openshift-dns',
    name: 'dns-default',
    nameSeed: 'dns',
    containers: 'dns@60 kube-rbac-proxy@1.5 dns-node-resolver@0.4',
    on: 'all',
    tier: 'full',
  },
  {
    ns: 'openshift-multus',
    name: 'network-metrics-daemon',
    nameSeed: 'nmd',
    containers: 'network-metrics-daemon@12 kube-rbac-proxy@1.5',
    on: 'all',
    tier: 'full',
  },
  {
    ns: 'openshift-cluster-node-tuning-operator',
    name: 'tuned',
    nameSeed: 'tuned',
    containers: 'tuned@8',
    on: 'all',
    tier: 'full',
    hostNetwork: true,
  },
  {
    ns: 'openshift-image-registry',
    name: 'node-ca',
    nameSeed: 'node-ca',
    containers: 'node-ca@4',
    on: 'all',
    tier: 'full',
  },
  {
    ns: 'openshift-monitoring',
    name: 'node-exporter',
    nameSeed: 'node-exporter',
    containers: '+init-textfile@0.2 node-exporter@15 kube-rbac-proxy@1.5',
    on: 'all',
    tier: 'full',
    hostNetwork: true,
  },
  {
    ns: 'openshift-cluster-csi-drivers',
    name: 'aws-ebs-csi-driver-node',
    containers: 'csi-driver@20 csi-node-driver-registrar@2 csi-liveness-probe@40',
    on: 'all',
    tier: 'full',
  },
  {
    ns: 'openshift-ingress-canary',
    name: 'ingress-canary',
    containers: 'serve-healthcheck-canary@30',
    on: 'nonMaster',
    tier: 'full',
  },
  {
    ns: 'openshift-network-diagnostics',
    name: 'network-check-target',
    containers: 'network-check-target-container@2',
    on: 'all',
    tier: 'full',
  },
  {
    ns: 'openshift-sdn',
    name: 'sdn-controller',
    nameSeed: 'sdnc',
    containers: 'sdn-controller@200',
    on: 'masters',
    tier: 'core',
    hostNetwork: true,
  },
  {
    ns: 'openshift-multus',
    name: 'multus-admission-controller',
    containers: 'multus-admission-controller@20 kube-rbac-proxy@1.5',
    on: 'masters',
    tier: 'full',
  },
  {
    ns: 'openshift-controller-manager',
    name: 'controller-manager',
    containers: 'controller-manager@800',
    on: 'masters',
    tier: 'full',
  },
  // -------------------------------------------------------------- add-on operators
  {
    ns: 'openshift-logging',
    name: 'fluentd',
    containers: 'fluentd@400',
    on: 'all',
    tier: 'addOn',
    image: 'registry.redhat.io/openshift-logging/fluentd-rhel8',
  },
  {
    ns: 'openshift-nmstate',
    name: 'nmstate-handler',
    containers: 'nmstate-handler@50',
    on: 'all',
    tier: 'addOn',
    hostNetwork: true,
    image: 'registry.redhat.io/openshift4/ose-kubernetes-nmstate-handler-rhel8',
  },
  {
    ns: 'openshift-nfd',
    name: 'nfd-worker',
    containers: 'nfd-worker@20',
    on: 'nonMaster',
    tier: 'addOn',
    image: 'registry.redhat.io/openshift4/ose-node-feature-discovery',
  },
  {
    ns: 'openshift-sriov-network-operator',
    name: 'sriov-network-config-daemon',
    containers: 'sriov-network-config-daemon@40',
    on: 'nonMaster',
    tier: 'addOn',
    hostNetwork: true,
    image: 'registry.redhat.io/openshift4/ose-sriov-network-config-daemon',
  },
  {
    ns: 'openshift-sriov-network-operator',
    name: 'sriov-cni',
    containers: 'sriov-cni@0.3 sriov-infiniband-cni@0.3',
    on: 'nonMaster',
    tier: 'addOn',
    image: 'registry.redhat.io/openshift4/ose-sriov-cni',
  },
  {
    ns: 'openshift-sriov-network-operator',
    name: 'sriov-device-plugin',
    containers: 'sriov-device-plugin@10',
    on: 'nonMaster',
    tier: 'addOn',
    hostNetwork: true,
    image: 'registry.redhat.io/openshift4/ose-sriov-network-device-plugin',
  },
  {
    ns: 'openshift-file-integrity',
    name: 'aide-worker-fileintegrity',
    containers: 'daemon@15',
    on: 'nonMaster',
    tier: 'addOn',
    image: 'registry.redhat.io/compliance/openshift-file-integrity-rhel8',
  },
  {
    ns: 'openshift-operators',
    name: 'istio-node',
    containers: 'install-cni@10',
    on: 'nonMaster',
    tier: 'addOn',
    image: 'registry.redhat.io/openshift-service-mesh/istio-cni-rhel8',
  },
  {
    ns: 'openshift-storage',
    name: 'csi-rbdplugin',
    containers: 'driver-registrar@2 csi-rbdplugin@30 liveness-prometheus@5',
    on: 'nonMaster',
    tier: 'addOn',
    hostNetwork: true,
    image: 'registry.redhat.io/ocs4/cephcsi-rhel8',
  },
  {
    ns: 'openshift-storage',
    name: 'csi-cephfsplugin',
    containers: 'driver-registrar@2 csi-cephfsplugin@25 liveness-prometheus@5',
    on: 'nonMaster',
    tier: 'addOn',
    hostNetwork: true,
    image: 'registry.redhat.io/ocs4/cephcsi-rhel8',
  },
  {
    ns: 'openshift-cnv',
    name: 'virt-handler',
    containers: '+virt-launcher@0.3 virt-handler@80',
    on: 'nonMaster',
    tier: 'addOn',
    image: 'registry.redhat.io/container-native-virtualization/virt-handler',
  },
  {
    ns: 'openshift-cnv',
    name: 'kube-cni-linux-bridge-plugin',
    containers: 'cni-plugins@0.3',
    on: 'nonMaster',
    tier: 'addOn',
    image: 'registry.redhat.io/container-native-virtualization/cnv-containernetworking-plugins',
  },
  {
    ns: 'openshift-cnv',
    name: 'bridge-marker',
    containers: 'bridge-marker@10',
    on: 'nonMaster',
    tier: 'addOn',
    hostNetwork: true,
    image: 'registry.redhat.io/container-native-virtualization/bridge-marker',
  },
  {
    ns: 'openshift-cnv',
    name: 'kubevirt-node-labeller',
    containers: '+libvirt@0.3 kubevirt-node-labeller@10',
    on: 'nonMaster',
    tier: 'addOn',
    image: 'registry.redhat.io/container-native-virtualization/kubevirt-cpu-node-labeller',
  },
  {
    ns: 'openshift-cnv',
    name: 'ovs-cni-amd64',
    containers: 'ovs-cni-plugin@0.3 ovs-cni-marker@5',
    on: 'nonMaster',
    tier: 'addOn',
    image: 'registry.redhat.io/container-native-virtualization/ovs-cni-plugin',
  },
  {
    ns: 'openshift-cnv',
    name: 'hostpath-provisioner',
    containers: 'hostpath-provisioner@5',
    on: 'nonMaster',
    tier: 'addOn',
    image: 'registry.redhat.io/container-native-virtualization/hostpath-provisioner-rhel8',
  },
  {
    ns: 'openshift-local-storage',
    name: 'diskmaker-discovery',
    containers: 'diskmaker-discovery@30',
    on: 'storage',
    tier: 'addOn',
    image: 'registry.redhat.io/openshift4/ose-local-storage-diskmaker',
  },
  {
    ns: 'openshift-local-storage',
    name: 'diskmaker-manager',
    containers: 'diskmaker-manager@40 kube-rbac-proxy@1.5',
    on: 'storage',
    tier: 'addOn',
    image: 'registry.redhat.io/openshift4/ose-local-storage-diskmaker',
  },
  {
    ns: 'openshift-storage',
    name: 'rook-ceph-osd',
    containers:
      '+blkdevmapper@0.2 +activate@1 +expand-bluefs@0.3 +chown-container-data-dir@0.1 osd@300',
    on: 'storage',
    tier: 'addOn',
    perNode: 5,
    sa: 'rook-ceph-osd',
    image: 'registry.redhat.io/ocs4/rhceph-rhel8',
  },
  {
    ns: 'openshift-storage',
    name: 'rook-ceph-crashcollector',
    containers: '+make-container-crash-dir@0.1 +chown-container-data-dir@0.1 ceph-crash@2',
    on: 'storage',
    tier: 'addOn',
    perNode: 1,
    image: 'registry.redhat.io/ocs4/rhceph-rhel8',
  },
];

/** Pods that do not follow the node count. */
export interface ControllerDef {
  /** The ClusterOperator that relates this namespace (undefined for add-on operators). */
  co?: string;
  ns: string;
  name: string;
  kind: 'Deployment' | 'StatefulSet' | 'Static' | 'CatalogSource';
  replicas: number;
  on: 'masters' | 'infra' | 'workers';
  containers: string;
  hostNetwork?: boolean;
  sa?: string;
  addOn?: boolean;
  image?: string;
}

const op = (
  co: string,
  ns: string,
  name: string,
  c: string,
  o: Partial<ControllerDef> = {},
): ControllerDef => ({
  co,
  ns,
  name,
  kind: 'Deployment',
  replicas: 1,
  on: 'masters',
  containers: c,
  ...o,
});

export const controllers: ControllerDef[] = [
  // -------------------------------------------------------------- static control plane
  op(
    'kube-apiserver',
    'openshift-kube-apiserver',
    'kube-apiserver',
    '+setup@0.2 kube-apiserver@40000 kube-apiserver-cert-syncer@300 kube-apiserver-cert-regeneration-controller@150 kube-apiserver-insecure-readyz@0.3 kube-apiserver-check-endpoints@900',
    { kind: 'Static', hostNetwork: true },
  ),
  op(
    'etcd',
    'openshift-etcd',
    'etcd',
    '+setup@0.2 +etcd-ensure-env-vars@0.2 +etcd-resources-copy@0.2 etcdctl@0.1 etcd@25000 etcd-metrics@400',
    { kind: 'Static', hostNetwork: true },
  ),
  op(
    'kube-controller-manager',
    'openshift-kube-controller-manager',
    'kube-controller-manager',
    'kube-controller-manager@15000 cluster-policy-controller@600 kube-controller-manager-cert-syncer@200 kube-controller-manager-recovery-controller@80',
    { kind: 'Static', hostNetwork: true },
  ),
  op(
    'kube-scheduler',
    'openshift-kube-scheduler',
    'openshift-kube-scheduler',
    '+wait-for-host-port@0.1 kube-scheduler@3000 kube-scheduler-cert-syncer@150 kube-scheduler-recovery-controller@60',
    { kind: 'Static', hostNetwork: true },
  ),
  // -------------------------------------------------------------- operators and operands
  op(
    'authentication',
    'openshift-authentication-operator',
    'authentication-operator',
    'authentication-operator@1500',
  ),
  op('authentication', 'openshift-authentication', 'oauth-openshift', 'oauth-openshift@300', {
    replicas: 3,
  }),
  op(
    'authentication',
    'openshift-oauth-apiserver',
    'apiserver',
    '+fix-audit-permissions@0.1 oauth-apiserver@900',
    { replicas: 3 },
  ),
  op(
    'baremetal',
    'openshift-machine-api',
    'cluster-baremetal-operator',
    'cluster-baremetal-operator@60 baremetal-kube-rbac-proxy@1.5',
  ),
  op(
    'machine-api',
    'openshift-machine-api',
    'machine-api-operator',
    'kube-rbac-proxy@1.5 machine-api-operator@300',
  ),
  op(
    'machine-api',
    'openshift-machine-api',
    'machine-api-controllers',
    'machineset-controller@400 machine-controller@900 nodelink-controller@300 machine-healthcheck-controller@200 kube-rbac-proxy-machineset-mtrc@1.5 kube-rbac-proxy-machine-mtrc@1.5 kube-rbac-proxy-mhc-mtrc@1.5',
  ),
  op(
    'cloud-credential',
    'openshift-cloud-credential-operator',
    'cloud-credential-operator',
    'kube-rbac-proxy@1.5 cloud-credential-operator@800',
  ),
  op(
    'cluster-autoscaler',
    'openshift-machine-api',
    'cluster-autoscaler-operator',
    'kube-rbac-proxy@1.5 cluster-autoscaler-operator@80',
  ),
  op(
    'config-operator',
    'openshift-config-operator',
    'openshift-config-operator',
    'openshift-config-operator@400',
  ),
  op('console', 'openshift-console-operator', 'console-operator', 'console-operator@900'),
  op('console', 'openshift-console', 'console', 'console@60', { replicas: 2 }),
  op('console', 'openshift-console', 'downloads', 'download-server@20', {
    replicas: 2,
    on: 'workers',
  }),
  op(
    'csi-snapshot-controller',
    'openshift-cluster-storage-operator',
    'csi-snapshot-controller-operator',
    'csi-snapshot-controller-operator@200',
  ),
  op(
    'csi-snapshot-controller',
    'openshift-cluster-storage-operator',
    'csi-snapshot-controller',
    'snapshot-controller@30',
    { replicas: 2 },
  ),
  op('dns', 'openshift-dns-operator', 'dns-operator', 'dns-operator@150 kube-rbac-proxy@1.5'),
  op('etcd', 'openshift-etcd-operator', 'etcd-operator', 'etcd-operator@2500'),
  op(
    'image-registry',
    'openshift-image-registry',
    'cluster-image-registry-operator',
    'cluster-image-registry-operator@300',
  ),
  op('image-registry', 'openshift-image-registry', 'image-registry', 'registry@1200', {
    replicas: 2,
    on: 'infra',
  }),
  op(
    'ingress',
    'openshift-ingress-operator',
    'ingress-operator',
    'ingress-operator@300 kube-rbac-proxy@1.5',
  ),
  op('ingress', 'openshift-ingress', 'router-default', 'router@2500', {
    replicas: 3,
    on: 'infra',
    hostNetwork: true,
  }),
  op('insights', 'openshift-insights', 'insights-operator', 'insights-operator@250'),
  op(
    'kube-apiserver',
    'openshift-kube-apiserver-operator',
    'kube-apiserver-operator',
    'kube-apiserver-operator@3000',
  ),
  op(
    'kube-controller-manager',
    'openshift-kube-controller-manager-operator',
    'kube-controller-manager-operator',
    'kube-controller-manager-operator@1500',
  ),
  op(
    'kube-scheduler',
    'openshift-kube-scheduler-operator',
    'openshift-kube-scheduler-operator',
    'kube-scheduler-operator-container@900',
  ),
  op(
    'kube-storage-version-migrator',
    'openshift-kube-storage-version-migrator-operator',
    'kube-storage-version-migrator-operator',
    'kube-storage-version-migrator-operator@100',
  ),
  op(
    'kube-storage-version-migrator',
    'openshift-kube-storage-version-migrator',
    'migrator',
    'migrator@10',
    { on: 'workers' },
  ),
  op(
    'machine-approver',
    'openshift-cluster-machine-approver',
    'machine-approver',
    'kube-rbac-proxy@1.5 machine-approver-controller@150',
  ),
  op('marketplace', 'openshift-marketplace', 'marketplace-operator', 'marketplace-operator@200'),
  ...['certified-operators', 'community-operators', 'redhat-marketplace', 'redhat-operators'].map(
    (name) =>
      op('marketplace', 'openshift-marketplace', name, 'registry-server@10', {
        kind: 'CatalogSource',
        on: 'workers',
      }),
  ),
  op(
    'monitoring',
    'openshift-monitoring',
    'cluster-monitoring-operator',
    'kube-rbac-proxy@1.5 cluster-monitoring-operator@300',
  ),
  op(
    'monitoring',
    'openshift-monitoring',
    'prometheus-operator',
    'prometheus-operator@500 kube-rbac-proxy@1.5',
  ),
  op(
    'monitoring',
    'openshift-monitoring',
    'kube-state-metrics',
    'kube-rbac-proxy-main@1.5 kube-rbac-proxy-self@1.5 kube-state-metrics@80',
    { on: 'infra' },
  ),
  op(
    'monitoring',
    'openshift-monitoring',
    'openshift-state-metrics',
    'kube-rbac-proxy-main@1.5 kube-rbac-proxy-self@1.5 openshift-state-metrics@20',
    { on: 'infra' },
  ),
  op('monitoring', 'openshift-monitoring', 'grafana', 'grafana@40 grafana-proxy@1', {
    on: 'infra',
  }),
  op('monitoring', 'openshift-monitoring', 'prometheus-adapter', 'prometheus-adapter@300', {
    replicas: 2,
    on: 'infra',
  }),
  op(
    'monitoring',
    'openshift-monitoring',
    'telemeter-client',
    'telemeter-client@60 reload@1 kube-rbac-proxy@1.5',
    { on: 'infra' },
  ),
  op(
    'monitoring',
    'openshift-monitoring',
    'thanos-querier',
    'thanos-query@200 oauth-proxy@1 kube-rbac-proxy@1.5 prom-label-proxy@1 kube-rbac-proxy-rules@1.5',
    { replicas: 2, on: 'infra' },
  ),
  op(
    'monitoring',
    'openshift-monitoring',
    'prometheus-k8s',
    '+init-config-reloader@0.2 prometheus@2000 config-reloader@20 thanos-sidecar@300 prometheus-proxy@1 kube-rbac-proxy@1.5 prom-label-proxy@1 kube-rbac-proxy-thanos@1.5',
    { kind: 'StatefulSet', replicas: 2, on: 'infra' },
  ),
  op(
    'monitoring',
    'openshift-monitoring',
    'alertmanager-main',
    'alertmanager@80 config-reloader@5 alertmanager-proxy@1 kube-rbac-proxy@1.5 prom-label-proxy@1',
    { kind: 'StatefulSet', replicas: 3, on: 'infra' },
  ),
  op('network', 'openshift-network-operator', 'network-operator', 'network-operator@1200', {
    hostNetwork: true,
  }),
  op('network', 'openshift-network-diagnostics', 'network-check-source', 'check-endpoints@600', {
    on: 'workers',
  }),
  op(
    'node-tuning',
    'openshift-cluster-node-tuning-operator',
    'cluster-node-tuning-operator',
    'cluster-node-tuning-operator@100',
  ),
  op(
    'openshift-apiserver',
    'openshift-apiserver-operator',
    'openshift-apiserver-operator',
    'openshift-apiserver-operator@1500',
  ),
  op(
    'openshift-apiserver',
    'openshift-apiserver',
    'apiserver',
    '+fix-audit-permissions@0.1 openshift-apiserver@2000 openshift-apiserver-check-endpoints@300',
    { replicas: 3 },
  ),
  op(
    'openshift-controller-manager',
    'openshift-controller-manager-operator',
    'openshift-controller-manager-operator',
    'openshift-controller-manager-operator@700',
  ),
  op(
    'openshift-samples',
    'openshift-cluster-samples-operator',
    'cluster-samples-operator',
    'cluster-samples-operator@400 cluster-samples-operator-watch@1',
  ),
  op(
    'operator-lifecycle-manager',
    'openshift-operator-lifecycle-manager',
    'olm-operator',
    'olm-operator@900',
  ),
  op(
    'operator-lifecycle-manager-catalog',
    'openshift-operator-lifecycle-manager',
    'catalog-operator',
    'catalog-operator@1800',
  ),
  op(
    'operator-lifecycle-manager-packageserver',
    'openshift-operator-lifecycle-manager',
    'packageserver',
    'packageserver@300',
    { replicas: 2 },
  ),
  op(
    'service-ca',
    'openshift-service-ca-operator',
    'service-ca-operator',
    'service-ca-operator@200',
  ),
  op('service-ca', 'openshift-service-ca', 'service-ca', 'service-ca-controller@150'),
  op(
    'storage',
    'openshift-cluster-storage-operator',
    'cluster-storage-operator',
    'cluster-storage-operator@250',
  ),
  op(
    'storage',
    'openshift-cluster-csi-drivers',
    'aws-ebs-csi-driver-operator',
    'aws-ebs-csi-driver-operator@150',
  ),
  op(
    'storage',
    'openshift-cluster-csi-drivers',
    'aws-ebs-csi-driver-controller',
    'csi-driver@60 driver-kube-rbac-proxy@1.5 csi-provisioner@40 provisioner-kube-rbac-proxy@1.5 csi-attacher@30 attacher-kube-rbac-proxy@1.5 csi-resizer@10 resizer-kube-rbac-proxy@1.5 csi-snapshotter@10 snapshotter-kube-rbac-proxy@1.5 csi-liveness-probe@30',
    { replicas: 2 },
  ),
  op(
    'cloud-controller-manager',
    'openshift-cloud-controller-manager-operator',
    'cluster-cloud-controller-manager-operator',
    'cluster-cloud-controller-manager@60 config-sync-controllers@30',
    { hostNetwork: true },
  ),
  op(
    'control-plane-machine-set',
    'openshift-machine-api',
    'control-plane-machine-set-operator',
    'control-plane-machine-set-operator@60',
  ),
  op(
    'platform-operators-aggregator',
    'openshift-platform-operators',
    'platform-operators-aggregator',
    'platform-operators-aggregator@20',
  ),
  op('olm', 'openshift-cluster-olm-operator', 'cluster-olm-operator', 'cluster-olm-operator@40'),
  // -------------------------------------------------------------- add-on operators
  ...(
    [
      ['openshift-logging', 'cluster-logging-operator', 'cluster-logging-operator@300'],
      ['openshift-logging', 'kibana', 'kibana@60 kibana-proxy@1'],
      ['openshift-nmstate', 'nmstate-operator', 'nmstate-operator@60'],
      ['openshift-nmstate', 'nmstate-webhook', 'nmstate-webhook@10'],
      ['openshift-nfd', 'nfd-operator', 'nfd-operator@40'],
      ['openshift-nfd', 'nfd-master', 'nfd-master@30'],
      ['openshift-sriov-network-operator', 'sriov-network-operator', 'sriov-network-operator@200'],
      ['openshift-file-integrity', 'file-integrity-operator', 'file-integrity-operator@80'],
      ['openshift-local-storage', 'local-storage-operator', 'local-storage-operator@150'],
      ['openshift-operators', 'istio-operator', 'istio-operator@300'],
      ['openshift-storage', 'ocs-operator', 'ocs-operator@900'],
      ['openshift-storage', 'rook-ceph-operator', 'rook-ceph-operator@3000'],
      ['openshift-storage', 'noobaa-operator', 'noobaa-operator@600'],
      ['openshift-storage', 'rook-ceph-mgr-a', 'mgr@800'],
      [
        'openshift-storage',
        'csi-rbdplugin-provisioner',
        'csi-provisioner@40 csi-resizer@10 csi-attacher@10 csi-snapshotter@10 csi-rbdplugin@60 liveness-prometheus@5',
      ],
      ['openshift-cnv', 'hco-operator', 'hyperconverged-cluster-operator@700'],
      ['openshift-cnv', 'virt-operator', 'virt-operator@400'],
      ['openshift-cnv', 'virt-controller', 'virt-controller@300'],
      ['openshift-cnv', 'virt-api', 'virt-api@100'],
      ['openshift-cnv', 'cdi-deployment', 'cdi-controller@80'],
    ] as const
  ).map(([ns, name, c]) =>
    op('', ns, name, c, {
      co: undefined,
      addOn: true,
      on: ns === 'openshift-storage' ? 'infra' : 'workers',
      replicas: name.endsWith('provisioner') || name.startsWith('virt-') ? 2 : 1,
    }),
  ),
  ...(['a', 'b', 'c'] as const).map((m) =>
    op(
      '',
      'openshift-storage',
      `rook-ceph-mon-${m}`,
      '+chown-container-data-dir@0.1 +init-mon-fs@0.5 mon@1500',
      {
        co: undefined,
        addOn: true,
        on: 'infra',
      },
    ),
  ),
];
