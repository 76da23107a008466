import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { buildIndex, filesOf, podLogFiles } from '../../server/src/gather/gatherIndex';
import { tempTree } from '../support/tempTree';

describe('path index', () => {
  it('lists pod folders only in the namespaces and pods whose logs the analysis reads', async () => {
    const t = tempTree();
    try {
      const log = (ns: string, pod: string, c: string) =>
        t.write(`namespaces/${ns}/pods/${pod}/${c}/${c}/logs/current.log`, 'x\n');
      const cvo = log(
        'openshift-cluster-version',
        'cluster-version-operator-5d-x',
        'cluster-version-operator',
      );
      const mcd = log(
        'openshift-machine-config-operator',
        'machine-config-daemon-abcde',
        'machine-config-daemon',
      );
      // The controller's folder is entered (its drain controller's lines), not the daemons'.
      const mcc = log(
        'openshift-machine-config-operator',
        'machine-config-controller-6f4f46457c-v8b2l',
        'machine-config-controller',
      );
      // The servers' and the operator's pods are not entered.
      log('openshift-machine-config-operator', 'machine-config-server-x1', 'machine-config-server');
      log('openshift-dns', 'dns-default-abcde', 'dns');
      t.write(
        'namespaces/openshift-dns/pods/dns-default-abcde/dns-default-abcde.yaml',
        'kind: Pod\n',
      );
      const pods = t.write('namespaces/openshift-dns/core/pods.yaml', 'kind: PodList\nitems: []\n');
      const index = await buildIndex({ kind: 'must-gather', path: t.path });
      assert.deepEqual(index.logs.sort(), [cvo, mcc].sort());
      assert.ok(mcd);
      assert.ok(
        index.files.some((f) => f.path === pods),
        'namespace Lists are still indexed',
      );
      assert.ok(!index.files.some((f) => f.rel.includes('openshift-dns/pods/')));
      assert.ok(!index.files.some((f) => f.rel.includes('/pods/machine-config-daemon-')));
      // One daemon's folder is listed on demand (a 4.10 node its daemon drains), nothing else.
      const root = index.root;
      assert.deepEqual(
        await podLogFiles(root, 'openshift-machine-config-operator', 'machine-config-daemon-abcde'),
        [mcd],
      );
      assert.deepEqual(await podLogFiles(root, 'openshift-machine-config-operator', '..'), []);
      assert.deepEqual(await podLogFiles(root, 'openshift-machine-config-operator', 'a/b'), []);
      assert.deepEqual(await podLogFiles(root, 'openshift-machine-config-operator', 'gone'), []);
    } finally {
      t.remove();
    }
  });

  it('enters only the groups and plurals the analysis reads, and still knows every namespace', async () => {
    const t = tempTree();
    try {
      const node = t.write(
        'cluster-scoped-resources/core/nodes/ip-10-0-1-1.ec2.internal.yaml',
        'kind: Node\n',
      );
      const pool = t.write(
        'cluster-scoped-resources/machineconfiguration.openshift.io/machineconfigpools/worker.yaml',
        'kind: MachineConfigPool\n',
      );
      const pdbs = t.write('namespaces/app/policy/poddisruptionbudgets.yaml', 'kind: List\n');
      // A link inside a folder the walk enters is noted; inside one it skips, never seen.
      const seen = (rel: string) => symlinkSync('/etc/hostname', join(t.dir(rel), 'link.yaml'));
      seen('cluster-scoped-resources/core/nodes');
      for (const skipped of [
        'cluster-scoped-resources/rbac.authorization.k8s.io/clusterroles',
        'cluster-scoped-resources/core/persistentvolumes',
        'namespaces/app/apps/controllerrevisions',
        'namespaces/app/route.openshift.io',
        'namespaces/only-apps/batch',
        'host_service_logs/masters',
        'audit_logs/kube-apiserver',
      ])
        seen(skipped);
      t.write(
        'cluster-scoped-resources/rbac.authorization.k8s.io/clusterroles/admin.yaml',
        'kind: ClusterRole\n',
      );
      t.write('cluster-scoped-resources/core/persistentvolumes.yaml', 'kind: List\n');
      t.write('namespaces/app/apps/controllerrevisions.yaml', 'kind: List\n');
      t.write('namespaces/app/core/services.yaml', 'kind: List\n');
      t.write('host_service_logs/masters/kubelet_service.log', 'x\n');
      const index = await buildIndex({ kind: 'must-gather', path: t.path });
      assert.deepEqual(index.files.map((f) => f.path).sort(), [node, pdbs, pool].sort());
      assert.deepEqual(
        index.notes.filter((n) => n.includes('symbolic link')),
        ['cluster-scoped-resources/core/nodes/link.yaml: symbolic link not followed'],
      );
      assert.deepEqual(index.namespaces, ['app', 'only-apps']);
      assert.throws(() => filesOf(index, 'apps', 'controllerrevisions'), /not indexed/);
    } finally {
      t.remove();
    }
  });

  it('reads a wide tree whole, a bounded number of folders at a time', async () => {
    const t = tempTree();
    try {
      const files = Array.from({ length: 300 }, (_, i) =>
        t.write(`namespaces/ns-${i}/core/configmaps.yaml`, 'kind: List\n'),
      );
      const index = await buildIndex({ kind: 'must-gather', path: t.path });
      assert.deepEqual(index.files.map((f) => f.path).sort(), files.sort());
      assert.equal(index.namespaces.length, 300);
    } finally {
      t.remove();
    }
  });
});
