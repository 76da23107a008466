import assert from 'node:assert/strict';
import { appendFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { after } from 'node:test';
import type { Json } from '../../../server/src/model/access';
import type { Node } from '../../../server/src/model/node';
import { PodDisruptionBudget } from '../../../server/src/model/podDisruptionBudget';
import type { Snapshot } from '../../../server/src/model/snapshot';
import { mcoDrainStuck } from '../../../server/src/rules/mco-drain-stuck';
import { withAlerts } from '../../support/alerts';
import { copyFixture } from '../../support/copyFixture';
import { healthyUpdates, hosted, mustGatherRoot, samples, updates } from '../../support/fixtures';
import { loadFixture } from '../../support/snapshot';
import { warningEvent } from '../../support/events';
import { ruleTester, snapshotOf } from '../../support/ruleTester';

/** The fourth worker of `update-drain-blocked`, cordoned 32 minutes before the gather. */
const blocked = 'ip-10-0-143-229.us-east-2.compute.internal';
const master = 'ip-10-0-137-106.us-east-2.compute.internal';
const node = (s: Snapshot, name: string) => s.nodes.find((n) => n.name === name)!;
const annotations = (n: Node) => (n.raw.metadata as Json).annotations as Record<string, string>;
const drainAnnotation = (name: string) => (s: Snapshot) => ({
  ...node(s, name).at(),
  pointer: '/metadata/annotations/machineconfiguration.openshift.io~1desiredDrain',
});
const isControllerLine = (r: { file: string; span?: [number, number] }) =>
  r.file.includes('machine-config-controller') && r.span !== undefined;

/** Moves the gather `minutes` later (ages come from the gather time only). */
const gatherLater = (minutes: number) => (s: Snapshot) => {
  s.gatherTime = new Date(s.gatherTime!.getTime() + minutes * 60_000);
};

/** A PodDisruptionBudget as `oc adm inspect` writes one in namespaces/<ns>/policy/poddisruptionbudgets.yaml. */
const pdb = (s: Snapshot, namespace: string, name: string, minAvailable: number | string) => {
  const file = `${s.root.path}/namespaces/${namespace}/policy/poddisruptionbudgets.yaml`;
  const raw: Json = {
    apiVersion: 'policy/v1',
    kind: 'PodDisruptionBudget',
    metadata: { name, namespace },
    spec: { minAvailable, selector: { matchLabels: { app: name } } },
    status: {
      currentHealthy: 1,
      desiredHealthy: 1,
      disruptionsAllowed: 0,
      expectedPods: 1,
      observedGeneration: 1,
    },
  };
  s.pdbs.push(new PodDisruptionBudget(raw, { file, doc: 0, base: '/items/0' }));
  if (!s.namespaces.includes(namespace)) s.namespaces.push(namespace);
};

/** Labels of the kube-controller-manager operator's alert on a budget at its limit. */
const budgetAlert = {
  alertname: 'PodDisruptionBudgetAtLimit',
  namespace: 'inventory',
  poddisruptionbudget: 'ledger',
  severity: 'warning',
};

/** The drain stops at the etcd guard of a master instead (4.11+: etcd-guard-pdb). */
const etcdGuardOnMaster = (s: Snapshot) => {
  const m = node(s, master);
  const w = node(s, blocked);
  const a = annotations(m);
  a['machineconfiguration.openshift.io/desiredDrain'] = `drain-${m.desiredConfig}`;
  a['machineconfiguration.openshift.io/lastAppliedDrain'] = `uncordon-${m.currentConfig}`;
  a['machineconfiguration.openshift.io/state'] = 'Working';
  const taint = (w.spec.taints as Json[]).find((t) => t.key === 'node.kubernetes.io/unschedulable');
  Object.assign(m.spec, {
    unschedulable: true,
    taints: [...((m.spec.taints as Json[]) ?? []), taint],
  });
  // The worker finished; its lines are the master's now.
  annotations(w)['machineconfiguration.openshift.io/lastAppliedDrain'] = w.desiredDrain!;
  for (const log of s.drainLogs)
    for (const l of log.lines) {
      if (l.node === blocked) l.node = master;
      l.pods = l.pods.map((p) =>
        p.name === 'inventory-db-0'
          ? { namespace: 'openshift-etcd', name: `etcd-guard-${master}` }
          : p,
      );
    }
  pdb(s, 'openshift-etcd', 'etcd-guard-pdb', 2);
};

/** The same drain on a 4.10 cluster: no drain annotations, the daemon drains (its log unread). */
const daemonDrain410 = (s: Snapshot) => {
  for (const n of s.nodes) {
    delete annotations(n)['machineconfiguration.openshift.io/desiredDrain'];
    delete annotations(n)['machineconfiguration.openshift.io/lastAppliedDrain'];
  }
  s.drainLogs = [];
};

/**
 * healthy-4.10 on disk with one worker its 4.10 daemon is draining for 25 minutes: cordoned (taint
 * and spec), Working on the other rendered worker config, and its daemon's log retrying the drain
 * on a PodDisruptionBudget. The analysis reads that one daemon's log (the pod List names the pod).
 */
const drain410 = 'ip-10-0-146-4.us-west-2.compute.internal';
const copies: { remove(): void }[] = [];
after(() => copies.forEach((c) => c.remove()));
async function daemonDrainOnDisk(): Promise<Snapshot> {
  const copy = copyFixture(samples.healthy);
  copies.push(copy);
  const root = mustGatherRoot(copy.path);
  const nodeFile = `${root}/cluster-scoped-resources/core/nodes/${drain410}.yaml`;
  writeFileSync(
    nodeFile,
    readFileSync(nodeFile, 'utf8')
      .replace(
        'desiredConfig: rendered-worker-1ff4ed53bc3c0637260e2b08cc3241a0',
        'desiredConfig: rendered-worker-680f8510d7af4a17f10154e450d905db',
      )
      .replace('openshift.io/state: Done', 'openshift.io/state: Working')
      .replace(
        'spec:\n  providerID: aws:///us-west-2b/i-03229d2912919e699\n',
        'spec:\n  providerID: aws:///us-west-2b/i-03229d2912919e699\n  taints:\n  - effect: NoSchedule\n    key: node.kubernetes.io/unschedulable\n    timeAdded: "2022-03-24T17:16:02Z"\n  unschedulable: true\n',
      ),
  );
  const refused = (t: string) =>
    `2022-03-24T${t}Z E0324 ${t}    2100 daemon.go:331] error when evicting pods/"ledger-0" -n "payments" (will retry after 5s): Cannot evict pod as it would violate the pod's disruption budget.\n`;
  appendFileSync(
    `${root}/namespaces/openshift-machine-config-operator/pods/machine-config-daemon-jtzcj/machine-config-daemon/machine-config-daemon/logs/current.log`,
    '2022-03-24T17:16:01.118312101Z I0324 17:16:01.118298    2100 update.go:1964] Update prepared; beginning drain\n' +
      refused('17:16:01.402511') +
      refused('17:16:06.405871') +
      '2022-03-24T17:17:31.118907331Z I0324 17:17:31.118890    2100 drain.go:91] Draining failed with: error when evicting pods/"ledger-0" -n "payments": global timeout reached: 1m30s, retrying\n' +
      refused('17:40:31.412003'),
  );
  return (await loadFixture(copy.path)).snapshot;
}

/** update-drain-blocked with the customer's namespace gathered too (`oc adm inspect ns/inventory`). */
async function inventoryGathered(): Promise<Snapshot> {
  const copy = copyFixture(updates.drainBlocked);
  copies.push(copy);
  const ns = `${mustGatherRoot(copy.path)}/namespaces/inventory`;
  mkdirSync(`${ns}/policy`, { recursive: true });
  writeFileSync(
    `${ns}/inventory.yaml`,
    'apiVersion: v1\nkind: Namespace\nmetadata:\n  name: inventory\nspec:\n  finalizers:\n  - kubernetes\nstatus:\n  phase: Active\n',
  );
  writeFileSync(
    `${ns}/policy/poddisruptionbudgets.yaml`,
    [
      'apiVersion: v1',
      'items:',
      '- apiVersion: policy/v1',
      '  kind: PodDisruptionBudget',
      '  metadata:',
      '    creationTimestamp: "2024-01-22T10:31:07Z"',
      '    generation: 1',
      '    name: inventory-db',
      '    namespace: inventory',
      '    resourceVersion: "18734211"',
      '    uid: 6f1c2b8e-1d0a-4c52-9a3e-7b5d2f0c8e41',
      '  spec:',
      '    maxUnavailable: 0',
      '    selector:',
      '      matchLabels:',
      '        app.kubernetes.io/name: inventory-db',
      '  status:',
      '    conditions:',
      '    - lastTransitionTime: "2024-04-18T13:19:56Z"',
      '      message: ""',
      '      observedGeneration: 1',
      '      reason: InsufficientPods',
      '      status: "False"',
      '      type: DisruptionAllowed',
      '    currentHealthy: 3',
      '    desiredHealthy: 3',
      '    disruptionsAllowed: 0',
      '    expectedPods: 3',
      '    observedGeneration: 1',
      'kind: List',
      'metadata:',
      '  resourceVersion: ""',
      '',
    ].join('\n'),
  );
  return (await loadFixture(copy.path)).snapshot;
}

ruleTester(mcoDrainStuck, {
  valid: [
    {
      name: "stays quiet on a hosted cluster's InPlace drain (no machine-config operator: nodepool-inplace-drain-stuck's)",
      snapshot: snapshotOf(hosted.inPlaceDrainStuck),
    },
    { name: 'stays quiet on a healthy 4.10 cluster', snapshot: snapshotOf(samples.healthy) },
    ...healthyUpdates.map(([name, path]) => ({
      name: `stays quiet on the healthy in-progress update ${name} (short drains, no refused eviction)`,
      snapshot: snapshotOf(path),
      reason: 'a drain of a few minutes without eviction errors is normal',
    })),
    // A node already Degraded for the drain: node-mcd-degraded explains it (explainedPairs.test.ts).
    {
      name: 'stays quiet on a drain of 5 minutes with no eviction refused',
      snapshot: snapshotOf(updates.drainBlocked, (s) => {
        s.drainLogs = [];
        s.gatherTime = new Date(node(s, blocked).unschedulableSince!.getTime() + 5 * 60_000);
      }),
    },
    {
      name: 'stays quiet once the drain completed (lastAppliedDrain caught up)',
      snapshot: snapshotOf(updates.drainBlocked, (s) => {
        const n = node(s, blocked);
        annotations(n)['machineconfiguration.openshift.io/lastAppliedDrain'] = n.desiredDrain!;
      }),
    },
  ],
  invalid: [
    {
      name: 'warns on a worker cordoned 32 minutes, naming the refused pod of a namespace not gathered (4.15)',
      snapshot: snapshotOf(updates.drainBlocked),
      findings: [
        {
          severity: 'warning',
          subject: `node/${blocked}`,
          message: [
            /^Node ip-10-0-143-229\.us-east-2\.compute\.internal \(pool worker\) has been draining for 32m33s: the PodDisruptionBudget of pod inventory\/inventory-db-0 refused its eviction \d+ times$/m,
            /Draining since 2024-04-18T13:19:54Z to move to rendered-worker-/,
            /desiredDrain is drain-rendered-worker-\w+ but lastAppliedDrain is uncordon-rendered-worker-\w+\./,
            /The eviction of pod inventory\/inventory-db-0 was refused by its PodDisruptionBudget \d+ times, the last 2024-04-18T13:50:50Z/,
            /namespace inventory was not gathered, so its PodDisruptionBudget is not in the must-gather \(oc get pdb -n inventory shows it\)/,
            /The machine-config-controller \(4\.11\+\) retries the drain every minute, every 5 minutes once it has failed for 10 minutes; after 1 hour the daemon marks the node Degraded/,
          ],
          location: drainAnnotation(blocked),
          related: [
            (r) =>
              r.pointer ===
              '/metadata/annotations/machineconfiguration.openshift.io~1lastAppliedDrain',
            (r) =>
              r.pointer.startsWith('/spec/taints/') &&
              /cordoned 2024-04-18T13:19:54Z/.test(r.message),
            (r) =>
              isControllerLine(r) &&
              /eviction of inventory\/inventory-db-0 refused/.test(r.message),
            (r) =>
              isControllerLine(r) && /drain of .* failed \(\d+ failed attempts/.test(r.message),
          ],
        },
      ],
      check: ([f]) => {
        assert.equal(f!.since?.toISOString(), '2024-04-18T13:19:54.000Z');
        assert.doesNotMatch(f!.message, /DrainThresholdExceeded/, '4.15 emits no such event');
      },
    },
    {
      name: 'is information only while refusals are under 10 minutes old',
      snapshot: snapshotOf(updates.drainBlocked, (s) => {
        const t = node(s, blocked).unschedulableSince!.getTime() + 4 * 60_000;
        s.gatherTime = new Date(t);
        for (const log of s.drainLogs) log.lines = log.lines.filter((l) => l.time!.getTime() < t);
      }),
      findings: [
        {
          severity: 'info',
          subject: `node/${blocked}`,
          message: [
            /has been draining for 4m0s/,
            /was refused by its PodDisruptionBudget \d+ times/,
            /Under 10 minutes in, refused evictions often clear by themselves/,
          ],
        },
      ],
    },
    {
      name: 'tells of the drain events a 4.19 controller emits',
      snapshot: snapshotOf(updates.drainBlocked, (s) => {
        const mco = s.operators.find((o) => o.name === 'machine-config')!;
        for (const v of mco.status.versions as Json[])
          if (v.name === 'operator') v.version = '4.19.2';
      }),
      findings: [
        {
          severity: 'warning',
          subject: `node/${blocked}`,
          message:
            /emits the node events DrainThresholdExceeded \(after 10 minutes\) and DrainFailed \(after the hour\)/,
        },
      ],
    },
    {
      name: "cites the 4.19+ drain controller's DrainThresholdExceeded event on the node, from the MCO's namespace",
      snapshot: snapshotOf(updates.drainBlocked, (s) => {
        s.events.push(
          warningEvent(s, {
            namespace: 'openshift-machine-config-operator',
            involved: { kind: 'Node', name: blocked },
            reason: 'DrainThresholdExceeded',
            message:
              'Drain failed. Drain has been failing for more than 10 minutes. Waiting 5 minutes then retrying. Error message from drain: error when evicting pods/"inventory-db-0" -n "inventory": global timeout reached: 1m30s',
            minutesBefore: 3,
            count: 4,
            component: 'machineconfigcontroller-nodecontroller',
          }),
        );
      }),
      findings: [
        {
          severity: 'warning',
          subject: `node/${blocked}`,
          message: /refused its eviction/,
          related: [
            (r) =>
              r.file.endsWith('/namespaces/openshift-machine-config-operator/core/events.yaml') &&
              /^event DrainThresholdExceeded \(4 times, last 3m0s before the gather\): Drain failed\. Drain has been failing for more than 10 minutes/.test(
                r.message,
              ),
          ],
        },
      ],
    },
    {
      name: 'is an error once the drain is over the hour, and says what comes next',
      snapshot: snapshotOf(updates.drainBlocked, gatherLater(30)),
      findings: [
        {
          severity: 'error',
          subject: `node/${blocked}`,
          message: [/has been draining for 1h2m/, /The drain is past that hour/],
        },
      ],
    },
    {
      name: 'names the PodDisruptionBudget when its namespace was gathered',
      snapshot: snapshotOf(updates.drainBlocked, (s) => pdb(s, 'inventory', 'inventory-db', 1)),
      findings: [
        {
          severity: 'warning',
          subject: `node/${blocked}`,
          message:
            /PodDisruptionBudget inventory\/inventory-db allows 0 disruptions \(minAvailable 1, 1 of 1 pods healthy, 1 required\)/,
          related: [
            (r) =>
              r.pointer === '/items/0/status/disruptionsAllowed' &&
              r.file.endsWith('namespaces/inventory/policy/poddisruptionbudgets.yaml'),
          ],
        },
      ],
    },
    {
      name: "backs a refused eviction with Prometheus' budget alert of the pod's namespace, when the budget was not gathered",
      snapshot: snapshotOf(
        updates.drainBlocked,
        withAlerts(
          { labels: { ...budgetAlert, poddisruptionbudget: 'inventory-db' }, minutesAgo: 95 },
          { labels: { ...budgetAlert, namespace: 'payments' }, minutesAgo: 95 },
          {
            labels: { ...budgetAlert, alertname: 'PodDisruptionBudgetLimit', severity: 'critical' },
            state: 'pending',
            minutesAgo: 3,
          },
          { labels: { ...budgetAlert, alertname: 'KubePodNotReady', pod: 'inventory-db-0' } },
        ),
      ),
      findings: [
        {
          severity: 'warning',
          subject: `node/${blocked}`,
          message: /namespace inventory was not gathered/,
          related: [
            (r) =>
              r.pointer === '/data/alerts/0' &&
              r.file.endsWith('monitoring/prometheus/alerts.json') &&
              r.message ===
                'Prometheus alert PodDisruptionBudgetAtLimit (PodDisruptionBudget inventory/inventory-db) firing since 2024-04-18T12:17:27Z (1h35m before the gather)',
            (r) =>
              r.pointer === '/data/alerts/2' &&
              /^Prometheus alert PodDisruptionBudgetLimit \(PodDisruptionBudget inventory\/ledger\) pending since /.test(
                r.message,
              ),
          ],
        },
      ],
      check: ([f]) => {
        const alerts = f!.related.filter((r) => r.file.endsWith('alerts.json'));
        assert.deepEqual(
          alerts.map((r) => r.pointer),
          ['/data/alerts/0', '/data/alerts/2'],
          'not the other namespace, not another alert',
        );
      },
    },
    {
      name: 'with the budget gathered, only the alert on that budget',
      snapshot: snapshotOf(
        updates.drainBlocked,
        (s) => pdb(s, 'inventory', 'inventory-db', 1),
        withAlerts(
          { labels: { ...budgetAlert, poddisruptionbudget: 'inventory-cache' }, minutesAgo: 95 },
          { labels: { ...budgetAlert, poddisruptionbudget: 'inventory-db' }, minutesAgo: 95 },
        ),
      ),
      findings: [{ severity: 'warning', subject: `node/${blocked}`, message: /inventory-db/ }],
      check: ([f]) => {
        assert.deepEqual(
          f!.related.filter((r) => r.file.endsWith('alerts.json')).map((r) => r.pointer),
          ['/data/alerts/1'],
        );
      },
    },
    {
      name: 'reads the budget from the namespace List oc writes when the namespace was gathered',
      snapshot: inventoryGathered,
      findings: [
        {
          severity: 'warning',
          subject: `node/${blocked}`,
          message:
            /PodDisruptionBudget inventory\/inventory-db allows 0 disruptions \(maxUnavailable 0, 3 of 3 pods healthy, 3 required\)\./,
          related: [
            (r) =>
              r.pointer === '/items/0/status/disruptionsAllowed' &&
              r.file.endsWith('/namespaces/inventory/policy/poddisruptionbudgets.yaml'),
          ],
        },
      ],
      check: ([f]) => assert.doesNotMatch(f!.message, /was not gathered/),
    },
    {
      name: "names a master's etcd guard as the control-plane budget it is (etcd-guard-pdb)",
      snapshot: snapshotOf(updates.drainBlocked, etcdGuardOnMaster),
      findings: [
        {
          severity: 'warning',
          subject: `node/${master}`,
          message: [
            /\(pool master\) has been draining for 32m33s: eviction of its etcd guard pod refused \d+ times; etcd is not healthy on every other master$/m,
            /eviction of pod openshift-etcd\/etcd-guard-ip-10-0-137-106\.us-east-2\.compute\.internal was refused/,
            /PodDisruptionBudget openshift-etcd\/etcd-guard-pdb allows 0 disruptions/,
            /It is the etcd guard pod, protected by the control-plane budget etcd-guard-pdb: etcd is not healthy on every other master/,
          ],
          location: drainAnnotation(master),
        },
      ],
    },
    {
      name: "reports a 4.10 daemon's drain from the cordon alone, and says where the pod is named",
      snapshot: snapshotOf(updates.drainBlocked, daemonDrain410),
      findings: [
        {
          severity: 'warning',
          subject: `node/${blocked}`,
          message: [
            /has been draining for 32m33s; only its daemon's log, not in the gather, names the pod it cannot evict$/m,
            /it is cordoned and its daemon is Working \(until 4\.10 the daemon drains its own node\)/,
            /No drain line of the node's machine-config-daemon is in the gather: its log \(Draining failed with: …, retrying\) names the pod/,
            /The daemon \(4\.10 and earlier\) retries every minute, every 5 minutes after 5 failures, and after 1 hour marks the node Degraded/,
          ],
          location: (s) => node(s, blocked).unschedulableLocation,
        },
      ],
    },
    {
      name: "names the pod from the log of a 4.10 node's own daemon, the only daemon log read",
      snapshot: daemonDrainOnDisk,
      findings: [
        {
          severity: 'warning',
          subject: `node/${drain410}`,
          message: [
            /^Node ip-10-0-146-4\.us-west-2\.compute\.internal \(pool worker\) has been draining for 25m5s: the PodDisruptionBudget of pod payments\/ledger-0 refused its eviction 3 times$/m,
            /Draining since 2022-03-24T17:16:01Z to move to rendered-worker-680f8510d7af4a17f10154e450d905db: it is cordoned and its daemon is Working/,
            /The eviction of pod payments\/ledger-0 was refused by its PodDisruptionBudget 3 times, the last 2022-03-24T17:40:31Z/,
            /namespace payments was not gathered/,
            /The daemon \(4\.10 and earlier\) retries every minute/,
          ],
          location: (s) => node(s, drain410).unschedulableLocation,
          related: [
            (r) =>
              r.file.includes('/machine-config-daemon-jtzcj/') &&
              /^the machine-config-daemon: eviction of payments\/ledger-0 refused/.test(r.message),
            (r) =>
              r.file.includes('/machine-config-daemon-jtzcj/') &&
              /drain of .* failed \(1 failed attempt /.test(r.message),
          ],
        },
      ],
      check: (_f, s) => {
        assert.deepEqual(
          s.drainLogs.map((l) => l.subject).filter((x) => x.includes('machine-config-daemon')),
          [
            'log/openshift-machine-config-operator/machine-config-daemon-jtzcj/machine-config-daemon',
          ],
          'the one daemon of the node being drained',
        );
      },
    },
    {
      name: "reads seed 000's 4.7 daemons draining two workers past their Degraded ones, with 4.7's five tries",
      snapshot: snapshotOf(samples.workerBlocksMco),
      findings: [
        {
          severity: 'warning',
          subject: 'node/ip-10-0-148-130.ec2.internal',
          message: [
            /has been draining for 30m29s: /,
            /Draining since 2021-03-25T11:50:11Z /,
            /The eviction of pod kafka\/kafka-cluster-kafka-1 was refused by its PodDisruptionBudget \d+ times/,
            /namespace kafka was not gathered/,
            /The 4\.7 daemon gives up after 5 tries with exponential backoff, about 10 minutes \(failed to drain node \(5 tries\): …, event FailedToDrain\)/,
          ],
          related: [(r) => r.file.includes('/machine-config-daemon-') && r.span !== undefined],
        },
        {
          severity: 'info',
          subject: 'node/ip-10-0-162-43.ec2.internal',
          message: [/has been draining for 5m38s/, /kafka\/kafka-cluster-kafka-2/],
        },
      ],
    },
    {
      name: 'keeps the line whole with a pod name too long for it, the name whole in the detail',
      snapshot: snapshotOf(updates.drainBlocked, (s) => {
        for (const log of s.drainLogs)
          for (const l of log.lines)
            l.pods = l.pods.map((p) =>
              p.name === 'inventory-db-0' ? { ...p, name: `inventory-db-${'x'.repeat(120)}` } : p,
            );
      }),
      findings: [
        {
          severity: 'warning',
          subject: `node/${blocked}`,
          message: [
            /has been draining for 32m33s: eviction of pod inventory\/inventory-db-x+… refused \d+ times$/m,
            /The eviction of pod inventory\/inventory-db-x{120} was refused/,
          ],
        },
      ],
    },
    {
      name: 'says when no controller line tells what blocks a drain past 10 minutes',
      snapshot: snapshotOf(updates.drainBlocked, (s) => {
        for (const log of s.drainLogs) log.lines = [];
      }),
      findings: [
        {
          severity: 'warning',
          subject: `node/${blocked}`,
          message: [
            /has been draining for 32m33s; no controller log line in the gather says what blocks it$/m,
            /the machine-config-controller logs in the gather have no line about this drain/i,
          ],
        },
      ],
    },
  ],
});
