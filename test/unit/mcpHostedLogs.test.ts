/**
 * `mustgather_logs` on a `hypershift dump` (issue 45): the control plane's containers log to flat
 * files `namespaces/<cp-ns>/core/pods/logs/<pod>-<container>[-previous].log` of the management
 * part. They are read as a must-gather's pod logs are (bounded, the file's own line numbers,
 * named `../namespaces/…` as findings name them); the management part's other namespaces are not.
 */
import assert from 'node:assert/strict';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { hosted } from '../support/fixtures';
import { startMcp } from '../support/mcp';
import type { McpRun } from '../support/mcp';

type Obj = Record<string, unknown>;
const list = (v: unknown) => v as Obj[];
const logs = '../namespaces/clusters-prod/core/pods/logs';
const apiserver = 'openshift-apiserver-glrcsb6zmj-tx9qb';

// A copy of the crash-looping dump with a second hosted cluster's flat log beside it.
const tmp = mkdtempSync(join(tmpdir(), 'mgi-hosted-logs-'));
const dump = join(tmp, 'dump');
cpSync(hosted.cpCrashLoop, dump, { recursive: true });
const otherLogs = join(dump, 'namespaces', 'clusters-other', 'core', 'pods', 'logs');
mkdirSync(otherLogs, { recursive: true });
writeFileSync(join(otherLogs, 'secret-pod-abc-app.log'), 'outside-the-gather\n');
after(() => rmSync(tmp, { recursive: true, force: true }));

/** A line of a file named relative to the guest part (`../` is the dump), 1-based. */
const lineOf = (dir: string, file: string, n: number) =>
  readFileSync(join(dir, 'hostedcluster-prod', file), 'utf8').split('\n')[n - 1];

