import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { examplesDir, fixturesDir, repoRoot, samples } from '../support/fixtures';
import { runCli } from '../support/cli';
import { tempTree } from '../support/tempTree';

interface Reported {
  rule: string;
  severity: string;
  subject: string;
  file: string;
  line: number;
  column: number;
  message: string;
  detail?: string;
}

const run = runCli;

function json(...args: string[]): { code: number | null; findings: Reported[] } {
  const r = run('analyze', ...args, '--format', 'json');
  return { code: r.code, findings: (JSON.parse(r.stdout) as { findings: Reported[] }).findings };
}

/** The text of the lines a finding covers. */
function linesOf(base: string, f: Reported & { endLine?: number }): string {
  const lines = readFileSync(join(base, f.file), 'utf8').split('\n');
  return lines.slice(f.line - 1, f.endLine ?? f.line).join('\n');
}

function lineOf(base: string, f: Reported): string {
  return linesOf(base, { ...f, endLine: f.line });
}

describe('CLI analyze', () => {
  it('gives every finding a subject naming its object (<kind>/<name>)', () => {
    const { findings } = json(examplesDir);
    assert.ok(findings.length > 10);
    for (const f of findings) {
      assert.match(f.subject, /^(cv|co|mcp|node|mc|log|file)\/\S+$/, `${f.rule} ${f.subject}`);
    }
    const degradedNodes = findings.filter((f) => f.rule === 'node-mcd-degraded');
    assert.ok(degradedNodes.length > 0);
    for (const f of degradedNodes) assert.match(f.subject, /^node\/[a-z0-9.-]+$/);
    const log = findings.find((f) => f.rule === 'cvo-waiting-on-operator');
    assert.match(
      log?.subject ?? '',
      /^log\/openshift-cluster-version\/cluster-version-operator-[a-z0-9-]+\/cluster-version-operator$/,
    );
    assert.ok(findings.some((f) => f.rule === 'pool-degraded' && f.subject === 'mcp/worker'));
  });

  it('diagnoses both seed reports in the bundled samples, on the exact YAML entries', () => {
    const { code, findings } = json(examplesDir);
    assert.equal(code, 1, 'error findings give exit status 1');

    const blocked = findings.filter((f) => f.rule === 'mco-blocked-by-non-required-pool');
    assert.equal(blocked.length, 1);
    const b = blocked[0]!;
    assert.equal(b.severity, 'warning');
    assert.match(
      b.file,
      /^bug-1943289-worker-pool-blocks-mco\/.+\/clusteroperators\/machine-config\.yaml$/,
    );
    assert.match(
      lineOf(examplesDir, b),
      /lastTransitionTime: "2021-03-25T09:45:01Z"/,
      'sits on the Degraded condition',
    );
    assert.equal(
      b.message,
      'machine-config is held at 4.7.3 by pool worker, which is not required for upgrade: 9 degraded machines',
    );
    assert.match(b.detail!, /pool `worker` is not ready, but `worker` is not required for upgrade/);
    assert.match(b.detail!, /holds its version at 4\.7\.3 instead of 4\.7\.4/);
    assert.match(b.detail!, /Available=False/);
    assert.equal(b.subject, 'co/machine-config', 'names the object it is about');

    const early = findings.filter((f) => f.rule === 'mco-level-before-required-pools');
    assert.equal(early.length, 1);
    const e = early[0]!;
    assert.equal(e.severity, 'error');
    assert.match(
      e.file,
      /^bug-2019850-mco-level-early\/.+\/clusteroperators\/machine-config\.yaml$/,
    );
    assert.match(lineOf(examplesDir, e), /name: operator/, 'sits on the operator versions entry');
    assert.match(e.message, /while required pool master is not updated/);
    assert.match(e.detail!, /rendered-master-ebc4fc8c7b6a155d86684204394e4930/);
    assert.match(e.detail!, /after machine-config turned Progressing=False/);

    // A finding in a pod log sits on its line too (logs are cached as text, not YAML).
    const waiting = findings.find((f) => f.rule === 'cvo-waiting-on-operator');
    assert.ok(waiting);
    assert.match(waiting.file, /cluster-version-operator\/logs\/current\.log$/);
    assert.match(lineOf(examplesDir, waiting), /Result of work/);
  });

  it('uses /-separated paths relative to the analysed folder and 1-based positions', () => {
    const { findings } = json(examplesDir);
    for (const f of findings) {
      assert.ok(!f.file.startsWith('/') && !f.file.includes('\\'), f.file);
      assert.ok(f.line >= 1 && f.column >= 1);
      for (const key of ['rule', 'severity', 'file', 'line', 'column', 'message'])
        assert.ok(key in f, key);
    }
  });

  it('finds nothing to warn about in a healthy must-gather and exits 0', () => {
    const { code, findings } = json(samples.healthy);
    assert.equal(code, 0);
    assert.deepEqual(
      findings.filter((f) => f.severity === 'error' || f.severity === 'warning'),
      [],
    );
  });

  it('analyses a CI gather-extra folder of JSON Lists', () => {
    const { code, findings } = json(samples.gatherExtra);
    assert.equal(code, 1);
    const e = findings.find((f) => f.rule === 'mco-level-before-required-pools');
    assert.ok(e, 'the early level is found in gather-extra too');
    assert.match(e.file, /clusteroperators\.json$/);
    assert.match(
      linesOf(samples.gatherExtra, e),
      /^ *\{\n *"name": "operator",\n *"version": "4\.10\.0-0\.nightly-2021-11-03-020416"\n *\}$/,
    );
  });

  it('prints text grouped by file with a closing count', () => {
    const r = run('analyze', examplesDir, '--group', 'file');
    assert.equal(r.code, 1);
    assert.match(r.stdout, /^Analysed 2 must-gathers: /);
    assert.match(
      r.stdout,
      /\n[^\n]*clusteroperators\/machine-config\.yaml\n {2}\d+:\d+ +(error|warning) /,
    );
    assert.match(r.stdout, /\d+ findings: \d+ errors, \d+ warnings/);
  });

  it('applies --rule levels', () => {
    const { findings } = json(
      examplesDir,
      '--rule',
      'pool-degraded=off',
      '--rule=pool-not-updated=hint',
    );
    assert.equal(findings.filter((f) => f.rule === 'pool-degraded').length, 0);
    const notUpdated = findings.filter((f) => f.rule === 'pool-not-updated');
    assert.ok(notUpdated.length > 0 && notUpdated.every((f) => f.severity === 'hint'));
  });

  it('exits 2 on bad usage or a path that is not a must-gather', () => {
    assert.equal(run('analyze').code, 2);
    assert.equal(run('analyze', examplesDir, '--format', 'xml').code, 2);
    assert.equal(run('analyze', examplesDir, '--rule', 'no-such-rule=off').code, 2);
    assert.equal(run('frobnicate').code, 2);
    assert.equal(run('analyze', join(examplesDir, 'does-not-exist')).code, 2);
    const empty = run('analyze', join(repoRoot, 'syntaxes'));
    assert.equal(empty.code, 2);
    assert.match(empty.stderr, /no must-gather found/);
    assert.equal(run('--help').code, 0);
  });

  it('keeps findings of several roots apart', () => {
    const r = run('analyze', fixturesDir, '--format', 'json');
    const findings = (
      JSON.parse(r.stdout) as {
        findings: (Reported & { root: string; related: { file: string }[] })[];
      }
    ).findings;
    assert.ok(findings.some((f) => f.root.startsWith('gather-extra-2019850')));
    // A hosted cluster's root is its guest part; its evidence may also lie in the dump's
    // management part beside it (its HostedCluster's and NodePools' namespace and the
    // control-plane namespace), never in another root.
    const inRoot = (file: string, root: string) => {
      const dump = root.replace(/\/hostedcluster-[^/]+$/, '');
      return (
        file.startsWith(root + '/') || (dump !== root && file.startsWith(`${dump}/namespaces/`))
      );
    };
    for (const f of findings) {
      assert.ok(inRoot(f.file, f.root), `${f.file} lies in its root ${f.root}`);
      for (const rel of f.related)
        assert.ok(inRoot(rel.file, f.root), `${rel.file} lies in ${f.root}`);
    }
    assert.ok(
      findings.some((f) => f.root.endsWith('hosted-drain-blocked-4.19/hostedcluster-prod')),
    );
    const healthy = findings.filter((f) => f.root.startsWith('healthy-4.10'));
    assert.deepEqual(
      healthy.filter((f) => f.severity === 'error' || f.severity === 'warning'),
      [],
    );
  });
});

