import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import {
  groupNodesAbove,
  shortNodeNames,
  rootLabel,
  statusText,
  statusTone,
  statusTree,
} from '../../client/src/upgradeStatus/treeModel';
import { hostedLines } from '../../client/src/upgradeStatus/hosted';
import type { TreeItemModel } from '../../client/src/upgradeStatus/item';
import type { NodeReport, StatusReport } from '../../server/src/core/updateStatus';
import type { RootRecommendReport } from '../../server/src/core/recommend';
import { copyFixture } from '../support/copyFixture';
import { hosted, mustGatherRoot, repoRoot, samples, updates } from '../support/fixtures';

function report(path: string): StatusReport {
  const r = spawnSync(
    process.execPath,
    [join(repoRoot, 'dist', 'cli.js'), 'status', path, '--format', 'json'],
    {
      encoding: 'utf8',
    },
  );
  return JSON.parse(r.stdout) as StatusReport;
}

const child = (m: TreeItemModel, label: string | RegExp) =>
  m.children.find((c) => (typeof label === 'string' ? c.label === label : label.test(c.label)));

describe('Upgrade Status tree model', () => {
  const seed = report(samples.workerBlocksMco);
  const [root] = statusTree(seed);

  it('labels a must-gather with its update and the status bar with its target', () => {
    assert.equal(root?.label, '4.7.3 → 4.7.4 · AWS', 'the first look: release, target, platform');
    assert.match(
      root?.description ?? '',
      /^Stalled 91% · must-gather\.local\.\d+ · gathered 2021-03-25T12:20:41Z$/,
    );
    assert.equal(rootLabel(seed.roots[0]!), '4.7.3 → 4.7.4 · Stalled 91%');
    assert.equal(statusText(seed.roots[0]!), '4.7.4 · Stalled 91%');
    assert.equal(root?.tone, 'error');
    assert.equal(root?.icon, 'error');
    assert.equal(rootLabel(report(samples.healthy).roots[0]!), '4.10.3 · Not updating');
  });

  it('orders a must-gather: control plane, worker pools, then the insights', () => {
    assert.deepEqual(
      root?.children.map((c) => c.label),
      ['Control plane', 'worker', 'Update health'],
    );
    const cp = child(root!, 'Control plane')!;
    assert.match(
      cp.description,
      /^Stalled · 10\/11 operators updated · 1 unavailable, 0 degraded$/,
    );
    assert.match(
      cp.tooltip,
      /\nEst\. Time Remaining \(as oc estimates it\): N\/A; estimate duration was 3h22m$/,
    );
    assert.deepEqual(
      cp.children.map((c) => `${c.label} ${c.description}`),
      [
        'machine-config updating since 2021-03-25T09:08:42Z',
        'machine-config Available=False since 2021-03-25T09:18:42Z',
        'machine-config Degraded=True since 2021-03-25T09:45:01Z',
        'Control-plane nodes 3/3 updated',
      ],
    );
    assert.equal(cp.expanded, true, 'a stalled control plane opens');
  });

  it('lists a pool with its nodes worst first, each opening its evidence', () => {
    const [small] = statusTree(report(updates.draining));
    const rolling = child(small!, 'worker')!;
    assert.deepEqual(
      rolling.children.map((n) => n.description.split(' · ').slice(0, 2).join(' ')),
      [
        'Progressing Draining',
        'Progressing Updating',
        'Outdated Pending',
        'Outdated Pending',
        'Completed Updated',
        'Completed Updated',
      ],
      'a pool of 6 is listed node by node',
    );
    const worker = child(root!, 'worker')!;
    assert.equal(worker.description, 'Degraded · 25/52 · 9 degraded');
    assert.equal(worker.tone, 'error');
    // 52 nodes: grouped by assessment, the degraded ones first and open.
    assert.deepEqual(
      worker.children.map((g) => `${g.label} ${g.description}`),
      ['Degraded 9 nodes', 'Progressing 2 nodes', 'Outdated 16 nodes', 'Completed 25 nodes'],
    );
    const degraded = worker.children[0]!;
    assert.equal(degraded.expanded, true);
    assert.deepEqual(
      degraded.children.map((n) => n.tone),
      Array(9).fill('error'),
    );
    const first = degraded.children[0]!;
    // The domain every node shares is left out of the row; the tooltip has the whole name.
    assert.equal(first.label, 'ip-10-0-137-214');
    assert.match(first.tooltip, /^ip-10-0-137-214\.ec2\.internal: Degraded/);
    assert.match(
      first.description,
      /^Degraded · Updating · release unknown · failed to drain node/,
    );
    assert.ok(first.evidence?.file.endsWith('core/nodes/ip-10-0-137-214.ec2.internal.yaml'));
    assert.ok((first.evidence?.line ?? 0) > 1);
  });

  it('shortens node names only by a domain every node shares', () => {
    const names = (ns: string[]) => [...shortNodeNames(ns).values()];
    assert.deepEqual(names(['a-1.ec2.internal', 'a-2.ec2.internal']), ['a-1', 'a-2']);
    assert.deepEqual(names(['a-1.ec2.internal', 'b.example.com']), [
      'a-1.ec2.internal',
      'b.example.com',
    ]);
    assert.deepEqual(names(['worker-a', 'worker-b']), ['worker-a', 'worker-b']);
  });

  it('badges required and paused pools', () => {
    const [paused] = statusTree(report(updates.pausedPool));
    const worker = child(paused!, /^worker/)!;
    assert.equal(worker.label, 'worker (paused)');
    assert.equal(worker.tone, 'warning');
    assert.ok(worker.children.every((n) => n.icon === 'debug-pause'));
  });

  it('groups a large pool by assessment, Degraded and Unavailable first and open', () => {
    const big = report(samples.workerBlocksMco);
    const pool = big.roots[0]!.pools[0]!;
    const extra: NodeReport[] = Array.from({ length: groupNodesAbove * 4 }, (_, i) => ({
      ...pool.nodes[30]!,
      name: `ip-10-1-${i}.ec2.internal`,
      assessment: i % 50 === 0 ? 'Unavailable' : 'Completed',
    }));
    pool.nodes.push(...extra);
    const worker = child(statusTree(big)[0]!, 'worker')!;
    assert.deepEqual(
      worker.children.map((g) => `${g.label} ${g.description} ${g.expanded}`),
      [
        'Degraded 9 nodes true',
        'Unavailable 4 nodes true',
        'Progressing 2 nodes false',
        'Outdated 16 nodes false',
        `Completed ${25 + 196} nodes false`,
      ],
    );
  });

  it('lists the insights worst first, and says so when nothing bears on an update', () => {
    const health = child(root!, 'Update health')!;
    assert.equal(health.tone, 'error');
    assert.equal(health.children[0]?.tone, 'error');
    assert.ok(health.children.every((c) => c.evidence));
    // Bug 1943289: the 14 insights one cause explains are one line, under the cause's title.
    assert.equal(health.description, '14 insights · 1 line');
    assert.equal(health.children.length, 1);
    const cause = health.children[0]!;
    assert.match(cause.label, /^Pool worker: 11 nodes cannot drain: /);
    assert.match(cause.description, /^error · Update Stalled · 14 insights$/);
    assert.equal(cause.children.length, 14);
    assert.match(cause.children[0]!.label, /^machine-config is not available/);
    assert.ok(cause.children.every((c) => c.evidence && c.children.length === 0));
    // An insight no other shares its cause with stays a line of its own.
    const drained = statusTree(report(updates.stalled))[0]!;
    const lines = child(drained, 'Update health')!.children;
    assert.ok(lines.some((l) => /^Alert KubePodNotReady is firing/.test(l.label)));
    const [healthy] = statusTree(report(samples.healthy));
    assert.equal(child(healthy!, 'Update health')?.description, 'nothing bears on an update');
  });

  it('keeps ids stable and unique, so a refresh keeps what the user expanded', () => {
    const ids: string[] = [];
    const walk = (m: TreeItemModel) => {
      ids.push(m.id);
      m.children.forEach(walk);
    };
    statusTree(seed).forEach(walk);
    assert.equal(new Set(ids).size, ids.length);
    const again: string[] = [];
    const walk2 = (m: TreeItemModel) => {
      again.push(m.id);
      m.children.forEach(walk2);
    };
    statusTree(report(samples.workerBlocksMco)).forEach(walk2);
    assert.deepEqual(again, ids);
  });
});

