/** The CLI's causes (issue 27): analyze groups by cause, JSON lists them, status says one line each. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { runCli } from '../support/cli';
import { samples, updates } from '../support/fixtures';

interface Json {
  findings: { rule: string; subject: string; file: string }[];
  causes: {
    id: string;
    root: string;
    title: string;
    level: string;
    subjects: string[];
    findings: number[];
  }[];
}

describe('cli causes', () => {
  it('analyze prints the findings under their cause by default, root first, and by file with --group file', () => {
    const byCause = runCli('analyze', samples.workerBlocksMco, '--verbose').stdout;
    const head = byCause.split('\n').find((l) => l.startsWith('ERROR '));
    assert.match(head ?? '', /^ERROR Pool worker: 11 nodes cannot drain: .* \(19 findings\)$/);
    const afterHead = byCause.slice(byCause.indexOf(head!));
    assert.ok(
      afterHead.indexOf('[node-mcd-degraded]') < afterHead.indexOf('[pool-degraded]') &&
        afterHead.indexOf('[pool-degraded]') <
          afterHead.indexOf('[clusterversion-update-incomplete]'),
    );
    assert.match(
      afterHead,
      /\n {13}at cluster-scoped-resources\/core\/nodes\/ip-10-0-137-214\.ec2\.internal\.yaml:11:5\n/,
    );
    assert.match(byCause, /19 findings in 1 cause: /);

    const byFile = runCli('analyze', samples.workerBlocksMco, '--brief', '--group', 'file').stdout;
    assert.ok(!byFile.includes('ERROR Pool worker'));
    assert.match(
      byFile,
      /\/cluster-scoped-resources\/core\/nodes\/ip-10-0-137-214\.ec2\.internal\.yaml\n {2}11:5 /,
    );
    assert.match(
      runCli('analyze', samples.workerBlocksMco, '--group', 'files').stderr,
      /--group must be cause or file/,
    );
  });

  it('JSON lists causes whose findings index the findings array, across several must-gathers', () => {
    const j = JSON.parse(
      runCli('analyze', samples.workerBlocksMco, '--format', 'json').stdout,
    ) as Json;
    assert.equal(j.causes.length, 1);
    assert.deepEqual(
      [...j.causes[0]!.findings].sort((a, b) => a - b),
      j.findings.map((_, i) => i),
    );
    assert.equal(j.causes[0]!.id, 'drain@mcp/worker');
    assert.equal(j.causes[0]!.level, 'error');

    // The fixtures folder holds many must-gathers: indexes are into the one findings array.
    const all = JSON.parse(runCli('analyze', updates.stalled, '--format', 'json').stdout) as Json;
    for (const c of all.causes)
      for (const i of c.findings) assert.ok(all.findings[i]!.file.startsWith(c.root));
  });

  it('status prints Update Health one line per cause, every insight with --details, and JSON keeps each insight with its cause', () => {
    const health = (args: string[]) => {
      const out = runCli('status', samples.workerBlocksMco, ...args).stdout;
      return out.slice(out.indexOf('= Update Health =')).trim().split('\n').slice(2);
    };
    const perCause = health([]);
    assert.equal(perCause.length, 1, perCause.join('\n'));
    assert.match(
      perCause[0]!,
      /Pool worker: 11 nodes cannot drain.*\(14 insights: status --details lists them\)/,
    );
    const every = health(['--details']);
    assert.equal(every.length, 14);
    assert.ok(every.some((l) => l.includes('[node-mcd-degraded]')));

    const j = JSON.parse(runCli('status', samples.workerBlocksMco, '--format', 'json').stdout) as {
      roots: { insights: { cause: string | null }[]; causes: { id: string }[] }[];
    };
    const r = j.roots[0]!;
    assert.equal(r.insights.length, 14);
    assert.ok(r.insights.every((i) => i.cause === 'drain@mcp/worker'));
    assert.deepEqual(
      r.causes.map((c) => c.id),
      ['drain@mcp/worker'],
    );
  });
});
