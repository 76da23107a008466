import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { after, describe, it } from 'node:test';
import { schedulerWords } from '../../../server/src/model/podFailures';
import { operatorPodFailing } from '../../../server/src/rules/operator-pod-failing';
import { copyFixture } from '../../support/copyFixture';
import { resourceFile, samples } from '../../support/fixtures';
import { ruleTester, snapshotOf } from '../../support/ruleTester';
import { loadFixture } from '../../support/snapshot';

const router = /^pod\/openshift-ingress\/router-default-[a-z0-9]{10}-[a-z0-9]{5}$/;

/**
 * `healthy-restarted-pods` with ingress Degraded in its file: the routers' namespace is read, and
 * its restarted but ready pods must still stay quiet.
 */
const copies: { remove(): void }[] = [];
after(() => copies.forEach((c) => c.remove()));
async function restartedPodsRead() {
  const copy = copyFixture(samples.restartedPods);
  copies.push(copy);
  const file = resourceFile(
    copy.path,
    'cluster-scoped-resources/config.openshift.io/clusteroperators/ingress.yaml',
  );
  const text = readFileSync(file, 'utf8');
  const at = text.indexOf('type: Degraded');
  const status = text.lastIndexOf('status: "False"', at);
  writeFileSync(file, `${text.slice(0, status)}status: "True"${text.slice(status + 15)}`);
  const { snapshot } = await loadFixture(copy.path);
  return snapshot;
}

ruleTester(operatorPodFailing, {
  valid: [
    { name: 'stays quiet on a healthy cluster', snapshot: snapshotOf(samples.healthy) },
    {
      name: 'stays quiet on restarted, ready pods of a healthy operator (they are not read)',
      snapshot: snapshotOf(samples.restartedPods),
    },
    {
      name: 'stays quiet on restarted, ready pods (one OOMKilled once) of a Degraded operator',
      snapshot: restartedPodsRead,
      reason: 'a restart, even an OOMKilled one, of a container running ready is not a failure',
    },
  ],
  invalid: [
    {
      name: 'a router the scheduler cannot place holds ingress Degraded (Insights archive)',
      snapshot: snapshotOf(samples.ingressUnschedulable),
      findings: [
        {
          severity: 'error',
          subject: 'pod/openshift-ingress/router-default-x5hxlwqbwn-5mj4r',
          message: [
            /^Pod openshift-ingress\/router-default-\S+ cannot be scheduled \(0\/4 nodes\): host ports in use \(1\), taint node-role\.kubernetes\.io\/master \(3\)\n/,
            /3 node\(s\) had taint \{node-role\.kubernetes\.io\/master: \}, that the pod didn't tolerate\./,
            /ReplicaSet `router-default-/,
            /ingress .*Degraded since/,
            /taints \(`spec\.taints`\)/,
          ],
          related: [
            (r) => r.file.endsWith('config/clusteroperator/ingress.json'),
            (r) => r.file.includes('config/node/') && r.message.endsWith('taints'),
          ],
        },
      ],
      check(found) {
        assert.match(found[0]!.subject, router);
        assert.match(
          found[0]!.location.file,
          /config\/pod\/openshift-ingress\/router-default-.*\.json$/,
        );
        assert.equal(found[0]!.location.pointer, '/status/conditions/0');
      },
    },
    {
      name: 'a replica in CrashLoopBackOff holds openshift-apiserver Degraded (must-gather)',
      snapshot: snapshotOf(samples.apiserverCrashLoop),
      findings: [
        {
          severity: 'error',
          subject: 'pod/openshift-apiserver/apiserver-bjmpcchmxn-r5k64',
          message: [
            /^Pod openshift-apiserver\/apiserver-\S+ container openshift-apiserver is in CrashLoopBackOff \(14 restarts, last exit code 255\)$/m,
            /is waiting: `CrashLoopBackOff`: back-off 5m0s restarting failed container=openshift-apiserver/,
            /Its last run ended \(`Error`\) with exit code 255 at /,
            /namespaces\/openshift-apiserver\/pods\/apiserver-\S+\/openshift-apiserver\/openshift-apiserver\/logs\/previous\.log/,
          ],
          related: [
            (r) => r.file.endsWith('clusteroperators/openshift-apiserver.yaml'),
            (r) =>
              r.file.includes('/core/nodes/') && r.message.endsWith('where the pod runs: Ready'),
          ],
        },
      ],
      check(found) {
        assert.match(found[0]!.location.file, /namespaces\/openshift-apiserver\/core\/pods\.yaml$/);
        assert.match(
          found[0]!.location.pointer,
          /^\/items\/\d\/status\/containerStatuses\/0\/state\/waiting$/,
        );
      },
    },
  ],
});

describe("the scheduler's reasons in a few words", () => {
  it('counts each reason, taints by key, and gives up on another form', () => {
    assert.deepEqual(
      schedulerWords(
        "0/6 nodes are available: 1 node(s) didn't have free ports for the requested pod ports, 3 node(s) had untolerated taint {node-role.kubernetes.io/master: }, 2 Insufficient memory. preemption: 0/6 nodes are available: 6 Preemption is not helpful for scheduling.",
      ),
      {
        nodes: 6,
        reasons:
          'host ports in use (1), taint node-role.kubernetes.io/master (3), insufficient memory (2)',
      },
    );
    assert.deepEqual(
      schedulerWords(
        "0/3 nodes are available: 3 node(s) didn't match Pod's node affinity/selector.",
      ),
      { nodes: 3, reasons: "not matching the pod's node selector (3)" },
    );
    assert.equal(schedulerWords('pod has unbound immediate PersistentVolumeClaims'), undefined);
  });
});