describe('Upgrade Status tone', () => {
  it('marks a completed update with an error insight as an error (bug 2019850)', () => {
    const [r] = report(samples.levelEarly).roots;
    assert.equal(r?.controlPlane.assessment, 'Completed');
    assert.equal(statusTone(r!), 'error');
    assert.equal(statusTree({ roots: [r!] })[0]?.icon, 'error');
    assert.equal(statusTone(report(samples.healthy).roots[0]!), 'ok');
  });

  it('says a completed control plane whose required pool still rolls is not done (bug 2019850)', () => {
    const [r] = report(samples.levelEarly).roots;
    assert.deepEqual(r?.controlPlane.requiredPoolsNotUpdated, ['master']);
    assert.match(
      r!.controlPlane.reason,
      /completed at \S+, but required pool master is not updated;/,
    );
    const cp = child(statusTree({ roots: [r!] })[0]!, 'Control plane')!;
    assert.match(
      cp.description,
      /^Completed, but required pool master is not updated · 11\/11 operators updated/,
    );
    assert.equal(cp.tone, 'warning');
    // A completed update whose required pools are done stays plain Completed.
    const [done] = report(updates.completedPoolRolling).roots;
    assert.deepEqual(done?.controlPlane.requiredPoolsNotUpdated, []);
    assert.match(
      child(statusTree({ roots: [done!] })[0]!, 'Control plane')!.description,
      /^Completed · /,
    );
  });
});

