/**
 * Issue 40: a degraded operator followed to its pod. On the Insights archive where a router
 * cannot be scheduled, the ingress cause is titled by the pod and the scheduler's reason, and
 * holds operator-degraded's finding on ingress.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { analysisContext, analyzeRoot } from '../../server/src/analysis/analyze';
import { causesOf } from '../../server/src/analysis/causes';
import { discoverRoots } from '../../server/src/gather/discover';
import { samples, updates } from '../support/fixtures';

describe('causes: a pod holds back its operator', () => {
  it('titles the ingress cause by the router pod that cannot be scheduled', async () => {
    const [root] = await discoverRoots(samples.ingressUnschedulable);
    const a = await analyzeRoot(root!, analysisContext({}));
    const causes = causesOf(a.findings, a.snapshot);
    const cause = causes.find((c) => c.subjects.includes('co/ingress'));
    assert.ok(cause, 'a cause holds ingress');
    assert.match(
      cause.title,
      /^Pod openshift-ingress\/router-default-\S+ cannot be scheduled \(0\/4 nodes\): host ports in use \(1\), taint node-role\.kubernetes\.io\/master \(3\); holds back ingress$/,
    );
    const rules = cause.findings.map((i) => a.findings[i]!.rule);
    assert.deepEqual(rules, ['operator-pod-failing', 'operator-degraded']);
    assert.equal(cause.level, 'error');
    assert.equal(causes[0], cause, 'the worst cause first');
  });

  it('titles the openshift-apiserver cause by the replica in a crash loop (must-gather)', async () => {
    const [root] = await discoverRoots(samples.apiserverCrashLoop);
    const a = await analyzeRoot(root!, analysisContext({}));
    const causes = causesOf(a.findings, a.snapshot);
    assert.equal(causes.length, 1);
    assert.equal(
      causes[0]!.title,
      'Pod openshift-apiserver/apiserver-bjmpcchmxn-r5k64 container openshift-apiserver is in CrashLoopBackOff (14 restarts, last exit code 255); holds back openshift-apiserver',
    );
  });

  it('reads only the pods of the degraded operator, once each', async () => {
    const [root] = await discoverRoots(samples.ingressUnschedulable);
    const a = await analyzeRoot(root!, analysisContext({}));
    const namespaces = [...a.snapshot.operandNamespaces.operators.keys()].sort();
    assert.deepEqual(namespaces, [
      'openshift-ingress',
      'openshift-ingress-canary',
      'openshift-ingress-operator',
    ]);
    assert.equal(a.snapshot.operandPods.length, 3);
    const podFiles = a.filesRead.filter((f) => f.includes('/config/pod/'));
    assert.equal(new Set(podFiles).size, podFiles.length, 'each pod file read once');
  });

  it('reads the machine-config namespace’s pods once when machine-config is Degraded and a daemon’s log is read', async () => {
    const [root] = await discoverRoots(updates.osPullFailed);
    const a = await analyzeRoot(root!, analysisContext({}));
    const lists = a.filesRead.filter((f) =>
      f.endsWith('namespaces/openshift-machine-config-operator/core/pods.yaml'),
    );
    assert.equal(lists.length, 1, 'one read serves the operands and the daemons’ placement');
    assert.ok(a.snapshot.daemonLogs.length > 0, 'the Degraded node’s daemon log is still read');
  });
});
