/**
 * What each kind of container logs: a handful of message shapes per component, in the formats
 * those components use (klog, logfmt, Go's log package, etcd's capnslog, OVS, CoreDNS, tuned's
 * Python logging, Ceph, fluentd). Expanded per file with names from the node and pod, so files
 * differ. The messages follow real components' wording but are not copied from any log.
 */
import type { Prng } from '../../scripts/fixtures/det';
import type { Entry, LogContext, Profile } from './logtext';

const hex = (r: Prng, n: number) => {
  let s = '';
  while (s.length < n)
    s += Math.floor(r.next() * 0x100000000)
      .toString(16)
      .padStart(8, '0');
  return s.slice(0, n);
};
const uid = (r: Prng) =>
  `${hex(r, 8)}-${hex(r, 4)}-4${hex(r, 3)}-${'89ab'[r.int(0, 3)]}${hex(r, 3)}-${hex(r, 12)}`;
const podIp = (r: Prng) => `10.${r.int(128, 131)}.${r.int(0, 255)}.${r.int(2, 254)}`;
const svcIp = (r: Prng) => `172.30.${r.int(0, 255)}.${r.int(1, 254)}`;
const nodeIp = (r: Prng) => `10.0.${r.int(128, 175)}.${r.int(2, 254)}`;
const port = (r: Prng) => r.int(32768, 60999);
const ms = (r: Prng, lo: number, hi: number) => `${(lo + r.next() * (hi - lo)).toFixed(3)}ms`;
const suffix = (r: Prng, n = 5) => {
  const a = 'bcdfghjklmnpqrstvwxz2456789';
  let s = '';
  for (let i = 0; i < n; i++) s += a[r.int(0, a.length - 1)];
  return s;
};

const namespaces = [
  'openshift-monitoring',
  'openshift-ingress',
  'openshift-image-registry',
  'openshift-console',
  'openshift-authentication',
  'openshift-apiserver',
  'openshift-kube-apiserver',
  'openshift-etcd',
  'openshift-marketplace',
  'openshift-operator-lifecycle-manager',
  'openshift-logging',
  'openshift-storage',
  'payments',
  'orders',
  'kafka',
  'search',
  'identity',
  'catalog',
  'reporting',
];
const services = [
  'router-internal-default',
  'prometheus-k8s',
  'alertmanager-main',
  'image-registry',
  'console',
  'oauth-openshift',
  'api',
  'etcd',
  'redhat-operators',
  'elasticsearch',
  'ledger-api',
  'orders-api',
  'kafka-cluster-kafka-bootstrap',
  'keycloak',
  'catalog-web',
];
const resources = [
  'pods',
  'configmaps',
  'secrets',
  'endpoints',
  'services',
  'events',
  'nodes',
  'leases',
  'deployments',
  'replicasets',
];

/** `n` entries from `make`, called with a fresh draw each time. */
function many(n: number, make: () => Entry): Entry[] {
  return Array.from({ length: n }, make);
}

// ---------------------------------------------------------------- operators and operands (klog)