describe('Upgrade Status root item: the first look', () => {
  it('shows the release and platform, and every field of the summary in its tooltip', () => {
    const [healthy] = statusTree(report(samples.healthy));
    assert.equal(healthy?.label, '4.10.3 · AWS');
    assert.match(
      healthy!.description,
      /^Not updating · must-gather\.local\.\d+ · gathered 2022-03-24T17:41:05Z$/,
    );
    const tip = healthy!.tooltip.split('\n');
    for (const line of [
      'Release: 4.10.3',
      'Platform: AWS',
      'Cluster ID: b1a1e038-4ddd-4552-b3a9-39765890afdb',
      'Channel: stable-4.10',
      'Gathered: 2022-03-24T17:41:05Z (must-gather · image quay.io/openshift-release-dev/ocp-v4.0-art-dev@sha256:6826fcaf36340703591a302ec98f0bce1ccdccec4705d5aacbbecbf243c18447)',
      'Holds: 6 nodes, 2 pools, 11 operators, 16 configs',
    ])
      assert.ok(tip.includes(line), line);
    assert.equal(healthy!.children[0]?.label, 'Control plane', 'nothing lacking: no note items');
    const [updating] = statusTree(report(updates.draining));
    assert.equal(updating?.label, '4.15.2 → 4.15.3 · AWS');
    assert.ok(updating!.tooltip.includes('Release: 4.15.2, updating to 4.15.3'));
  });

  it('names a must-gather extracted from an archive by the archive, never the cache path', () => {
    const cache = '/home/u/.config/Code/User/globalStorage/mgi/archives/3f9c2a/root';
    const one = report(samples.workerBlocksMco).roots[0]!;
    const root = `${cache}/${one.root}`;
    const place = `/cases/03912345/must-gather.tar.gz!/${one.root}`;
    const abs = (f: string) => `${cache}/${f}`;
    const [item] = statusTree({
      roots: [
        {
          ...one,
          root,
          place,
          insights: one.insights.map((i) => ({ ...i, file: abs(i.file) })),
        },
      ],
    });
    assert.match(item!.description, /^Stalled 91% · must-gather\.tar\.gz · gathered /);
    assert.ok(item!.tooltip.startsWith(`${place}\n`), item!.tooltip);
    const health = child(item!, 'Update health')!;
    for (const i of health.children.flatMap((c) => [c, ...c.children]))
      assert.ok(!i.tooltip.includes('globalStorage'), i.tooltip);
    // The cause's line stands on its root's insight (a node that cannot drain).
    const first = one.insights.find((i) => i.rule === 'node-mcd-degraded')!;
    assert.ok(
      health.children[0]!.tooltip.endsWith(
        `\n${first.file.slice(one.root.length + 1)}:${first.line}`,
      ),
      'the evidence by its path inside the must-gather',
    );
  });

  it('lists what a must-gather lacks as its first children', () => {
    const copy = copyFixture(samples.healthy);
    try {
      const cfg = join(mustGatherRoot(copy.path), 'cluster-scoped-resources/config.openshift.io');
      for (const f of ['clusterversions', 'clusterversions.yaml', 'clusteroperators'])
        rmSync(join(cfg, f), { recursive: true });
      rmSync(join(cfg, 'clusteroperators.yaml'));
      const [bare] = statusTree(report(copy.path));
      assert.equal(bare?.label, 'release unknown · AWS');
      assert.deepEqual(
        bare!.children.slice(0, 3).map((c) => `${c.icon} ${c.label}`),
        [
          'info no ClusterVersion: the release, cluster ID and channel are unknown',
          'info no ClusterOperators: the operators are not judged',
          'pass Control plane',
        ],
      );
      assert.ok(bare!.tooltip.includes('Note: no ClusterOperators: the operators are not judged'));
    } finally {
      copy.remove();
    }
  });
});

