import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import type { MarkupContent } from 'vscode-languageserver-protocol';
import { machineConfigOperatorFile, poolFile, resourceFile, samples } from '../support/fixtures';
import { plain } from '../support/hover';
import { LspClient } from './lspClient';

const worker = resourceFile(samples.workerBlocksMco, poolFile('worker'));
const mco = resourceFile(samples.workerBlocksMco, machineConfigOperatorFile);

/** 0-based line and character of the first occurrence of a needle. */
function positionOf(file: string, needle: string): { line: number; character: number } {
  const lines = readFileSync(file, 'utf8').split('\n');
  const line = lines.findIndex((l) => l.includes(needle));
  assert.ok(line >= 0, `${needle} in ${file}`);
  return { line, character: lines[line]!.indexOf(needle) + 1 };
}

describe('hovers and document links over stdio', () => {
  let lsp: LspClient;
  before(async () => {
    lsp = await LspClient.start([samples.workerBlocksMco]);
    await lsp.idle();
  });
  after(() => lsp.stop());

  it('explains on the worker pool’s labels that it is not required for upgrade (seed 1943289)', async () => {
    lsp.open(worker, readFileSync(worker, 'utf8'));
    const at = positionOf(worker, '  labels:');
    const h = await lsp.hover(worker, at.line, at.character + 2);
    assert.ok(h, 'a hover');
    const c = h.contents as MarkupContent;
    assert.equal(c.kind, 'markdown');
    assert.match(c.value, /^\*\*MachineConfigPool `worker`: not required for upgrade\*\*/);
    assert.match(
      c.value,
      /`operator\.machineconfiguration\.openshift\.io\/required-for-upgrade` is \*\*absent\*\*/,
    );
    assert.match(c.value, /bug 1943289/);
    assert.deepEqual(h.range, {
      start: { line: at.line, character: 2 },
      end: { line: at.line, character: 8 },
    });
    lsp.close(worker);
  });

  it("names, under a finding's explanation, the cause it is one of (seed 1943289)", async () => {
    lsp.open(worker, readFileSync(worker, 'utf8'));
    const lines = readFileSync(worker, 'utf8').split('\n');
    const degraded = lines.findIndex((l, i) => i > 200 && l.trim() === 'type: Degraded');
    const h = await lsp.hover(worker, degraded, lines[degraded]!.indexOf('Degraded') + 2);
    const text = plain((h!.contents as MarkupContent).value);
    assert.match(text, /pool-degraded/);
    assert.match(
      text,
      /One of 19 findings of one cause: Pool worker: 11 nodes cannot drain: PodDisruptionBudgets refuse evictions/,
    );
    lsp.close(worker);
  });

  it('renders a message carrying Markdown and a command link as plain text', async () => {
    const original = readFileSync(mco, 'utf8');
    const evil = original.replace(
      'message: Working towards 4.7.4',
      'message: "[click](command:workbench.action.terminal.new) <b>x</b>"',
    );
    assert.notEqual(evil, original);
    lsp.open(mco, evil);
    const lines = evil.split('\n');
    const line = lines.findIndex((l) => l.includes('[click]'));
    // The hover reads the re-analysed snapshot, which follows the edit after a short debounce.
    let md = '';
    for (let i = 0; i < 50 && !md.includes('click'); i++) {
      const h = await lsp.hover(mco, line, 8);
      md = (h?.contents as MarkupContent | undefined)?.value ?? '';
      if (!md.includes('click')) await new Promise((r) => setTimeout(r, 200));
    }
    assert.match(md, /\\\[click\\\]\\\(command\\:workbench\\\.action\\\.terminal\\\.new\\\)/);
    assert.ok(!md.includes('](command:'));
    assert.ok(!md.includes('<b>'));
    lsp.close(mco);
  });

  it('links node names, rendered configs and pools to their files', async () => {
    lsp.open(mco, readFileSync(mco, 'utf8'));
    const links = (await lsp.documentLinks(mco)) ?? [];
    const targets = links.map((l) => l.target ?? '');
    assert.ok(targets.some((t) => t.endsWith('/machineconfigpools/worker.yaml')));
    assert.ok(targets.some((t) => t.endsWith('/core/nodes/ip-10-0-137-214.ec2.internal.yaml')));
    assert.ok(
      targets.some((t) =>
        t.endsWith('/machineconfigs/rendered-master-52dbe6cc1c25686b710496466d9c1dbb.yaml'),
      ),
    );
    lsp.close(mco);
  });

  it('lists a draining node’s eviction events on its name, read from default’s events.yaml (seed 1943289)', async () => {
    const node = resourceFile(
      samples.workerBlocksMco,
      'cluster-scoped-resources/core/nodes/ip-10-0-139-43.ec2.internal.yaml',
    );
    lsp.open(node, readFileSync(node, 'utf8'));
    const at = positionOf(node, '  name: ip-10-0-139-43.ec2.internal');
    const h = await lsp.hover(node, at.line, at.character + 4);
    assert.ok(h, 'a hover');
    const c = h.contents as MarkupContent;
    assert.equal(c.kind, 'markdown');
    assert.match(c.value, /^\*\*Node `ip-10-0-139-43\.ec2\.internal`\*\* \(pool `worker`\)/);
    assert.match(
      c.value,
      /\*\*Warning events\*\* \(of `default`, `openshift-machine-config-operator`, newest first\)/,
    );
    // The daemon's FailedToDrain: its count, age from the gather, and the eviction it could not
    // make; the message escaped (no Markdown of the must-gather's text renders).
    assert.match(
      c.value,
      /\| 5 tries\\: error when evicting pods\\\/\\"redis\\-ha\\-server\\-0\\"/,
    );
    assert.match(
      plain(c.value),
      /\| FailedToDrain \| 3 \| 1h0m before the gather \| 5 tries: error when evicting pods\/"redis-ha-server-0" -n "redis": global timeout reached: 1m30s \|/,
    );
  });

  it('answers null outside any analysed must-gather', async () => {
    assert.equal(await lsp.hover('/nonexistent/file.yaml', 0, 0), null);
  });
});