function operatorEntries(ctx: LogContext, r: Prng): Entry[] {
  const op = ctx.pod.replace(/-[a-z0-9]{9,10}-[a-z0-9]{5}$/, '');
  const ns = ctx.namespace;
  const ctrls = [
    'StatusSyncer',
    'ConfigObserver',
    'ResourceSyncController',
    'RevisionController',
    'StaticResourceController',
    'LoggingSyncer',
    'ManagementStateController',
    'UnsupportedConfigOverridesController',
  ];
  const out: Entry[] = [
    ['I', 'leaderelection.go:278', `successfully renewed lease ${ns}/${op}-lock`],
    [
      'I',
      'reflector.go:530',
      `k8s.io/client-go@v0.20.0/tools/cache/reflector.go:167: Watch close - *v1.ConfigMap total ${r.int(1, 40)} items received`,
    ],
    [
      'I',
      'reflector.go:530',
      `k8s.io/client-go@v0.20.0/tools/cache/reflector.go:167: Watch close - *v1.Secret total ${r.int(1, 30)} items received`,
    ],
  ];
  out.push(
    ...many(12, () => [
      'I',
      'request.go:645',
      `Throttling request took ${(1 + r.next()).toFixed(6)}s, request: GET:https://172.30.0.1:443/api/v1/namespaces/${ns}/${r.pick(resources)}?limit=500&resourceVersion=0`,
    ]),
    ...many(8, () => ['I', 'base_controller.go:72', `Caches are synced for ${r.pick(ctrls)}`]),
    ...many(6, () => [
      'I',
      'event.go:282',
      `Event(v1.ObjectReference{Kind:"Deployment", Namespace:"${ns}", Name:"${op}", UID:"${uid(r)}", APIVersion:"apps/v1", ResourceVersion:"", FieldPath:""}): type: 'Normal' reason: 'ConfigMapUpdated' Updated ConfigMap/${r.pick(['config', 'trusted-ca-bundle', 'service-ca', 'etcd-serving-ca'])} -n ${ns}:\ncause by changes in data.ca-bundle.crt`,
    ]),
    ...many(4, () => [
      'W',
      'reflector.go:436',
      `k8s.io/client-go@v0.20.0/tools/cache/reflector.go:167: watch of *v1.${r.pick(['ConfigMap', 'Secret', 'Deployment', 'ClusterOperator'])} ended with: very short watch: k8s.io/client-go@v0.20.0/tools/cache/reflector.go:167: Unexpected watch close - watch lasted less than a second and no items received`,
    ]),
    ...many(3, () => [
      'E',
      'base_controller.go:250',
      `"${r.pick(ctrls)}" controller failed to sync "key", err: Operation cannot be fulfilled on ${r.pick(['deployments.apps', 'configmaps', 'clusteroperators.config.openshift.io'])} "${op}": the object has been modified; please apply your changes to the latest version and try again`,
    ]),
  );
  return out;
}

function operandEntries(ctx: LogContext, r: Prng): Entry[] {
  return [
    ['I', 'main.go:112', `${ctx.pod}: periodic resync`],
    ...many(10, () => [
      'I',
      'controller.go:184',
      `Syncing ${r.pick(resources)} ${r.pick(namespaces)}/${r.pick(services)}-${suffix(r)}`,
    ]),
    ...many(4, () => [
      'I',
      'reflector.go:530',
      `k8s.io/client-go@v0.20.0/tools/cache/reflector.go:167: Watch close - *v1.${r.pick(['Pod', 'Node', 'Service'])} total ${r.int(1, 300)} items received`,
    ]),
    [
      'W',
      'reflector.go:436',
      'k8s.io/client-go@v0.20.0/tools/cache/reflector.go:167: watch of *v1.Pod ended with: too old resource version',
    ],
    [
      'E',
      'controller.go:211',
      `error syncing '${r.pick(namespaces)}/${r.pick(services)}': context deadline exceeded, requeuing`,
    ],
  ];
}

// ---------------------------------------------------------------- node networking

function sdnEntries(ctx: LogContext, r: Prng): Entry[] {
  return [
    ['I', 'proxier.go:370', 'userspace proxy: processing 0 service events'],
    ['I', 'proxier.go:349', 'userspace syncProxyRules took 41.238719ms'],
    ...many(14, () => {
      const ns = r.pick(namespaces);
      const svc = r.pick(services);
      return [
        'I',
        'roundrobin.go:268',
        `LoadBalancerRR: Setting endpoints for ${ns}/${svc}:https to [${podIp(r)}:8443 ${podIp(r)}:8443 ${podIp(r)}:8443]`,
      ];
    }),
    ...many(8, () => [
      'I',
      'service.go:301',
      `Adding new service port "${r.pick(namespaces)}/${r.pick(services)}:https" at ${svcIp(r)}:443/TCP`,
    ]),
    ...many(8, () => {
      const pod = `${r.pick(services)}-${suffix(r, 10)}-${suffix(r)}`;
      return [
        'I',
        'pod.go:541',
        `CNI_ADD ${r.pick(namespaces)}/${pod} got IP ${podIp(r)}, ofport ${r.int(3, 400)}`,
      ];
    }),
    ...many(6, () => [
      'I',
      'pod.go:577',
      `CNI_DEL ${r.pick(namespaces)}/${r.pick(services)}-${suffix(r, 10)}-${suffix(r)}`,
    ]),
    ...many(4, () => [
      'I',
      'vnids.go:116',
      `Associate netid ${r.int(1000000, 16000000)} to namespace "${r.pick(namespaces)}" with mcEnabled false`,
    ]),
    [
      'I',
      'node.go:340',
      `Starting openshift-sdn network plugin on node ${ctx.node} (${ctx.nodeIp})`,
    ],
    ['W', 'ovs.go:180', `Error executing ovs-ofctl: ovs-ofctl: br0 is not a bridge or a socket`],
    [
      'E',
      'networkpolicy.go:1057',
      `Failed to update pod ${r.pick(namespaces)}/${r.pick(services)}-0: pods "${r.pick(services)}-0" not found`,
    ],
  ];
}

