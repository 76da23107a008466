/**
 * Issue 45, stall signatures 3 and 4, over stdio: a `hypershift dump` whose control plane is
 * stuck. The crash-looping component is a diagnostic on its pod's file in the control-plane
 * namespace; the HostedControlPlane's and the ControlPlaneComponent's conditions answer a hover
 * with expected against actual; etcd's pending claim is a diagnostic on the claim.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { hosted } from '../support/fixtures';
import { LspClient } from './lspClient';

const cp = 'namespaces/clusters-prod';
const crashing = 'openshift-apiserver-glrcsb6zmj-tx9qb';

async function hoverOn(lsp: LspClient, file: string, find: string): Promise<string> {
  const value = await lsp.hoverOnText(file, find);
  lsp.close(file);
  return value;
}

describe('a hypershift dump whose control plane crash-loops, over stdio', () => {
  let lsp: LspClient;
  const dump = hosted.cpCrashLoop;
  before(async () => {
    lsp = await LspClient.start([dump]);
    await lsp.idle();
  });
  after(() => lsp.stop());

  it("puts the crash loop on the pod's container, and nothing on the HostedCluster", () => {
    const pod = join(dump, cp, 'core/pods', `${crashing}.yaml`);
    const ds = lsp.diagnosticsFor(pod) ?? [];
    assert.equal(ds.length, 1, JSON.stringify(ds));
    assert.equal(ds[0]!.code, 'hosted-control-plane-component-failing');
    assert.match(
      ds[0]!.message,
      /^Control-plane pod clusters-prod\/openshift-apiserver-glrcsb6zmj-tx9qb \(openshift-apiserver\) is in CrashLoopBackOff \(21 restarts, last exit code 255\)/,
    );
    const lines = readFileSync(pod, 'utf8').split('\n');
    assert.match(lines[ds[0]!.range.start.line] ?? '', /waiting:/);
    const hc = join(dump, 'namespaces/clusters/hypershift.openshift.io/hostedclusters/prod.yaml');
    assert.deepEqual(lsp.diagnosticsFor(hc) ?? [], []);
  });

  it("answers a hover on the HostedControlPlane's Degraded and the component's Available", async () => {
    const hcp = join(dump, cp, 'hypershift.openshift.io/hostedcontrolplanes/prod.yaml');
    const onHcp = await hoverOn(lsp, hcp, 'type: Degraded');
    assert.match(onHcp, /^\*\*HostedControlPlane `prod`\*\* of HostedCluster `prod`/);
    assert.match(onHcp, /components not rolled out: `openshift-apiserver`/);
    assert.match(
      onHcp,
      /Degraded: expected False, actual \*\*True\*\* \(changed 1h\d+m before the gather\)/,
    );
    const cpc = join(
      dump,
      cp,
      'hypershift.openshift.io/controlplanecomponents/openshift-apiserver.yaml',
    );
    const onCpc = await hoverOn(lsp, cpc, 'type: Available');
    assert.match(
      onCpc,
      /^\*\*ControlPlaneComponent `openshift-apiserver`\*\*: version `4\.19\.9`; Deployment `openshift-apiserver`: 0 of 1 available/,
    );
    assert.match(onCpc, /`openshift-apiserver-glrcsb6zmj-tx9qb` CrashLoopBackOff/);
    assert.match(onCpc, /Available: expected True, actual \*\*False\*\*/);
  });
});

describe('a hypershift dump whose etcd claim is pending, over stdio', () => {
  let lsp: LspClient;
  const dump = hosted.etcdPvcPending;
  before(async () => {
    lsp = await LspClient.start([dump]);
    await lsp.idle();
  });
  after(() => lsp.stop());

  it('puts the lost quorum on the claim', () => {
    const pvc = join(dump, cp, 'core/persistentvolumeclaims/data-etcd-0.yaml');
    const ds = lsp.diagnosticsFor(pvc) ?? [];
    assert.equal(ds.length, 1, JSON.stringify(ds));
    assert.equal(ds[0]!.code, 'hosted-etcd-unavailable');
    assert.match(
      ds[0]!.message,
      /^etcd of HostedCluster prod has no quorum for 38m\d+s: its volume claim clusters-prod\/data-etcd-0 is Pending/,
    );
  });
});
