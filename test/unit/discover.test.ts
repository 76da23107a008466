import assert from 'node:assert/strict';
import { mkdirSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { discoverGathers, discoverRoots } from '../../server/src/gather/discover';
import type { GatherRoot } from '../../server/src/gather/discover';
import { buildIndex, filesOf } from '../../server/src/gather/gatherIndex';
import { readLayout } from '../../server/src/gather/layout';
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

describe('discovering past a partial tree', () => {
  const digest = '65a9c788f78ceb739b3ce81f4bcda27618d3feb18d04b45806a8c064fde3edd4';
  const imageFolder = `quay-io-openshift-release-dev-ocp-v4-0-art-dev-sha256-${digest}`;
  const stamp = '2024-06-12 09:14:03.180412345 +0000 UTC m=+0.052217001\n';
  const dest = 'must-gather.local.5133247188843061870';
  /** A complete image folder (both trees and a timestamp) in a destination. */
  function completeGather(t: ReturnType<typeof tempTree>, at: string): void {
    t.write(`${at}/timestamp`, stamp);
    t.write(`${at}/${imageFolder}/timestamp`, stamp);
    t.write(
      `${at}/${imageFolder}/cluster-scoped-resources/config.openshift.io/clusterversions/version.yaml`,
      'kind: ClusterVersion\n',
    );
    t.write(`${at}/${imageFolder}/namespaces/openshift-machine-config-operator/core/pods.yaml`, '');
  }
  const rel = (t: ReturnType<typeof tempTree>, roots: GatherRoot[]) =>
    roots.map((r) => [r.kind, r.path.slice(t.path.length + 1)]);

  it('takes the image folder over a stray namespaces/ beside it, with a layout note', async () => {
    const t = tempTree();
    try {
      completeGather(t, dest);
      t.write(`${dest}/namespaces/openshift-foo/core/pods.yaml`, 'kind: List\n');
      const found = await discoverGathers(t.path);
      assert.deepEqual(rel(t, found.roots), [['must-gather', `${dest}/${imageFolder}`]]);
      assert.deepEqual(found.failedImages, []);
      const note = `\`${dest}/namespaces/\` holds a partial tree beside the image folder (no \`cluster-scoped-resources/\` with it): it was not analysed`;
      assert.deepEqual(found.roots[0]!.notes, [note]);
      // The note reaches the first look; the stray tree is no failed image folder.
      const layout = await readLayout(found.roots[0]!);
      assert.deepEqual(layout.notes, [note]);
      assert.equal(layout.form, 'must-gather');
      // Discovery started at the destination itself names the tree from there.
      const inside = await discoverRoots(join(t.path, dest));
      assert.deepEqual(rel(t, inside), [['must-gather', `${dest}/${imageFolder}`]]);
      assert.match(inside[0]!.notes![0]!, /^`namespaces\/` holds a partial tree beside/);
    } finally {
      t.remove();
    }
  });

  it('does the same for a stray cluster-scoped-resources/ only, and for an empty one', async () => {
    const t = tempTree();
    try {
      completeGather(t, `a/${dest}`);
      t.write(`a/${dest}/cluster-scoped-resources/core/nodes/n1.yaml`, 'kind: Node\n');
      completeGather(t, `b/${dest}`);
      t.dir(`b/${dest}/namespaces`);
      const found = await discoverGathers(t.path);
      assert.deepEqual(rel(t, found.roots), [
        ['must-gather', `a/${dest}/${imageFolder}`],
        ['must-gather', `b/${dest}/${imageFolder}`],
      ]);
      assert.deepEqual(found.roots[0]!.notes, [
        `\`a/${dest}/cluster-scoped-resources/\` holds a partial tree beside the image folder (no \`namespaces/\` with it): it was not analysed`,
      ]);
      // An empty stray namespaces/ holds nothing, but it is a tree, not a failed image folder.
      const layout = await readLayout(found.roots[1]!);
      assert.deepEqual(layout.notes, [
        `\`b/${dest}/namespaces/\` holds a partial tree beside the image folder (no \`cluster-scoped-resources/\` with it): it was not analysed`,
      ]);
    } finally {
      t.remove();
    }
  });

  it('looks further down from a partial tree higher up, and keeps every gather below', async () => {
    const t = tempTree();
    try {
      // case/namespaces/ (stray) above case/must-gather.local.N/<image>/ and a second image
      // folder holding namespaces/ only (a plug-in image): both image folders are roots.
      t.write('case/namespaces/x/core/pods.yaml', '');
      completeGather(t, `case/${dest}`);
      t.write(
        `case/${dest}/${imageFolder.replace('65a9', '7b8c')}/namespaces/x/core/pods.yaml`,
        '',
      );
      const found = await discoverGathers(t.path);
      assert.deepEqual(
        rel(t, found.roots).map(([, p]) => p),
        [
          `case/${dest}/${imageFolder}`,
          `case/${dest}/${imageFolder.replace('65a9', '7b8c')}`,
        ].sort(),
      );
      for (const r of found.roots)
        assert.deepEqual(r.notes, [
          '`case/namespaces/` holds a partial tree above the image folder (no `cluster-scoped-resources/` with it): it was not analysed',
        ]);
    } finally {
      t.remove();
    }
  });

  it('still finds the inspect-only fallback, also beside a stray tree', async () => {
    const t = tempTree();
    try {
      const insp = `${dest}/inspect.local.2935561749234598912`;
      for (const top of ['plain', 'stray']) {
        t.write(`${top}/${dest}/timestamp`, stamp);
        t.write(`${top}/${insp}/timestamp`, stamp);
        t.write(
          `${top}/${insp}/cluster-scoped-resources/config.openshift.io/clusterversions/version.yaml`,
          'kind: ClusterVersion\n',
        );
        t.write(
          `${top}/${insp}/namespaces/openshift-cluster-version/openshift-cluster-version.yaml`,
          '',
        );
      }
      t.write(`stray/${dest}/namespaces/openshift-foo/core/pods.yaml`, '');
      const found = await discoverGathers(t.path);
      assert.deepEqual(rel(t, found.roots), [
        ['must-gather', `plain/${insp}`],
        ['must-gather', `stray/${insp}`],
      ]);
      assert.equal(found.roots[0]!.notes, undefined);
      const layout = await readLayout(found.roots[1]!);
      assert.equal(layout.form, 'inspect');
      assert.equal(
        layout.notes[0],
        `\`stray/${dest}/namespaces/\` holds a partial tree beside inspect.local.2935561749234598912 (no \`cluster-scoped-resources/\` with it): it was not analysed`,
      );
      assert.match(layout.notes[1]!, /fallback `oc adm inspect`/);
    } finally {
      t.remove();
    }
  });

  it('still takes plain `oc adm inspect ns/x` output (namespaces/ only) as a root', async () => {
    const t = tempTree();
    try {
      // Alone, with only partial trees below it: the folder itself, as before, and no note.
      t.write('alone/inspect.local.8471/namespaces/openshift-etcd/core/pods.yaml', '');
      t.write('alone/inspect.local.8471/timestamp', stamp);
      t.write('own/namespaces/x/core/pods.yaml', '');
      t.write('own/older/cluster-scoped-resources/core/nodes/n1.yaml', '');
      // Beside a complete gather under a stray tree: both are roots.
      t.write('case/namespaces/openshift-foo/core/pods.yaml', '');
      t.write('case/inspect.local.9/namespaces/openshift-etcd/core/pods.yaml', '');
      completeGather(t, `case/${dest}`);
      const found = await discoverGathers(t.path);
      assert.deepEqual(rel(t, found.roots), [
        ['must-gather', 'alone/inspect.local.8471'],
        ['must-gather', 'case/inspect.local.9'],
        ['must-gather', `case/${dest}/${imageFolder}`],
        ['must-gather', 'own'],
      ]);
      assert.equal(found.roots[0]!.notes, undefined);
      assert.equal(found.roots[3]!.notes, undefined);
      assert.match(
        found.roots[1]!.notes![0]!,
        /^`case\/namespaces\/` holds a partial tree beside inspect\.local\.9/,
      );
      assert.equal((await readLayout(found.roots[0]!)).form, 'inspect');
    } finally {
      t.remove();
    }
  });

  it('never crashes on a hostile tree: files named like trees, links, loops, deep nesting', async () => {
    const t = tempTree();
    try {
      completeGather(t, dest);
      t.write(`${dest}/namespaces/openshift-foo/core/pods.yaml`, '');
      // A file named cluster-scoped-resources does not complete the stray tree.
      t.write(`${dest}/cluster-scoped-resources`, 'not a folder');
      // Links are not followed: a loop, a link to the image folder, a link named like a tree.
      const t2 = tempTree();
      after(() => t2.remove());
      const elsewhere = t2.dir('elsewhere/cluster-scoped-resources');
      symlinkSync(t.path, join(t.path, dest, 'loop'));
      symlinkSync(join(t.path, dest, imageFolder), join(t.path, dest, 'link-to-image'));
      t.dir('linked/namespaces');
      symlinkSync(elsewhere, join(t.path, 'linked', 'cluster-scoped-resources'));
      // A file named namespaces and a folder nested far deeper than discovery looks.
      t.write('files/namespaces', '');
      t.write('files/cluster-scoped-resources', '');
      let deep = join(t.path, 'deep');
      for (let i = 0; i < 200; i++) deep = join(deep, `d${i}`);
      mkdirSync(join(deep, 'namespaces'), { recursive: true });
      const found = await discoverGathers(t.path);
      assert.deepEqual(rel(t, found.roots), [
        ['must-gather', 'linked'],
        ['must-gather', `${dest}/${imageFolder}`],
      ]);
      assert.match(found.roots[1]!.notes![0]!, new RegExp(`^\`${dest}/namespaces/\``));
      // From inside the deep folder, with a generous depth: still only listings, no crash.
      assert.equal((await discoverRoots(join(t.path, 'deep'), 500)).length, 1);
    } finally {
      t.remove();
    }
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