function ovsEntries(_ctx: LogContext, r: Prng): Entry[] {
  return [
    ...many(12, () => [
      'I',
      'connmgr',
      `br0<->unix#${r.int(100, 99999)}: ${r.int(1, 9)} flow_mods in the last 0 s (${r.int(1, 9)} adds)`,
    ]),
    ...many(6, () => [
      'I',
      'bridge',
      `bridge br0: added interface veth${hex(r, 8)} on port ${r.int(3, 400)}`,
    ]),
    ...many(6, () => [
      'I',
      'bridge',
      `bridge br0: deleted interface veth${hex(r, 8)} on port ${r.int(3, 400)}`,
    ]),
    ...many(3, () => [
      'W',
      'timeval',
      `Unreasonably long ${r.int(1000, 4000)}ms poll interval (${r.int(0, 40)}ms user, ${r.int(0, 90)}ms system)`,
    ]),
    [
      'I',
      'ofproto_dpif_xlate',
      'Dropped 3 log messages in last 58 seconds (most recently, 55 seconds ago) due to excessive rate',
    ],
    [
      'W',
      'netdev_linux',
      `ethtool command ETHTOOL_GFLAGS on network device veth${hex(r, 8)} failed: No such device`,
    ],
  ];
}

function multusEntries(_ctx: LogContext, r: Prng): Entry[] {
  return [
    [
      'I',
      '',
      '[verbose] Successfully copied files in /usr/src/multus-cni/rhel8/bin/ to /host/opt/cni/bin/',
    ],
    ...many(6, () => [
      'I',
      '',
      `[verbose] Add: ${r.pick(namespaces)}:${r.pick(services)}-${suffix(r)}:${uid(r)}:openshift-sdn(openshift-sdn):eth0 {"cniVersion":"0.3.1","interfaces":[{"name":"eth0","sandbox":"/var/run/netns/${uid(r)}"}],"ips":[{"version":"4","interface":0,"address":"${podIp(r)}/23"}],"dns":{}}`,
    ]),
    [
      'I',
      '',
      '[verbose] continue watching /host/var/run/multus/cni/net.d/80-openshift-network.conf',
    ],
  ];
}

function dnsEntries(_ctx: LogContext, r: Prng): Entry[] {
  return [
    ['I', '', `plugin/reload: Running configuration MD5 = ${hex(r, 32)}`],
    ...many(10, () => [
      'I',
      '',
      `${podIp(r)}:${port(r)} - ${r.int(1, 65535)} "${r.pick(['A', 'AAAA'])} IN ${r.pick(services)}.${r.pick(namespaces)}.svc.cluster.local. udp ${r.int(40, 90)} false 512" NOERROR qr,aa,rd ${r.int(100, 300)} 0.000${r.int(100, 999)}s`,
    ]),
    ...many(4, () => [
      'E',
      '',
      `plugin/errors: 2 ${suffix(r, 12)}.example.com. AAAA: read udp ${podIp(r)}:${port(r)}->10.0.0.2:53: i/o timeout`,
    ]),
  ];
}

// ---------------------------------------------------------------- control plane

