/**
 * The workloads the volume is made of, as `oc adm inspect` finds them in the namespaces the
 * ClusterOperators relate (plus the add-on operators a large production cluster runs).
 *
 * Containers are written `name=profile@KiB` (the median size of its current log at scale 1), init
 * containers with a leading `+`, space separated.
 */
import type { ProfileName } from './profiles';

export interface ContainerDef {
  name: string;
  profile: ProfileName;
  kib: number;
  init: boolean;
}

export function containers(spec: string): ContainerDef[] {
  return spec
    .trim()
    .split(/\s+/)
    .map((c) => {
      const m = /^(\+?)([a-z0-9-]+)=([A-Za-z]+)@([0-9.]+)$/.exec(c);
      if (!m) throw new Error(`bad container spec ${c}`);
      return {
        init: m[1] === '+',
        name: m[2] as string,
        profile: m[3] as ProfileName,
        kib: Number(m[4]),
      };
    });
}

/** Which node-level sets a preset includes: `core` is in every preset. */
export type Tier = 'core' | 'full' | 'addOn';

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
    containers: 'sdn=sdn@1200 kube-rbac-proxy=proxy@1.5',
    on: 'all',
    tier: 'core',
    hostNetwork: true,
  },
  {
    ns: 'openshift-sdn',
    name: 'ovs',
    nameSeed: 'ovs',
    containers: 'openvswitch=ovs@500',
    on: 'all',
    tier: 'core',
    hostNetwork: true,
  },
  {
    ns: 'openshift-multus',
    name: 'multus',
    nameSeed: 'multus',
    containers: 'kube-multus=multus@25',
    on: 'all',
    tier: 'core',
    hostNetwork: true,
  },
  {
    ns: 'openshift-dns',
    name: 'dns-default',
    nameSeed: 'dns',
    containers: 'dns=dns@60 kube-rbac-proxy=proxy@1.5 dns-node-resolver=canary@0.4',
    on: 'all',
    tier: 'full',
  },
  {
    ns: 'openshift-multus',
    name: 'network-metrics-daemon',
    nameSeed: 'nmd',
    containers: 'network-metrics-daemon=operand@12 kube-rbac-proxy=proxy@1.5',
    on: 'all',
    tier: 'full',
  },
  {
    ns: 'openshift-cluster-node-tuning-operator',
    name: 'tuned',
    nameSeed: 'tuned',
    containers: 'tuned=tuned@8',
    on: 'all',
    tier: 'full',
    hostNetwork: true,
  },
  {
    ns: 'openshift-image-registry',
    name: 'node-ca',
    nameSeed: 'node-ca',
    containers: 'node-ca=canary@4',
    on: 'all',
    tier: 'full',
  },
  {
    ns: 'openshift-monitoring',
    name: 'node-exporter',
    nameSeed: 'node-exporter',
    containers: '+init-textfile=canary@0.2 node-exporter=nodeExporter@15 kube-rbac-proxy=proxy@1.5',
    on: 'all',
    tier: 'full',
    hostNetwork: true,
  },
  {
    ns: 'openshift-cluster-csi-drivers',
    name: 'aws-ebs-csi-driver-node',
    containers: 'csi-driver=csi@20 csi-node-driver-registrar=csi@2 csi-liveness-probe=liveness@40',
    on: 'all',
    tier: 'full',
  },
  {
    ns: 'openshift-ingress-canary',
    name: 'ingress-canary',
    containers: 'serve-healthcheck-canary=canary@30',
    on: 'nonMaster',
    tier: 'full',
  },
  {
    ns: 'openshift-network-diagnostics',
    name: 'network-check-target',
    containers: 'network-check-target-container=canary@2',
    on: 'all',
    tier: 'full',
  },
  {
    ns: 'openshift-sdn',
    name: 'sdn-controller',
    nameSeed: 'sdnc',
    containers: 'sdn-controller=operand@200',
    on: 'masters',
    tier: 'core',
    hostNetwork: true,
  },
  {
    ns: 'openshift-multus',
    name: 'multus-admission-controller',
    containers: 'multus-admission-controller=operand@20 kube-rbac-proxy=proxy@1.5',
    on: 'masters',
    tier: 'full',
  },
  {
    ns: 'openshift-controller-manager',
    name: 'controller-manager',
    containers: 'controller-manager=operator@800',
    on: 'masters',
    tier: 'full',
  },
  // -------------------------------------------------------------- add-on operators
  {
    ns: 'openshift-logging',
    name: 'fluentd',
    containers: 'fluentd=fluentd@400',
    on: 'all',
    tier: 'addOn',
    image: 'registry.redhat.io/openshift-logging/fluentd-rhel8',
  },
  {
    ns: 'openshift-nmstate',
    name: 'nmstate-handler',
    containers: 'nmstate-handler=operand@50',
    on: 'all',
    tier: 'addOn',
    hostNetwork: true,
    image: 'registry.redhat.io/openshift4/ose-kubernetes-nmstate-handler-rhel8',
  },
  {
    ns: 'openshift-nfd',
    name: 'nfd-worker',
    containers: 'nfd-worker=operand@20',
    on: 'nonMaster',
    tier: 'addOn',
    image: 'registry.redhat.io/openshift4/ose-node-feature-discovery',
  },
  {
    ns: 'openshift-sriov-network-operator',
    name: 'sriov-network-config-daemon',
    containers: 'sriov-network-config-daemon=operand@40',
    on: 'nonMaster',
    tier: 'addOn',
    hostNetwork: true,
    image: 'registry.redhat.io/openshift4/ose-sriov-network-config-daemon',
  },
  {
    ns: 'openshift-sriov-network-operator',
    name: 'sriov-cni',
    containers: 'sriov-cni=canary@0.3 sriov-infiniband-cni=canary@0.3',
    on: 'nonMaster',
    tier: 'addOn',
    image: 'registry.redhat.io/openshift4/ose-sriov-cni',
  },
  {
    ns: 'openshift-sriov-network-operator',
    name: 'sriov-device-plugin',
    containers: 'sriov-device-plugin=operand@10',
    on: 'nonMaster',
    tier: 'addOn',
    hostNetwork: true,
    image: 'registry.redhat.io/openshift4/ose-sriov-network-device-plugin',
  },
  {
    ns: 'openshift-file-integrity',
    name: 'aide-worker-fileintegrity',
    containers: 'daemon=operand@15',
    on: 'nonMaster',
    tier: 'addOn',
    image: 'registry.redhat.io/compliance/openshift-file-integrity-rhel8',
  },
  {
    ns: 'openshift-operators',
    name: 'istio-node',
    containers: 'install-cni=operand@10',
    on: 'nonMaster',
    tier: 'addOn',
    image: 'registry.redhat.io/openshift-service-mesh/istio-cni-rhel8',
  },
  {
    ns: 'openshift-storage',
    name: 'csi-rbdplugin',
    containers: 'driver-registrar=csi@2 csi-rbdplugin=csi@30 liveness-prometheus=liveness@5',
    on: 'nonMaster',
    tier: 'addOn',
    hostNetwork: true,
    image: 'registry.redhat.io/ocs4/cephcsi-rhel8',
  },
  {
    ns: 'openshift-storage',
    name: 'csi-cephfsplugin',
    containers: 'driver-registrar=csi@2 csi-cephfsplugin=csi@25 liveness-prometheus=liveness@5',
    on: 'nonMaster',
    tier: 'addOn',
    hostNetwork: true,
    image: 'registry.redhat.io/ocs4/cephcsi-rhel8',
  },
  {
    ns: 'openshift-cnv',
    name: 'virt-handler',
    containers: '+virt-launcher=canary@0.3 virt-handler=operand@80',
    on: 'nonMaster',
    tier: 'addOn',
    image: 'registry.redhat.io/container-native-virtualization/virt-handler',
  },
  {
    ns: 'openshift-cnv',
    name: 'kube-cni-linux-bridge-plugin',
    containers: 'cni-plugins=canary@0.3',
    on: 'nonMaster',
    tier: 'addOn',
    image: 'registry.redhat.io/container-native-virtualization/cnv-containernetworking-plugins',
  },
  {
    ns: 'openshift-cnv',
    name: 'bridge-marker',
    containers: 'bridge-marker=operand@10',
    on: 'nonMaster',
    tier: 'addOn',
    hostNetwork: true,
    image: 'registry.redhat.io/container-native-virtualization/bridge-marker',
  },
  {
    ns: 'openshift-cnv',
    name: 'kubevirt-node-labeller',
    containers: '+libvirt=canary@0.3 kubevirt-node-labeller=operand@10',
    on: 'nonMaster',
    tier: 'addOn',
    image: 'registry.redhat.io/container-native-virtualization/kubevirt-cpu-node-labeller',
  },
  {
    ns: 'openshift-cnv',
    name: 'ovs-cni-amd64',
    containers: 'ovs-cni-plugin=canary@0.3 ovs-cni-marker=operand@5',
    on: 'nonMaster',
    tier: 'addOn',
    image: 'registry.redhat.io/container-native-virtualization/ovs-cni-plugin',
  },
  {
    ns: 'openshift-cnv',
    name: 'hostpath-provisioner',
    containers: 'hostpath-provisioner=csi@5',
    on: 'nonMaster',
    tier: 'addOn',
    image: 'registry.redhat.io/container-native-virtualization/hostpath-provisioner-rhel8',
  },
  {
    ns: 'openshift-local-storage',
    name: 'diskmaker-discovery',
    containers: 'diskmaker-discovery=operand@30',
    on: 'storage',
    tier: 'addOn',
    image: 'registry.redhat.io/openshift4/ose-local-storage-diskmaker',
  },
  {
    ns: 'openshift-local-storage',
    name: 'diskmaker-manager',
    containers: 'diskmaker-manager=operand@40 kube-rbac-proxy=proxy@1.5',
    on: 'storage',
    tier: 'addOn',
    image: 'registry.redhat.io/openshift4/ose-local-storage-diskmaker',
  },
  {
    ns: 'openshift-storage',
    name: 'rook-ceph-osd',
    containers:
      '+blkdevmapper=canary@0.2 +activate=canary@1 +expand-bluefs=canary@0.3 +chown-container-data-dir=canary@0.1 osd=ceph@300',
    on: 'storage',
    tier: 'addOn',
    perNode: 5,
    sa: 'rook-ceph-osd',
    image: 'registry.redhat.io/ocs4/rhceph-rhel8',
  },
  {
    ns: 'openshift-storage',
    name: 'rook-ceph-crashcollector',
    containers:
      '+make-container-crash-dir=canary@0.1 +chown-container-data-dir=canary@0.1 ceph-crash=canary@2',
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
    '+setup=canary@0.2 kube-apiserver=apiserver@40000 kube-apiserver-cert-syncer=certSync@300 kube-apiserver-cert-regeneration-controller=operator@150 kube-apiserver-insecure-readyz=canary@0.3 kube-apiserver-check-endpoints=operand@900',
    { kind: 'Static', hostNetwork: true },
  ),
  op(
    'etcd',
    'openshift-etcd',
    'etcd',
    '+setup=canary@0.2 +etcd-ensure-env-vars=canary@0.2 +etcd-resources-copy=canary@0.2 etcdctl=canary@0.1 etcd=etcd@25000 etcd-metrics=etcd@400',
    { kind: 'Static', hostNetwork: true },
  ),
  op(
    'kube-controller-manager',
    'openshift-kube-controller-manager',
    'kube-controller-manager',
    'kube-controller-manager=kcm@15000 cluster-policy-controller=operator@600 kube-controller-manager-cert-syncer=certSync@200 kube-controller-manager-recovery-controller=operator@80',
    { kind: 'Static', hostNetwork: true },
  ),
  op(
    'kube-scheduler',
    'openshift-kube-scheduler',
    'openshift-kube-scheduler',
    '+wait-for-host-port=canary@0.1 kube-scheduler=scheduler@3000 kube-scheduler-cert-syncer=certSync@150 kube-scheduler-recovery-controller=operator@60',
    { kind: 'Static', hostNetwork: true },
  ),
  // -------------------------------------------------------------- operators and operands
  op(
    'authentication',
    'openshift-authentication-operator',
    'authentication-operator',
    'authentication-operator=operator@1500',
  ),
  op(
    'authentication',
    'openshift-authentication',
    'oauth-openshift',
    'oauth-openshift=operand@300',
    {
      replicas: 3,
    },
  ),
  op(
    'authentication',
    'openshift-oauth-apiserver',
    'apiserver',
    '+fix-audit-permissions=canary@0.1 oauth-apiserver=operand@900',
    { replicas: 3 },
  ),
  op(
    'baremetal',
    'openshift-machine-api',
    'cluster-baremetal-operator',
    'cluster-baremetal-operator=operator@60 baremetal-kube-rbac-proxy=proxy@1.5',
  ),
  op(
    'machine-api',
    'openshift-machine-api',
    'machine-api-operator',
    'kube-rbac-proxy=proxy@1.5 machine-api-operator=operator@300',
  ),
  op(
    'machine-api',
    'openshift-machine-api',
    'machine-api-controllers',
    'machineset-controller=operand@400 machine-controller=operand@900 nodelink-controller=operand@300 machine-healthcheck-controller=operand@200 kube-rbac-proxy-machineset-mtrc=proxy@1.5 kube-rbac-proxy-machine-mtrc=proxy@1.5 kube-rbac-proxy-mhc-mtrc=proxy@1.5',
  ),
  op(
    'cloud-credential',
    'openshift-cloud-credential-operator',
    'cloud-credential-operator',
    'kube-rbac-proxy=proxy@1.5 cloud-credential-operator=operator@800',
  ),
  op(
    'cluster-autoscaler',
    'openshift-machine-api',
    'cluster-autoscaler-operator',
    'kube-rbac-proxy=proxy@1.5 cluster-autoscaler-operator=operator@80',
  ),
  op(
    'config-operator',
    'openshift-config-operator',
    'openshift-config-operator',
    'openshift-config-operator=operator@400',
  ),
  op('console', 'openshift-console-operator', 'console-operator', 'console-operator=operator@900'),
  op('console', 'openshift-console', 'console', 'console=operand@60', { replicas: 2 }),
  op('console', 'openshift-console', 'downloads', 'download-server=canary@20', {
    replicas: 2,
    on: 'workers',
  }),
  op(
    'csi-snapshot-controller',
    'openshift-cluster-storage-operator',
    'csi-snapshot-controller-operator',
    'csi-snapshot-controller-operator=operator@200',
  ),
  op(
    'csi-snapshot-controller',
    'openshift-cluster-storage-operator',
    'csi-snapshot-controller',
    'snapshot-controller=operand@30',
    { replicas: 2 },
  ),
  op(
    'dns',
    'openshift-dns-operator',
    'dns-operator',
    'dns-operator=operator@150 kube-rbac-proxy=proxy@1.5',
  ),
  op('etcd', 'openshift-etcd-operator', 'etcd-operator', 'etcd-operator=operator@2500'),
  op(
    'image-registry',
    'openshift-image-registry',
    'cluster-image-registry-operator',
    'cluster-image-registry-operator=operator@300',
  ),
  op('image-registry', 'openshift-image-registry', 'image-registry', 'registry=operand@1200', {
    replicas: 2,
    on: 'infra',
  }),
  op(
    'ingress',
    'openshift-ingress-operator',
    'ingress-operator',
    'ingress-operator=operator@300 kube-rbac-proxy=proxy@1.5',
  ),
  op('ingress', 'openshift-ingress', 'router-default', 'router=router@2500', {
    replicas: 3,
    on: 'infra',
    hostNetwork: true,
  }),
  op('insights', 'openshift-insights', 'insights-operator', 'insights-operator=operator@250'),
  op(
    'kube-apiserver',
    'openshift-kube-apiserver-operator',
    'kube-apiserver-operator',
    'kube-apiserver-operator=operator@3000',
  ),
  op(
    'kube-controller-manager',
    'openshift-kube-controller-manager-operator',
    'kube-controller-manager-operator',
    'kube-controller-manager-operator=operator@1500',
  ),
  op(
    'kube-scheduler',
    'openshift-kube-scheduler-operator',
    'openshift-kube-scheduler-operator',
    'kube-scheduler-operator-container=operator@900',
  ),
  op(
    'kube-storage-version-migrator',
    'openshift-kube-storage-version-migrator-operator',
    'kube-storage-version-migrator-operator',
    'kube-storage-version-migrator-operator=operator@100',
  ),
  op(
    'kube-storage-version-migrator',
    'openshift-kube-storage-version-migrator',
    'migrator',
    'migrator=operand@10',
    { on: 'workers' },
  ),
  op(
    'machine-approver',
    'openshift-cluster-machine-approver',
    'machine-approver',
    'kube-rbac-proxy=proxy@1.5 machine-approver-controller=operand@150',
  ),
  op(
    'marketplace',
    'openshift-marketplace',
    'marketplace-operator',
    'marketplace-operator=operator@200',
  ),
  ...['certified-operators', 'community-operators', 'redhat-marketplace', 'redhat-operators'].map(
    (name) =>
      op('marketplace', 'openshift-marketplace', name, 'registry-server=operand@10', {
        kind: 'CatalogSource',
        on: 'workers',
      }),
  ),
  op(
    'monitoring',
    'openshift-monitoring',
    'cluster-monitoring-operator',
    'kube-rbac-proxy=proxy@1.5 cluster-monitoring-operator=operator@300',
  ),
  op(
    'monitoring',
    'openshift-monitoring',
    'prometheus-operator',
    'prometheus-operator=operand@500 kube-rbac-proxy=proxy@1.5',
  ),
  op(
    'monitoring',
    'openshift-monitoring',
    'kube-state-metrics',
    'kube-rbac-proxy-main=proxy@1.5 kube-rbac-proxy-self=proxy@1.5 kube-state-metrics=operand@80',
    { on: 'infra' },
  ),
  op(
    'monitoring',
    'openshift-monitoring',
    'openshift-state-metrics',
    'kube-rbac-proxy-main=proxy@1.5 kube-rbac-proxy-self=proxy@1.5 openshift-state-metrics=operand@20',
    { on: 'infra' },
  ),
  op(
    'monitoring',
    'openshift-monitoring',
    'grafana',
    'grafana=operand@40 grafana-proxy=oauthProxy@1',
    {
      on: 'infra',
    },
  ),
  op('monitoring', 'openshift-monitoring', 'prometheus-adapter', 'prometheus-adapter=operand@300', {
    replicas: 2,
    on: 'infra',
  }),
  op(
    'monitoring',
    'openshift-monitoring',
    'telemeter-client',
    'telemeter-client=operand@60 reload=canary@1 kube-rbac-proxy=proxy@1.5',
    { on: 'infra' },
  ),
  op(
    'monitoring',
    'openshift-monitoring',
    'thanos-querier',
    'thanos-query=prometheus@200 oauth-proxy=oauthProxy@1 kube-rbac-proxy=proxy@1.5 prom-label-proxy=canary@1 kube-rbac-proxy-rules=proxy@1.5',
    { replicas: 2, on: 'infra' },
  ),
  op(
    'monitoring',
    'openshift-monitoring',
    'prometheus-k8s',
    '+init-config-reloader=canary@0.2 prometheus=prometheus@2000 config-reloader=canary@20 thanos-sidecar=prometheus@300 prometheus-proxy=oauthProxy@1 kube-rbac-proxy=proxy@1.5 prom-label-proxy=canary@1 kube-rbac-proxy-thanos=proxy@1.5',
    { kind: 'StatefulSet', replicas: 2, on: 'infra' },
  ),
  op(
    'monitoring',
    'openshift-monitoring',
    'alertmanager-main',
    'alertmanager=prometheus@80 config-reloader=canary@5 alertmanager-proxy=oauthProxy@1 kube-rbac-proxy=proxy@1.5 prom-label-proxy=canary@1',
    { kind: 'StatefulSet', replicas: 3, on: 'infra' },
  ),
  op(
    'network',
    'openshift-network-operator',
    'network-operator',
    'network-operator=operator@1200',
    {
      hostNetwork: true,
    },
  ),
  op(
    'network',
    'openshift-network-diagnostics',
    'network-check-source',
    'check-endpoints=operand@600',
    { on: 'workers' },
  ),
  op(
    'node-tuning',
    'openshift-cluster-node-tuning-operator',
    'cluster-node-tuning-operator',
    'cluster-node-tuning-operator=operator@100',
  ),
  op(
    'openshift-apiserver',
    'openshift-apiserver-operator',
    'openshift-apiserver-operator',
    'openshift-apiserver-operator=operator@1500',
  ),
  op(
    'openshift-apiserver',
    'openshift-apiserver',
    'apiserver',
    '+fix-audit-permissions=canary@0.1 openshift-apiserver=operand@2000 openshift-apiserver-check-endpoints=operand@300',
    { replicas: 3 },
  ),
  op(
    'openshift-controller-manager',
    'openshift-controller-manager-operator',
    'openshift-controller-manager-operator',
    'openshift-controller-manager-operator=operator@700',
  ),
  op(
    'openshift-samples',
    'openshift-cluster-samples-operator',
    'cluster-samples-operator',
    'cluster-samples-operator=operator@400 cluster-samples-operator-watch=canary@1',
  ),
  op(
    'operator-lifecycle-manager',
    'openshift-operator-lifecycle-manager',
    'olm-operator',
    'olm-operator=operator@900',
  ),
  op(
    'operator-lifecycle-manager-catalog',
    'openshift-operator-lifecycle-manager',
    'catalog-operator',
    'catalog-operator=operator@1800',
  ),
  op(
    'operator-lifecycle-manager-packageserver',
    'openshift-operator-lifecycle-manager',
    'packageserver',
    'packageserver=operand@300',
    { replicas: 2 },
  ),
  op(
    'service-ca',
    'openshift-service-ca-operator',
    'service-ca-operator',
    'service-ca-operator=operator@200',
  ),
  op('service-ca', 'openshift-service-ca', 'service-ca', 'service-ca-controller=operand@150'),
  op(
    'storage',
    'openshift-cluster-storage-operator',
    'cluster-storage-operator',
    'cluster-storage-operator=operator@250',
  ),
  op(
    'storage',
    'openshift-cluster-csi-drivers',
    'aws-ebs-csi-driver-operator',
    'aws-ebs-csi-driver-operator=operator@150',
  ),
  op(
    'storage',
    'openshift-cluster-csi-drivers',
    'aws-ebs-csi-driver-controller',
    'csi-driver=csi@60 driver-kube-rbac-proxy=proxy@1.5 csi-provisioner=csi@40 provisioner-kube-rbac-proxy=proxy@1.5 csi-attacher=csi@30 attacher-kube-rbac-proxy=proxy@1.5 csi-resizer=csi@10 resizer-kube-rbac-proxy=proxy@1.5 csi-snapshotter=csi@10 snapshotter-kube-rbac-proxy=proxy@1.5 csi-liveness-probe=liveness@30',
    { replicas: 2 },
  ),
  op(
    'cloud-controller-manager',
    'openshift-cloud-controller-manager-operator',
    'cluster-cloud-controller-manager-operator',
    'cluster-cloud-controller-manager=operator@60 config-sync-controllers=operator@30',
    { hostNetwork: true },
  ),
  op(
    'control-plane-machine-set',
    'openshift-machine-api',
    'control-plane-machine-set-operator',
    'control-plane-machine-set-operator=operator@60',
  ),
  op(
    'platform-operators-aggregator',
    'openshift-platform-operators',
    'platform-operators-aggregator',
    'platform-operators-aggregator=operator@20',
  ),
  op(
    'olm',
    'openshift-cluster-olm-operator',
    'cluster-olm-operator',
    'cluster-olm-operator=operator@40',
  ),
  // -------------------------------------------------------------- add-on operators
  ...(
    [
      ['openshift-logging', 'cluster-logging-operator', 'cluster-logging-operator=operator@300'],
      ['openshift-logging', 'kibana', 'kibana=operand@60 kibana-proxy=oauthProxy@1'],
      ['openshift-nmstate', 'nmstate-operator', 'nmstate-operator=operator@60'],
      ['openshift-nmstate', 'nmstate-webhook', 'nmstate-webhook=operand@10'],
      ['openshift-nfd', 'nfd-operator', 'nfd-operator=operator@40'],
      ['openshift-nfd', 'nfd-master', 'nfd-master=operand@30'],
      [
        'openshift-sriov-network-operator',
        'sriov-network-operator',
        'sriov-network-operator=operator@200',
      ],
      [
        'openshift-file-integrity',
        'file-integrity-operator',
        'file-integrity-operator=operator@80',
      ],
      ['openshift-local-storage', 'local-storage-operator', 'local-storage-operator=operator@150'],
      ['openshift-operators', 'istio-operator', 'istio-operator=operator@300'],
      ['openshift-storage', 'ocs-operator', 'ocs-operator=operator@900'],
      ['openshift-storage', 'rook-ceph-operator', 'rook-ceph-operator=operator@3000'],
      ['openshift-storage', 'noobaa-operator', 'noobaa-operator=operator@600'],
      ['openshift-storage', 'rook-ceph-mgr-a', 'mgr=ceph@800'],
      [
        'openshift-storage',
        'csi-rbdplugin-provisioner',
        'csi-provisioner=csi@40 csi-resizer=csi@10 csi-attacher=csi@10 csi-snapshotter=csi@10 csi-rbdplugin=csi@60 liveness-prometheus=liveness@5',
      ],
      ['openshift-cnv', 'hco-operator', 'hyperconverged-cluster-operator=operator@700'],
      ['openshift-cnv', 'virt-operator', 'virt-operator=operator@400'],
      ['openshift-cnv', 'virt-controller', 'virt-controller=operand@300'],
      ['openshift-cnv', 'virt-api', 'virt-api=operand@100'],
      ['openshift-cnv', 'cdi-deployment', 'cdi-controller=operand@80'],
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
      '+chown-container-data-dir=canary@0.1 +init-mon-fs=canary@0.5 mon=ceph@1500',
      {
        co: undefined,
        addOn: true,
        on: 'infra',
      },
    ),
  ),
];

/** The image repository of add-on containers; release containers use the payload's art-dev images. */
export const addOnNamespaces = new Set(
  [...nodeSets.filter((d) => d.tier === 'addOn'), ...controllers.filter((c) => c.addOn)].map(
    (d) => d.ns,
  ),
);
