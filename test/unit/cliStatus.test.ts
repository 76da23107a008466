import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import type { NodeReport, StatusReport } from '../../server/src/core/updateStatus';
import { examplesDir, samples } from '../support/fixtures';
import { runCli } from '../support/cli';

const run = (...args: string[]) => runCli('status', ...args);

function json(path: string): { code: number | null; report: StatusReport } {
  const r = run(path, '--format', 'json');
  return { code: r.code, report: JSON.parse(r.stdout) as StatusReport };
}

const rfc3339 = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d{3})?Z$/;
const timeOrNull = (v: unknown) => v === null || (typeof v === 'string' && rfc3339.test(v));
const nodeKeys = [
  'assessment',
  'currentConfig',
  'desiredConfig',
  'estimate',
  'file',
  'line',
  'message',
  'name',
  'phase',
  'pool',
  'since',
  'unavailable',
  'version',
];

/** The text of the line a report entry points at. */
function lineAt(base: string, e: { file: string; line: number }): string {
  return readFileSync(join(base, e.file), 'utf8').split('\n')[e.line - 1] ?? '';
}

describe('CLI status: the JSON contract', () => {
  const { code, report } = json(examplesDir);

  it('has one entry per must-gather with the documented fields, times in RFC 3339 UTC', () => {
    assert.equal(code, 1, 'error-level insights give exit status 1');
    assert.equal(report.roots.length, 2);
    for (const r of report.roots) {
      assert.deepEqual(Object.keys(r).sort(), [
        'causes',
        'controlPlane',
        'gatherTime',
        'insights',
        'pools',
        'root',
        'summary',
      ]);
      assert.ok(timeOrNull(r.gatherTime) && r.gatherTime !== null);
      const cp = r.controlPlane;
      for (const k of [
        'assessment',
        'target',
        'from',
        'fromIncomplete',
        'lastCompleted',
        'architecture',
        'startedAt',
        'completedAt',
        'durationSeconds',
        'completionPercent',
        'operators',
        'estimate',
        'machineConfigImage',
        'updating',
        'health',
        'nodes',
      ]) {
        assert.ok(k in cp, `controlPlane.${k}`);
      }
      for (const t of [cp.startedAt, cp.completedAt]) assert.ok(timeOrNull(t), String(t));
      assert.deepEqual(Object.keys(cp.operators).sort(), [
        'total',
        'updated',
        'updating',
        'waiting',
      ]);
      assert.deepEqual(Object.keys(cp.health).sort(), [
        'degraded',
        'healthy',
        'unavailable',
        'unhealthy',
      ]);
      const nodes: NodeReport[] = [...cp.nodes, ...r.pools.flatMap((p) => p.nodes)];
      assert.ok(nodes.length > 0);
      for (const n of nodes) {
        assert.deepEqual(Object.keys(n).sort(), nodeKeys);
        assert.ok(timeOrNull(n.since));
        assert.ok(n.line >= 1);
      }
      assert.ok(
        cp.nodes.every((n) => n.pool === 'master'),
        'control-plane nodes under controlPlane',
      );
      assert.ok(
        r.pools.every((p) => p.name !== 'master'),
        'worker pools only under pools',
      );
      for (const p of r.pools) {
        assert.deepEqual(Object.keys(p.counts).sort(), [
          'available',
          'degraded',
          'draining',
          'excluded',
          'outdated',
          'progressing',
          'total',
          'updated',
        ]);
      }
      for (const i of r.insights) {
        for (const k of [
          'level',
          'impact',
          'since',
          'message',
          'rule',
          'subject',
          'cause',
          'file',
          'line',
        ])
          assert.ok(k in i, `insight.${k}`);
        assert.ok(i.cause === null || r.causes.some((c) => c.id === i.cause), 'a listed cause');
        assert.match(i.level, /^(error|warning|info)$/);
        assert.match(i.impact, /^(Update Stalled|Update Speed|API Availability|Unknown|None)$/);
      }
    }
  });

  it('says where seed 1943289 stands: stalled at machine-config, the worker pool degraded', () => {
    const r = report.roots.find((x) => x.root.startsWith('bug-1943289'))!;
    const cp = r.controlPlane;
    assert.equal(cp.assessment, 'Stalled');
    assert.equal(cp.target, '4.7.4');
    assert.equal(cp.from, '4.7.3');
    assert.equal(cp.fromIncomplete, false);
    assert.equal(cp.startedAt, '2021-03-25T07:30:44Z');
    assert.equal(cp.completedAt, null);
    assert.equal(cp.durationSeconds, 17397, 'from the start to the gather time');
    assert.deepEqual(cp.operators, { total: 11, updated: 10, updating: 1, waiting: 0 });
    assert.equal(cp.completionPercent, 91);
    assert.deepEqual(
      cp.updating.map((o) => o.name),
      ['machine-config'],
    );
    assert.deepEqual(
      cp.health.unhealthy.map((u) => `${u.name} ${u.condition}`),
      ['machine-config Available', 'machine-config Degraded'],
    );
    const worker = r.pools.find((p) => p.name === 'worker')!;
    assert.equal(worker.assessment, 'Degraded');
    assert.equal(worker.required, false);
    assert.equal(worker.counts.total, 52);
    assert.equal(worker.counts.degraded, 9);
    const degraded = worker.nodes.filter((n) => n.assessment === 'Degraded');
    assert.equal(degraded.length, 9);
    assert.deepEqual(
      worker.nodes.slice(0, 9).map((n) => n.assessment),
      Array(9).fill('Degraded'),
      'worst first',
    );
    assert.match(degraded[0]!.message ?? '', /failed to drain node/);
    assert.match(lineAt(examplesDir, degraded[0]!), /machineconfiguration\.openshift\.io\/reason/);
  });

  it('points every error-level insight at the finding that says why, on its line', () => {
    for (const r of report.roots) {
      const errors = r.insights.filter((i) => i.level === 'error');
      assert.ok(errors.length > 0);
      for (const i of errors) {
        assert.ok(i.rule, `${i.message.slice(0, 60)} names no rule`);
        assert.notEqual(lineAt(examplesDir, i).trim(), '', `${i.file}:${i.line}`);
      }
    }
    const seed = report.roots.find((x) => x.root.startsWith('bug-2019850'))!;
    assert.equal(seed.controlPlane.assessment, 'Completed', 'the CV completed, nodes still roll');
    assert.ok(
      seed.insights.some(
        (i) => i.level === 'error' && i.rule === 'mco-level-before-required-pools',
      ),
    );
  });
});

