/**
 * A master node the operators report not ready, over stdio (issue 40): its diagnostic sits on the
 * first reporting operator's Degraded condition, links the others, and the Findings view's cause is
 * named by the node, with the operators under it.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { after, before, describe, it } from 'node:test';
import type { Diagnostic, MarkupContent } from 'vscode-languageserver-protocol';
import type { RootFindings } from '../../server/src/protocol/messages';
import { resourceFile, updates } from '../support/fixtures';
import { plain } from '../support/hover';
import { LspClient } from './lspClient';

const master = 'ip-10-0-175-139.eu-west-1.compute.internal';

/** A ClusterOperator's file in the fixture. */
const operatorFile = (name: string) =>
  resourceFile(
    updates.masterNotReady,
    `cluster-scoped-resources/config.openshift.io/clusteroperators/${name}.yaml`,
  );

describe('a master node reported not ready and not gathered, over stdio', () => {
  let lsp: LspClient;
  before(async () => {
    lsp = await LspClient.start([updates.masterNotReady]);
    await lsp.idle();
  });
  after(() => lsp.stop());

  it("publishes it on etcd's Degraded condition, linking the other operators' conditions", async () => {
    const etcd = operatorFile('etcd');
    const d = await lsp.waitFor('the node-not-ready diagnostic', () =>
      lsp.diagnosticsFor(etcd)?.find((x: Diagnostic) => x.code === 'node-not-ready'),
    );
    assert.match(
      d.message,
      new RegExp(`^Master node ${master.replace(/\./g, '\\.')} is not ready`),
    );
    const lines = readFileSync(etcd, 'utf8').split('\n');
    const at = d.range.start.line;
    const entry = lines.slice(at, at + 12).join('\n');
    assert.match(entry, /type: Degraded/, `the range opens the Degraded condition: ${entry}`);
    const linked = (d.relatedInformation ?? []).map((r) => fileURLToPath(r.location.uri));
    assert.ok(linked.includes(operatorFile('kube-apiserver')), linked.join(', '));
    assert.ok(linked.includes(operatorFile('kube-controller-manager')), linked.join(', '));
  });

  it('answers the Findings view with the node as the first cause, the operators under it', async () => {
    const { roots } = (await lsp.connection.sendRequest('mustGatherInspector/findings')) as {
      roots: RootFindings[];
    };
    const first = roots[0]!.causes[0]!;
    assert.equal(first.subjects[0], `node/${master}`);
    assert.equal(first.level, 'error');
    assert.match(first.title, /container network not ready \(no CNI configuration\)/);
    const rules = first.findings.map((f) => `${f.rule} ${f.subject}`);
    for (const x of [
      'operator-degraded co/etcd',
      'operator-degraded co/kube-apiserver',
      'operator-degraded co/kube-controller-manager',
      'clusterversion-failing cv/version',
    ])
      assert.ok(rules.includes(x), `${x} in ${rules.join(', ')}`);
  });

  it("hovers kube-apiserver's Degraded condition with the node that causes it", async () => {
    const file = operatorFile('kube-apiserver');
    const text = readFileSync(file, 'utf8');
    lsp.open(file, text);
    const lines = text.split('\n');
    const degraded = lines.findIndex((l) => l.trim() === 'type: Degraded');
    const h = await lsp.hover(file, degraded, lines[degraded]!.indexOf('Degraded') + 2);
    const value = plain((h!.contents as MarkupContent).value);
    assert.match(value, /operator-degraded/);
    assert.match(value, /One of \d+ findings of the cause above\./);
    // The chain: the reporting operators side by side, then the node, which has no place in the gather.
    assert.match(
      value,
      /^\[ClusterOperator etcd\]\(file:[^)]+\): Degraded for \S+ \([^)]*\); \[ClusterOperator kube-apiserver\]/m,
    );
    assert.match(
      value,
      /\n→ node ip-\S+: not ready for \S+ \(KubeletNotReady\): container network not ready \(no CNI configuration\) \(not in the gather\)/,
    );
    assert.match(
      value,
      new RegExp(
        `^\\*\\*Cause:\\*\\* Master node ${master.replace(/\./g, '\\.')} is not ready for \\S+: container network not ready \\(no CNI configuration\\); its Node is not in the gather`,
      ),
    );
    lsp.close(file);
  });
});
