import assert from 'node:assert/strict';
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { analysisContext, analyzeRoot } from '../../server/src/analysis/analyze';
import { loadSnapshot } from '../../server/src/analysis/loadSnapshot';
import { summarizeGather } from '../../server/src/analysis/summarizeGather';
import {
  summaryDetails,
  summaryHeadline,
  summaryLine,
  summaryProvenance,
} from '../../server/src/core/gatherSummary';
import type { GatherSummary } from '../../server/src/core/gatherSummary';
import { discoverRoots } from '../../server/src/gather/discover';
import { ParsedFileCache } from '../../server/src/gather/fileCache';
import { buildIndex } from '../../server/src/gather/gatherIndex';
import { copyFixture } from '../support/copyFixture';
import { mustGatherRoot, samples, updates } from '../support/fixtures';
import { tempTree } from '../support/tempTree';

const cfgDir = 'cluster-scoped-resources/config.openshift.io';
const mcDir = 'cluster-scoped-resources/machineconfiguration.openshift.io/machineconfigs';

async function summaryOf(folder: string): Promise<GatherSummary> {
  const roots = await discoverRoots(folder);
  assert.equal(roots.length, 1, `one root in ${folder}`);
  return (await analyzeRoot(roots[0]!, analysisContext())).summary;
}

/** The summary without its root (an absolute path that differs per checkout). */
function fields(s: GatherSummary): Omit<GatherSummary, 'root'> {
  const rest: Partial<GatherSummary> = { ...s };
  delete rest.root;
  return rest as Omit<GatherSummary, 'root'>;
}

