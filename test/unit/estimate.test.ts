/**
 * The estimates and counts `oc adm upgrade status` prints, as oc computes them
 * (docs/domain/update-status.md): the control plane's time left, each node's EST, the pools'
 * Available count, and machine-config's own image during a migration to multi-arch.
 */
import assert from 'node:assert/strict';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { analysisContext, analyzeRoot } from '../../server/src/analysis/analyze';
import { discoverRoots } from '../../server/src/gather/discover';
import { assessUpdate } from '../../server/src/model/assessment';
import {
  estimateSecondsLeft,
  estimateText,
  nodeEstimate,
  timewiseComplete,
} from '../../server/src/model/assessment/estimate';
import { ocDuration } from '../../server/src/core/text';
import { Deployment } from '../../server/src/model/deployment';
import { runCli } from '../support/cli';
import { copyFixture } from '../support/copyFixture';
import { samples, updates } from '../support/fixtures';
import { loadFixture } from '../support/snapshot';

describe("oc's estimate arithmetic", () => {
  it('prints durations as oc does', () => {
    assert.equal(ocDuration(0), 'now');
    assert.equal(ocDuration(0.9), 'now');
    assert.equal(ocDuration(45), '45s');
    assert.equal(ocDuration(300), '5m');
    assert.equal(ocDuration(5100), '1h25m');
    assert.equal(ocDuration(7200), '2h');
    assert.equal(ocDuration(86934), '24h8m54s');
    assert.equal(ocDuration(-600), '-10m');
  });

  it("follows oc's fitted curve of time against operators updated", () => {
    assert.ok(Math.abs(timewiseComplete(0) - -0.03078788) < 1e-9);
    assert.ok(Math.abs(timewiseComplete(0.1) - 0.1938586) < 1e-6);
    assert.ok(Math.abs(timewiseComplete(0.5) - 0.3895146) < 1e-6);
    assert.ok(Math.abs(timewiseComplete(0.8) - 0.4326755) < 1e-6);
    // Past 90% the curve climbs fast: machine-config's node rollout is the last third.
    assert.ok(Math.abs(timewiseComplete(0.97) - 0.6981542) < 1e-6);
  });

  it('uses the baseline until operators have moved for five minutes, plus 20%', () => {
    // 90 s in, 10% updated, last progress 2 min in: the one-hour baseline, 3,510 s left * 1.2.
    assert.equal(estimateSecondsLeft(3600, 120, 90, 0.1), 70 * 60);
    // Past ten minutes the estimate is rounded to the minute (half away from zero): 630 s.
    assert.equal(estimateSecondsLeft(3600, 0, 3600 - 525, 0.1), 660);
    // Under ten minutes it stays in seconds: 570 s.
    assert.equal(estimateSecondsLeft(3600, 0, 3600 - 475, 0.1), 570);
  });

  it('projects from the last progress once operators have moved, less 20% when overdue', () => {
    // Half updated, last progress 20 min in: 1200 / 0.3895146 = 3,080.7 s expected in all.
    // 40 min in: 680.7 s left * 1.2 = 816 s, rounded to 14 min.
    assert.equal(estimateSecondsLeft(3600, 1200, 2400, 0.5), 14 * 60);
    // An hour in: 519.3 s overdue / 1.2 = 432 s (whole seconds, toward zero).
    assert.equal(estimateSecondsLeft(3600, 1200, 3600, 0.5), -432);
    assert.equal(estimateSecondsLeft(3600, 1200, 3000, 1), 0);
  });

  it("words the estimate as oc's Est. Time Remaining", () => {
    assert.equal(estimateText(4200, 5000, false), '1h10m');
    assert.equal(estimateText(599, 5000, false), '<10m');
    assert.equal(estimateText(-300, 5000, false), '<10m');
    assert.equal(estimateText(-601, 5040, false), 'N/A; estimate duration was 1h24m');
    assert.equal(estimateText(4200, 5000, true), 'N/A for Multi-Architecture Migration');
  });

  it("gives each node oc's EST by phase, ? or - when it is stuck", () => {
    assert.equal(nodeEstimate('Draining', false, false), '+10m');
    assert.equal(nodeEstimate('Updating', false, false), '+5m');
    assert.equal(nodeEstimate('Rebooting', false, false), '+5m');
    assert.equal(nodeEstimate('Pending', false, false), '?');
    assert.equal(nodeEstimate('Paused', false, false), '-');
    assert.equal(nodeEstimate('Updated', true, false), '-');
    assert.equal(nodeEstimate('Draining', false, true), '?');
    assert.equal(nodeEstimate('Updated', true, true), '-');
  });
});

describe('estimates and counts on the update scenarios', () => {
  async function assess(scenario: string) {
    const [root] = await discoverRoots(scenario);
    assert.ok(root);
    return (await analyzeRoot(root, analysisContext())).assessment;
  }

  it('a stalled update: the estimate oc would print, ten minutes overdue', async () => {
    const a = await assess(samples.workerBlocksMco);
    assert.equal(a.controlPlane.assessment, 'Stalled');
    assert.equal(a.controlPlane.estimate, 'N/A; estimate duration was 3h22m');
    // Nine degraded workers, cordoned by their failed drains, are out of Available.
    const w = a.pools.find((p) => p.name === 'worker')!;
    assert.equal(w.counts.degraded, 9);
    assert.equal(w.counts.available, w.counts.total - w.nodes.filter((n) => n.unavailable).length);
    assert.ok(w.nodes.filter((n) => n.assessment === 'Degraded').every((n) => n.unavailable));
    assert.ok(w.nodes.filter((n) => n.assessment === 'Degraded').every((n) => n.estimate === '?'));
  });

  it('a rolling update: nodes by phase, and none unavailable once done', async () => {
    const a = await assess(updates.draining);
    assert.ok(a.controlPlane.estimate, 'an estimate while machine-config rolls');
    const w = a.pools.find((p) => p.name === 'worker')!;
    const est = Object.fromEntries(w.nodes.map((n) => [n.phase, n.estimate]));
    assert.equal(est.Draining, '+10m');
    assert.equal(est.Updated, '-');
    assert.equal(est.Pending, '?');
    for (const n of w.nodes.filter((x) => x.phase === 'Updated'))
      assert.equal(n.unavailable, false);
  });

  it('a completed control plane has no estimate', async () => {
    const a = await assess(updates.completedPoolRolling);
    assert.equal(a.controlPlane.estimate, undefined);
  });
});

