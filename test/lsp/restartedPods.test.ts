/**
 * Issue 40's negative control over stdio: `healthy-restarted-pods` with ingress marked Degraded,
 * so the routers' namespace is read. Its pods restarted (one OOMKilled once) and run ready: the
 * server publishes ingress's own Degraded finding and nothing on the pods.
 */
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { after, before, describe, it } from 'node:test';
import type { RootFindings } from '../../server/src/protocol/messages';
import { copyFixture } from '../support/copyFixture';
import { resourceFile, samples } from '../support/fixtures';
import { LspClient } from './lspClient';

describe('restarted pods that run ready, over stdio', () => {
  const copy = copyFixture(samples.restartedPods);
  const ingress = resourceFile(
    copy.path,
    'cluster-scoped-resources/config.openshift.io/clusteroperators/ingress.yaml',
  );
  const pods = resourceFile(copy.path, 'namespaces/openshift-ingress/core/pods.yaml');
  let lsp: LspClient;
  let roots: RootFindings[];
  before(async () => {
    const text = readFileSync(ingress, 'utf8');
    const at = text.indexOf('type: Degraded');
    const status = text.lastIndexOf('status: "False"', at);
    writeFileSync(ingress, `${text.slice(0, status)}status: "True"${text.slice(status + 15)}`);
    lsp = await LspClient.start([copy.path]);
    await lsp.idle();
    roots = (
      (await lsp.connection.sendRequest('mustGatherInspector/findings')) as {
        roots: RootFindings[];
      }
    ).roots;
  });
  after(() => {
    lsp.stop();
    copy.remove();
  });

  it('publishes ingress’s Degraded, and no diagnostic on its restarted pods', () => {
    const onIngress = lsp.diagnostics.get(pathToFileURL(ingress).href) ?? [];
    assert.ok(
      onIngress.some((d) => d.code === 'operator-degraded'),
      'the routers’ namespace was read for a Degraded operator',
    );
    assert.deepEqual(lsp.diagnostics.get(pathToFileURL(pods).href) ?? [], []);
    for (const [uri, ds] of lsp.diagnostics)
      assert.ok(!ds.some((d) => d.code === 'operator-pod-failing'), uri);
  });

  it('leaves the ingress cause its operator’s, with no chain to a pod', () => {
    const cause = roots[0]!.causes.find((c) => c.subjects.includes('co/ingress'))!;
    assert.equal(cause.subjects[0], 'co/ingress');
    assert.ok(!cause.subjects.some((s) => s.startsWith('pod/')));
  });
});
