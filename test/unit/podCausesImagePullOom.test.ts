/**
 * Issue 40 on two more must-gathers: the network operator Degraded by a multus DaemonSet pod that
 * cannot pull its image (the operator's message names no pod), and the monitoring operator
 * Degraded and unavailable by prometheus-operator killed for memory. Each cause is titled by the
 * pod, at the container status, and holds the operator's conditions.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { analysisContext, analyzeRoot } from '../../server/src/analysis/analyze';
import { causesOf } from '../../server/src/analysis/causes';
import { discoverRoots } from '../../server/src/gather/discover';
import { samples } from '../support/fixtures';

async function analysed(scenario: string) {
  const [root] = await discoverRoots(scenario);
  const a = await analyzeRoot(root!, analysisContext({}));
  return { a, causes: causesOf(a.findings, a.snapshot) };
}

describe('causes: a DaemonSet pod that cannot pull, a container killed for memory', () => {
  it('follows network’s RolloutHung to the multus pod in ImagePullBackOff', async () => {
    const { a, causes } = await analysed(samples.multusImagePull);
    const f = a.findings.find((x) => x.rule === 'operator-pod-failing');
    assert.ok(f, 'an operator-pod-failing finding');
    assert.match(f.subject, /^pod\/openshift-multus\/multus-[a-z0-9]{5}$/);
    assert.match(
      f.message,
      /container kube-multus cannot pull image ocp-v4\.0-art-dev@sha256:[0-9a-f]{12} \(ImagePullBackOff\)$/,
    );
    // The registry's answer is in the kubelet's event, not the waiting message.
    assert.match(f.detail ?? '', /last pull failure \(`Failed` event, \d+×.*unauthorized/);
    assert.match(f.detail ?? '', /openshift-config\/pull-secret/);
    assert.ok(f.related.some((r) => r.file.endsWith('/openshift-multus/core/events.yaml')));
    assert.match(f.location.file, /namespaces\/openshift-multus\/core\/pods\.yaml$/);
    assert.match(f.location.pointer, /\/status\/containerStatuses\/0\/state\/waiting$/);
    assert.match(f.detail ?? '', /It belongs to DaemonSet `multus` \(5 of 6 available\)/);

    const cause = causes.find((c) => c.subjects.includes('co/network'));
    assert.ok(cause, 'a cause holds network');
    assert.equal(cause.subjects[0], f.subject, 'titled by the pod');
    assert.ok(
      cause.title.startsWith(
        `Pod ${f.subject.slice('pod/'.length)} container kube-multus cannot pull image`,
      ),
    );
    assert.match(cause.title, /; holds back network$/);
    assert.deepEqual(
      cause.findings.map((i) => a.findings[i]!.rule),
      ['operator-pod-failing', 'operator-degraded'],
    );
    assert.equal(cause.level, 'error', 'network has been Degraded 51 minutes');
    const loud = causes.filter((c) => c.level === 'error' || c.level === 'warning');
    assert.equal(loud.length, 1, loud.map((c) => c.title).join('\n'));
  });

  it('follows monitoring’s failed rollout to prometheus-operator, last OOMKilled', async () => {
    const { a, causes } = await analysed(samples.prometheusOperatorOom);
    const f = a.findings.find((x) => x.rule === 'operator-pod-failing');
    assert.ok(f, 'an operator-pod-failing finding');
    assert.match(
      f.subject,
      /^pod\/openshift-monitoring\/prometheus-operator-[a-z0-9]{10}-[a-z0-9]{5}$/,
    );
    assert.match(
      f.message,
      /container prometheus-operator is in CrashLoopBackOff \(9 restarts, last OOMKilled\)$/,
    );
    assert.match(f.location.file, /namespaces\/openshift-monitoring\/core\/pods\.yaml$/);
    assert.match(f.location.pointer, /\/status\/containerStatuses\/0\/state\/waiting$/);
    assert.match(f.detail ?? '', /\(`OOMKilled`\) with exit code 137/);
    assert.match(
      f.detail ?? '',
      /It belongs to Deployment `prometheus-operator` \(0 of 1 available\)/,
    );
    assert.match(f.detail ?? '', /the kernel's OOM killer ended its last run/);

    const cause = causes.find((c) => c.subjects.includes('co/monitoring'));
    assert.ok(cause, 'a cause holds monitoring');
    assert.equal(cause.subjects[0], f.subject, 'titled by the pod');
    assert.match(cause.title, /last OOMKilled\); holds back monitoring$/);
    assert.deepEqual(cause.findings.map((i) => a.findings[i]!.rule).sort(), [
      'operator-degraded',
      'operator-pod-failing',
      'operator-unavailable',
    ]);
    assert.equal(a.findings[cause.findings[0]!]!.rule, 'operator-pod-failing', 'the pod first');
    assert.equal(cause.level, 'error');
    const loud = causes.filter((c) => c.level === 'error' || c.level === 'warning');
    assert.equal(loud.length, 1, loud.map((c) => c.title).join('\n'));
  });
});