function apiserverEntries(_ctx: LogContext, r: Prng): Entry[] {
  const agents = [
    'kubelet/v1.20.0+5fbfd19 (linux/amd64) kubernetes/5fbfd19',
    'machine-config-daemon/v0.0.0 (linux/amd64) kubernetes/$Format',
    'cluster-version-operator/v0.0.0 (linux/amd64) kubernetes/$Format',
    'openshift-sdn/v0.0.0 (linux/amd64) kubernetes/$Format',
    'Prometheus/2.22.2',
  ];
  return [
    ...many(30, () => [
      'I',
      'httplog.go:89',
      `"HTTP" verb="${r.pick(['GET', 'GET', 'GET', 'PUT', 'PATCH', 'POST'])}" URI="/api/v1/namespaces/${r.pick(namespaces)}/${r.pick(resources)}/${r.pick(services)}" latency="${ms(r, 0.5, 40)}" userAgent="${r.pick(agents)}" srcIP="${nodeIp(r)}:${port(r)}" resp=${r.pick([200, 200, 200, 201, 404, 409])}`,
    ]),
    ...many(6, () => [
      'I',
      'trace.go:205',
      `Trace[${r.int(100000000, 999999999)}]: "List etcd3" key:/${r.pick(resources)},resourceVersion:,resourceVersionMatch:,limit:500,continue: (total time: ${r.int(500, 3000)}ms):`,
    ]),
    ...many(4, () => [
      'I',
      'cacher.go:1238',
      `cacher (*core.${r.pick(['Pod', 'Secret', 'ConfigMap', 'Event'])}): ${r.int(1, 9)} objects queued in incoming channel.`,
    ]),
    ['I', 'clientconn.go:948', 'ClientConn switching balancer to "pick_first"'],
    [
      'I',
      'controlbuf.go:508',
      'transport: loopyWriter.run returning. connection error: desc = "transport is closing"',
    ],
    [
      'W',
      'dispatcher.go:129',
      `Failed calling webhook, failing open machine-api.openshift.io: failed calling webhook "validation.machine.machine.openshift.io": Post "https://machine-api-operator-webhook.openshift-machine-api.svc:443/validate-machine-openshift-io-v1beta1-machine?timeout=10s": context deadline exceeded`,
    ],
    [
      'E',
      'status.go:71',
      'apiserver received an error that is not an metav1.Status: context.deadlineExceededError{}',
    ],
  ];
}

function etcdEntries(_ctx: LogContext, r: Prng): Entry[] {
  return [
    ['I', 'etcdserver/api/etcdhttp', '/health OK (status code 200)'],
    ...many(6, () => ['I', 'mvcc', `store.index: compact ${r.int(100000000, 200000000)}`]),
    ...many(6, () => [
      'I',
      'mvcc',
      `finished scheduled compaction at ${r.int(100000000, 200000000)} (took ${ms(r, 300, 2500)})`,
    ]),
    ...many(14, () => [
      'W',
      'etcdserver',
      `read-only range request "key:\\"/kubernetes.io/${r.pick(resources)}/${r.pick(namespaces)}/\\" range_end:\\"/kubernetes.io/${r.pick(resources)}/${r.pick(namespaces)}0\\" " with result "range_response_count:${r.int(0, 300)} size:${r.int(1000, 900000)}" took too long (${ms(r, 100, 900)}) to execute`,
    ]),
    [
      'I',
      'etcdserver',
      `start to snapshot (applied: ${r.int(100000000, 200000000)}, lastsnap: ${r.int(100000000, 200000000)})`,
    ],
    [
      'I',
      'wal',
      `segmented wal file /var/lib/etcd/member/wal/${hex(r, 16)}-${hex(r, 16)}.wal is created`,
    ],
  ];
}

function kcmEntries(_ctx: LogContext, r: Prng): Entry[] {
  return [
    ...many(16, () => {
      const ns = r.pick(namespaces);
      const owner = `${r.pick(services)}-${suffix(r, 10)}`;
      return [
        'I',
        'event.go:291',
        `"Event occurred" object="${ns}/${owner}" kind="ReplicaSet" apiVersion="apps/v1" type="Normal" reason="SuccessfulCreate" message="Created pod: ${owner}-${suffix(r)}"`,
      ];
    }),
    ...many(4, () => [
      'I',
      'garbagecollector.go:404',
      `"Processing object" object="${r.pick(namespaces)}/${r.pick(services)}-${suffix(r)}" objectUID=${uid(r)} kind="Pod"`,
    ]),
    ['I', 'range_allocator.go:373', 'Set node PodCIDR'],
    [
      'W',
      'endpointslice_controller.go:284',
      'Error syncing endpoint slices for service, retrying. Error: EndpointSlice informer cache is out of date',
    ],
  ];
}

