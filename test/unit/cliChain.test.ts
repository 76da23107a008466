/**
 * Issue 40 in the CLI: `analyze` tells each cause once (headline, the chain from the reporting
 * operator down to the root, one line per finding; details with --verbose), and JSON carries each
 * cause's root object and its chain, placed as the findings are.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { runCli } from '../support/cli';
import { samples, updates } from '../support/fixtures';

interface Step {
  kind: string;
  name: string;
  state: string;
  file?: string;
  line?: number;
  column?: number;
}

interface Json {
  findings: { rule: string; file: string; line: number; column: number; detail?: string }[];
  causes: { id: string; root: string; rootSubject: string; subjects: string[]; chain: Step[] }[];
}

const crashLoop = samples.apiserverCrashLoop;
const rootFile = (root: string, file: string) => file.slice(root.length + 1);

describe('cli analyze: a cause told once, with its chain', () => {
  it('prints the headline, each step of the chain at its file:line (the log line too), then one line per finding', () => {
    const r = runCli('analyze', crashLoop);
    assert.equal(r.code, 1);
    const j = JSON.parse(runCli('analyze', crashLoop, '--format', 'json').stdout) as Json;
    const c = j.causes[0]!;
    const lines = r.stdout.split('\n');
    const head = lines.findIndex((l) => l.startsWith('ERROR '));
    assert.match(lines[head]!, /^ERROR Pod openshift-apiserver\/apiserver-.* \(2 findings\)$/);
    const steps = lines.slice(head + 1, head + 1 + c.chain.length);
    assert.equal(c.chain.length, 6);
    c.chain.forEach((s, i) => {
      const at = `${rootFile(c.root, s.file!)}:${s.line}`;
      assert.equal(
        steps[i],
        `  ${i === 0 ? '' : '→ '}${s.name}: ${s.state}  ${at}`,
        `step ${i} (${s.kind})`,
      );
    });
    assert.match(
      steps[5]!,
      /previous run’s log: E0324 .*private key does not match.*previous\.log:2$/,
    );
    const findings = lines.slice(head + 1 + c.chain.length, head + 3 + c.chain.length);
    assert.match(
      findings[0]!,
      /^ {2}error {3}Pod .* \[operator-pod-failing\] {2}namespaces\/openshift-apiserver\/core\/pods\.yaml:\d+$/,
    );
    assert.match(
      findings[1]!,
      /^ {2}error {3}openshift-apiserver is Degraded .* \[operator-degraded\] {2}/,
    );
    assert.equal(lines[head + 3 + c.chain.length], '', 'nothing more under the cause');
  });

  it("leaves each finding's detail and evidence to --verbose, and the chain out with --brief", () => {
    const j = JSON.parse(runCli('analyze', crashLoop, '--format', 'json').stdout) as Json;
    const detail = j.findings.find((f) => f.rule === 'operator-pod-failing')!.detail!;
    const firstLine = detail.trim().split('\n')[0]!;
    const plain = runCli('analyze', crashLoop).stdout;
    const verbose = runCli('analyze', crashLoop, '--verbose').stdout;
    const brief = runCli('analyze', crashLoop, '--brief').stdout;
    assert.ok(!plain.includes(firstLine), 'no detail by default');
    assert.ok(!plain.includes('↳ '), 'no related evidence by default');
    assert.ok(verbose.includes(`             ${firstLine}`), 'the detail with --verbose');
    assert.match(verbose, /\n {13}↳ cluster-scoped-resources\/core\/nodes\//);
    assert.match(
      verbose,
      /\n {2}→ Deployment openshift-apiserver\/apiserver: /,
      'verbose keeps the chain',
    );
    assert.doesNotMatch(brief, /→ /, 'no chain with --brief');
    assert.match(
      brief,
      /\[operator-pod-failing\] {2}namespaces\/openshift-apiserver\/core\/pods\.yaml:\d+\n/,
    );
    assert.match(
      runCli('analyze', crashLoop, '--brief', '--verbose').stderr,
      /--brief and --verbose exclude each other/,
    );
  });

  it('says so of a step the gather lacks, and aligns operators that report one node', () => {
    const out = runCli('analyze', updates.masterNotReady).stdout;
    const lines = out.split('\n');
    const head = lines.findIndex((l) => l.startsWith('ERROR Master node'));
    assert.match(lines[head + 1]!, /^ {2}ClusterOperator etcd: Degraded .*etcd\.yaml:\d+$/);
    assert.match(lines[head + 2]!, /^ {2}ClusterOperator kube-apiserver: Degraded .*\.yaml:\d+$/);
    assert.match(
      lines[head + 4]!,
      /^ {2}→ node ip-10-0-175-139\.eu-west-1\.compute\.internal: not ready .* {2}\(no file in the gather\)$/,
    );
  });
});

describe('cli analyze --format json: the root object and the chain of each cause', () => {
  it('gives rootSubject and each step placed as findings are (relative file, line, column)', () => {
    const j = JSON.parse(runCli('analyze', crashLoop, '--format', 'json').stdout) as Json;
    const c = j.causes[0]!;
    assert.equal(c.rootSubject, 'pod/openshift-apiserver/apiserver-bjmpcchmxn-r5k64');
    assert.equal(c.rootSubject, c.subjects[0]);
    assert.deepEqual(
      c.chain.map((s) => s.kind),
      ['operator', 'workload', 'pod', 'container', 'node', 'log'],
    );
    for (const s of c.chain) {
      assert.ok(s.file?.startsWith(`${c.root}/`), `${s.kind}: ${s.file} relative, in its root`);
      assert.ok(!('location' in s), 'no raw location (absolute path, pointer)');
    }
    // The same place conversion as the findings': the operator step is operator-degraded's place.
    const degraded = j.findings.find((f) => f.rule === 'operator-degraded')!;
    const op = c.chain[0]!;
    assert.deepEqual(
      [op.file, op.line, op.column],
      [degraded.file, degraded.line, degraded.column],
    );
    const container = j.findings.find((f) => f.rule === 'operator-pod-failing')!;
    assert.deepEqual(
      [c.chain[3]!.file, c.chain[3]!.line, c.chain[3]!.column],
      [container.file, container.line, container.column],
    );
    // The log step's line is the file's own line holding the error.
    const log = c.chain[5]!;
    const text = readFileSync(join(crashLoop, log.file!), 'utf8').split('\n');
    assert.match(text[log.line! - 1]!, /tls: private key does not match public key/);
  });

  it('gives a step the gather lacks no place, and every cause a chain (empty when none)', () => {
    const j = JSON.parse(
      runCli('analyze', updates.masterNotReady, '--format', 'json').stdout,
    ) as Json;
    const node = j.causes.find((c) => c.id.startsWith('node-not-ready@'))!;
    assert.equal(node.rootSubject, 'node/ip-10-0-175-139.eu-west-1.compute.internal');
    const last = node.chain[node.chain.length - 1]!;
    assert.equal(last.kind, 'node');
    assert.deepEqual([last.file, last.line, last.column], [undefined, undefined, undefined]);
    for (const c of j.causes) assert.ok(Array.isArray(c.chain), `${c.id} has a chain`);
    assert.deepEqual(j.causes.find((c) => c.id === 'pool-paused@mcp/worker')?.chain, []);
  });
});
