/**
 * Issue 40 through the MCP server: mustgather_causes and mustgather_explain give a cause's root
 * object and its chain (operator → workload → pod → container → node → log line), each step at
 * its file (relative to the must-gather, as mustgather_get takes it) and line.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { mustGatherRoot, samples } from '../support/fixtures';
import { startMcp } from '../support/mcp';
import { runCli } from '../support/cli';
import type { McpRun } from '../support/mcp';

interface Step {
  kind: string;
  name: string;
  state: string;
  file?: string;
  line?: number;
}
interface Cause {
  id: string;
  rootSubject: string;
  findings: number[];
  chain: Step[];
}

const gather = mustGatherRoot(samples.apiserverCrashLoop);
const pod = 'pod/openshift-apiserver/apiserver-bjmpcchmxn-r5k64';

describe('MCP: a cause with its chain', () => {
  let mcp: McpRun;
  before(async () => {
    mcp = await startMcp([samples.apiserverCrashLoop]);
  });
  after(() => mcp.close());

  it('mustgather_causes: the root object and the chain of apiserver-crashloop, each step at its line', async () => {
    const a = await mcp.call('mustgather_causes');
    assert.equal(a.isError, false, a.text);
    const [c] = a.structured.causes as Cause[];
    assert.equal(c?.rootSubject, pod);
    assert.deepEqual(
      c.chain.map((s) => s.kind),
      ['operator', 'workload', 'pod', 'container', 'node', 'log'],
    );
    const lineOf = (s: Step) =>
      readFileSync(join(gather, s.file!), 'utf8').split('\n')[s.line! - 1]!;
    assert.equal(
      c.chain[0]!.file,
      'cluster-scoped-resources/config.openshift.io/clusteroperators/openshift-apiserver.yaml',
    );
    // The Degraded condition's item: its first line, `type` among the lines after it.
    const operator = readFileSync(join(gather, c.chain[0]!.file!), 'utf8').split('\n');
    const item = operator.slice(c.chain[0]!.line! - 1, c.chain[0]!.line! + 8).join('\n');
    assert.match(item, /^ *- [\s\S]*type: Degraded/);
    assert.match(lineOf(c.chain[5]!), /tls: private key does not match public key/);
    // The text gives the same data, fenced (the agent core's one answer for MCP and the editor).
    const fencedJson = /^(`{3,})json\n([\s\S]*)\n\1$/m.exec(a.text);
    assert.ok(fencedJson, a.text.slice(0, 300));
    assert.deepEqual(JSON.parse(fencedJson[2]!), a.structured);
  });

  it('mustgather_explain: the cause of a finding with its root object and chain', async () => {
    const [c] = (await mcp.call('mustgather_causes')).structured.causes as Cause[];
    const a = await mcp.call('mustgather_explain', { index: c!.findings[1] });
    assert.equal(a.isError, false, a.text);
    const cause = a.structured.cause as Cause & { title: string };
    assert.equal(cause.id, c!.id);
    assert.equal(cause.rootSubject, pod);
    assert.deepEqual(cause.chain, c!.chain);
  });
});

describe('status: each cause with its chain (CLI JSON and mustgather_status)', () => {
  it('status --format json places each step as evidence is', () => {
    const r = runCli('status', samples.apiserverCrashLoop, '--format', 'json');
    const report = JSON.parse(r.stdout) as {
      roots: { root: string; causes: { chain: Step[] }[] }[];
    };
    const [root] = report.roots;
    const chain = root!.causes[0]!.chain;
    assert.deepEqual(
      chain.map((s) => s.kind),
      ['operator', 'workload', 'pod', 'container', 'node', 'log'],
    );
    const log = chain[5]!;
    const text = readFileSync(join(samples.apiserverCrashLoop, log.file!), 'utf8');
    assert.match(text.split('\n')[log.line! - 1]!, /tls: private key does not match public key/);
  });

  it('mustgather_status gives the same chain', async () => {
    const mcp = await startMcp([samples.apiserverCrashLoop]);
    try {
      const a = await mcp.call('mustgather_status');
      assert.equal(a.isError, false, a.text);
      const roots = a.structured.roots as { causes: { chain: Step[] }[] }[];
      assert.deepEqual(
        roots[0]!.causes[0]!.chain.map((s) => `${s.kind} ${s.name}`),
        [
          'operator ClusterOperator openshift-apiserver',
          'workload Deployment openshift-apiserver/apiserver',
          'pod pod openshift-apiserver/apiserver-bjmpcchmxn-r5k64',
          'container container openshift-apiserver',
          'node node ip-10-0-151-136.us-west-2.compute.internal',
          'log previous run’s log',
        ],
      );
    } finally {
      await mcp.close();
    }
  });
});
