import assert from 'node:assert/strict';
import { symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { discoverRoots } from '../../server/src/gather/discover';
import { buildIndex, filesOf } from '../../server/src/gather/gatherIndex';
import { tempTree } from '../support/tempTree';

const image = 'quay-io-openshift-release-dev-ocp-v4-0-art-dev-sha256-2f7a3b';

describe('discovering must-gather roots', () => {
  const t = tempTree();
  after(() => t.remove());

  // case-03012345/
  //   must-gather.local.1/<image>/{cluster-scoped-resources,namespaces,timestamp}   depth 2
  //   second/deeper/must-gather.local.2/<image>/namespaces                       depth 4
  //   too/deep/for/the/search/<image>/cluster-scoped-resources                    depth 6
  //   ci/artifacts/e2e/gather-extra/artifacts/clusterversion.json                depth 5 -> not found
  //   ci2/gather-extra/clusterversion.json                                        depth 2
  t.write(
    `must-gather.local.1/${image}/cluster-scoped-resources/core/nodes/n1.yaml`,
    'kind: Node\n',
  );
  t.write(`must-gather.local.1/${image}/namespaces/default/core/events.yaml`, 'kind: List\n');
  t.write(`must-gather.local.1/${image}/timestamp`, '2021-03-25 12:20:41.1 +0000 UTC m=+0.08\n');
  t.dir(`second/deeper/must-gather.local.2/${image}/namespaces`);
  t.dir(`too/deep/for/the/search/${image}/cluster-scoped-resources`);
  t.write('ci/artifacts/e2e/gather-extra/artifacts/clusterversion.json', '{}');
  t.write('ci2/gather-extra/clusterversion.json', '{}');
  t.write('ci2/gather-extra/machineconfigs.json', '{}');

  it('finds nested and several roots up to depth 4, and gather-extra folders', async () => {
    const roots = await discoverRoots(t.path);
    assert.deepEqual(
      roots.map((r) => [r.kind, r.path.slice(t.path.length + 1)]),
      [
        ['gather-extra', 'ci2/gather-extra'],
        ['must-gather', `must-gather.local.1/${image}`],
        ['must-gather', `second/deeper/must-gather.local.2/${image}`],
      ],
    );
  });

  it('treats the folder itself as a root when it is one', async () => {
    const roots = await discoverRoots(join(t.path, `must-gather.local.1/${image}`));
    assert.equal(roots.length, 1);
    assert.equal(roots[0]?.kind, 'must-gather');
  });

  it('does not follow symbolic links', async () => {
    const t2 = tempTree();
    try {
      symlinkSync(join(t.path, 'must-gather.local.1'), join(t2.path, 'link'));
      assert.deepEqual(await discoverRoots(t2.path), []);
    } finally {
      t2.remove();
    }
  });

  it('returns nothing for a missing folder', async () => {
    assert.deepEqual(await discoverRoots(join(t.path, 'nope')), []);
  });
});

describe('indexing a root', () => {
  const t = tempTree();
  after(() => t.remove());
  const root = `mg/${image}`;
  t.write('mg/timestamp', '2021-03-25 12:20:41.127346152 +0000 UTC m=+0.081516043\n');
  t.write(
    `${root}/cluster-scoped-resources/config.openshift.io/clusteroperators/machine-config.yaml`,
    'kind: ClusterOperator\n',
  );
  t.write(
    `${root}/cluster-scoped-resources/config.openshift.io/clusteroperators.yaml`,
    'kind: List\n',
  );
  t.write(
    `${root}/namespaces/openshift-cluster-version/pods/cvo-1/cvo/cvo/logs/current.log`,
    '\0binary-ish log never read',
  );
  t.write(`${root}/event-filter.html`, '<html></html>');

  it('maps files to group/plural/name and collects logs without reading them', async () => {
    const idx = await buildIndex({ kind: 'must-gather', path: join(t.path, root) });
    const cos = filesOf(idx, 'config.openshift.io', 'clusteroperators');
    assert.deepEqual(
      cos.map((f) => [f.rel, f.list, f.resource.name]),
      [
        ['cluster-scoped-resources/config.openshift.io/clusteroperators.yaml', true, undefined],
        [
          'cluster-scoped-resources/config.openshift.io/clusteroperators/machine-config.yaml',
          false,
          'machine-config',
        ],
      ],
    );
    assert.equal(idx.logs.length, 1);
    assert.equal(idx.files.length, 2, 'event-filter.html is not a resource');
  });

  it('takes the gather time from the timestamp file next to the image folder', async () => {
    const idx = await buildIndex({ kind: 'must-gather', path: join(t.path, root) });
    assert.equal(idx.gatherTime?.toISOString(), '2021-03-25T12:20:41.127Z');
  });
});
