/**
 * Issue 45 over stdio: hosted clusters held by a condition (stall signatures 5, 14, 15, 16).
 * Each rule's diagnostic sits on the file of the object at its root (the HostedCluster, the
 * NodePool, the guest's pod list), and a hover on the HostedCluster's inverted
 * `ClusterVersionSucceeding` reads it right.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { hosted } from '../support/fixtures';
import { LspClient } from './lspClient';

const hcFile = (dump: string) =>
  join(dump, 'namespaces/clusters/hypershift.openshift.io/hostedclusters/prod.yaml');
const npFile = (dump: string) =>
  join(dump, 'namespaces/clusters/hypershift.openshift.io/nodepools/prod-workers.yaml');

describe('hypershift dumps held by a condition, over stdio', () => {
  let lsp: LspClient;
  before(async () => {
    lsp = await LspClient.start([
      hosted.guestOperatorDegraded,
      hosted.autorepairBlocked,
      hosted.konnectivityDown,
      hosted.releaseChangedInstall,
    ]);
    await lsp.idle();
  });
  after(() => lsp.stop());

  const codes = (file: string, code: string) =>
    (lsp.diagnosticsFor(file) ?? []).filter((d) => d.code === code);

  it("puts ClusterVersionSucceeding=False on the HostedCluster's condition, and the degraded operator on its guest file", () => {
    const file = hcFile(hosted.guestOperatorDegraded);
    const [d, ...more] = codes(file, 'hostedcluster-version-failing');
    assert.ok(d);
    assert.equal(more.length, 0);
    assert.match(d.message, /^The update of HostedCluster prod to 4\.19\.9 is failing for /);
    const lines = readFileSync(file, 'utf8').split('\n');
    const at = lines.slice(d.range.start.line, d.range.start.line + 8).join('\n');
    assert.match(at, /type: ClusterVersionSucceeding/);
    const ingress = join(
      hosted.guestOperatorDegraded,
      'hostedcluster-prod/cluster-scoped-resources/config.openshift.io/clusteroperators/ingress.yaml',
    );
    assert.equal(codes(ingress, 'operator-degraded').length, 1);
  });

  it('puts nodepool-autorepair-blocked on the NodePool', () => {
    const [d] = codes(npFile(hosted.autorepairBlocked), 'nodepool-autorepair-blocked');
    assert.ok(d);
    assert.match(d.message, /^Auto-repair of NodePool prod-workers is blocked for /);
  });

  it("puts hostedcluster-konnectivity-down on the guest's konnectivity agent pod", () => {
    const pods = join(
      hosted.konnectivityDown,
      'hostedcluster-prod/namespaces/kube-system/core/pods.yaml',
    );
    const [d] = codes(pods, 'hostedcluster-konnectivity-down');
    assert.ok(d);
    assert.match(d.message, /konnectivity agent pods of HostedCluster prod are failing/);
  });

  it('puts hostedcluster-install-release-changed on the HostedCluster', () => {
    const [d] = codes(
      hcFile(hosted.releaseChangedInstall),
      'hostedcluster-install-release-changed',
    );
    assert.ok(d);
    assert.match(d.message, /changed from 4\.18\.22 to 4\.19\.9 during the install/);
  });

  it('answers a hover on ClusterVersionSucceeding: expected True, actual False, with the finding', async () => {
    const file = hcFile(hosted.guestOperatorDegraded);
    const value = await lsp.hoverOnText(file, 'type: ClusterVersionSucceeding');
    assert.match(value, /ClusterVersionSucceeding: expected True, actual \*\*False\*\*/);
    assert.match(value, /Cluster operator ingress is degraded/);
    lsp.close(file);
  });
});
