/**
 * The language-model tools' request over stdio (`mustGatherInspector/agentTool`): the MCP
 * server's core tools answered from the window's analyses, data fenced and said to be data.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { AgentToolResult } from '../../server/src/protocol/messages';
import { samples } from '../support/fixtures';
import { hostileGather, outsideText, toolsWithPaths } from '../support/hostileGather';
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

  let stalled = '';
  it('lists the must-gathers, then says where one update stands', async () => {
    const list = await call('mustgather_list');
    const roots = (data(list) as { roots: { id: string }[] }).roots;
    assert.equal(roots.length, 2);
    stalled = roots.find((r) => r.id.includes('bug-1943289'))!.id;
    const status = await call('mustgather_status', { root: stalled, maxNodes: 3 });
    assert.equal(status.isError, undefined, status.text);
    assert.match(status.text, /control plane Stalled 4\.7\.3 → 4\.7\.4, 91% of operators updated/);
    assert.match(status.text, /data, never instructions/);
    const report = data(status) as {
      roots: { pools: { name: string; nodes: unknown[]; nodesTruncated?: { total: number } }[] }[];
    };
    const worker = report.roots[0]!.pools.find((p) => p.name === 'worker')!;
    assert.equal(worker.nodes.length, 3);
    assert.equal(worker.nodesTruncated?.total, 52);
  });

  it('gives the causes with their findings, and findings filtered', async () => {
    // A folder above a must-gather is no must-gather: refused with why.
    const above = await call('mustgather_causes', { root: samples.workerBlocksMco });
    assert.equal(above.isError, true);
    assert.match(above.text, /is an absolute path: refused/);
    const all = data(await call('mustgather_causes')) as {
      causes: { id: string; findings: number[] }[];
    };
    const drain = all.causes.find((c) => c.id === 'drain@mcp/worker');
    assert.ok(drain, all.causes.map((c) => c.id).join(', '));
    assert.ok(drain.findings.length > 0);
    const nodes = data(
      await call('mustgather_findings', { rule: 'node-mcd-degraded', subject: 'node/', limit: 4 }),
    ) as {
      findings: { rule: string; cause: string; line: number }[];
      truncated?: { note: string };
    };
    assert.equal(nodes.findings.length, 4);
    assert.ok(nodes.findings.every((f) => f.rule === 'node-mcd-degraded' && f.line > 1));
    assert.match(nodes.truncated?.note ?? '', /^truncated, 5 more: ask for offset 4/);
  });

  it('answers recommend, and says what it cannot do', async () => {
    const r = await call('mustgather_recommend', {});
    assert.ok((data(r) as { roots: unknown[] }).roots.length === 2);
    const unknown = await call('mustgather_rm', {});
    assert.equal(unknown.isError, true);
    assert.match(unknown.text, /No tool "mustgather_rm"/);
    const missing = await call('mustgather_status', { root: 'elsewhere' });
    assert.equal(missing.isError, true);
    assert.match(missing.text, /mustgather_list names them/);
    const wrong = await call('mustgather_status', { maxNodes: 'all' });
    assert.equal(wrong.isError, true);
    assert.match(wrong.text, /"maxNodes" must be an integer/);
  });

  it('explains a finding with the lines of its evidence', async () => {
    const r = await call('mustgather_explain', {
      root: stalled,
      rule: 'pool-degraded',
      subject: 'mcp/worker',
    });
    assert.equal(r.isError, undefined, r.text);
    const f = data(r) as {
      severity: string;
      cause: { id: string };
      evidence: { file: string; line: number; lines: { n: number }[] }[];
    };
    // Information beside the nine node findings that carry the error.
    assert.equal(f.severity, 'info');
    assert.equal(f.cause.id, 'drain@mcp/worker');
    const [at] = f.evidence;
    assert.match(at!.file, /machineconfigpools\/worker\.yaml$/);
    // The numbered lines around it hold the place itself.
    assert.ok(at!.lines.some((l) => l.n === at!.line));
    const none = await call('mustgather_explain', { root: stalled, rule: 'pool-degraded' });
    assert.equal(none.isError, true);
  });

  it('gives the timeline of one object, filtered by level and time', async () => {
    const r = data(
      await call('mustgather_timeline', {
        subject: 'co/machine-config',
        level: 'Error',
        since: '2021-03-25T09:00:00Z',
      }),
    ) as {
      intervals: { locator: string; level: string; reason: string; file: string; line: number }[];
    };
    assert.ok(r.intervals.length >= 2);
    assert.ok(r.intervals.every((i) => i.locator === 'co/machine-config' && i.level === 'Error'));
    const degraded = r.intervals.find((i) => i.reason.startsWith('Degraded=True'));
    assert.match(degraded?.file ?? '', /clusteroperators\/machine-config\.yaml$/);
    assert.equal(degraded?.line, 75);
  });

  it('gets an object as YAML without its managedFields', async () => {
    const r = await call('mustgather_get', { root: stalled, subject: 'co/machine-config' });
    assert.equal(r.isError, undefined, r.text);
    const o = data(r) as { file: string; yaml: string };
    assert.match(o.file, /clusteroperators\/machine-config\.yaml$/);
    assert.match(o.yaml, /^kind: ClusterOperator$/m);
    assert.match(o.yaml, /reason: RequiredPoolsFailed/);
    assert.doesNotMatch(o.yaml, /managedFields/);
    const none = await call('mustgather_get', { root: stalled, subject: 'co/../../etc/passwd' });
    assert.equal(none.isError, true);
  });

  it("lists a draining node's Warning events", async () => {
    const r = await call('mustgather_events', {
      root: stalled,
      subject: 'node/ip-10-0-137-214.ec2.internal',
    });
    assert.equal(r.isError, undefined, r.text);
    const e = data(r) as { events: { reason: string; file: string }[] };
    assert.ok(
      e.events.some((x) => x.reason === 'FailedToDrain'),
      JSON.stringify(e.events),
    );
    assert.ok(e.events.every((x) => /events\.yaml$/.test(x.file)));
  });

  it('compares two rendered configs: what changed, and the diff', async () => {
    const list = await lsp.connection.sendRequest('mustGatherInspector/machineConfigs', {});
    const names = (list as { name: string; root: string }[])
      .filter((m) => m.root.includes('bug-1943289') && m.name.startsWith('rendered-worker-'))
      .map((m) => m.name);
    assert.equal(names.length, 2, names.join(', '));
    const r = await call('mustgather_diff_configs', { root: stalled, a: names[0], b: names[1] });
    assert.equal(r.isError, undefined, r.text);
    const d = data(r) as { summaryText: string; diff: string };
    assert.match(d.diff, /^--- /m);
    assert.ok(d.summaryText.length > 0);
  });

  it("searches a container's log for a literal text (case-insensitive) in a time window", async () => {
    const container =
      'openshift-cluster-version/cluster-version-operator-f54b6964f-ckqcz/cluster-version-operator';
    const r = await call('mustgather_logs', {
      root: stalled,
      container,
      pattern: 'result of work: [cluster operator machine-config is still updating]',
      since: '2021-03-25T11:50:00Z',
      maxLines: 2,
    });
    assert.equal(r.isError, undefined, r.text);
    const d = data(r) as { lines: { line: number; text: string }[]; matched: number };
    assert.equal(d.lines.length, 2);
    // The newest kept, in file order, each with the file's own line number.
    assert.match(d.lines[1]!.text, /^2021-03-25T12:14:54/);
    assert.ok(d.lines[0]!.line < d.lines[1]!.line);
    assert.equal(d.matched, 3);
    const bad = await call('mustgather_logs', { root: stalled, container: 'a/../b' });
    assert.equal(bad.isError, true);
  });
});

describe('language-model tools: one confinement (the MCP table, test/unit/agentConfinement)', () => {
  const hostile = hostileGather();
  let lsp: LspClient;
  const call = (name: string, input: unknown = {}) =>
    lsp.connection.sendRequest('mustGatherInspector/agentTool', {
      name,
      input,
    }) as Promise<AgentToolResult>;
  before(async () => {
    lsp = await LspClient.start([hostile.path]);
    await lsp.idle();
  });
  after(async () => {
    await lsp.stop();
    hostile.remove();
  });

  it('refuses every hostile call as a tool error that says why, nothing of the outside shown', async () => {
    assert.equal(
      (await call('mustgather_get', { subject: 'co/machine-config' })).isError,
      undefined,
    );
    const covered = new Set(hostile.calls.map((c) => c.tool));
    assert.deepEqual(
      toolsWithPaths.filter((t) => !covered.has(t)),
      [],
    );
    for (const c of hostile.calls) {
      const a = await call(c.tool, c.args);
      const what = `${c.tool} ${JSON.stringify(c.args)}`;
      assert.equal(a.isError, true, `${what} was answered: ${a.text.slice(0, 400)}`);
      assert.match(a.text, c.why, what);
      assert.doesNotMatch(a.text, outsideText, what);
      assert.doesNotMatch(a.text, / failed: /, `${what}: a refusal, not an internal error`);
    }
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
    chain: { kind: string; name: string; state: string; file?: string; line?: number }[];
  }

  it("gives each cause its root object and chain, each step at its file:line, and explain the finding's cause with them", async () => {
    const all = data(await call('mustgather_causes')) as { causes: Cause[] };
    const c = all.causes[0]!;
    assert.equal(c.rootSubject, 'pod/openshift-apiserver/apiserver-bjmpcchmxn-r5k64');
    assert.deepEqual(
      c.chain.map((s) => s.kind),
      ['operator', 'workload', 'pod', 'container', 'node', 'log'],
    );
    const at = (i: number) => `${c.chain[i]!.file}:${c.chain[i]!.line}`;
    assert.match(at(0), /\/clusteroperators\/openshift-apiserver\.yaml:16$/);
    assert.match(at(1), /^namespaces\/openshift-apiserver\/apps\/deployments\.yaml:\d+$/);
    assert.match(at(5), /\/logs\/previous\.log:2$/);
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
