import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { discoverGathers, discoverRoots } from '../../server/src/gather/discover';
import { buildIndex } from '../../server/src/gather/gatherIndex';
import { parseGatherLog } from '../../server/src/gather/gatherLog';
import {
  imageFromLog,
  imageOfFolder,
  timeOfDestinationName,
} from '../../server/src/gather/gatherNames';
import { repoRoot } from '../support/fixtures';
import { tempTree } from '../support/tempTree';

const cli = join(repoRoot, 'dist', 'cli.js');
const d1 = '4975a6b1fd52c6dd10bf8935975ab9366adcc8f08019ada278e5bd52bdaba48a';
const d2 = '0c2f1e8d7b6a594837261504f3e2d1c0b9a8f7e6d5c4b3a291807f6e5d4c3b2a';
const release = `quay.io/openshift-release-dev/ocp-v4.0-art-dev@sha256:${d1}`;
const releaseFolder = `quay-io-openshift-release-dev-ocp-v4-0-art-dev-sha256-${d1}`;
const odfFolder = `registry-redhat-io-odf4-odf-must-gather-rhel9-sha256-${d2}`;
const timestamp = '2024-06-12 09:14:03.180412345 +0000 UTC m=+0.052217001\n';

/** `must-gather.logs` as oc 4.16 writes it (mustgather.go `Run`, summary.go). */
function mustGatherLogs(...podLines: string[]): string {
  const t = (s: number) =>
    `2024-06-12T09:${String(14 + Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}.412790311Z`;
  const mg = (s: number, text: string) => `[must-gather      ] OUT ${t(s)} ${text}`;
  return [
    mg(
      3,
      `Using must-gather plug-in image: ${release}, registry.redhat.io/odf4/odf-must-gather-rhel9:v4.16`,
    ),
    'When opening a support case, bugzilla, or issue please include the following summary data along with any other requested information:',
    'ClusterID: 5f3c2a9e-8d41-4b6f-9e0a-1c7d2b3a4f5e',
    'ClientVersion: 4.16.2',
    'ClusterVersion: Stable at "4.16.3"',
    'ClusterOperators:',
    '\tAll healthy and stable',
    '',
    '',
    mg(4, 'namespace/openshift-must-gather-7xk2p created'),
    mg(4, 'clusterrolebinding.rbac.authorization.k8s.io/must-gather-n4t8s created'),
    mg(5, `pod for plug-in image ${release} created`),
    mg(5, 'pod for plug-in image registry.redhat.io/odf4/odf-must-gather-rhel9:v4.16 created'),
    ...podLines,
    '',
  ].join('\n');
}

describe('layouts: image folders side by side', () => {
  const t = tempTree();
  after(() => t.remove());
  const dest = 'must-gather.local.5133247188843061870';
  t.write(`${dest}/timestamp`, timestamp);
  t.write(
    `${dest}/must-gather.logs`,
    mustGatherLogs(
      '[must-gather-h9zc2] OUT 2024-06-12T09:14:07.100Z waiting for gather to complete',
      '[must-gather-5lq8w] OUT 2024-06-12T09:24:07.100Z gather never finished: timed out waiting for the condition',
      '[must-gather-h9zc2] OUT 2024-06-12T09:19:47.002Z downloading gather output',
    ),
  );
  t.write(`${dest}/${releaseFolder}/cluster-scoped-resources/core/nodes/n1.yaml`, 'kind: Node\n');
  t.write(`${dest}/${releaseFolder}/gather.logs`, '2024-06-12T09:14:09.1Z + echo gathering\n');
  t.write(`${dest}/${odfFolder}/gather.logs`, '');

  it('names the empty image folder and its image in the sibling root, and reads must-gather.logs', async () => {
    const found = await discoverGathers(t.path);
    assert.deepEqual(
      found.roots.map((r) => r.path),
      [join(t.path, dest, releaseFolder)],
    );
    assert.deepEqual(found.failedImages, [
      {
        path: join(t.path, dest, odfFolder),
        image: `registry.redhat.io/odf4/odf-must-gather-rhel9@sha256:${d2}`,
      },
    ]);
    const index = await buildIndex(found.roots[0]!);
    assert.equal(index.layout.form, 'must-gather');
    assert.equal(index.layout.image, release);
    assert.equal(index.layout.ocVersion, '4.16.2');
    const failed = index.layout.notes.filter((n) => n.includes(odfFolder));
    assert.equal(failed.length, 1, index.layout.notes.join('\n'));
    assert.match(
      failed[0]!,
      new RegExp(`registry\\.redhat\\.io/odf4/odf-must-gather-rhel9@sha256:${d2}.*failed`),
    );
    assert.ok(
      index.layout.notes.includes(
        'must-gather.logs: gather never finished: timed out waiting for the condition',
      ),
      index.layout.notes.join('\n'),
    );
  });

  it('with only the empty image folder, the CLI exits 2 naming it', () => {
    const only = tempTree();
    try {
      only.write(`${dest}/timestamp`, timestamp);
      only.write(`${dest}/${odfFolder}/gather.logs`, '');
      only.dir(`${dest}/${releaseFolder}`);
      const r = spawnSync(process.execPath, [cli, 'analyze', only.path], { encoding: 'utf8' });
      assert.equal(r.status, 2);
      assert.match(r.stderr, /no must-gather found/);
      assert.ok(r.stderr.includes(`${dest}/${odfFolder}`), r.stderr);
      assert.ok(r.stderr.includes(`registry.redhat.io/odf4/odf-must-gather-rhel9@sha256:${d2}`));
      assert.ok(r.stderr.includes(`${dest}/${releaseFolder} (${release})`), r.stderr);
    } finally {
      only.remove();
    }
  });
});

