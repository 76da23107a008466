/**
 * Issue 45, bad input: a `hypershift dump` that is odd in one way gives one clear note for it,
 * crashes nothing, and loses no other finding. Each case edits a temporary copy of a fixture.
 */
import assert from 'node:assert/strict';
import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import type { StatusReport } from '../../server/src/core/updateStatus';
import { discoverRoots } from '../../server/src/gather/discover';
import { runCli } from '../support/cli';
import { copyFixture } from '../support/copyFixture';
import { hosted } from '../support/fixtures';

interface Analysis {
  summary: { root: string; version?: string; platform?: string; notes: string[] }[];
  findings: {
    rule: string;
    subject: string;
    message: string;
    file: string;
    related: { file: string; line: number; message: string }[];
  }[];
}

function analyze(path: string): Analysis {
  const r = runCli('analyze', path, '--format', 'json');
  assert.notEqual(r.code, 2, r.stderr);
  return JSON.parse(r.stdout) as Analysis;
}
function status(path: string): StatusReport {
  const r = runCli('status', path, '--format', 'json');
  assert.notEqual(r.code, 2, r.stderr);
  return JSON.parse(r.stdout) as StatusReport;
}
/** Each finding by rule and subject, as a set to compare with the untouched dump's. */
const keys = (a: Analysis) => a.findings.map((f) => `${f.rule} ${f.subject}`).sort();
/** The notes matching `re`: there must be exactly one. */
function oneNote(a: Analysis, re: RegExp): string {
  const notes = a.summary.flatMap((s) => s.notes).filter((n) => re.test(n));
  assert.equal(notes.length, 1, a.summary.flatMap((s) => s.notes).join('\n'));
  return notes[0]!;
}

/** Runs `edit` on a copy of `fixture`, then `check` on the copy's path. */
function withCopy(fixture: string, edit: (path: string) => void, check: (path: string) => void) {
  const copy = copyFixture(fixture);
  try {
    edit(copy.path);
    check(copy.path);
  } finally {
    copy.remove();
  }
}

const hubVersion = (dump: string) => {
  const dir = join(dump, 'cluster-scoped-resources/config.openshift.io/clusterversions');
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    join(dir, 'version.yaml'),
    'apiVersion: config.openshift.io/v1\nkind: ClusterVersion\nmetadata:\n  name: version\nspec:\n  channel: stable-4.17\nstatus:\n  desired:\n    version: 4.17.14\n  history:\n  - completionTime: "2025-08-01T10:00:00Z"\n    image: quay.io/openshift-release-dev/ocp-release:4.17.14-x86_64\n    startedTime: "2025-08-01T09:00:00Z"\n    state: Completed\n    version: 4.17.14\n',
  );
};

