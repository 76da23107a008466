import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildIndex, podLogFiles } from '../../server/src/gather/gatherIndex';
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
});