describe('layouts: the gather image from the folder name', () => {
  it('reads known registries and repositories back, and keeps the rest as spelt', () => {
    assert.equal(imageOfFolder(releaseFolder), release);
    assert.equal(
      imageOfFolder(`registry-redhat-io-openshift4-ose-must-gather-sha256-${d2}`),
      `registry.redhat.io/openshift4/ose-must-gather@sha256:${d2}`,
    );
    // A repository not known: its dots and slashes cannot be told from dashes.
    assert.equal(
      imageOfFolder(`quay-io-acme-gather-tools-sha256-${d2}`),
      `quay-io-acme-gather-tools@sha256:${d2}`,
    );
    assert.equal(imageOfFolder('must-gather.local.1'), undefined);
  });

  it('prefers the exact image must-gather.logs names', () => {
    assert.equal(imageFromLog(releaseFolder, [release]), release);
    assert.equal(
      imageFromLog(`quay-io-acme-gather-tools-sha256-${d2}`, ['quay.io/acme/gather-tools:v1']),
      `quay.io/acme/gather-tools@sha256:${d2}`,
    );
    assert.equal(imageFromLog(releaseFolder, ['quay.io/acme/gather-tools:v1']), undefined);
  });
});

describe('layouts: must-gather.logs', () => {
  it('gives the image, the oc version and the cluster lines, and the error lines', () => {
    const r = parseGatherLog(
      mustGatherLogs(
        '[must-gather-5lq8w] OUT 2024-06-12T09:24:07.1Z gather did not start: pods "must-gather-5lq8w" is forbidden: unable to validate against any security context constraint',
        'error getting cluster operators: the server is currently unable to handle the request',
      ),
      'must-gather.logs',
    );
    assert.deepEqual(r.images, [release, 'registry.redhat.io/odf4/odf-must-gather-rhel9:v4.16']);
    assert.equal(r.ocVersion, '4.16.2');
    assert.equal(r.clusterId, '5f3c2a9e-8d41-4b6f-9e0a-1c7d2b3a4f5e');
    assert.equal(r.clusterVersion, 'Stable at "4.16.3"');
    assert.deepEqual(r.errors, [
      'gather did not start: pods "must-gather-5lq8w" is forbidden: unable to validate against any security context constraint',
      'error getting cluster operators: the server is currently unable to handle the request',
    ]);
  });

  it('clips the error notes at five and counts the rest', async () => {
    const t = tempTree();
    try {
      const dest = 'must-gather.local.1';
      t.write(`${dest}/timestamp`, timestamp);
      const errs = Array.from(
        { length: 8 },
        (_, i) =>
          `[must-gather-p${i}] OUT 2024-06-12T09:24:07.1Z gather output not downloaded: error ${i}`,
      );
      t.write(`${dest}/must-gather.logs`, mustGatherLogs(...errs));
      t.write(`${dest}/${releaseFolder}/namespaces/default/core/events.yaml`, 'kind: List\n');
      const [root] = await discoverRoots(t.path);
      const index = await buildIndex(root!);
      const errorNotes = index.layout.notes.filter((n) => n.startsWith('must-gather.logs: '));
      assert.equal(errorNotes.length, 5);
      assert.ok(index.layout.notes.includes('and 3 more error lines in must-gather.logs'));
    } finally {
      t.remove();
    }
  });

  it('a huge, binary or linked must-gather.logs is one note, never a crash', async () => {
    const t = tempTree();
    try {
      const mk = (dest: string) => {
        t.write(`${dest}/timestamp`, timestamp);
        t.write(`${dest}/${releaseFolder}/namespaces/default/core/events.yaml`, 'kind: List\n');
        return join(t.path, dest, 'must-gather.logs');
      };
      // Huge: read at its start (the image, the versions) and its end (the failures) only.
      const huge = mk('must-gather.local.1');
      const rsync = '[must-gather-h9zc2] OUT 2024-06-12T09:19:48.1Z namespaces/x/core/pods.yaml\n';
      writeFileSync(
        huge,
        mustGatherLogs() +
          rsync.repeat(Math.ceil((5 * 1024 * 1024) / rsync.length)) +
          '[must-gather-h9zc2] OUT 2024-06-12T09:29:48.1Z gather output not downloaded: EOF\n',
      );
      writeFileSync(mk('must-gather.local.2'), Buffer.from([0x5b, 0x6d, 0, 0xff, 0x00, 0x01]));
      // Linked: pointing out of the must-gather, never followed.
      symlinkSync('/etc/hostname', mk('must-gather.local.3'));
      const roots = await discoverRoots(t.path);
      assert.equal(roots.length, 3);
      const [a, b, c] = await Promise.all(roots.map((r) => buildIndex(r)));
      assert.equal(a!.layout.ocVersion, '4.16.2');
      assert.ok(
        a!.layout.notes.some((n) =>
          /must-gather\.logs is 5\.\d MiB: only its first and last 1 MiB/.test(n),
        ),
      );
      assert.ok(a!.layout.notes.includes('must-gather.logs: gather output not downloaded: EOF'));
      assert.ok(
        b!.layout.notes.includes('must-gather.logs is not text: not read'),
        b!.layout.notes.join('\n'),
      );
      assert.equal(b!.layout.ocVersion, undefined);
      assert.ok(
        c!.layout.notes.includes('must-gather.logs is a symbolic link: not followed, not read'),
      );
    } finally {
      t.remove();
    }
  });
});

