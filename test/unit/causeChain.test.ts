/**
 * Issue 40: a cause's chain, from the operator that reports it down to its root, each step with
 * its evidence: on the crash loop, operator → workload → pod → container → node → log line; on a
 * master the gather lacks, the reporting operators → the node, with no place for the node.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { analysisContext, analyzeRoot } from '../../server/src/analysis/analyze';
import { causesOf } from '../../server/src/analysis/causes';
import { discoverRoots } from '../../server/src/gather/discover';
import { samples, updates } from '../support/fixtures';

async function causesIn(dir: string) {
  const [root] = await discoverRoots(dir);
  const a = await analyzeRoot(root!, analysisContext({}));
  return { a, causes: causesOf(a.findings, a.snapshot) };
}

describe('cause chains', () => {
  it('follows openshift-apiserver to its crash-looping replica, its node and the log line that says why', async () => {
    const { causes } = await causesIn(samples.apiserverCrashLoop);
    const chain = causes[0]!.chain ?? [];
    assert.deepEqual(
      chain.map((l) => l.kind),
      ['operator', 'workload', 'pod', 'container', 'node', 'log'],
    );
    assert.equal(chain[0]!.name, 'ClusterOperator openshift-apiserver');
    assert.match(chain[0]!.state, /^Degraded for 48m58s \(APIServerDeployment_UnavailablePod\)$/);
    assert.equal(chain[2]!.name, 'pod openshift-apiserver/apiserver-bjmpcchmxn-r5k64');
    assert.equal(chain[3]!.state, 'CrashLoopBackOff, 14 restarts, last exit code 255');
    assert.equal(chain[4]!.state, 'Ready');
    const log = chain[5]!;
    assert.match(log.state, /^E0324 .*tls: private key does not match public key/);
    const at = log.location!;
    assert.ok(at.file.endsWith('/logs/previous.log'));
    // The span is the line itself in the file.
    const [from, to] = at.span!;
    const text = readFileSync(at.file, 'utf8');
    assert.match(
      text.slice(from, to),
      /storage_decorator\.go:57\] Unable to create storage backend/,
    );
    for (const l of chain.slice(0, 5)) assert.ok(l.location, `${l.kind} has its evidence`);
  });

  it('puts the log tail in the pod finding’s detail and relates the line', async () => {
    const { a } = await causesIn(samples.apiserverCrashLoop);
    const f = a.findings.find((x) => x.rule === 'operator-pod-failing')!;
    assert.match(f.detail ?? '', /The previous run’s log ends with:\n\n {4}\S+ E0324 /);
    assert.ok(f.related.some((r) => r.file.endsWith('previous.log') && r.span !== undefined));
  });

  it('names the ungathered master with the four operators that report it', async () => {
    const { causes } = await causesIn(updates.masterNotReady);
    const cause = causes.find((c) => c.subjects[0]?.startsWith('node/'))!;
    const chain = cause.chain ?? [];
    assert.deepEqual(
      chain.map((l) => l.kind),
      ['operator', 'operator', 'operator', 'node'],
    );
    const node = chain[chain.length - 1]!;
    assert.equal(node.location, undefined, 'no place: the Node is not in the gather');
    assert.match(node.state, /^not ready for \S+ \(KubeletNotReady\): container network not ready/);
  });

  it('never tells an unhealthy operator’s reader to "follow the message"', async () => {
    for (const dir of [
      samples.apiserverCrashLoop,
      samples.ingressUnschedulable,
      updates.masterNotReady,
    ]) {
      const { a } = await causesIn(dir);
      for (const f of a.findings.filter((x) => x.rule.startsWith('operator-')))
        assert.doesNotMatch(f.detail ?? '', /Follow the operator's message/, f.message);
    }
  });
});
