/**
 * Issue 45 over stdio: a `hypershift dump` opened as a workspace folder. The NodePool's drain
 * stall is a diagnostic on the Machine's file in the management part, and the NodePool's
 * conditions answer a hover with expected against actual and the skew rule.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { copyFixture } from '../support/copyFixture';
import { hosted } from '../support/fixtures';
import { LspClient } from './lspClient';

const dump = hosted.drainBlocked;
const nodePool = join(
  dump,
  'namespaces/clusters/hypershift.openshift.io/nodepools/prod-workers.yaml',
);
const machines = join(dump, 'namespaces/clusters-prod/cluster.x-k8s.io/machines');

describe('a hypershift dump over stdio', () => {
  let lsp: LspClient;
  before(async () => {
    lsp = await LspClient.start([dump]);
    await lsp.idle();
  });
  after(() => lsp.stop());

  it('puts the drain stall on the Machine being replaced, and nothing on the management nodes', () => {
    const onMachines = readdirSync(machines).flatMap((f) =>
      (lsp.diagnosticsFor(join(machines, f)) ?? []).map((d) => [f, d] as const),
    );
    assert.equal(onMachines.length, 1, JSON.stringify(onMachines.map(([f]) => f)));
    const [, d] = onMachines[0]!;
    assert.equal(d.code, 'nodepool-drain-blocked');
    assert.match(d.message, /^PodDisruptionBudget shop\/cart-db blocks the drain of node /);
    const mgmtNodes = join(dump, 'cluster-scoped-resources/core/nodes');
    for (const f of readdirSync(mgmtNodes))
      assert.deepEqual(lsp.diagnosticsFor(join(mgmtNodes, f)) ?? [], [], f);
  });

  it("answers a hover on the NodePool's UpdatingVersion with expected against actual and the skew rule", async () => {
    const value = await lsp.hoverOnText(nodePool, 'type: UpdatingVersion');
    assert.match(
      value,
      /^\*\*NodePool `prod-workers`\*\* \(Replace\): 4\.18\.22 → 4\.19\.9 \(updating\)/,
    );
    assert.match(value, /UpdatingVersion: expected False, actual \*\*True\*\*/);
    assert.match(
      value,
      /Skew: a NodePool's minor may not pass the control plane's newest Completed minor \(`4\.19\.9`\)/,
    );
    lsp.close(nodePool);
  });
});

describe('a hypershift dump whose NodePool and HostedCluster are blocked, over stdio', () => {
  let lsp: LspClient;
  const copy = copyFixture(dump);
  const np = join(
    copy.path,
    'namespaces/clusters/hypershift.openshift.io/nodepools/prod-workers.yaml',
  );
  const hc = join(
    copy.path,
    'namespaces/clusters/hypershift.openshift.io/hostedclusters/prod.yaml',
  );
  /** Replaces one condition's status, reason and message, found by its type. */
  const setCondition = (
    file: string,
    type: string,
    status: string,
    reason: string,
    message: string,
  ) => {
    const text = readFileSync(file, 'utf8');
    const re = new RegExp(
      `    message: [^\\n]*\\n((?:    [a-zA-Z]+: [^\\n]*\\n)*?)    reason: [^\\n]*\\n    status: [^\\n]*\\n    type: ${type}\\n`,
    );
    assert.match(text, re, type);
    writeFileSync(
      file,
      text.replace(
        re,
        (_m, between: string) =>
          `    message: '${message}'\n${between}    reason: ${reason}\n    status: "${status}"\n    type: ${type}\n`,
      ),
    );
  };
  const surge = join(
    copy.path,
    'namespaces/clusters-prod/cluster.x-k8s.io/machines/prod-workers-9q4vm-qbpbs.yaml',
  );
  before(async () => {
    // The surged Machine never registered its node: no status.nodeRef.
    const machine = readFileSync(surge, 'utf8');
    const noRef = machine.replace(/\n {2}nodeRef:\n(?: {4}[^\n]*\n)+/, '\n');
    assert.notEqual(noRef, machine);
    writeFileSync(surge, noRef);
    setCondition(
      np,
      'ValidReleaseImage',
      'False',
      'ValidationFailed',
      'Failed to get release image: the latest version supported is: "4.19.9". Attempting to use: "4.20.2"',
    );
    setCondition(
      hc,
      'ReconciliationActive',
      'False',
      'ReconciliationPaused',
      'Reconciliation paused until field removed',
    );
    lsp = await LspClient.start([copy.path]);
    await lsp.idle();
  });
  after(async () => {
    await lsp.stop();
    copy.remove();
  });

  it('puts nodepool-update-blocked on the NodePool, hostedcluster-update-blocked on the HostedCluster, nodepool-machine-not-joining on the Machine', () => {
    const onPool = (lsp.diagnosticsFor(np) ?? []).filter(
      (d) => d.code === 'nodepool-update-blocked',
    );
    assert.equal(onPool.length, 1);
    assert.match(onPool[0]!.message, /^NodePool prod-workers cannot use its release image/);
    const lines = readFileSync(np, 'utf8').split('\n');
    assert.match(lines[onPool[0]!.range.start.line] ?? '', /lastTransitionTime|message/);
    const onCluster = (lsp.diagnosticsFor(hc) ?? []).filter(
      (d) => d.code === 'hostedcluster-update-blocked',
    );
    assert.equal(onCluster.length, 1);
    assert.match(onCluster[0]!.message, /^Reconciliation of HostedCluster prod is paused/);
    const onMachine = (lsp.diagnosticsFor(surge) ?? []).filter(
      (d) => d.code === 'nodepool-machine-not-joining',
    );
    assert.equal(onMachine.length, 1);
    assert.match(
      onMachine[0]!.message,
      /^Machine prod-workers-9q4vm-qbpbs of NodePool prod-workers has not joined as a node after /,
    );
  });
});

describe('a 4.17 hypershift dump over stdio (Cluster API 1.8: the Machine names no pod)', () => {
  let lsp: LspClient;
  const dump417 = hosted.drainBlocked417;
  const machineDir = join(dump417, 'namespaces/clusters-prod/cluster.x-k8s.io/machines');
  before(async () => {
    lsp = await LspClient.start([dump417]);
    await lsp.idle();
  });
  after(() => lsp.stop());

  it("hovers the draining Machine's condition with what cluster-api's log says", async () => {
    const [file] = readdirSync(machineDir).filter(
      (f) => (lsp.diagnosticsFor(join(machineDir, f)) ?? []).length > 0,
    );
    assert.ok(file);
    const path = join(machineDir, file);
    assert.equal(lsp.diagnosticsFor(path)![0]!.code, 'nodepool-drain-blocked');

    const value = await lsp.hoverOnText(path, 'type: DrainingSucceeded');
    assert.match(value, /DrainingSucceeded=False \(Draining\): Draining the node before deletion/);
    // Text from the gather is escaped as Markdown: read it without the escapes.
    assert.match(
      value.replace(/\\(.)/g, '$1'),
      /cluster-api's log: \d+ evictions refused \(shop\/cart-db-0\), \d+ drain attempts failed, the first \d+m\d*s? before the gather; the newest: error when evicting pods/,
    );
    lsp.close(path);
  });
});
