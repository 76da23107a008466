/**
 * The agent tools on a `hypershift dump` (issue 45): the hosted cluster's HostedCluster, NodePools
 * and Cluster API Machines are objects like any other (`hc/`, `np/`, `machine/`), read from the
 * dump's management part; the confinement reaches that cluster's two namespaces there and nothing
 * else of the management part (its nodes, the `hypershift` namespace).
 */
import assert from 'node:assert/strict';
import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { hosted } from '../support/fixtures';
import { startMcp } from '../support/mcp';
import type { McpRun } from '../support/mcp';

type Obj = Record<string, unknown>;
const machine = 'prod-workers-wrzwv-k69z5';

// A copy of the dump with a second hosted cluster's namespace, and a link out of the cluster's
// own control-plane namespace into it.
const tmp = mkdtempSync(join(tmpdir(), 'mgi-hosted-agent-'));
const dump = join(tmp, 'dump');
cpSync(hosted.drainBlocked, dump, { recursive: true });
const other = join(dump, 'namespaces', 'clusters-other', 'core', 'configmaps');
mkdirSync(other, { recursive: true });
writeFileSync(
  join(other, 'other.yaml'),
  'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: outside-the-gather\n',
);
symlinkSync(join(other, 'other.yaml'), join(dump, 'namespaces', 'clusters-prod', 'leak.yaml'));
// A link from the cluster's namespace up to the dump, whose nodes are the management cluster's.
symlinkSync(dump, join(dump, 'namespaces', 'clusters-prod', 'up'));
after(() => rmSync(tmp, { recursive: true, force: true }));

describe('agent tools on a hypershift dump', () => {
  let mcp: McpRun;
  before(async () => {
    mcp = await startMcp([dump]);
  });
  after(() => mcp.close());

  for (const [subject, kind, file] of [
    [
      'hc/clusters/prod',
      'HostedCluster',
      '../namespaces/clusters/hypershift.openshift.io/hostedclusters/prod.yaml',
    ],
    [
      'np/clusters/prod-workers',
      'NodePool',
      '../namespaces/clusters/hypershift.openshift.io/nodepools/prod-workers.yaml',
    ],
    [
      `machine/clusters-prod/${machine}`,
      'Machine',
      `../namespaces/clusters-prod/cluster.x-k8s.io/machines/${machine}.yaml`,
    ],
  ] as const)
    it(`gets ${subject} from the management part, with its conditions`, async () => {
      const a = await mcp.call('mustgather_get', { subject });
      assert.equal(a.isError, false, a.text);
      const d = a.structured as Obj;
      assert.equal(d.subject, subject);
      assert.equal(d.file, file);
      assert.match(String(d.yaml), new RegExp(`^kind: ${kind}$`, 'm'));
      assert.match(String(d.yaml), /^ {2}conditions:$/m);
      assert.doesNotMatch(String(d.yaml), /managedFields/);
    });

  it('reads a management file back as findings name it (../namespaces/…)', async () => {
    const f = await mcp.call('mustgather_findings', {});
    const findings = (f.structured as { findings: Obj[] }).findings;
    const file = String(findings.find((x) => String(x.file).startsWith('../'))?.file);
    assert.match(file, /^\.\.\/namespaces\/clusters-prod\//);
    const a = await mcp.call('mustgather_get', { file });
    assert.equal(a.isError, false, a.text);
    assert.equal((a.structured as Obj).file, file);
  });

  it('explains the finding with the lines of its management evidence', async () => {
    const a = await mcp.call('mustgather_explain', { index: 0 });
    assert.equal(a.isError, false, a.text);
    const evidence = (a.structured as { evidence: Obj[] }).evidence;
    const machineFile = evidence.find((e) => String(e.file).startsWith('../namespaces/'));
    assert.ok(machineFile, 'no evidence in the management part');
    assert.equal(machineFile.unread, undefined, String(machineFile.unread));
    assert.ok((machineFile.lines as unknown[]).length > 0);
  });

  for (const [file, why] of [
    [
      '../cluster-scoped-resources/core/nodes/ip-10-1-135-22.us-east-2.compute.internal.yaml',
      /not this hosted cluster's/,
    ],
    ['../namespaces/hypershift/apps/deployments/operator.yaml', /not this hosted cluster's/],
    ['../namespaces/clusters-other/core/configmaps/other.yaml', /not this hosted cluster's/],
    [
      '../../dump/namespaces/hypershift/apps/deployments/operator.yaml',
      /not this hosted cluster's/,
    ],
    ['../namespaces/clusters-prod/leak.yaml', /resolves outside/],
    ['../../../etc/passwd', /not this hosted cluster's/],
    [
      '../namespaces/clusters-prod/up/cluster-scoped-resources/core/nodes/ip-10-1-135-22.us-east-2.compute.internal.yaml',
      /resolves outside/,
    ],
  ] as const)
    it(`refuses ${file}`, async () => {
      const a = await mcp.call('mustgather_get', { file });
      assert.equal(a.isError, true, a.text.slice(0, 400));
      assert.match(a.text, why);
      assert.doesNotMatch(a.text, /outside-the-gather|replicas:/);
    });

  it('still reads the guest part, and not a management node by subject', async () => {
    const guest = await mcp.call('mustgather_get', { subject: 'co/dns' });
    assert.equal(guest.isError, false, guest.text);
    const mgmt = await mcp.call('mustgather_get', {
      subject: 'node/ip-10-1-135-22.us-east-2.compute.internal',
    });
    assert.equal(mgmt.isError, true, mgmt.text.slice(0, 400));
  });
});

describe('agent tools on a hypershift dump without its guest part', () => {
  // The root is the dump itself: still only the hosted cluster's namespaces are read.
  const bare = join(tmp, 'bare');
  cpSync(hosted.drainBlocked, bare, { recursive: true });
  rmSync(join(bare, 'hostedcluster-prod'), { recursive: true });
  let mcp: McpRun;
  before(async () => {
    mcp = await startMcp([bare]);
  });
  after(() => mcp.close());

  it('gets the NodePool at its own path', async () => {
    const a = await mcp.call('mustgather_get', { subject: 'np/clusters/prod-workers' });
    assert.equal(a.isError, false, a.text);
    assert.equal(
      (a.structured as Obj).file,
      'namespaces/clusters/hypershift.openshift.io/nodepools/prod-workers.yaml',
    );
  });

  for (const file of [
    'cluster-scoped-resources/core/nodes/ip-10-1-135-22.us-east-2.compute.internal.yaml',
    'namespaces/hypershift/apps/deployments/operator.yaml',
  ])
    it(`refuses ${file}`, async () => {
      const a = await mcp.call('mustgather_get', { file });
      assert.equal(a.isError, true, a.text.slice(0, 400));
      assert.match(a.text, /not this hosted cluster's/);
    });
});
