/**
 * Issue 40 over stdio: on the Insights archive where a router cannot be scheduled, the diagnostic
 * sits on the pod's PodScheduled condition in its file, and the Findings view's ingress cause is
 * titled by the pod.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { after, before, describe, it } from 'node:test';
import type { RootFindings } from '../../server/src/protocol/messages';
import { samples } from '../support/fixtures';
import { LspClient } from './lspClient';

describe('a pod that holds back its operator, over stdio', () => {
  let lsp: LspClient;
  let roots: RootFindings[];
  const archive = join(samples.ingressUnschedulable, 'insights-2022-03-24-174105');
  const dir = join(archive, 'config', 'pod', 'openshift-ingress');
  const pending = readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .map((f) => join(dir, f))
    .find((f) => readFileSync(f, 'utf8').includes('"Unschedulable"'))!;
  before(async () => {
    lsp = await LspClient.start([samples.ingressUnschedulable]);
    await lsp.idle();
    roots = (
      (await lsp.connection.sendRequest('mustGatherInspector/findings')) as {
        roots: RootFindings[];
      }
    ).roots;
  });
  after(() => lsp.stop());

  it('publishes the diagnostic on the pending pod’s file, at its PodScheduled condition', () => {
    const ds = lsp.diagnostics.get(pathToFileURL(pending).href) ?? [];
    const d = ds.find((x) => x.code === 'operator-pod-failing');
    assert.ok(d, `a diagnostic on ${pending}`);
    assert.equal(d.severity, 1, 'an error');
    assert.match(d.message, /cannot be scheduled \(0\/4 nodes\): host ports in use \(1\)/);
    // The file is one line of compact JSON: the range covers the condition's object.
    const text = readFileSync(pending, 'utf8');
    const start = d.range.start.character;
    assert.ok(
      text.slice(start).startsWith('{"type":"PodScheduled"'),
      text.slice(start, start + 40),
    );
  });

  it('titles the ingress cause by the pod, the operator’s finding under it', () => {
    const cause = roots[0]!.causes.find((c) => c.subjects.includes('co/ingress'))!;
    assert.match(cause.title, /^Pod openshift-ingress\/router-default-\S+ cannot be scheduled/);
    assert.deepEqual(
      cause.findings.map((f) => f.rule),
      ['operator-pod-failing', 'operator-degraded'],
    );
    assert.equal(fileURLToPath(cause.findings[0]!.location.uri), pending);
  });
});
