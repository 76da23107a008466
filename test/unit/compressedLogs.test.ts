import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import {
  decompressedPath,
  gzPathOf,
  isCompressedLogPath,
  logDocumentText,
} from '../../client/src/logs/logDocument';
import { repoRoot } from '../support/fixtures';

interface Pattern {
  match: string;
}

describe('read-only log documents', () => {
  it('keeps every line at its number in the file when only the end was read', () => {
    assert.equal(logDocumentText('a\nb\n', 0), 'a\nb\n');
    const doc = logDocumentText('line 3\nline 4\n', 3).split('\n');
    assert.match(doc[0]!, /3 earlier lines not read: over mustGatherInspector\.limits\.maxLogMiB/);
    assert.equal(doc[3], 'line 3');
    assert.equal(doc[4], 'line 4');
  });

  it('names gzipped logs, and the explorer menu offers them', () => {
    const pkg = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as {
      contributes: { menus: { 'explorer/context': { command: string; when: string }[] } };
    };
    const when = pkg.contributes.menus['explorer/context'].find(
      (m) => m.command === 'mustGatherInspector.openCompressedLog',
    )?.when;
    const re = new RegExp(/=~ \/(.*)\/$/.exec(when ?? '')?.[1] ?? '^$');
    for (const name of [
      'current.log.gz',
      'previous.insecure.log.gz',
      '0.log.20240409-152235.gz',
      'openshift-cluster-version_cluster-version-operator-5d8c_cluster-version-operator.log.gz',
    ]) {
      assert.ok(re.test(name), name);
      assert.ok(isCompressedLogPath(`/mg/logs/${name}`), name);
    }
    for (const name of ['current.log', 'must-gather.tar.gz', 'deployments.json.gz'])
      assert.ok(!re.test(name), name);
  });

  it('colours the oc and the kubelet (CRI) forms of a line alike', () => {
    const grammar = JSON.parse(
      readFileSync(join(repoRoot, 'syntaxes', 'mustgather-log.tmLanguage.json'), 'utf8'),
    ) as { patterns: Pattern[] };
    const stamp = new RegExp(grammar.patterns[0]!.match);
    const oc = '2024-04-09T16:18:07.616977258Z I0409 16:18:07.616969       1 task_graph.go:555] x';
    const cri =
      '2024-04-09T15:22:35.716778081Z stderr F I0409 15:22:35.716763       1 task_graph.go:555] x';
    assert.equal(stamp.exec(oc)?.[1], '2024-04-09T16:18:07.616977258Z');
    assert.equal(stamp.exec(oc)?.[2], undefined);
    const m = stamp.exec(cri);
    assert.deepEqual([m?.[1], m?.[2], m?.[3]], ['2024-04-09T15:22:35.716778081Z', 'stderr', 'F']);
    const info = new RegExp(grammar.patterns[3]!.match);
    assert.equal(info.exec(cri)?.[4], 'task_graph.go:555', 'the klog header after the CRI prefix');
  });
});

describe('the decompressed document of a gzipped log', () => {
  it('is titled after the log without .gz, marked decompressed, and leads back to the file', () => {
    for (const gz of [
      '/mg/ns/pod/c/c/logs/current.log.gz',
      '/mg/ns/pod/c/c/logs/rotated/0.log.20240418-135227.gz',
      '/extra/pods/openshift-cluster-version_cvo-1_cvo.log.GZ',
    ]) {
      const doc = decompressedPath(gz);
      assert.ok(doc.path.endsWith(' (decompressed)'), doc.path);
      assert.ok(!/\.gz/i.test(doc.path.split('/').pop()!), doc.path);
      assert.equal(gzPathOf(doc.path, doc.query), gz);
    }
    assert.equal(decompressedPath('/l/current.log.gz').path, '/l/current.log (decompressed)');
  });
});
