/**
 * Issue 45 over stdio, InPlace NodePools: a degraded node (signature 9) and a node that does
 * not drain (signature 10) are diagnostics on the guest node's file, at its machine-config
 * annotation, with the NodePool, the budget and the cordon as related information.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { hosted } from '../support/fixtures';
import { LspClient } from './lspClient';

const guestNodes = (dump: string) =>
  join(dump, 'hostedcluster-prod/cluster-scoped-resources/core/nodes');
const lineOf = (file: string, line: number) => readFileSync(file, 'utf8').split('\n')[line] ?? '';

describe('InPlace NodePools over stdio', () => {
  let lsp: LspClient;
  before(async () => {
    lsp = await LspClient.start([hosted.inPlaceDegraded, hosted.inPlaceDrainStuck]);
    await lsp.idle();
  });
  after(() => lsp.stop());

  it("puts the degraded node's stop on its reason annotation, and nothing from the machine-config rules", () => {
    const dir = guestNodes(hosted.inPlaceDegraded);
    const all = readdirSync(dir).flatMap((f) =>
      (lsp.diagnosticsFor(join(dir, f)) ?? []).map((d) => [f, d] as const),
    );
    assert.deepEqual(
      all.map(([f, d]) => [f, d.code]),
      [['ip-10-0-141-27.us-east-2.compute.internal.yaml', 'nodepool-update-blocked']],
    );
    const [f, d] = all[0]!;
    assert.match(
      d.message,
      /^Node ip-10-0-141-27\S* is degraded, so the in-place update of NodePool prod-workers stopped/,
    );
    assert.match(
      lineOf(join(dir, f), d.range.start.line),
      /machineconfiguration\.openshift\.io\/reason: /,
    );
    const related = (d.relatedInformation ?? []).map((r) => r.message);
    assert.ok(related.includes('NodePool prod-workers UpdatingConfig'), related.join(', '));
    assert.ok(related.includes('MachineSet prod-workers'), related.join(', '));
  });

  it('puts the stuck drain on the node, naming the PodDisruptionBudget, linking the budget and the NodePool', () => {
    const dir = guestNodes(hosted.inPlaceDrainStuck);
    const all = readdirSync(dir).flatMap((f) =>
      (lsp.diagnosticsFor(join(dir, f)) ?? []).map((d) => [f, d] as const),
    );
    assert.deepEqual(
      all.map(([f, d]) => [f, d.code]),
      [['ip-10-0-137-64.us-east-2.compute.internal.yaml', 'nodepool-inplace-drain-stuck']],
    );
    const [f, d] = all[0]!;
    assert.match(
      d.message,
      /^PodDisruptionBudget shop\/cart-db blocks the drain of node ip-10-0-137-64\S* for /,
    );
    assert.match(lineOf(join(dir, f), d.range.start.line), /desiredDrain: drain-/);
    const related = d.relatedInformation ?? [];
    const budget = related.find((r) =>
      /^PodDisruptionBudget shop\/cart-db: 0 disruptions allowed$/.test(r.message),
    );
    assert.ok(budget, related.map((r) => r.message).join(', '));
    assert.match(
      budget.location.uri,
      /hostedcluster-prod\/namespaces\/shop\/policy\/poddisruptionbudgets\.yaml$/,
    );
    const pool = related.find((r) => r.message === 'NodePool prod-workers');
    assert.match(
      pool?.location.uri ?? '',
      /namespaces\/clusters\/hypershift\.openshift\.io\/nodepools\/prod-workers\.yaml$/,
    );
  });

  it("answers a hover on an InPlace NodePool with its MachineSet's progress and its target", async () => {
    for (const [dump, want] of [
      [
        hosted.inPlaceDrainStuck,
        /In place: 0 of 3 nodes updated to config `[0-9a-f]{8}` \(MachineSet `prod-workers`\)/,
      ],
      [
        hosted.inPlaceDegraded,
        /In place: stopped \(MachineSet `prod-workers`\): Node ip\\-10\\-0\\-141\\-27\S* in nodepool degraded/,
      ],
    ] as const) {
      const np = join(
        dump,
        'namespaces/clusters/hypershift.openshift.io/nodepools/prod-workers.yaml',
      );
      const value = await lsp.hoverOnText(np, 'type: UpdatingVersion');
      assert.match(value, /^\*\*NodePool `prod-workers`\*\* \(InPlace\): 4\.1\d\.\d+/);
      assert.match(value, want);
      lsp.close(np);
    }
    const drain = join(
      hosted.inPlaceDrainStuck,
      'namespaces/clusters/hypershift.openshift.io/nodepools/prod-workers.yaml',
    );
    assert.match(
      await lsp.hoverOnText(drain, 'type: UpdatingVersion'),
      /4\.18\.22 → 4\.19\.9 \(updating\)/,
    );
    lsp.close(drain);
  });
});