describe('CLI status: text and exit status', () => {
  it("prints oc's sections, each line with its evidence", () => {
    const r = run(samples.workerBlocksMco);
    assert.equal(r.code, 1);
    for (const section of ['= Control Plane =', '= Worker Upgrade =', '= Update Health =']) {
      assert.ok(r.stdout.includes(section), section);
    }
    assert.match(
      r.stdout,
      /^Assessment: +Stalled +cluster-scoped-resources\/config\.openshift\.io\/clusterversions\/version\.yaml:\d+$/m,
    );
    assert.match(r.stdout, /^Target Version: +4\.7\.4 \(from 4\.7\.3\)$/m);
    assert.match(
      r.stdout,
      /^worker +Degraded +48% \(25\/52\) +41 Available, 2 Progressing, 0 Draining, 9 Degraded +cluster-scoped-resources\/machineconfiguration\.openshift\.io\/machineconfigpools\/worker\.yaml:\d+$/m,
    );
    assert.match(
      r.stdout,
      /Error +Update Stalled +Pool worker: 11 nodes cannot drain: .* \(14 insights: status --details lists them\) +cluster-scoped-resources\/core\/nodes\/ip-[\w.-]+\.yaml:\d+$/m,
    );
    assert.match(
      run(samples.workerBlocksMco, '--details').stdout,
      /Error +Update Stalled +Node ip-10-0-137-214\.ec2\.internal \(pool worker\): the machine-config daemon is Degraded: the drain cannot evict pod/,
    );
  });

  it('exits 0 on a healthy cluster that is not updating, with nothing to warn about', () => {
    const r = run(samples.healthy, '--format', 'json');
    assert.equal(r.code, 0, r.stderr);
    const [root] = (JSON.parse(r.stdout) as StatusReport).roots;
    assert.equal(root?.controlPlane.assessment, 'NotUpdating');
    assert.deepEqual(root?.insights, []);
    assert.match(run(samples.healthy).stdout, /Assessment: +Not updating/);
  });

  it('exits 2 on bad usage', () => {
    assert.equal(run().code, 2);
    assert.equal(run(samples.healthy, '--format', 'yaml').code, 2);
  });
});