describe('the first look at a must-gather', () => {
  it('names an update in progress: release, target, platform, cluster, channel, exact counts', async () => {
    const s = await summaryOf(updates.draining);
    const root = mustGatherRoot(updates.draining);
    assert.equal(s.root, root);
    assert.deepEqual(fields(s), {
      version: '4.15.2',
      target: '4.15.3',
      platform: 'AWS',
      clusterID: '36950442-e405-48d0-9ffc-216d32ab38e0',
      channel: 'stable-4.15',
      gatherTime: '2024-03-26T09:48:12Z',
      form: 'must-gather',
      image:
        'quay.io/openshift-release-dev/ocp-v4.0-art-dev@sha256:2cb1d10efe7fb7f800966c55b42aa268cc2fa9e43dd4998edb9ed78077b9a22c',
      counts: { nodes: 9, pools: 2, clusterOperators: 11, machineConfigs: 16 },
      notes: [],
    });
    const cv = readFileSync(join(root, cfgDir, 'clusterversions/version.yaml'), 'utf8');
    assert.match(cv, /^ {2}clusterID: 36950442-e405-48d0-9ffc-216d32ab38e0$/m);
    assert.equal(
      readdirSync(join(root, mcDir)).length,
      16,
      'every MachineConfig of the root, not only the rendered ones pools name',
    );
    assert.equal(
      summaryLine(s),
      '4.15.2 → 4.15.3 · AWS · cluster 36950442… · channel stable-4.15 · gathered 2024-03-26T09:48:12Z · 9 nodes, 2 pools, 11 operators, 16 configs',
    );
  });

  it('runs the newest Completed release while earlier updates never completed', async () => {
    const s = await summaryOf(updates.previousIncomplete);
    assert.equal(s.version, '4.14.0-rc.7');
    assert.equal(s.target, '4.14.2');
    assert.equal(summaryHeadline(s), '4.14.0-rc.7 → 4.14.2 · AWS');
  });

  it('has no target on a healthy cluster, nor once the update completed', async () => {
    const healthy = await summaryOf(samples.healthy);
    assert.deepEqual(fields(healthy), {
      version: '4.10.3',
      platform: 'AWS',
      clusterID: 'b1a1e038-4ddd-4552-b3a9-39765890afdb',
      channel: 'stable-4.10',
      gatherTime: '2022-03-24T17:41:05Z',
      form: 'must-gather',
      image:
        'quay.io/openshift-release-dev/ocp-v4.0-art-dev@sha256:6826fcaf36340703591a302ec98f0bce1ccdccec4705d5aacbbecbf243c18447',
      counts: { nodes: 6, pools: 2, clusterOperators: 11, machineConfigs: 16 },
      notes: [],
    });
    assert.equal(summaryHeadline(healthy), '4.10.3 · AWS');
    const completed = await summaryOf(updates.completedPoolRolling);
    assert.equal(completed.version, '4.15.3');
    assert.equal('target' in completed, false, 'nodes still rolling is no update in flight');
  });

  it('says a multi-architecture migration of one release is the update it is', async () => {
    const s = await summaryOf(updates.multiarch);
    assert.equal(s.version, '4.15.3');
    assert.equal(s.target, '4.15.3');
    assert.deepEqual(s.notes, ['migrating to the multi-architecture payload of the same release']);
  });

  it('reads gather-extra: the Infrastructure among config-resources.json, configs as List items', async () => {
    const s = await summaryOf(samples.gatherExtra);
    assert.deepEqual(fields(s), {
      version: '4.10.0-0.nightly-2021-11-03-020416',
      platform: 'AWS',
      clusterID: '5272c553-827e-43df-819c-2e7558e82d85',
      form: 'gather-extra',
      counts: { nodes: 6, pools: 2, clusterOperators: 11, machineConfigs: 16 },
      notes: ['no gather time: no timestamp file in the root or its parent, so ages are unknown'],
    });
    const list = JSON.parse(
      readFileSync(join(samples.gatherExtra, 'artifacts', 'machineconfigs.json'), 'utf8'),
    ) as { items: unknown[] };
    assert.equal(list.items.length, 16);
    const configs = JSON.parse(
      readFileSync(join(samples.gatherExtra, 'artifacts', 'config-resources.json'), 'utf8'),
    ) as { items: { kind: string; metadata: { name: string } }[] };
    assert.deepEqual(
      configs.items.map((i) => `${i.kind}/${i.metadata.name}`),
      ['DNS/cluster', 'Infrastructure/cluster'],
      'another config named cluster comes first: only the Infrastructure is read',
    );
  });

  it('omits the platform, never guesses it, where gather-extra has no config-resources.json', async () => {
    const copy = copyFixture(samples.gatherExtra);
    after(() => copy.remove());
    rmSync(join(copy.path, 'artifacts', 'config-resources.json'));
    const s = await summaryOf(copy.path);
    assert.equal('platform' in s, false);
    assert.equal(summaryHeadline(s), '4.10.0-0.nightly-2021-11-03-020416');
    assert.deepEqual(s.notes, [
      'no Infrastructure: the platform is unknown',
      'no gather time: no timestamp file in the root or its parent, so ages are unknown',
    ]);
  });

  it('says so when a root has neither ClusterVersion nor ClusterOperators', async () => {
    const copy = copyFixture(samples.healthy);
    after(() => copy.remove());
    const root = mustGatherRoot(copy.path);
    for (const f of ['clusterversions', 'clusterversions.yaml', 'clusteroperators'])
      rmSync(join(root, cfgDir, f), { recursive: true });
    rmSync(join(root, cfgDir, 'clusteroperators.yaml'));
    const s = await summaryOf(copy.path);
    assert.deepEqual(s.notes, [
      'no ClusterVersion: the release, cluster ID and channel are unknown',
      'no ClusterOperators: the operators are not judged',
    ]);
    for (const k of ['version', 'target', 'clusterID', 'channel']) assert.equal(k in s, false, k);
    assert.equal(s.platform, 'AWS');
    assert.deepEqual(s.counts, { nodes: 6, pools: 2, clusterOperators: 0, machineConfigs: 16 });
    assert.equal(summaryHeadline(s), 'release unknown · AWS');
  });

  it('says it found nothing this tool reads, rather than 0 findings, in a root of other things', async () => {
    const t = tempTree();
    after(() => t.remove());
    t.write('namespaces/payments/payments.yaml', 'apiVersion: v1\nkind: Namespace\n');
    t.write('cluster-scoped-resources/storage.k8s.io/storageclasses/gp3.yaml', 'kind: X\n');
    const s = await summaryOf(t.path);
    assert.deepEqual(fields(s), {
      form: 'must-gather',
      counts: { nodes: 0, pools: 0, clusterOperators: 0, machineConfigs: 0 },
      notes: [
        'no ClusterVersion: the release, cluster ID and channel are unknown',
        'no ClusterOperators: the operators are not judged',
        'found nothing this tool reads (no pools, nodes, MachineConfigs or Infrastructure either)',
        'no gather time: no timestamp file in the root or its parent, so ages are unknown',
      ],
    });
  });

  it('says ages are unknown when the must-gather lost its timestamp', async () => {
    const copy = copyFixture(updates.early);
    after(() => copy.remove());
    const root = mustGatherRoot(copy.path);
    rmSync(join(root, 'timestamp'));
    rmSync(join(root, '..', 'timestamp'));
    const s = await summaryOf(copy.path);
    assert.equal('gatherTime' in s, false);
    assert.deepEqual(s.notes, [
      'no gather time: no timestamp file in the root or its parent, so ages are unknown',
    ]);
    assert.ok(
      summaryDetails(s).some((l) =>
        l.startsWith('Gathered: unknown (must-gather · image quay.io/'),
      ),
      summaryDetails(s).join('\n'),
    );
  });

  it('falls back to status.platform, reads a List alone, and counts the configs of a List', async () => {
    const t = tempTree();
    after(() => t.remove());
    t.write(
      `${cfgDir}/infrastructures.yaml`,
      [
        'apiVersion: v1',
        'kind: List',
        'items:',
        '- apiVersion: config.openshift.io/v1',
        '  kind: Infrastructure',
        '  metadata:',
        '    name: cluster',
        '  status:',
        '    platform: BareMetal',
        '',
      ].join('\n'),
    );
    const item = (n: string) =>
      `- apiVersion: machineconfiguration.openshift.io/v1\n  kind: MachineConfig\n  metadata:\n    name: ${n}\n`;
    t.write(
      'cluster-scoped-resources/machineconfiguration.openshift.io/machineconfigs.yaml',
      `apiVersion: v1\nkind: List\nitems:\n${item('00-master')}${item('00-worker')}${item('99-worker-ssh')}`,
    );
    const s = await summaryOf(t.path);
    assert.equal(s.platform, 'BareMetal');
    assert.equal(s.counts.machineConfigs, 3);
  });

  it("carries the gather's layout: form, image, oc version and the gather's own notes", async () => {
    const [root] = await discoverRoots(updates.stalled);
    const index = await buildIndex(root!);
    index.layout = {
      form: 'inspect',
      image: 'quay.io/openshift-release-dev/ocp-v4.0-art-dev@sha256:0123',
      ocVersion: '4.16.0',
      notes: ['the must-gather image failed: only the inspect fallback ran'],
    };
    const cache = new ParsedFileCache();
    const { snapshot } = await loadSnapshot(index, cache);
    const s = await summarizeGather(index, snapshot, cache);
    assert.equal(s.form, 'inspect');
    assert.equal(s.image, 'quay.io/openshift-release-dev/ocp-v4.0-art-dev@sha256:0123');
    assert.equal(s.ocVersion, '4.16.0');
    assert.deepEqual(s.notes, ['the must-gather image failed: only the inspect fallback ran']);
    assert.equal(
      summaryProvenance(s),
      'oc adm inspect · image quay.io/openshift-release-dev/ocp-v4.0-art-dev@sha256:0123 · oc 4.16.0',
    );
  });

  it('prints must-gather strings as one line of plain text: no line break or terminal escape', async () => {
    const copy = copyFixture(samples.healthy);
    after(() => copy.remove());
    const cv = join(mustGatherRoot(copy.path), cfgDir, 'clusterversions/version.yaml');
    const text = readFileSync(cv, 'utf8');
    assert.match(text, /^ {2}channel: stable-4\.10$/m);
    writeFileSync(
      cv,
      text.replace(/^ {2}channel: stable-4\.10$/m, '  channel: "stable\\n\\e[31mred"'),
    );
    const s = await summaryOf(copy.path);
    assert.equal(s.channel, 'stable\n\x1b[31mred', 'the data keeps what the file says');
    for (const line of [summaryLine(s), ...summaryDetails(s)]) {
      assert.ok(![...line].some((c) => c.charCodeAt(0) < 0x20), JSON.stringify(line));
    }
    assert.match(summaryLine(s), / · channel stable \[31mred · /);
  });
});