describe('layouts: 5.0 destination names', () => {
  const name = 'must-gather.local.2ae63b91e0ab.20260617T143025Z.4721157791030980';

  it('reads the time of must-gather.local.<cluster-id-suffix>.<time>.<random>', () => {
    assert.equal(timeOfDestinationName(name)?.toISOString(), '2026-06-17T14:30:25.000Z');
    assert.equal(
      timeOfDestinationName('must-gather.local.20260617T143025Z.042315')?.toISOString(),
      '2026-06-17T14:30:25.000Z',
    );
    assert.equal(timeOfDestinationName('must-gather.local.20261317T143025Z.1'), undefined);
    assert.equal(timeOfDestinationName('must-gather.local.4721157791030980'), undefined);
  });

  it("is discovered, and without a timestamp file its name's time is the gather time, said so", async () => {
    const t = tempTree();
    try {
      // The operator's gather writes straight into the named folder; oc puts an image folder in it.
      t.write(`${name}/cluster-scoped-resources/core/nodes/n1.yaml`, 'kind: Node\n');
      t.write(`oc/${name}/${releaseFolder}/namespaces/default/core/events.yaml`, 'kind: List\n');
      const roots = await discoverRoots(t.path);
      assert.deepEqual(
        roots.map((r) => r.path.slice(t.path.length + 1)),
        [name, `oc/${name}/${releaseFolder}`],
      );
      for (const r of roots) {
        const index = await buildIndex(r);
        assert.equal(index.gatherTime?.toISOString(), '2026-06-17T14:30:25.000Z');
        assert.ok(
          index.layout.notes.some((n) => n.startsWith(`gather time from the folder name ${name}`)),
          index.layout.notes.join('\n'),
        );
      }
      // A timestamp file, where there is one, is the gather's own record and wins.
      t.write(`${name}/timestamp`, timestamp);
      const withFile = await buildIndex(roots[0]!);
      assert.equal(withFile.gatherTime?.toISOString(), '2024-06-12T09:14:03.180Z');
      assert.ok(!withFile.layout.notes.some((n) => n.startsWith('gather time from')));
    } finally {
      t.remove();
    }
  });
});

describe('layouts: the inspect-only fallback', () => {
  it('is form inspect, saying the gather image did not run', async () => {
    const t = tempTree();
    try {
      // mustgather.go BackupGathering: oc adm inspect into <dest>/inspect.local.<n>.
      const dest = 'must-gather.local.7204968530177348291';
      t.write(`${dest}/timestamp`, timestamp);
      t.write(`${dest}/must-gather.logs`, mustGatherLogs());
      const insp = `${dest}/inspect.local.2935561749234598912`;
      t.write(`${insp}/timestamp`, timestamp);
      t.write(
        `${insp}/cluster-scoped-resources/config.openshift.io/clusterversions/version.yaml`,
        'kind: ClusterVersion\n',
      );
      t.write(`${insp}/namespaces/openshift-cluster-version/openshift-cluster-version.yaml`, '');
      t.write('standalone/inspect.local.8471/namespaces/openshift-etcd/core/pods.yaml', '');
      const roots = await discoverRoots(t.path);
      assert.equal(roots.length, 2);
      const [fallback, standalone] = await Promise.all(roots.map((r) => buildIndex(r)));
      assert.equal(fallback!.layout.form, 'inspect');
      assert.equal(fallback!.layout.image, undefined);
      assert.equal(fallback!.layout.ocVersion, '4.16.2');
      assert.ok(
        fallback!.layout.notes.some((n) =>
          /fallback `oc adm inspect`.*the gather image did not run or failed, so only what inspect collects is here/.test(
            n,
          ),
        ),
        fallback!.layout.notes.join('\n'),
      );
      assert.equal(standalone!.layout.form, 'inspect');
      assert.ok(standalone!.layout.notes.some((n) => /not a must-gather/.test(n)));
    } finally {
      t.remove();
    }
  });
});
