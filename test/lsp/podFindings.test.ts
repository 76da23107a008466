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
import type { MarkupContent } from 'vscode-languageserver';
import type { RootFindings } from '../../server/src/protocol/messages';
import { plain } from '../support/hover';
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

describe('a crash-looping replica, followed from its operator’s hover, over stdio', () => {
  let lsp: LspClient;
  before(async () => {
    lsp = await LspClient.start([samples.apiserverCrashLoop]);
    await lsp.idle();
  });
  after(() => lsp.stop());

  const find = (dir: string, suffix: string): string => {
    for (const e of readdirSync(dir, { withFileTypes: true, recursive: true }))
      if (e.isFile() && join(e.parentPath, e.name).endsWith(suffix))
        return join(e.parentPath, e.name);
    throw new Error(`no ${suffix} under ${dir}`);
  };

  it('shows the chain operator → Deployment → pod → container → node → log line, each a link to its line', async () => {
    const file = find(samples.apiserverCrashLoop, '/clusteroperators/openshift-apiserver.yaml');
    const text = readFileSync(file, 'utf8');
    lsp.open(file, text);
    const lines = text.split('\n');
    const degraded = lines.findIndex((l) => l.trim() === 'type: Degraded');
    const h = await lsp.hover(file, degraded, lines[degraded]!.indexOf('Degraded') + 2);
    const value = (h!.contents as MarkupContent).value;
    const links = [...value.matchAll(/\[([^\]]+)\]\((file:[^)#]+)#L(\d+)\)/g)].map((m) => ({
      name: plain(m[1]!),
      file: fileURLToPath(m[2]!),
      line: Number(m[3]),
    }));
    const pods = find(samples.apiserverCrashLoop, '/openshift-apiserver/core/pods.yaml');
    const podLine = links.find(
      (l) => l.name === 'pod openshift-apiserver/apiserver-bjmpcchmxn-r5k64',
    );
    assert.ok(podLine, plain(value));
    assert.equal(podLine.file, pods);
    // The link lands on the pod's List item: its `- apiVersion: v1` line, then its name.
    const podText = readFileSync(pods, 'utf8').split('\n');
    assert.match(
      podText.slice(podLine.line - 1, podLine.line + 40).join('\n'),
      /name: apiserver-bjmpcchmxn-r5k64/,
    );
    const deployment = links.find((l) => l.name === 'Deployment openshift-apiserver/apiserver');
    assert.ok(deployment?.file.endsWith('/apps/deployments.yaml'));
    const node = links.find((l) => l.name.startsWith('node ip-10-0-151-136'));
    assert.ok(node?.file.endsWith('/nodes/ip-10-0-151-136.us-west-2.compute.internal.yaml'));
    const log = links.find((l) => l.file.endsWith('/logs/previous.log'));
    assert.ok(log, 'the log line is a link');
    assert.match(
      readFileSync(log.file, 'utf8').split('\n')[log.line - 1]!,
      /private key does not match/,
    );
    assert.match(
      plain(value),
      /container openshift-apiserver\]\([^)]+\): CrashLoopBackOff, 14 restarts, last exit code 255/,
    );
    lsp.close(file);
  });
});
