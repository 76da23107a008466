/**
 * Issue 40: a pod on a node that stopped reporting. library-go's workload message then names no
 * pod (`()`): the pod is found through the operator's namespaces, and the node is the root of the
 * cause, the pod and the operator under it. A copy of `apiserver-crashloop` whose second master's
 * kubelet stopped posting 30 minutes before the gather (17:41:06).
 */
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { analysisContext, analyzeRoot } from '../../server/src/analysis/analyze';
import type { RootAnalysis } from '../../server/src/analysis/analyze';
import { causesOf } from '../../server/src/analysis/causes';
import { discoverRoots } from '../../server/src/gather/discover';
import { samples } from '../support/fixtures';

const node = 'ip-10-0-151-136.us-west-2.compute.internal';

/** A copy of the crash loop fixture whose second master stopped posting at `since`. */
async function notReadySince(dir: string, since: string): Promise<RootAnalysis> {
  cpSync(samples.apiserverCrashLoop, dir, { recursive: true });
  const nodeFile = find(dir, `/core/nodes/${node}.yaml`);
  writeFileSync(
    nodeFile,
    readFileSync(nodeFile, 'utf8').replace(
      /lastTransitionTime: "[^"]+"\n {4}message: kubelet is posting ready status\n {4}reason: KubeletReady\n {4}status: "True"/,
      `lastTransitionTime: "${since}"\n    message: Kubelet stopped posting node status.\n    reason: NodeStatusUnknown\n    status: Unknown`,
    ),
  );
  const co = find(dir, '/clusteroperators/openshift-apiserver.yaml');
  writeFileSync(
    co,
    readFileSync(co, 'utf8').replace(/ \(crashlooping container is waiting in [^)]+ pod\)/, ' ()'),
  );
  const [root] = await discoverRoots(dir);
  return analyzeRoot(root!, analysisContext({}));
}

function find(dir: string, suffix: string): string {
  for (const e of readdirSync(dir, { withFileTypes: true, recursive: true }))
    if (e.isFile() && join(e.parentPath, e.name).endsWith(suffix))
      return join(e.parentPath, e.name);
  throw new Error(`no ${suffix} under ${dir}`);
}

describe('a pod on a node that is not ready', () => {
  const dir = mkdtempSync(join(tmpdir(), 'mgi-notready-'));
  let a: RootAnalysis;
  before(async () => {
    a = await notReadySince(dir, '2022-03-24T17:11:05Z');
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('says the pod runs on a node that is not ready, at its spec.nodeName', () => {
    const f = a.findings.find((x) => x.rule === 'operator-pod-failing');
    assert.ok(f);
    assert.equal(
      f.message,
      `Pod openshift-apiserver/apiserver-bjmpcchmxn-r5k64 runs on node ${node}, which is not ready for 30m1s (Ready=Unknown, NodeStatusUnknown)`,
    );
    assert.match(f.location.pointer, /\/spec\/nodeName$/);
    assert.match(f.detail ?? '', /an empty `\(\)`/);
  });

  it('makes the node the root: the pod, then the operator under it, one cause', () => {
    const causes = causesOf(a.findings, a.snapshot);
    const cause = causes.find((c) => c.subjects.includes('co/openshift-apiserver'))!;
    assert.equal(cause.subjects[0], `node/${node}`);
    assert.deepEqual(
      cause.findings.map((i) => a.findings[i]!.rule),
      ['node-not-ready', 'operator-pod-failing', 'operator-degraded'],
    );
    assert.match(cause.title, /^Node ip-10-0-151-136\S* is not ready/);
    assert.match(cause.title, /holds back openshift-apiserver$/);
    assert.deepEqual(
      cause.chain?.map((l) => `${l.kind}: ${l.state}`),
      [
        'operator: Degraded for 48m58s (APIServerDeployment_UnavailablePod)',
        'workload: 2 of 3 available',
        'pod: Running, as its node last reported',
        'node: not ready for 30m1s (NodeStatusUnknown)',
      ],
    );
  });
});

describe('a pod on a node not ready for two minutes (a reboot)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'mgi-rebooting-'));
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('judges the pod by its own state: the node is passing, not yet the root', async () => {
    const a = await notReadySince(dir, '2022-03-24T17:39:05Z');
    const f = a.findings.find((x) => x.rule === 'operator-pod-failing');
    assert.match(f?.message ?? '', /is in CrashLoopBackOff/);
    const causes = causesOf(a.findings, a.snapshot);
    const cause = causes.find((c) => c.subjects.includes('co/openshift-apiserver'))!;
    assert.equal(cause.subjects[0], 'pod/openshift-apiserver/apiserver-bjmpcchmxn-r5k64');
  });
});