describe('CLI analyze: the first look at each must-gather', () => {
  const healthyLine =
    '  4.10.3 · AWS · cluster b1a1e038… · channel stable-4.10 · gathered 2022-03-24T17:41:05Z · 6 nodes, 2 pools, 11 operators, 16 configs';

  it('prints it at the top of the text, before any finding', () => {
    const healthy = run('analyze', samples.healthy);
    const lines = healthy.stdout.split('\n');
    assert.match(lines[0]!, /^Analysed 1 must-gather: must-gather\.local\.\d+\/quay-io-/);
    assert.equal(lines[2], lines[0]!.replace(/^Analysed 1 must-gather: /, ''), 'the root');
    assert.equal(lines[3], healthyLine);
    assert.match(
      lines[4]!,
      /^ {2}must-gather · image quay\.io\/openshift-release-dev\/ocp-v4\.0-art-dev@sha256:[0-9a-f]{64}$/,
      'the image, read back from the image folder name',
    );
    assert.equal(lines[5], '', 'no notes');

    const seeds = run('analyze', examplesDir, '--group', 'file').stdout;
    const first = seeds.indexOf(
      '  4.7.3 → 4.7.4 · AWS · cluster 528a0ee0… · channel stable-4.7 · gathered 2021-03-25T12:20:41Z · 55 nodes, 2 pools, 11 operators, 17 configs\n',
    );
    const second = seeds.indexOf('  4.10.0-0.nightly-2021-11-03-020416 · AWS · cluster 5272c553…');
    const finding = seeds.search(/\n {2}\d+:\d+ +(error|warning) /);
    assert.ok(first > 0 && second > first, 'one summary per root, in order');
    assert.ok(finding > second, 'the summaries come before the findings');
  });

  it('prints the form and the notes of a gather-extra without a timestamp', () => {
    const lines = run('analyze', samples.gatherExtra).stdout.split('\n');
    assert.deepEqual(lines.slice(2, 7), [
      'artifacts',
      '  4.10.0-0.nightly-2021-11-03-020416 · AWS · cluster 5272c553… · 6 nodes, 2 pools, 11 operators, 16 configs',
      '  CI gather-extra',
      '  note: no gather time: no timestamp file in the root or its parent, so ages are unknown',
      '',
    ]);
  });

  it('adds "summary" to the JSON, one per root, with the documented fields only', () => {
    const r = run('analyze', examplesDir, '--format', 'json');
    const out = JSON.parse(r.stdout) as {
      summary: Record<string, unknown>[];
      findings: { root: string }[];
    };
    assert.deepEqual(Object.keys(out), ['summary', 'findings', 'causes']);
    assert.equal(out.summary.length, 2);
    const allowed = [
      'root',
      'version',
      'target',
      'platform',
      'clusterID',
      'channel',
      'gatherTime',
      'form',
      'image',
      'ocVersion',
      'counts',
      'notes',
    ];
    for (const s of out.summary) {
      for (const k of Object.keys(s)) assert.ok(allowed.includes(k), `unexpected field ${k}`);
      assert.deepEqual(Object.keys(s.counts as object), [
        'nodes',
        'pools',
        'clusterOperators',
        'machineConfigs',
      ]);
      assert.ok(Array.isArray(s.notes));
      assert.ok(
        out.findings.some((f) => f.root === s.root),
        'named like the findings’ roots',
      );
    }
    const [seed000] = out.summary;
    assert.deepEqual(seed000, {
      root: out.summary[0]!.root,
      version: '4.7.3',
      target: '4.7.4',
      platform: 'AWS',
      clusterID: '528a0ee0-0bf7-44bd-a037-e8d79c2a14ab',
      channel: 'stable-4.7',
      gatherTime: '2021-03-25T12:20:41Z',
      form: 'must-gather',
      image:
        'quay.io/openshift-release-dev/ocp-v4.0-art-dev@sha256:4975a6b1fd52c6dd10bf8935975ab9366adcc8f08019ada278e5bd52bdaba48a',
      counts: { nodes: 55, pools: 2, clusterOperators: 11, machineConfigs: 17 },
      notes: [],
    });
    assert.match(
      String(seed000!.root),
      /^bug-1943289-worker-pool-blocks-mco\/must-gather\.local\./,
    );
    const gx = JSON.parse(run('analyze', samples.gatherExtra, '--format', 'json').stdout) as {
      summary: Record<string, unknown>[];
    };
    assert.equal('gatherTime' in gx.summary[0]!, false, 'absent fields are omitted, not null');
  });

  it('keeps the exit status: findings decide it, a root with nothing read is still a root', () => {
    assert.equal(run('analyze', examplesDir).code, 1);
    assert.equal(run('analyze', examplesDir, '--format', 'json').code, 1);
    assert.equal(run('analyze', samples.healthy).code, 0);
    const t = tempTree();
    try {
      t.write('namespaces/payments/payments.yaml', 'apiVersion: v1\nkind: Namespace\n');
      const r = run('analyze', t.path);
      assert.equal(r.code, 0);
      assert.match(r.stdout, /^ {2}note: found nothing this tool reads /m);
      assert.match(r.stdout, /^0 findings: /m);
    } finally {
      t.remove();
    }
    assert.equal(run('analyze', join(repoRoot, 'syntaxes')).code, 2, 'no must-gather at all');
  });

  it('heads each root of status with the same line', () => {
    const lines = run('status', samples.healthy).stdout.split('\n');
    assert.equal(lines[1], healthyLine.trim());
  });
});

describe('CLI output to a reader that stops early', () => {
  it('exits quietly when stdout closes (`… | head`), status 0 unless one was set', async () => {
    const child = spawn(
      process.execPath,
      [join(repoRoot, 'dist', 'cli.js'), 'timeline', examplesDir, '--format', 'json'],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    // Read the first chunk (of some 300 KiB, more than a pipe holds), then close the pipe as
    // `head -1` does.
    await new Promise<void>((resolve) => child.stdout.once('data', () => resolve()));
    child.stdout.destroy();
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    assert.equal(code, 0);
    assert.doesNotMatch(stderr, /EPIPE|fatal|Unhandled/);
  });
});
