/**
 * Issue 45: a hosted cluster as ROSA's `osdctl hcp must-gather` bundles it
 * (`/tmp/cluster_dump_<ID>_<ts>/`, osdctl `cmd/hcp/mustgather/mustGather.go`): under `hcp/` the
 * multicluster engine's must-gather that holds the hypershift dump, beside the control plane's
 * Dynatrace logs (`hcp-logs-dump-<ns>/<ns>/pods/<pod>/{pod.yaml,pod.log}`); `mc_infra/` the
 * management cluster's plain must-gather. The hosted cluster reads as from its dump alone; the
 * management cluster is its own root, never the hosted cluster; the Dynatrace logs are no root.
 */
import assert from 'node:assert/strict';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import type { StatusReport } from '../../server/src/core/updateStatus';
import { runCli } from '../support/cli';
import { hosted, samples } from '../support/fixtures';

interface Analysis {
  summary: { root: string; version?: string }[];
  findings: { rule: string; subject: string; message: string; file: string; root: string }[];
}

function analyze(path: string): Analysis {
  const r = runCli('analyze', path, '--format', 'json');
  assert.notEqual(r.code, 2, r.stderr);
  return JSON.parse(r.stdout) as Analysis;
}

/** A finding as the dump alone names it: its rule, subject, message and file from the dump's top. */
const said = (a: Analysis, root: string) =>
  a.findings
    .filter((f) => f.root.endsWith(root))
    .map((f) => [
      f.rule,
      f.subject,
      f.message,
      f.file.replace(/^.*?(namespaces\/|cluster-scoped-resources\/)/, '$1'),
    ]);

const podYaml = `apiVersion: v1
kind: Pod
metadata:
  creationTimestamp: "2025-09-16T10:27:30Z"
  labels:
    app: cluster-api
  name: cluster-api-g6wj2fks6b-wrms9
  namespace: clusters-prod
spec:
  containers:
  - image: quay.io/openshift-release-dev/ocp-v4.0-art-dev@sha256:de5739446cbca0e48898af4bbb37ce22acb074bfe857e21eddd5840de98a14d8
    name: manager
status:
  phase: Running
`;

describe("a hosted cluster in osdctl's hcp must-gather bundle", () => {
  it('reads the dump inside hcp/ as alone, the management cluster as its own root, the Dynatrace logs as nothing', () => {
    const tmp = mkdtempSync(join(tmpdir(), 'mgi-osdctl-'));
    try {
      const bundle = join(tmp, 'cluster_dump_2l9qk1b3c8d7e6f5a4_20250916142540');
      const image = join(
        bundle,
        'hcp',
        'must-gather.local.4412',
        'registry-redhat-io-multicluster-engine-must-gather-rhel9-v2-9-4-1',
      );
      mkdirSync(image, { recursive: true });
      cpSync(hosted.drainBlocked, image, { recursive: true });
      const pod = join(
        bundle,
        'hcp',
        'hcp-logs-dump-clusters-prod',
        'clusters-prod',
        'pods',
        'cluster-api-g6wj2fks6b-wrms9',
      );
      mkdirSync(pod, { recursive: true });
      writeFileSync(join(pod, 'pod.yaml'), podYaml);
      writeFileSync(
        join(pod, 'pod.log'),
        '2025-09-16T14:20:11.204Z I0916 14:20:11.204117 1 machine_controller.go:379] "Draining node" Node="ip-10-0-137-64.us-east-2.compute.internal"\n',
      );
      cpSync(samples.healthy, join(bundle, 'mc_infra'), { recursive: true });

      const whole = analyze(bundle);
      const roots = whole.summary.map((s) => s.root).sort();
      assert.equal(roots.length, 2, roots.join(', '));
      assert.ok(
        roots.some((r) => r.endsWith('hostedcluster-prod')),
        roots.join(', '),
      );
      assert.ok(
        roots.some((r) => r.includes('mc_infra')),
        roots.join(', '),
      );
      assert.ok(!roots.some((r) => r.includes('hcp-logs-dump')), roots.join(', '));
      const alone = analyze(hosted.drainBlocked);
      assert.deepEqual(said(whole, 'hostedcluster-prod'), said(alone, 'hostedcluster-prod'));
      assert.ok(
        said(whole, 'hostedcluster-prod').some(([rule]) => rule === 'nodepool-drain-blocked'),
      );

      // The hosted cluster's version is its own; the management cluster's is that must-gather's.
      const r = runCli('status', bundle, '--format', 'json');
      const status = JSON.parse(r.stdout) as StatusReport;
      const hostedRoot = status.roots.find((x) => x.hosted);
      assert.equal(hostedRoot?.controlPlane.target, '4.19.9');
      assert.equal(hostedRoot?.hosted?.nodePools[0]?.name, 'prod-workers');
      const mgmt = status.roots.find((x) => !x.hosted);
      assert.notEqual(mgmt?.controlPlane.target, '4.19.9');
    } finally {
      rmSync(tmp, { recursive: true, force: true });
    }
  });
});