describe('Upgrade Status: before the next update', () => {
  const recommend = (path: string) => {
    const r = spawnSync(
      process.execPath,
      [join(repoRoot, 'dist', 'cli.js'), 'recommend', path, '--format', 'json'],
      { encoding: 'utf8' },
    );
    return (JSON.parse(r.stdout) as { roots: RootRecommendReport[] }).roots;
  };

  it('shows what recommend says under a cluster that is not updating, each row at its evidence', () => {
    const [root] = statusTree(
      report(updates.notAcceptedAdminAck),
      recommend(updates.notAcceptedAdminAck),
    );
    const before = child(root!, 'Before the next update');
    assert.ok(before, root!.children.map((c) => c.label).join(' | '));
    // No budget and no Prometheus rules in this gather: not checked, so neither concern nor none.
    assert.equal(before.description, '3 concerns (2 not checked) · 0 recommended updates');
    assert.equal(child(before, 'gather/PodDisruptionBudgets')?.tone, 'muted');
    assert.equal(before.tone, 'warning');
    const ack = child(before, 'ack-4.15-kube-1.29-api-removals-in-4.16');
    assert.equal(ack?.description, 'AdminAcks · AdminAckRequired');
    assert.match(ack?.tooltip ?? '', /Accept with: --accept AdminAckRequired/);
    assert.match(ack?.evidence?.file ?? '', /openshift-config-managed\/core\/configmaps\.yaml$/);
    assert.ok(child(before, 'ReleaseAccepted=False'));
    const to416 = child(before, 'Updates to 4.16');
    assert.equal(to416?.description, '0 of 1 recommended');
    const u = child(to416!, '4.16.0');
    assert.equal(u?.description, 'not recommended · AdminAckRequired');
    assert.match(u?.evidence?.file ?? '', /clusterversions\/version\.yaml$/);
    assert.ok((u?.evidence?.line ?? 0) > 1);
    // Before the insights, after the pools.
    const labels = root!.children.map((c) => c.label);
    assert.ok(labels.indexOf('Before the next update') < labels.length - 1);
  });

  it('is left out while an update is in flight', () => {
    const [root] = statusTree(report(updates.stalled), recommend(updates.stalled));
    assert.equal(child(root!, 'Before the next update'), undefined);
  });
});

describe('Upgrade Status tree model: a hosted cluster (issue 45)', () => {
  const [root] = statusTree(report(hosted.drainBlocked));

  it('shows the hosted control plane, then each NodePool rolling on its own, at their evidence', () => {
    const cp = child(root!, 'Hosted control plane clusters/prod');
    assert.equal(cp?.description, 'Completed 4.19.9');
    assert.equal(cp?.tone, 'ok');
    assert.match(
      cp?.tooltip ?? '',
      /the management cluster: its nodes and version are not this cluster's/,
    );
    assert.match(cp?.evidence?.file ?? '', /hostedclusters\/prod\.yaml$/);
    const pool = child(root!, 'NodePool prod-workers (Replace)');
    assert.equal(pool?.description, '4.18.22 → 4.19.9 · 1/3 machines · 1 deleting');
    assert.equal(pool?.tone, 'progress');
    assert.match(pool?.evidence?.file ?? '', /nodepools\/prod-workers\.yaml$/);
    // Before the guest's own control-plane item, which reads the guest's ClusterVersion.
    const labels = root!.children.map((c) => c.label);
    assert.ok(labels.indexOf('NodePool prod-workers (Replace)') < labels.indexOf('Control plane'));
  });

  it('tells the status bar the NodePools still updating after the control plane, and lists them in its tooltip', () => {
    const r = report(hosted.drainBlocked).roots[0]!;
    assert.equal(statusText(r), '4.19.9 · Not updating · 1 of 1 NodePools updating');
    assert.deepEqual(hostedLines(r.hosted!), [
      'Hosted control plane clusters/prod: Completed 4.19.9',
      'NodePool prod-workers: 4.18.22 → 4.19.9 · 1/3 machines · 1 deleting',
    ]);
    const settled = report(hosted.healthy).roots[0]!;
    assert.equal(statusText(settled), '4.18.22 · Not updating');
  });

  it('shows under the control plane the component that has not rolled out, in warning, at its file', () => {
    const [crash] = statusTree(report(hosted.cpCrashLoop));
    const cp = child(crash!, 'Hosted control plane clusters/prod');
    assert.equal(cp?.tone, 'warning');
    assert.equal(cp?.expanded, true);
    const component = cp?.children.find(
      (c) => c.label === 'ControlPlaneComponent openshift-apiserver',
    );
    assert.equal(component?.description, 'not rolled out: Available=False (WaitingForAvailable)');
    assert.match(
      component?.evidence?.file ?? '',
      /controlplanecomponents\/openshift-apiserver\.yaml$/,
    );
    assert.deepEqual(child(root!, 'Hosted control plane clusters/prod')?.children, []);
  });

  it('lists at most ten NodePools in the tooltip, and how many more', () => {
    const r = report(hosted.drainBlocked).roots[0]!;
    const pool = r.hosted!.nodePools[0]!;
    const many = {
      ...r.hosted!,
      nodePools: Array.from({ length: 14 }, (_, i) => ({ ...pool, name: `pool-${i}` })),
    };
    const lines = hostedLines(many);
    assert.equal(lines.length, 12);
    assert.equal(lines[11], 'and 4 more NodePools');
  });
});