function schedulerEntries(ctx: LogContext, r: Prng): Entry[] {
  return many(12, () => [
    'I',
    'scheduler.go:604',
    `"Successfully bound pod to node" pod="${r.pick(namespaces)}/${r.pick(services)}-${suffix(r, 10)}-${suffix(r)}" node="${ctx.node}" evaluatedNodes=${r.int(50, 250)} feasibleNodes=${r.int(10, 120)}`,
  ]);
}

function certSyncEntries(ctx: LogContext, r: Prng): Entry[] {
  return [
    [
      'I',
      'certsync_controller.go:66',
      `Syncing configmaps: [{aggregator-client-ca false} {client-ca false} {trusted-ca-bundle true}]`,
    ],
    [
      'I',
      'certsync_controller.go:170',
      `Syncing secrets: [{aggregator-client false} {localhost-serving-cert-certkey false} {service-network-serving-certkey false} {external-loadbalancer-serving-certkey false} {internal-loadbalancer-serving-certkey false}]`,
    ],
    [
      'I',
      'observer_polling.go:159',
      `Observed file "/etc/kubernetes/static-pod-resources/${ctx.namespace}-pod-${r.int(5, 20)}/secrets/serving-cert/tls.crt" has been modified`,
    ],
  ];
}

// ---------------------------------------------------------------- node agents

function proxyEntries(_ctx: LogContext, r: Prng): Entry[] {
  return [
    ['I', 'main.go:188', 'Valid token audiences: '],
    ...many(3, () => [
      'I',
      'server.go:3166',
      `http: TLS handshake error from ${nodeIp(r)}:${port(r)}: EOF`,
    ]),
  ];
}

function oauthProxyEntries(_ctx: LogContext, r: Prng): Entry[] {
  return many(4, () => [
    'I',
    'server.go:3120',
    `http: TLS handshake error from ${nodeIp(r)}:${port(r)}: remote error: tls: bad certificate`,
  ]);
}

function tunedEntries(ctx: LogContext, _r: Prng): Entry[] {
  return [
    ['I', 'tuned.daemon.daemon', "static tuning from profile 'openshift-node' applied"],
    ['I', 'tuned.daemon.controller', 'starting controller'],
    ['I', 'tuned.daemon.daemon', 'using sleep interval of 1 second(s)'],
    ['I', 'tuned.plugins.base', `instance disk: assigning devices nvme0n1`],
    ['I', 'tuned.plugins.base', `instance net: assigning devices ens5`],
    ['W', 'tuned.plugins.plugin_sysctl', `reapplying system sysctl on ${ctx.node}`],
  ];
}

function nodeExporterEntries(_ctx: LogContext, r: Prng): Entry[] {
  return [
    ['I', 'node_exporter.go:113', 'collector=cpu'],
    ['I', 'node_exporter.go:113', 'collector=meminfo'],
    ['I', 'tls_config.go:191', 'msg="TLS is disabled." http2=false'],
    ...many(4, () => [
      'E',
      'collector.go:161',
      `msg="collector failed" name=${r.pick(['mountstats', 'netclass', 'hwmon'])} duration_seconds=${(r.next() / 10).toFixed(6)} err="open /host/proc/${r.int(1, 99999)}/mountstats: no such file or directory"`,
    ]),
  ];
}

function csiEntries(_ctx: LogContext, r: Prng): Entry[] {
  return [
    ['I', 'node.go:417', 'NodeGetCapabilities: called with args {}'],
    ...many(6, () => [
      'I',
      'node.go:93',
      `NodeStageVolume: called with args {VolumeId:vol-0${hex(r, 16)} PublishContext:map[devicePath:/dev/xvd${'bcdefgh'[r.int(0, 6)]}a] StagingTargetPath:/var/lib/kubelet/plugins/kubernetes.io/csi/pv/pvc-${uid(r)}/globalmount}`,
    ]),
    [
      'I',
      'mount_linux.go:405',
      'Disk "/dev/nvme1n1" appears to be unformatted, attempting to format as type: "ext4"',
    ],
  ];
}

function livenessEntries(_ctx: LogContext, _r: Prng): Entry[] {
  return [['I', 'main.go:149', 'Health check succeeded']];
}

