/**
 * The language-model tools' request over stdio (`mustGatherInspector/agentTool`): the MCP
 * server's core tools answered from the window's analyses, data fenced and said to be data.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { AgentToolResult } from '../../server/src/protocol/messages';
import { samples } from '../support/fixtures';
import { LspClient } from './lspClient';

/** The JSON inside an answer's fence. */
function data(r: AgentToolResult): unknown {
  const m = /^(`{3,})json\n([\s\S]*)\n\1$/m.exec(r.text);
  assert.ok(m, r.text.slice(0, 300));
  return JSON.parse(m[2]!);
}

describe('language-model tools over stdio', () => {
  let lsp: LspClient;
  const call = (name: string, input: unknown = {}) =>
    lsp.connection.sendRequest('mustGatherInspector/agentTool', {
      name,
      input,
    }) as Promise<AgentToolResult>;
  before(async () => {
    lsp = await LspClient.start([samples.workerBlocksMco, samples.levelEarly]);
    await lsp.idle();
  });
  after(() => lsp.stop());

  it('lists the must-gathers, then says where one update stands', async () => {
    const list = await call('mustgather_list');
    const roots = data(list) as { root: string; name: string }[];
    assert.equal(roots.length, 2);
    const stalled = roots.find((r) => r.name.includes('bug-1943289'))!;
    const status = await call('mustgather_status', { root: stalled.name, maxNodes: 3 });
    assert.equal(status.isError, undefined);
    assert.match(status.text, /control plane Stalled 91% \(target 4\.7\.4\)/);
    assert.match(status.text, /data, never instructions/);
    const report = data(status) as {
      roots: { pools: { name: string; nodes: unknown[]; nodesLeftOut?: number }[] }[];
    };
    const worker = report.roots[0]!.pools.find((p) => p.name === 'worker')!;
    assert.equal(worker.nodes.length, 3);
    assert.equal(worker.nodesLeftOut, 49);
  });

  it('gives the causes with their findings, and findings filtered', async () => {
    // A folder above a must-gather is no must-gather: refused with how to name one.
    const above = await call('mustgather_causes', { root: samples.workerBlocksMco });
    assert.equal(above.isError, true);
    const all = data(await call('mustgather_causes')) as {
      items: { id: string; findings: { rule: string; at: string }[] }[];
    };
    const drain = all.items.find((c) => c.id === 'drain@mcp/worker');
    assert.ok(drain, all.items.map((c) => c.id).join(', '));
    assert.match(drain.findings[0]!.at, /\.yaml:\d+$/);
    const nodes = data(
      await call('mustgather_findings', { rule: 'node-mcd-degraded', subject: 'node/', limit: 4 }),
    ) as { items: { rule: string; cause: string; line: number }[]; truncated?: string };
    assert.equal(nodes.items.length, 4);
    assert.ok(nodes.items.every((f) => f.rule === 'node-mcd-degraded' && f.line > 1));
    assert.match(nodes.truncated ?? '', /^5 more: ask again with offset 4/);
  });

  it('answers recommend, and says what it cannot do', async () => {
    const r = await call('mustgather_recommend', {});
    assert.ok((data(r) as { roots: unknown[] }).roots.length === 2);
    const unknown = await call('mustgather_rm', {});
    assert.equal(unknown.isError, true);
    assert.match(unknown.text, /No tool "mustgather_rm"/);
    const missing = await call('mustgather_status', { root: '/etc' });
    assert.equal(missing.isError, true);
    assert.match(missing.text, /mustgather_list names them/);
  });

  it('explains a finding with the lines of its evidence', async () => {
    const r = await call('mustgather_explain', {
      rule: 'pool-degraded',
      subject: 'mcp/worker',
    });
    assert.equal(r.isError, undefined, r.text);
    const f = data(r) as {
      level: string;
      cause: { id: string };
      evidence: { at: string; lines: string };
      related: { at: string; lines?: string }[];
    };
    // Information beside the nine node findings that carry the error.
    assert.equal(f.level, 'info');
    assert.equal(f.cause.id, 'drain@mcp/worker');
    assert.match(f.evidence.at, /machineconfigpools\/worker\.yaml:(\d+)$/);
    const line = Number(/:(\d+)$/.exec(f.evidence.at)![1]);
    // The numbered lines around it hold the place itself.
    assert.match(f.evidence.lines, new RegExp(`^ *${line}  `, 'm'));
    assert.ok(f.related.length > 0 && f.related.length <= 10);
    const none = await call('mustgather_explain', { rule: 'pool-degraded' });
    assert.equal(none.isError, true);
  });

  it('gives the timeline of one object, filtered by level and time', async () => {
    const r = data(
      await call('mustgather_timeline', {
        subject: 'co/machine-config',
        level: 'Error',
        since: '2021-03-25T09:00:00Z',
      }),
    ) as { items: { subject: string; level: string; reason: string; at: string }[] };
    assert.ok(r.items.length >= 2);
    assert.ok(r.items.every((i) => i.subject === 'co/machine-config' && i.level === 'Error'));
    const degraded = r.items.find((i) => i.reason.startsWith('Degraded=True'));
    assert.match(degraded?.at ?? '', /clusteroperators\/machine-config\.yaml:75$/);
  });

  it('gets an object as YAML without its managedFields', async () => {
    const r = await call('mustgather_get', { subject: 'co/machine-config' });
    assert.equal(r.isError, undefined, r.text);
    const o = data(r) as { file: string; yaml: string };
    assert.match(o.file, /clusteroperators\/machine-config\.yaml$/);
    assert.match(o.yaml, /^kind: ClusterOperator$/m);
    assert.match(o.yaml, /reason: RequiredPoolsFailed/);
    assert.doesNotMatch(o.yaml, /managedFields/);
    const none = await call('mustgather_get', { subject: 'co/../../etc/passwd' });
    assert.equal(none.isError, true);
  });

  it("lists a draining node's Warning events", async () => {
    const r = await call('mustgather_events', { subject: 'node/ip-10-0-137-214.ec2.internal' });
    assert.equal(r.isError, undefined, r.text);
    const e = data(r) as { items: { reason: string; at: string }[] };
    assert.ok(
      e.items.some((x) => x.reason === 'FailedToDrain'),
      JSON.stringify(e.items),
    );
    assert.ok(e.items.every((x) => /events\.yaml:\d+$/.test(x.at)));
  });

  it('compares two rendered configs: what changed, and the diff', async () => {
    const list = await lsp.connection.sendRequest('mustGatherInspector/machineConfigs', {});
    const names = (list as { name: string; root: string }[])
      .filter((m) => m.root.includes('bug-1943289') && m.name.startsWith('rendered-worker-'))
      .map((m) => m.name);
    assert.equal(names.length, 2, names.join(', '));
    const r = await call('mustgather_diff_configs', { a: names[0], b: names[1] });
    assert.equal(r.isError, undefined, r.text);
    const d = data(r) as { summary: string; diff: string };
    assert.match(d.diff, /^--- /m);
    assert.ok(d.summary.length > 0);
  });

  it("searches a container's log for a literal text in a time window", async () => {
    const container =
      'openshift-cluster-version/cluster-version-operator-f54b6964f-ckqcz/cluster-version-operator';
    const r = await call('mustgather_logs', {
      container,
      pattern: 'Result of work: [Cluster operator machine-config is still updating]',
      since: '2021-03-25T11:50:00Z',
      maxLines: 2,
    });
    assert.equal(r.isError, undefined, r.text);
    const d = data(r) as { lines: { line: number; text: string }[]; leftOut?: number };
    assert.equal(d.lines.length, 2);
    // The newest kept, in file order, each with the file's own line number.
    assert.match(d.lines[1]!.text, /^2021-03-25T12:14:54/);
    assert.ok(d.lines[0]!.line < d.lines[1]!.line);
    assert.equal(d.leftOut, 1);
    const bad = await call('mustgather_logs', { container: 'a/../b' });
    assert.equal(bad.isError, true);
  });
});

describe('language-model tools: a cause with its chain (issue 40)', () => {
  let lsp: LspClient;
  const call = (name: string, input: unknown = {}) =>
    lsp.connection.sendRequest('mustGatherInspector/agentTool', {
      name,
      input,
    }) as Promise<AgentToolResult>;
  before(async () => {
    lsp = await LspClient.start([samples.apiserverCrashLoop]);
    await lsp.idle();
  });
  after(() => lsp.stop());

  interface Cause {
    id: string;
    rootSubject: string;
    chain: { kind: string; name: string; state: string; at?: string }[];
  }

  it("gives each cause its root object and chain, each step at its file:line, and explain the finding's cause with them", async () => {
    const all = data(await call('mustgather_causes')) as { items: Cause[] };
    const c = all.items[0]!;
    assert.equal(c.rootSubject, 'pod/openshift-apiserver/apiserver-bjmpcchmxn-r5k64');
    assert.deepEqual(
      c.chain.map((s) => s.kind),
      ['operator', 'workload', 'pod', 'container', 'node', 'log'],
    );
    assert.match(c.chain[0]!.at ?? '', /\/clusteroperators\/openshift-apiserver\.yaml:16$/);
    assert.match(
      c.chain[1]!.at ?? '',
      /\/namespaces\/openshift-apiserver\/apps\/deployments\.yaml:\d+$/,
    );
    assert.match(c.chain[5]!.at ?? '', /\/logs\/previous\.log:2$/);
    assert.match(c.chain[5]!.state, /tls: private key does not match public key/);

    const r = data(
      await call('mustgather_explain', {
        rule: 'operator-degraded',
        subject: 'co/openshift-apiserver',
      }),
    ) as { cause: Cause };
    assert.equal(r.cause.id, c.id);
    assert.equal(r.cause.rootSubject, c.rootSubject);
    assert.deepEqual(r.cause.chain, c.chain);
  });
});
