/**
 * `recommend` over stdio: the typed request answers each must-gather's report with absolute
 * files, and a hover on an update the ClusterVersion offers says whether it is recommended and why.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import type { RootRecommendReport } from '../../server/src/protocol/messages';
import { resourceFile, updates } from '../support/fixtures';
import { plain } from '../support/hover';
import { LspClient } from './lspClient';

const cvFile = () =>
  resourceFile(
    updates.notAcceptedAdminAck,
    'cluster-scoped-resources/config.openshift.io/clusterversions/version.yaml',
  );

describe('recommend over stdio', () => {
  let lsp: LspClient;
  before(async () => {
    lsp = await LspClient.start([updates.notAcceptedAdminAck]);
    await lsp.idle();
  });
  after(() => lsp.stop());

  it('answers the report, files absolute, and a target with --accept', async () => {
    const { roots } = (await lsp.connection.sendRequest('mustGatherInspector/recommend', {})) as {
      roots: RootRecommendReport[];
    };
    assert.equal(roots.length, 1);
    const r = roots[0]!;
    assert.equal(r.version, '4.15.20');
    const u = r.updates.find((x) => x.version === '4.16.0');
    assert.equal(u?.file, cvFile());
    assert.equal(u?.reason, 'AdminAckRequired');
    const { roots: t } = (await lsp.connection.sendRequest('mustGatherInspector/recommend', {
      root: r.root,
      version: '4.16.0',
      accept: ['ConditionalUpdateRisk'],
    })) as { roots: RootRecommendReport[] };
    assert.deepEqual(t[0]?.target?.accepted, ['ConditionalUpdateRisk']);
    assert.ok(t[0]?.target?.unaccepted.includes('AdminAckRequired'));
  });

  it('says on an offered update why it is not recommended', async () => {
    const lines = readFileSync(cvFile(), 'utf8').split('\n');
    const at = lines.findIndex((l) => l.trim() === 'availableUpdates:') + 1;
    const h = await lsp.hover(cvFile(), at, 6);
    const text = plain((h?.contents as { value?: string } | undefined)?.value ?? '');
    assert.match(text, /Update to `4\.16\.0`: not recommended\*\* \(`AdminAckRequired`\)/);
    assert.match(text, /Kubernetes 1\.29 and therefore OpenShift 4\.16 remove several APIs/);
    assert.match(text, /UpgradeableFalse/);
  });
});
