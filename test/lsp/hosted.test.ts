/**
 * Issue 45 over stdio: a `hypershift dump` opened as a workspace folder. The NodePool's drain
 * stall is a diagnostic on the Machine's file in the management part, and the NodePool's
 * conditions answer a hover with expected against actual and the skew rule.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { MarkupContent } from 'vscode-languageserver-protocol';
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
    const text = readFileSync(nodePool, 'utf8');
    lsp.open(nodePool, text);
    const lines = text.split('\n');
    const line = lines.findIndex((l) => l.includes('type: UpdatingVersion'));
    assert.ok(line > 0);
    const h = await lsp.hover(nodePool, line, lines[line]!.indexOf('UpdatingVersion') + 2);
    const value = (h?.contents as MarkupContent | undefined)?.value ?? '';
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
