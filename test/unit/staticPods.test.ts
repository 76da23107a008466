import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  installerPodsNamed,
  parseEtcdMembers,
  parseInstallerFailures,
  parseInstallerProgress,
  subConditionLines,
} from '../../server/src/model/staticPods';

describe('static-pod operator messages (library-go installer_controller.go, etcdcli/health.go)', () => {
  it('reads both wordings of the revision counts: 4.15 keeps the plural, 4.16 says `1 node is`', () => {
    for (const one of ['1 nodes are', '1 node is']) {
      const p = parseInstallerProgress(
        `2 nodes are at revision 14; ${one} at revision 15; 0 nodes have achieved new revision 16`,
      );
      assert.deepEqual(p?.counts, [
        { nodes: 2, revision: 14 },
        { nodes: 1, revision: 15 },
      ]);
      assert.equal(p?.pending, 16);
    }
    assert.equal(parseInstallerProgress('All is well'), undefined);
  });

  it('splits a union message by sub-condition and reads every failing revision', () => {
    // okd-project/okd#392: several failing revisions joined with `; ` by library-go.
    const message = [
      'NodeInstallerDegraded: 1 nodes are failing on revision 2:',
      'NodeInstallerDegraded: static pod of revision 2 has been installed, but is not ready while new revision 3 is pending; 1 nodes are failing on revision 3:',
      'NodeInstallerDegraded: no detailed termination message, see `oc get -oyaml -n "openshift-kube-scheduler" pods "installer-3-retry-1-master-0.ocp.example.com"`',
      'StaticPodsDegraded: pods "openshift-kube-scheduler-master-0" not found',
    ].join('\n');
    const lines = subConditionLines(message, 'NodeInstallerDegraded');
    assert.equal(lines.length, 3);
    const failures = parseInstallerFailures(lines);
    assert.deepEqual(
      failures.map((f) => [f.nodes, f.revision, f.errors.length]),
      [
        [1, 2, 1],
        [1, 3, 1],
      ],
    );
    assert.match(failures[0]!.errors[0]!, /is pending$/);
    assert.deepEqual(installerPodsNamed(lines.join('\n')), [
      {
        pod: 'installer-3-retry-1-master-0.ocp.example.com',
        revision: 3,
        retry: 1,
        node: 'master-0.ocp.example.com',
      },
    ]);
  });

  it('reads etcd members: unhealthy and not started, and the healthy message as nothing', () => {
    const m = parseEtcdMembers(
      '1 of 3 members are available, ip-10-0-1-2.ec2.internal is unhealthy, ip-10-0-3-4.ec2.internal has not started',
    );
    assert.equal(m?.available, 1);
    assert.equal(m?.total, 3);
    assert.deepEqual(m?.unhealthy, ['ip-10-0-1-2.ec2.internal']);
    assert.deepEqual(m?.notStarted, ['ip-10-0-3-4.ec2.internal']);
    assert.equal(parseEtcdMembers('No unhealthy members found'), undefined);
  });
});