describe("machine-config's own image during a migration to multi-arch", () => {
  /** The multi-arch fixture as a 4.18+ cluster shows it: machine-config reports its image. */
  async function migrating(deployed: string | undefined) {
    const { snapshot: s } = await loadFixture(updates.multiarch);
    const mco = s.operators.find((o) => o.name === 'machine-config')!;
    const versions = (mco.raw.status as { versions: { name: string; version: string }[] }).versions;
    versions.push({ name: 'operator-image', version: 'quay.io/example/mco@sha256:1111' });
    (mco.raw.status as { conditions: { type: string; status: string }[] }).conditions.find(
      (c) => c.type === 'Progressing',
    )!.status = 'True';
    if (deployed) {
      s.mcoDeployment = new Deployment(
        {
          apiVersion: 'apps/v1',
          kind: 'Deployment',
          metadata: {
            name: 'machine-config-operator',
            namespace: 'openshift-machine-config-operator',
          },
          spec: {
            template: {
              spec: {
                containers: [
                  { name: 'kube-rbac-proxy', image: 'quay.io/example/proxy@sha256:2222' },
                  { name: 'machine-config-operator', image: deployed },
                ],
              },
            },
          },
        },
        { file: '/x/deployments.yaml', doc: 0, base: '/items/0' },
      );
    }
    return assessUpdate(s).controlPlane;
  }

  it('is still updating while its Deployment runs another image than it reports', async () => {
    const cp = await migrating('quay.io/example/mco@sha256:9999');
    assert.deepEqual(
      cp.updating.map((o) => o.name),
      ['machine-config'],
    );
    assert.equal(cp.operators.updated, cp.operators.total - 1);
    assert.equal(cp.estimate, 'N/A for Multi-Architecture Migration');
    assert.equal(cp.machineConfigImage?.pending, true);
    assert.equal(
      cp.machineConfigImage?.evidence.pointer,
      '/items/0/spec/template/spec/containers/1/image',
    );
  });

  it('is updated once they agree, and without the Deployment the check is not made', async () => {
    for (const deployed of ['quay.io/example/mco@sha256:1111', undefined]) {
      const cp = await migrating(deployed);
      assert.equal(cp.operators.updated, cp.operators.total, String(deployed));
      assert.equal(cp.machineConfigImage?.pending ?? false, false);
    }
  });
});

describe('status --format json on a gather that holds the Deployment', () => {
  it("places machine-config's image judgement on the Deployment's container image line", () => {
    const copy = copyFixture(updates.multiarch);
    try {
      const [mustGather] = readdirSync(copy.path).filter((n) => n.startsWith('must-gather.'));
      const gather = join(copy.path, mustGather!);
      const [image] = readdirSync(gather).filter((n) => n.startsWith('quay-io-'));
      const root = join(gather, image!);
      // As a 4.18+ operator reports it: its version unchanged, its own image still the old one.
      const co = join(
        root,
        'cluster-scoped-resources/config.openshift.io/clusteroperators/machine-config.yaml',
      );
      writeFileSync(
        co,
        readFileSync(co, 'utf8').replace(
          '  versions:\n  - name: operator\n    version: 4.15.3\n',
          '  versions:\n  - name: operator\n    version: 4.15.3\n  - name: operator-image\n    version: quay.io/openshift-release-dev/ocp-v4.0-art-dev@sha256:' +
            'a'.repeat(64) +
            '\n',
        ),
      );
      const apps = join(root, 'namespaces/openshift-machine-config-operator/apps');
      mkdirSync(apps, { recursive: true });
      writeFileSync(
        join(apps, 'deployments.yaml'),
        [
          'apiVersion: v1',
          'items:',
          '- apiVersion: apps/v1',
          '  kind: Deployment',
          '  metadata:',
          '    name: machine-config-operator',
          '    namespace: openshift-machine-config-operator',
          '  spec:',
          '    template:',
          '      spec:',
          '        containers:',
          '        - args:',
          '          - start',
          '          name: machine-config-operator',
          `          image: quay.io/openshift-release-dev/ocp-v4.0-art-dev@sha256:${'b'.repeat(64)}`,
          'kind: List',
          'metadata:',
          '  resourceVersion: ""',
          '',
        ].join('\n'),
      );
      const r = runCli('status', copy.path, '--format', 'json');
      const cp = JSON.parse(r.stdout).roots[0].controlPlane;
      assert.equal(cp.machineConfigImage.pending, true);
      assert.match(cp.machineConfigImage.file, /apps\/deployments\.yaml$/);
      assert.equal(cp.machineConfigImage.line, 15);
      assert.equal(cp.estimate, 'N/A for Multi-Architecture Migration');
      assert.equal(cp.operators.updated, cp.operators.total - 1);
      const text = runCli('status', copy.path).stdout;
      assert.match(
        text,
        /machine-config's Deployment runs \S+b{64}, the operator still reports \S+a{64}/,
      );
    } finally {
      copy.remove();
    }
  });
});