function canaryEntries(_ctx: LogContext, _r: Prng): Entry[] {
  return [['I', '', 'Serving canary healthcheck request']];
}

function fluentdEntries(_ctx: LogContext, r: Prng): Entry[] {
  return [
    ...many(6, () => [
      'W',
      '',
      `[clo_default_output_es] failed to flush the buffer. retry_time=${r.int(0, 12)} next_retry_seconds=2021-03-25 ${String(r.int(0, 23)).padStart(2, '0')}:${String(r.int(0, 59)).padStart(2, '0')}:${String(r.int(0, 59)).padStart(2, '0')} +0000 chunk="${hex(r, 32)}" error_class=Fluent::Plugin::ElasticsearchOutput::RecoverableRequestFailure error="could not push logs to Elasticsearch cluster ({:host=>\\"elasticsearch.openshift-logging.svc\\", :port=>9200, :scheme=>\\"https\\"}): [429] {\\"error\\":{\\"type\\":\\"es_rejected_execution_exception\\"}}"`,
    ]),
    ...many(4, () => [
      'I',
      '',
      `[clo_default_output_es] retry succeeded. chunk_id="${hex(r, 32)}"`,
    ]),
    ['I', '', 'following tail of /var/log/containers/*.log'],
  ];
}

function cephEntries(_ctx: LogContext, r: Prng): Entry[] {
  return [
    ...many(8, () => [
      'I',
      `${hex(r, 10)}`,
      `log_channel(cluster) log [DBG] : ${r.int(1, 12)}.${hex(r, 2)} scrub starts`,
    ]),
    ...many(8, () => [
      'I',
      `${hex(r, 10)}`,
      `log_channel(cluster) log [DBG] : ${r.int(1, 12)}.${hex(r, 2)} scrub ok`,
    ]),
    ...many(4, () => [
      'W',
      `${hex(r, 10)}`,
      `osd.${r.int(0, 359)} ${r.int(1000, 9000)} heartbeat_check: no reply from ${nodeIp(r)}:${r.int(6800, 7300)} osd.${r.int(0, 359)} since back ${new Date(1616660000000 + r.int(0, 9000000)).toISOString()}`,
    ]),
    ['I', `${hex(r, 10)}`, 'rocksdb: [db/db_impl/db_impl.cc:777] ------- DUMPING STATS -------'],
  ];
}

function prometheusEntries(_ctx: LogContext, r: Prng): Entry[] {
  return [
    ...many(6, () => [
      'I',
      'compact.go:507',
      `component=tsdb msg="write block" mint=${1616630400000 + r.int(0, 9) * 7200000} maxt=${1616637600000 + r.int(0, 9) * 7200000} ulid=01F${hex(r, 23).toUpperCase()} duration=${(1 + r.next() * 9).toFixed(3)}s`,
    ]),
    ['I', 'head.go:824', `component=tsdb msg="Head GC completed" duration=${ms(r, 100, 900)}`],
    [
      'I',
      'checkpoint.go:96',
      'component=tsdb msg="Creating checkpoint" from_segment=1023 to_segment=1024 mint=1616637600000',
    ],
    [
      'W',
      'scrape.go:1094',
      `component="scrape manager" scrape_pool=openshift-monitoring/kubelet/0 target=https://${nodeIp(r)}:10250/metrics msg="Append failed" err="out of bounds"`,
    ],
  ];
}

function routerEntries(_ctx: LogContext, _r: Prng): Entry[] {
  return [
    [
      'I',
      'router.go:579',
      'template "msg"="router reloaded"  "output"=" - Checking http://localhost:80 ...\\n - Health check ok : 0 retry attempt(s).\\n"',
    ],
    [
      'I',
      'router.go:579',
      'template "msg"="router reloaded"  "output"=" - Proxy protocol on, checking http://localhost:80 ...\\n - Health check ok : 0 retry attempt(s).\\n"',
    ],
  ];
}

function mcdEntries(ctx: LogContext, _r: Prng): Entry[] {
  return [['I', 'daemon.go:1384', `In desired config for node ${ctx.node}`]];
}

// ---------------------------------------------------------------- host services (journal)