describe('mustgather_logs on a hosted control plane', () => {
  let mcp: McpRun;
  before(async () => {
    mcp = await startMcp([dump]);
  });
  after(() => mcp.close());

  it("reads a crash-looping control-plane container's previous and current flat logs", async () => {
    const a = await mcp.call('mustgather_logs', {
      container: `clusters-prod/openshift-apiserver/openshift-apiserver`,
    });
    assert.equal(a.isError, false, a.text);
    const d = a.structured;
    assert.equal(d.container, `clusters-prod/${apiserver}/openshift-apiserver`);
    assert.deepEqual(
      list(d.files).map((f) => [f.file, f.instance, f.searchedFromLine]),
      [
        [`${logs}/${apiserver}-openshift-apiserver-previous.log`, 'previous', 1],
        [`${logs}/${apiserver}-openshift-apiserver.log`, 'current', 1],
      ],
    );
    const lines = list(d.lines);
    assert.equal(d.matched, 12);
    assert.equal(lines.length, 12);
    assert.match(String(lines[0]?.file), /-previous\.log$/, 'oldest first: the previous run');
    assert.doesNotMatch(String(lines[11]?.file), /-previous\.log$/);
    for (const l of lines) assert.equal(l.text, lineOf(dump, String(l.file), Number(l.line)));
  });

  it('keeps the lines holding the pattern, bounded by maxLines, newest kept', async () => {
    const a = await mcp.call('mustgather_logs', {
      container: `clusters-prod/${apiserver}/openshift-apiserver`,
      pattern: 'starting OPENSHIFT-APISERVER',
      maxLines: 1,
    });
    assert.equal(a.isError, false, a.text);
    const lines = list(a.structured.lines);
    assert.equal(a.structured.matched, 2);
    assert.equal(lines.length, 1);
    assert.equal(lines[0]?.file, `${logs}/${apiserver}-openshift-apiserver.log`);
    assert.equal(lines[0]?.line, 2);
    assert.match(String(lines[0]?.text), /Starting openshift-apiserver 4\.19\.9/);
    assert.match(String((a.structured.truncated as Obj).note), /^truncated, 1 more \(older\)/);
  });

  for (const [container, why] of [
    ['hypershift/operator-6jwnnjz4xn-kfmn9/operator', /management part, not this hosted cluster's/],
    ['clusters-other/secret-pod-abc/app', /management part, not this hosted cluster's/],
    ['clusters-prod/../hypershift/operator', /climbs out|not a plain name|name a container/],
  ] as const)
    it(`refuses ${container}`, async () => {
      const a = await mcp.call('mustgather_logs', { container });
      assert.equal(a.isError, true, a.text.slice(0, 400));
      assert.match(a.text, why);
      assert.doesNotMatch(a.text, /outside-the-gather|Starting/);
    });

  it('says clearly when a control-plane pod or container has no log', async () => {
    const none = await mcp.call('mustgather_logs', { container: 'clusters-prod/etcd-0/etcd' });
    assert.equal(none.isError, true, none.text);
    assert.match(none.text, /holds no log of pod etcd-0 in the control-plane namespace/);
    const container = await mcp.call('mustgather_logs', {
      container: `clusters-prod/${apiserver}/no-such-container`,
    });
    assert.equal(container.isError, true, container.text);
    assert.match(
      container.text,
      new RegExp(`no logs of container no-such-container .*containers with logs: ${apiserver}/`),
    );
    const pod = await mcp.call('mustgather_logs', { container: 'clusters-prod/no-such-pod/x' });
    assert.equal(pod.isError, true, pod.text);
    assert.match(pod.text, /no pod no-such-pod in the control-plane namespace clusters-prod/);
  });

  it("still reads the guest's own pod logs", async () => {
    const a = await mcp.call('mustgather_logs', { container: 'shop/cart-db-0/postgresql' });
    assert.equal(a.isError, false, a.text);
    assert.match(String(list(a.structured.files)[0]?.file), /^namespaces\/shop\/pods\/cart-db-0\//);
  });
});

describe('mustgather_logs on an in-place drain stuck', () => {
  let mcp: McpRun;
  before(async () => {
    mcp = await startMcp([hosted.inPlaceDrainStuck]);
  });
  after(() => mcp.close());

  it("finds the drainer's failures in the hosted cluster config operator's flat log", async () => {
    const a = await mcp.call('mustgather_logs', {
      container: 'clusters-prod/hosted-cluster-config-operator/hosted-cluster-config-operator',
      pattern: 'drain failed',
      maxLines: 5,
    });
    assert.equal(a.isError, false, a.text);
    const lines = list(a.structured.lines);
    assert.equal(lines.length, 5);
    assert.ok(Number(a.structured.matched) > 5);
    for (const l of lines) {
      assert.match(
        String(l.file),
        /hosted-cluster-config-operator-cghmnd6p25-hc59m-hosted-cluster-config-operator\.log$/,
      );
      assert.equal(l.text, lineOf(hosted.inPlaceDrainStuck, String(l.file), Number(l.line)));
      assert.match(String(l.text), /drain failed/);
    }
  });
});

describe('mustgather_logs on a hypershift dump without its guest part', () => {
  const bare = join(tmp, 'bare');
  cpSync(hosted.cpCrashLoop, bare, { recursive: true });
  rmSync(join(bare, 'hostedcluster-prod'), { recursive: true });
  let mcp: McpRun;
  before(async () => {
    mcp = await startMcp([bare]);
  });
  after(() => mcp.close());

  it('reads the control plane at its own path, and refuses the hypershift namespace', async () => {
    const a = await mcp.call('mustgather_logs', {
      container: `clusters-prod/${apiserver}/openshift-apiserver`,
      pattern: 'Starting',
    });
    assert.equal(a.isError, false, a.text);
    assert.equal(
      list(a.structured.lines)[0]?.file,
      `namespaces/clusters-prod/core/pods/logs/${apiserver}-openshift-apiserver-previous.log`,
    );
    const refused = await mcp.call('mustgather_logs', {
      container: 'hypershift/operator-6jwnnjz4xn-kfmn9/operator',
    });
    assert.equal(refused.isError, true, refused.text);
    assert.match(refused.text, /management part, not this hosted cluster's/);
  });
});
