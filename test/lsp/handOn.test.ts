/**
 * Handing on over stdio: a must-gather's case summary (Markdown and HTML, as `report` writes
 * them), and "Compare with Other Gather": the other gathers of a file's cluster, the same
 * object's file there, and the summary beside the diff.
 */
import assert from 'node:assert/strict';
import { pathToFileURL } from 'node:url';
import { after, before, describe, it } from 'node:test';
import type { CaseReportResult, OtherGathersResult } from '../../server/src/protocol/messages';
import {
  machineConfigOperatorFile,
  mustGatherRoot,
  resourceFile,
  samples,
  updates,
} from '../support/fixtures';
import { LspClient } from './lspClient';

describe('handing on over stdio', () => {
  let lsp: LspClient;
  before(async () => {
    lsp = await LspClient.start([
      updates.stalledBudgetGathered,
      updates.budgetRemoved,
      samples.workerBlocksMco,
    ]);
    await lsp.idle();
  });
  after(() => lsp.stop());

  it('answers the case summary of a root, Markdown or HTML, named as the window names it', async () => {
    const root = mustGatherRoot(updates.stalledBudgetGathered);
    const md = (await lsp.connection.sendRequest('mustGatherInspector/caseReport', {
      root,
      format: 'md',
    })) as CaseReportResult;
    assert.match(md.text, /^# Must-gather case summary\n/);
    assert.match(md.text, /^## 4\.15\.2 → 4\.15\.3 · AWS$/m);
    assert.match(md.place, /^update-stalled-budget-gathered\/must-gather\.local\.\d+\//);
    assert.match(
      md.text,
      /`cluster-scoped-resources\/machineconfiguration\.openshift\.io\/machineconfigpools\/worker\.yaml:\d+`/,
    );
    assert.ok(md.errors > 0);
    const html = (await lsp.connection.sendRequest('mustGatherInspector/caseReport', {
      root,
      format: 'html',
    })) as CaseReportResult;
    assert.ok(html.text.startsWith('<!DOCTYPE html>'));
    assert.doesNotMatch(html.text, /<script/i);
    await assert.rejects(
      lsp.connection.sendRequest('mustGatherInspector/caseReport', { root: '/etc', format: 'md' }),
      /not an analysed must-gather/,
    );
  });

  it('finds the other gather of the cluster holding the object, and only that one', async () => {
    const file = resourceFile(updates.budgetRemoved, machineConfigOperatorFile);
    const r = (await lsp.connection.sendRequest('mustGatherInspector/otherGathers', {
      uri: pathToFileURL(file).href,
    })) as OtherGathersResult;
    assert.equal(r.subject, 'co/machine-config');
    assert.equal(r.gatherTime, '2024-04-09T18:22:05Z');
    assert.deepEqual(
      r.others.map((o) => [o.root, o.gatherTime, o.uri]),
      [
        [
          mustGatherRoot(updates.stalledBudgetGathered),
          '2024-04-09T16:22:05Z',
          pathToFileURL(resourceFile(updates.stalledBudgetGathered, machineConfigOperatorFile))
            .href,
        ],
      ],
      'not the bug 1943289 sample: another cluster',
    );
    const alone = (await lsp.connection.sendRequest('mustGatherInspector/otherGathers', {
      uri: pathToFileURL(resourceFile(samples.workerBlocksMco, machineConfigOperatorFile)).href,
    })) as OtherGathersResult;
    assert.deepEqual(alone.others, []);
  });

  it('picks the List item under the cursor as the object compared', async () => {
    const file = resourceFile(
      updates.stalledBudgetGathered,
      'namespaces/payments/policy/poddisruptionbudgets.yaml',
    );
    const r = (await lsp.connection.sendRequest('mustGatherInspector/otherGathers', {
      uri: pathToFileURL(file).href,
      position: { line: 8, character: 4 },
    })) as OtherGathersResult;
    assert.equal(r.subject, 'pdb/payments/ledger');
    // The later gather has no budget: nothing to compare it with.
    assert.deepEqual(r.others, []);
  });

  it('answers the summary beside the diff for one object', async () => {
    const md = (await lsp.connection.sendRequest('mustGatherInspector/gatherComparison', {
      root: mustGatherRoot(updates.budgetRemoved),
      other: mustGatherRoot(updates.stalledBudgetGathered),
      subject: 'co/machine-config',
    })) as string;
    assert.match(md, /^# `co\/machine-config`: two gathers compared/);
    assert.match(md, /- \*\*a\*\* `update-stalled-budget-gathered\/must-gather\.local\.\d+\//);
    assert.match(md, /\| versions\\\.operator \| 4\\\.15\\\.2 \| 4\\\.15\\\.3 \|/);
    assert.match(
      md,
      /\*\*Cleared:\*\*\n\n- warning → \(none\) `mco-blocked-by-non-required-pool`: /,
    );
    assert.match(md, /`operator-not-leveled`: /);
  });
});
