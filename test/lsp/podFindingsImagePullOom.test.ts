/**
 * Issue 40 over stdio, on the two must-gathers whose operator is held back by a pod: the
 * diagnostic sits on the failing container's `state.waiting` in the namespace's `pods.yaml`, and
 * a hover on the operator's Degraded condition names the pod's cause.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { after, before, describe, it } from 'node:test';
import type { MarkupContent } from 'vscode-languageserver-protocol';
import { resourceFile, samples } from '../support/fixtures';
import { plain } from '../support/hover';
import { LspClient } from './lspClient';

const operatorFile = (scenario: string, name: string) =>
  resourceFile(
    scenario,
    `cluster-scoped-resources/config.openshift.io/clusteroperators/${name}.yaml`,
  );

/** The 0-based line of the `waiting:` key above the first `reason: <reason>` in a pods.yaml. */
function waitingLine(lines: string[], reason: string): number {
  const at = lines.findIndex((l) => l.trim() === `reason: ${reason}`);
  assert.ok(at > 0, `reason ${reason}`);
  for (let i = at; i >= 0; i--) if (lines[i]!.trim() === 'waiting:') return i;
  throw new Error(`no waiting: above line ${at}`);
}

/** The pod whose container status holds the line: the nearest `name:` at the item's indent. */
function podNameAbove(lines: string[], line: number): string {
  for (let i = line; i >= 0; i--) {
    const m = /^ {4}name: (\S+)$/.exec(lines[i]!);
    if (m) return m[1]!;
  }
  throw new Error('no pod name');
}

const cases = [
  {
    what: 'the multus DaemonSet pod in ImagePullBackOff holds back network',
    scenario: samples.multusImagePull,
    namespace: 'openshift-multus',
    operator: 'network',
    reason: 'ImagePullBackOff',
    message:
      /container kube-multus cannot pull image ocp-v4\.0-art-dev@sha256:[0-9a-f]{12} \(ImagePullBackOff\)/,
  },
  {
    what: 'prometheus-operator, last OOMKilled, holds back monitoring',
    scenario: samples.prometheusOperatorOom,
    namespace: 'openshift-monitoring',
    operator: 'monitoring',
    reason: 'CrashLoopBackOff',
    message: /container prometheus-operator is in CrashLoopBackOff \(9 restarts, last OOMKilled\)/,
  },
];

for (const c of cases) {
  describe(`over stdio: ${c.what}`, () => {
    let lsp: LspClient;
    const pods = resourceFile(c.scenario, `namespaces/${c.namespace}/core/pods.yaml`);
    const lines = readFileSync(pods, 'utf8').split('\n');
    const waiting = waitingLine(lines, c.reason);
    const pod = podNameAbove(lines, waiting);
    before(async () => {
      lsp = await LspClient.start([c.scenario]);
      await lsp.idle();
    });
    after(() => lsp.stop());

    it('publishes the diagnostic at the container’s state.waiting in pods.yaml', () => {
      const ds = lsp.diagnostics.get(pathToFileURL(pods).href) ?? [];
      const d = ds.find((x) => x.code === 'operator-pod-failing');
      assert.ok(d, `a diagnostic on ${pods}`);
      assert.equal(d.severity, 1, 'an error');
      assert.match(d.message, c.message);
      assert.ok(d.message.includes(pod), `${d.message} names ${pod}`);
      assert.equal(d.range.start.line, waiting);
      assert.equal(d.range.start.character, lines[waiting]!.indexOf('waiting:'));
    });

    it(`hovers ${c.operator}’s Degraded condition with the pod’s cause`, async () => {
      const file = operatorFile(c.scenario, c.operator);
      const text = readFileSync(file, 'utf8');
      lsp.open(file, text);
      const co = text.split('\n');
      const degraded = co.findIndex((l) => l.trim() === 'type: Degraded');
      const h = await lsp.hover(file, degraded, co[degraded]!.indexOf('Degraded') + 2);
      const value = plain((h!.contents as MarkupContent).value);
      assert.match(value, /operator-degraded/);
      assert.match(value, new RegExp(`^\\*\\*Cause:\\*\\* Pod ${c.namespace}/${pod} container`));
      // The chain under it reaches the pod and its node.
      assert.match(value, new RegExp(`→ \\[pod ${c.namespace}/${pod}\\]\\(file:[^)]+#L\\d+\\)`));
      assert.match(value, /→ \[node ip-[^\]]+\]\(file:[^)]+\): Ready/);
      assert.match(value, new RegExp(`holds back ${c.operator}`));
      lsp.close(file);
    });
  });
}