describe('a hypershift dump with bad input', () => {
  const whole = analyze(hosted.drainBlocked);
  const drain = 'nodepool-drain-blocked pdb/shop/cart-db';

  it('without its guest part: one note, the NodePool finding kept, the version from the HostedCluster', () => {
    withCopy(
      hosted.drainBlocked,
      (p) => rmSync(join(p, 'hostedcluster-prod'), { recursive: true }),
      (p) => {
        const a = analyze(p);
        oneNote(a, /^no `hostedcluster-prod\/` in the dump: the guest cluster was not collected/);
        assert.ok(keys(a).includes(drain), keys(a).join('\n'));
        // The first look too: the HostedCluster's release and platform, said where they come from.
        assert.equal(a.summary[0]!.version, '4.19.9');
        assert.equal(a.summary[0]!.platform, 'AWS');
        oneNote(
          a,
          /^no ClusterVersion: the release, platform and cluster ID are HostedCluster prod's/,
        );
        // Part C: the control plane from the HostedCluster's status.version, its evidence there.
        const cp = status(p).roots[0]!.controlPlane;
        assert.equal(cp.target, '4.19.9');
        assert.equal(cp.from, '4.18.22');
        assert.equal(cp.assessment, 'NotUpdating');
        assert.match(cp.reason, /HostedCluster prod's status\.version \(its guest part is missing/);
        assert.equal(
          cp.file,
          'namespaces/clusters/hypershift.openshift.io/hostedclusters/prod.yaml',
        );
        const text = runCli('status', p).stdout;
        assert.doesNotMatch(text, /holds no ClusterVersion/);
        assert.match(text, /Target Version: +4\.19\.9 \(from 4\.18\.22\)/);
        assert.match(
          text,
          /Operator Health: unknown \(the dump holds none of the hosted cluster's/,
        );
        assert.match(text, /Why: +The control plane runs 4\.19\.9 .*its guest part is missing/);
      },
    );
  });

  it("without its guest part on 4.17: the pod Cluster API's log cannot evict names the drain", () => {
    withCopy(
      hosted.drainBlocked417,
      (p) => rmSync(join(p, 'hostedcluster-prod'), { recursive: true }),
      (p) => {
        const a = analyze(p);
        oneNote(a, /^no `hostedcluster-prod\/` in the dump: the guest cluster was not collected/);
        // No guest budget to name: the Machine's condition names nothing before 4.19, the log does.
        assert.deepEqual(keys(a), ['nodepool-drain-blocked pod/shop/cart-db-0']);
        const f = a.findings[0]!;
        assert.match(f.message, /^Pod shop\/cart-db-0 blocks the drain of node ip-10-0-137-64\./);
        const log = f.related.find((r) => r.message.startsWith('cluster-api: '));
        assert.ok(log, f.related.map((r) => r.message).join(' | '));
        assert.match(
          log.file,
          /^namespaces\/clusters-prod\/core\/pods\/logs\/cluster-api-.*-manager\.log$/,
        );
        const line = readFileSync(join(p, log.file), 'utf8').split('\n')[log.line - 1] ?? '';
        assert.match(line, /^E0916 .*error when evicting pods\/\\"cart-db-0\\" -n \\"shop\\"/);
      },
    );
  });

  it('with an empty guest part: one note, read as a dump without it', () => {
    withCopy(
      hosted.drainBlocked,
      (p) => {
        rmSync(join(p, 'hostedcluster-prod'), { recursive: true });
        mkdirSync(join(p, 'hostedcluster-prod'));
      },
      (p) => {
        const a = analyze(p);
        oneNote(
          a,
          /^`hostedcluster-prod\/` in the dump holds no resources: the guest cluster's collection failed/,
        );
        assert.deepEqual(
          a.summary.flatMap((s) => s.notes).filter((n) => /not collected/.test(n)),
          [],
        );
        assert.ok(keys(a).includes(drain));
        assert.equal(status(p).roots[0]!.controlPlane.target, '4.19.9');
      },
    );
    // Only the inspect run's own files, no object: as empty.
    withCopy(
      hosted.drainBlocked,
      (p) => {
        for (const e of readdirSync(join(p, 'hostedcluster-prod')))
          if (e !== 'timestamp' && e !== 'event-filter.html')
            rmSync(join(p, 'hostedcluster-prod', e), { recursive: true });
      },
      (p) => {
        const a = analyze(p);
        oneNote(a, /^`hostedcluster-prod\/` in the dump holds no resources/);
        assert.ok(keys(a).includes(drain));
      },
    );
  });

  it("with the management cluster's ClusterVersion beside the hosted one: the hosted version, never the management's", () => {
    withCopy(hosted.drainBlocked, hubVersion, (p) => {
      const a = analyze(p);
      oneNote(
        a,
        /is the management cluster's ClusterVersion .* not hosted cluster clusters\/prod's: not read/,
      );
      assert.deepEqual(keys(a), keys(whole));
      const r = status(p).roots[0]!;
      assert.equal(r.controlPlane.target, '4.19.9');
      assert.doesNotMatch(JSON.stringify(r), /4\.17\.14/);
    });
    // Without the guest part the dump itself is the root: still never the management's.
    withCopy(
      hosted.drainBlocked,
      (p) => {
        hubVersion(p);
        rmSync(join(p, 'hostedcluster-prod'), { recursive: true });
      },
      (p) => {
        const r = status(p).roots[0]!;
        assert.equal(r.controlPlane.target, '4.19.9');
        assert.doesNotMatch(JSON.stringify(r.controlPlane), /4\.17\.14/);
      },
    );
  });

  it('with a HostedCluster whose control-plane namespace is missing: one note, the guest still judged', () => {
    withCopy(
      hosted.drainBlocked,
      (p) => rmSync(join(p, 'namespaces', 'clusters-prod'), { recursive: true }),
      (p) => {
        const a = analyze(p);
        oneNote(a, /^no control-plane namespace `namespaces\/clusters-prod\/` in the dump/);
        const r = status(p).roots[0]!;
        assert.equal(r.hosted?.controlPlane.version, '4.19.9');
        assert.deepEqual(
          r.hosted?.nodePools.map((n) => n.name),
          ['prod-workers'],
        );
        assert.equal(r.summary.counts.nodes, 4);
      },
    );
  });

  it('with a NodePool naming a HostedCluster that is not there: one note, nothing else changes', () => {
    withCopy(
      hosted.drainBlocked,
      (p) => {
        const dir = join(p, 'namespaces/clusters/hypershift.openshift.io/nodepools');
        const text = readFileSync(join(dir, 'prod-workers.yaml'), 'utf8')
          .replace(/\bprod-workers\b/g, 'ghost-workers')
          .replace(/clusterName: prod\n/, 'clusterName: ghost\n');
        writeFileSync(join(dir, 'ghost-workers.yaml'), text);
      },
      (p) => {
        const a = analyze(p);
        oneNote(
          a,
          /^a NodePool names a HostedCluster the dump does not hold \(ghost-workers -> ghost\): not read$/,
        );
        assert.deepEqual(keys(a), keys(whole));
        assert.deepEqual(
          status(p).roots[0]!.hosted?.nodePools.map((n) => n.name),
          ['prod-workers'],
        );
      },
    );
  });

  it('with 1,000 Machines: no crash, the same findings, every Machine counted', () => {
    withCopy(
      hosted.drainBlocked,
      (p) => {
        const dir = join(p, 'namespaces/clusters-prod/cluster.x-k8s.io/machines');
        // One Machine that is not being deleted, as the template.
        const file = readdirSync(dir).find(
          (f) => !readFileSync(join(dir, f), 'utf8').includes('deletionTimestamp'),
        )!;
        const name = file.replace(/\.yaml$/, '');
        const text = readFileSync(join(dir, file), 'utf8');
        const have = readdirSync(dir).length;
        for (let i = 0; i < 1000 - have; i++) {
          const copy = `${name}-x${String(i).padStart(4, '0')}`;
          writeFileSync(join(dir, `${copy}.yaml`), text.split(name).join(copy));
        }
        assert.equal(readdirSync(dir).length, 1000);
      },
      (p) => {
        const a = analyze(p);
        assert.deepEqual(keys(a), keys(whole));
        const pool = status(p).roots[0]!.hosted!.nodePools[0]!;
        assert.equal(pool.machines.total + pool.machines.deleting, 1000);
      },
    );
  });

  it('with two HostedClusters: two roots, each with its own NodePools and findings', async () => {
    const copy = copyFixture(hosted.drainBlocked);
    try {
      const p = copy.path;
      const rename = (text: string) =>
        text
          .replace(/\bclusters-prod\b/g, 'clusters-stage')
          .replace(/\bprod-workers\b/g, 'stage-workers')
          .replace(/clusterName: prod\n/g, 'clusterName: stage\n')
          .replace(/^( {2}name:) prod$/m, '$1 stage');
      const hs = join(p, 'namespaces/clusters/hypershift.openshift.io');
      writeFileSync(
        join(hs, 'hostedclusters/stage.yaml'),
        rename(readFileSync(join(hs, 'hostedclusters/prod.yaml'), 'utf8')),
      );
      writeFileSync(
        join(hs, 'nodepools/stage-workers.yaml'),
        rename(readFileSync(join(hs, 'nodepools/prod-workers.yaml'), 'utf8')),
      );
      // Its control plane's Cluster API objects; its guest part was not collected.
      for (const kind of ['machinesets', 'machines']) {
        const from = join(p, 'namespaces/clusters-prod/cluster.x-k8s.io', kind);
        const to = join(p, 'namespaces/clusters-stage/cluster.x-k8s.io', kind);
        mkdirSync(to, { recursive: true });
        for (const f of readdirSync(from))
          writeFileSync(join(to, rename(f)), rename(readFileSync(join(from, f), 'utf8')));
      }
      cpSync(
        join(p, 'namespaces/clusters-prod/hypershift.openshift.io'),
        join(p, 'namespaces/clusters-stage/hypershift.openshift.io'),
        { recursive: true },
      );

      const roots = await discoverRoots(p);
      assert.deepEqual(roots.map((r) => r.hosted?.name).sort(), ['prod', 'stage']);
      const r = status(p).roots;
      const pools = Object.fromEntries(
        r.map((x) => [x.hosted!.controlPlane.name, x.hosted!.nodePools.map((n) => n.name)]),
      );
      assert.deepEqual(pools, { prod: ['prod-workers'], stage: ['stage-workers'] });
      const a = analyze(p);
      const drains = a.findings
        .filter((f) => f.rule === 'nodepool-drain-blocked')
        .map((f) => f.file.replace(/\/cluster\.x-k8s\.io\/.*$/, ''))
        .sort();
      assert.deepEqual(drains, ['namespaces/clusters-prod', 'namespaces/clusters-stage']);
      oneNote(a, /^no `hostedcluster-stage\/` in the dump/);
    } finally {
      copy.remove();
    }
  });
});