function kubeletJournal(ctx: LogContext, r: Prng): Entry[] {
  return [
    ...many(20, () => [
      'I',
      'kubelet_getters.go:176',
      `"Pod status updated" pod="${r.pick(namespaces)}/${r.pick(services)}-${ctx.node}" status=Running`,
    ]),
    ...many(10, () => [
      'I',
      'prober.go:117',
      `Readiness probe for "${r.pick(services)}-${suffix(r)}_${r.pick(namespaces)}(${uid(r)}):${r.pick(['router', 'prometheus', 'console', 'etcd'])}" failed (failure): HTTP probe failed with statuscode: 500`,
    ]),
    ...many(6, () => [
      'I',
      'kubelet.go:1934',
      `SyncLoop (PLEG): "${r.pick(services)}-${suffix(r)}_${r.pick(namespaces)}(${uid(r)})", event: &pleg.PodLifecycleEvent{ID:"${uid(r)}", Type:"ContainerStarted", Data:"${hex(r, 64)}"}`,
    ]),
    [
      'E',
      'kubelet_volumes.go:154',
      `orphaned pod "${uid(r)}" found, but volume paths are still present on disk : There were a total of 2 errors similar to this. Turn up verbosity to see them.`,
    ],
  ];
}

function crioJournal(_ctx: LogContext, r: Prng): Entry[] {
  return [
    ...many(10, () => [
      'I',
      'crio',
      `msg="Checking image status: quay.io/openshift-release-dev/ocp-v4.0-art-dev@sha256:${hex(r, 64)}" id=${uid(r)} name=/runtime.v1alpha2.ImageService/ImageStatus`,
    ]),
    ...many(6, () => [
      'I',
      'crio',
      `msg="Removed container ${hex(r, 64)}: ${r.pick(namespaces)}/${r.pick(services)}-${suffix(r)}/installer" id=${uid(r)} name=/runtime.v1alpha2.RuntimeService/RemoveContainer`,
    ]),
  ];
}

function serviceJournal(_ctx: LogContext, r: Prng): Entry[] {
  return [
    ...many(8, () => ['I', 'NetworkManager', `device (veth${hex(r, 8)}): carrier: link connected`]),
    ...many(4, () => [
      'I',
      'NetworkManager',
      `device (veth${hex(r, 8)}): state change: unmanaged -> unavailable (reason 'managed', sys-iface-state: 'external')`,
    ]),
  ];
}

// ---------------------------------------------------------------- registry

const klog = (entries: Profile['entries']): Profile => ({ format: 'klog', entries });

export const profiles = {
  operator: klog(operatorEntries),
  operand: klog(operandEntries),
  sdn: klog(sdnEntries),
  ovs: { format: 'ovs', entries: ovsEntries } as Profile,
  multus: { format: 'plain', entries: multusEntries } as Profile,
  dns: { format: 'coredns', entries: dnsEntries } as Profile,
  apiserver: klog(apiserverEntries),
  etcd: { format: 'capnslog', entries: etcdEntries } as Profile,
  kcm: klog(kcmEntries),
  scheduler: klog(schedulerEntries),
  certSync: klog(certSyncEntries),
  proxy: klog(proxyEntries),
  oauthProxy: { format: 'golog', entries: oauthProxyEntries } as Profile,
  tuned: { format: 'python', entries: tunedEntries } as Profile,
  nodeExporter: { format: 'logfmt', entries: nodeExporterEntries } as Profile,
  csi: klog(csiEntries),
  liveness: klog(livenessEntries),
  canary: { format: 'plain', entries: canaryEntries } as Profile,
  fluentd: { format: 'fluentd', entries: fluentdEntries } as Profile,
  ceph: { format: 'ceph', entries: cephEntries } as Profile,
  prometheus: { format: 'logfmt', entries: prometheusEntries } as Profile,
  router: klog(routerEntries),
  mcd: klog(mcdEntries),
  kubelet: { format: 'journal', entries: kubeletJournal } as Profile,
  crio: { format: 'journal', entries: crioJournal } as Profile,
  hostService: { format: 'journal', entries: serviceJournal } as Profile,
  ovsJournal: {
    format: 'journal',
    entries: (c, r) => ovsEntries(c, r).map(([sev, src, msg]) => [sev, `ovs:${src}`, msg]),
  } as Profile,
} satisfies Record<string, Profile>;

export type ProfileName = keyof typeof profiles;
