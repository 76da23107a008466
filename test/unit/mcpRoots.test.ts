/**
 * Where the MCP server's must-gathers come from: the paths given at start (an archive through the
 * archive cache, nothing written beside it), else the client's roots, followed when they change;
 * with none, every tool says how to give one.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { after, describe, it } from 'node:test';
import { runCli } from '../support/cli';
import { samples, updates } from '../support/fixtures';
import { listing } from '../support/listing';
import { startMcp } from '../support/mcp';

type Obj = Record<string, unknown>;
const ids = (a: { structured: Obj }) => (a.structured.roots as Obj[]).map((r) => String(r.id));

/** Every tool with arguments it accepts, for the no-root answers. */
const calls: [string, Obj][] = [
  ['mustgather_list', {}],
  ['mustgather_status', {}],
  ['mustgather_findings', {}],
  ['mustgather_causes', {}],
  ['mustgather_explain', { index: 0 }],
  ['mustgather_get', { subject: 'co/machine-config' }],
  ['mustgather_diff_configs', { a: 'rendered-worker-a', b: 'rendered-worker-b' }],
  ['mustgather_timeline', {}],
  [
    'mustgather_logs',
    { container: 'openshift-cluster-version/cluster-version-operator/cluster-version-operator' },
  ],
  ['mustgather_events', { subject: 'node/a' }],
  ['mustgather_recommend', {}],
];

const work = mkdtempSync(join(tmpdir(), 'mgi-mcp-roots-'));
after(() => rmSync(work, { recursive: true, force: true }));

describe('MCP roots', () => {
  it('without a root, every tool answers how to give one', async () => {
    const mcp = await startMcp([]);
    try {
      for (const [name, args] of calls) {
        const a = await mcp.call(name, args);
        assert.equal(a.isError, true, name);
        assert.match(
          a.text,
          /^no must-gather to read: start the server with must-gather paths .* or use a client that offers roots/,
          name,
        );
      }
    } finally {
      await mcp.close();
    }
  });

  it('with paths holding none, says which and why', async () => {
    const empty = join(work, 'empty');
    mkdirSync(empty);
    const mcp = await startMcp([empty, join(work, 'missing')]);
    try {
      const a = await mcp.call('mustgather_status');
      assert.equal(a.isError, true);
      assert.match(
        a.text,
        /empty: no must-gather found in it; .*missing: does not exist\): the paths the server was started with hold none/,
      );
    } finally {
      await mcp.close();
    }
  });

  it("reads the client's roots, and the new ones after they change", async () => {
    const mcp = await startMcp([], { roots: [samples.workerBlocksMco] });
    try {
      assert.deepEqual(
        ids(await mcp.call('mustgather_list')).map((id) => id.split('/')[0]),
        ['bug-1943289-worker-pool-blocks-mco'],
      );
      await mcp.setRoots([updates.stalled, samples.levelEarly]);
      const after = ids(await mcp.call('mustgather_list')).map((id) => id.split('/')[0]);
      assert.deepEqual(after, ['update-stalled-degraded-node', 'bug-2019850-mco-level-early']);
      // Two must-gathers: a question about one must name it.
      const get = await mcp.call('mustgather_get', { subject: 'co/machine-config' });
      assert.match(get.text, /^2 must-gathers are open: name one with "root"/);
      const status = await mcp.call('mustgather_status');
      assert.equal((status.structured.roots as Obj[]).length, 2);
    } finally {
      await mcp.close();
    }
  });

  it('runs as must-gather-inspector mcp (the CLI loading dist/mcp.js)', async () => {
    const mcp = await startMcp([samples.levelEarly], { viaCli: true });
    try {
      assert.equal(mcp.client.getServerVersion()?.name, 'must-gather-inspector');
      assert.match(
        ids(await mcp.call('mustgather_list'))[0] ?? '',
        /^bug-2019850-mco-level-early\//,
      );
    } finally {
      await mcp.close();
    }
  });

  it('opens an archive through the cache, writing nothing beside it', async () => {
    const cases = join(work, 'case');
    mkdirSync(cases);
    const tgz = join(cases, 'must-gather.tar.gz');
    const sample = samples.levelEarly;
    const r = spawnSync('tar', ['-czf', tgz, '-C', dirname(sample), basename(sample)], {
      encoding: 'utf8',
    });
    assert.equal(r.status, 0, r.stderr);
    const before = listing(cases);
    const cacheDir = join(work, 'cache');
    const mcp = await startMcp(['--cache-dir', cacheDir, tgz]);
    try {
      const [id] = ids(await mcp.call('mustgather_list'));
      assert.match(
        id ?? '',
        /^must-gather\.tar\.gz!\/bug-2019850-mco-level-early\/must-gather\.local\.\d+\//,
      );
      const co = await mcp.call('mustgather_get', { subject: 'co/machine-config' });
      assert.equal(co.isError, false, co.text);
      assert.match(String(co.structured.yaml), /kind: ClusterOperator/);
      // The same assessment as the CLI gives for the folder the archive holds.
      const status = await mcp.call('mustgather_status');
      const cp = (status.structured.roots as Obj[])[0]?.controlPlane as Obj;
      const cli = JSON.parse(runCli('status', sample, '--format', 'json').stdout) as {
        roots: Obj[];
      };
      assert.equal(cp.assessment, (cli.roots[0]?.controlPlane as Obj).assessment);
      assert.equal(cp.reason, (cli.roots[0]?.controlPlane as Obj).reason);
    } finally {
      await mcp.close();
    }
    assert.deepEqual(listing(cases), before, 'nothing written beside the archive');
    assert.equal(
      readdirSync(cacheDir).filter((n) => !n.startsWith('.')).length,
      1,
      'extracted once, into the cache',
    );
  });
});
