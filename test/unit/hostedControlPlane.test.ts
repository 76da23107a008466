/**
 * A hosted cluster's control-plane namespace (issue 45, stall signatures 3 and 4): what the index
 * takes of it, the flat logs resolved against the pods' containers, a 2 GiB flat log read only
 * from its end, and the grouping of its objects under the HostedCluster.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import {
  closeSync,
  mkdtempSync,
  openSync,
  rmSync,
  truncateSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { describe, it } from 'node:test';
import { analysisContext, analyzeRoot } from '../../server/src/analysis/analyze';
import { causesOf } from '../../server/src/analysis/causes';
import type { Finding } from '../../server/src/core/finding';
import { discoverRoots } from '../../server/src/gather/discover';
import { flatContainerLogs } from '../../server/src/gather/flatLogs';
import { buildIndex, filesOf } from '../../server/src/gather/gatherIndex';
import { mib } from '../../server/src/limits';
import type { Rule } from '../../server/src/rules/rule';
import { runCli } from '../support/cli';
import { copyFixture } from '../support/copyFixture';
import { hosted } from '../support/fixtures';
import { loadFixture } from '../support/snapshot';

const cpNs = 'namespaces/clusters-prod';
const crashing = 'openshift-apiserver-glrcsb6zmj-tx9qb';

describe('the control-plane namespace of a hypershift dump', () => {
  it('indexes its components, workloads, pods, claims and events, and lists its flat logs', async () => {
    const [root] = await discoverRoots(hosted.cpCrashLoop);
    const index = await buildIndex(root!);
    const inCp = (g: string, p: string) =>
      filesOf(index, g, p).filter((f) => f.resource.namespace === 'clusters-prod').length;
    assert.equal(inCp('hypershift.openshift.io', 'controlplanecomponents'), 17);
    assert.ok(inCp('apps', 'deployments') >= 18);
    assert.equal(inCp('apps', 'statefulsets'), 1);
    assert.ok(inCp('core', 'pods') >= 19);
    assert.equal(inCp('core', 'persistentvolumeclaims'), 1);
    assert.ok(inCp('core', 'events') >= 1);
    assert.ok(index.logs.some((l) => l.endsWith(`${crashing}-openshift-apiserver-previous.log`)));
    // Nothing else of the management cluster: its nodes are not the hosted cluster's.
    assert.ok(
      filesOf(index, 'core', 'nodes').every((f) => f.rel.startsWith('cluster-scoped-resources/')),
    );
    assert.ok(!index.files.some((f) => f.resource.namespace === 'hypershift'));
  });

  it('splits a flat log name by the containers of the pod that wrote it', () => {
    const dir = '/d/namespaces/ns/core/pods/logs';
    const logs = flatContainerLogs(
      [
        `${dir}/kube-apiserver-abc12-xyz-kube-apiserver.log`,
        `${dir}/kube-apiserver-abc12-xyz-audit-logs.log`,
        `${dir}/kube-apiserver-abc12-xyz-kube-apiserver-previous.log`,
        `${dir}/etcd-0-etcd-previous.log`,
        `${dir}/stranger-pod-c.log`,
      ],
      [
        {
          namespace: 'ns',
          pod: 'kube-apiserver-abc12-xyz',
          containers: ['kube-apiserver', 'audit-logs'],
        },
        { namespace: 'ns', pod: 'etcd-0', containers: ['etcd'] },
      ],
    );
    const seen = logs.map((c) => [
      c.container.pod,
      c.container.container,
      c.files.map((f) => f.instance),
    ]);
    assert.deepEqual(seen.sort(), [
      ['etcd-0', 'etcd', ['previous']],
      ['kube-apiserver-abc12-xyz', 'audit-logs', ['current']],
      ['kube-apiserver-abc12-xyz', 'kube-apiserver', ['current', 'previous']],
    ]);
  });

  it('reads a 2 GiB flat log of a crash-looping container from its end only', async () => {
    const copy = copyFixture(hosted.cpCrashLoop);
    try {
      const file = join(
        copy.path,
        cpNs,
        'core/pods/logs',
        `${crashing}-openshift-apiserver-previous.log`,
      );
      // Sparse: 2 GiB of size and no disk; real lines in the last MiB, a fatal one at the end.
      const size = 2 * 1024 * mib;
      writeFileSync(file, '');
      truncateSync(file, size);
      const line = 'I0916 11:44:17.000000       1 cmd.go:91] starting\n';
      const fatal = 'F0916 11:44:17.621957       1 cmd.go:72] huge log, fatal line at its end\n';
      const tail = Buffer.from(line.repeat(Math.ceil((70 * mib) / line.length)) + fatal);
      const fd = openSync(file, 'r+');
      try {
        writeSync(fd, tail, 0, tail.length, size - tail.length);
      } finally {
        closeSync(fd);
      }
      const before = process.resourceUsage().maxRSS * 1024;
      const [root] = await discoverRoots(copy.path);
      const a = await analyzeRoot(root!, analysisContext({}));
      const grew = process.resourceUsage().maxRSS * 1024 - before;
      assert.deepEqual(a.internalErrors, []);
      assert.ok(grew < 400 * mib, `the peak grew by ${Math.round(grew / mib)} MiB`);
      const f = a.findings.find((x) => x.rule === 'hosted-control-plane-component-failing');
      assert.ok(f, a.findings.map((x) => x.message).join('\n'));
      assert.match(f.detail ?? '', /huge log, fatal line at its end/);
    } finally {
      copy.remove();
    }
  });

  it('groups a finding about the HostedCluster under the control-plane pod that holds it back', async () => {
    const { snapshot } = await loadFixture(hosted.cpCrashLoop);
    const at = { file: 'x', doc: 0, pointer: '' };
    const pod: Finding = {
      rule: 'cp-pod',
      severity: 'error',
      subject: `pod/clusters-prod/${crashing}`,
      location: at,
      message: 'pod',
      related: [],
    };
    const hc: Finding = { ...pod, rule: 'hc-degraded', subject: 'hc/clusters/prod', message: 'hc' };
    const meta = (id: string, leadsTo: string[] = []) =>
      ({ meta: { id, leadsTo }, check: () => [] }) as unknown as Rule;
    const causes = causesOf([hc, pod], snapshot, [
      meta('cp-pod', ['hc-degraded']),
      meta('hc-degraded'),
    ]);
    assert.equal(causes.length, 1);
    assert.equal(causes[0]!.id, `cp-pod@pod/clusters-prod/${crashing}`);
  });

  for (const [dump, rule] of [
    [hosted.cpCrashLoop, 'hosted-control-plane-component-failing'],
    [hosted.cpRolloutStuck420, 'hosted-control-plane-component-failing'],
    [hosted.etcdPvcPending, 'hosted-etcd-unavailable'],
  ] as const) {
    it(`${rule} off hides its own finding and nothing else`, async () => {
      const [root] = await discoverRoots(dump);
      const key = (f: Finding) => `${f.rule} ${f.subject}`;
      const on = (await analyzeRoot(root!, analysisContext({}))).findings.map(key);
      const off = (
        await analyzeRoot(root!, analysisContext({ levels: { [rule]: 'off' } }))
      ).findings.map(key);
      assert.ok(
        on.some((k) => k.startsWith(`${rule} `)),
        on.join('\n'),
      );
      assert.deepEqual(
        off,
        on.filter((k) => !k.startsWith(`${rule} `)),
      );
    });
  }

  it('gives the same findings from the dump folder and its .tar.gz', () => {
    const tmp = mkdtempSync(join(tmpdir(), 'mgi-hcp-'));
    try {
      for (const dump of [hosted.cpCrashLoop, hosted.cpRolloutStuck420, hosted.etcdPvcPending]) {
        const tgz = join(tmp, `${basename(dump)}.tar.gz`);
        const packed = spawnSync('tar', ['-czf', tgz, '-C', dirname(dump), basename(dump)]);
        assert.equal(packed.status, 0, String(packed.stderr));
        const findings = (path: string) => {
          const r = runCli('analyze', path, '--format', 'json');
          const out = JSON.parse(r.stdout) as {
            findings: { rule: string; subject: string; message: string; file: string }[];
          };
          return out.findings.map((f) => [
            f.rule,
            f.subject,
            f.message,
            f.file.replace(/^.*?namespaces\//, 'namespaces/'),
          ]);
        };
        const folder = findings(dump);
        assert.equal(folder.length, 1, JSON.stringify(folder));
        assert.deepEqual(findings(tgz), folder);
      }
    } finally {
      rmSync(tmp, { recursive: true, force: true });
    }
  });

  it('a broken pod file costs one finding (its Deployment is the root then); no control-plane namespace costs nothing', async () => {
    const copy = copyFixture(hosted.cpCrashLoop);
    try {
      const pod = join(copy.path, cpNs, 'core/pods', `${crashing}.yaml`);
      writeFileSync(pod, 'status: [unclosed\n');
      const [root] = await discoverRoots(copy.path);
      const broken = await analyzeRoot(root!, analysisContext({}));
      assert.deepEqual(broken.internalErrors, []);
      // The pod is unread: the file says so once, and the Deployment it belongs to is the root.
      assert.deepEqual(
        broken.findings.map((f) => `${f.rule} ${f.subject}`).sort(),
        [
          'hosted-control-plane-component-failing deployment/clusters-prod/openshift-apiserver',
          `yaml-invalid file/../${cpNs}/core/pods/${crashing}.yaml`,
        ],
        broken.findings.map((f) => f.message).join('\n'),
      );
      rmSync(join(copy.path, cpNs), { recursive: true, force: true });
      const [again] = await discoverRoots(copy.path);
      const none = await analyzeRoot(again!, analysisContext({}));
      assert.deepEqual(none.internalErrors, []);
      assert.deepEqual(none.findings, []);
      assert.equal(none.snapshot.hosted?.controlPlane?.hcp, undefined);
    } finally {
      copy.remove();
    }
  });
});
