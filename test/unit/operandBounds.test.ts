/**
 * The readers of unhealthy operators' pods are bounded (issue 40): a huge pod List, a huge log of
 * a failing container, an operator naming thousands of namespaces and messages in a form half
 * known each cost one note or nothing, never the process, and hide no other finding. Inputs are
 * made here, on a copy of apiserver-crashloop (an openshift-apiserver replica in a crash loop,
 * the operator Degraded naming it); nothing large is committed.
 */
import assert from 'node:assert/strict';
import {
  closeSync,
  openSync,
  readdirSync,
  readFileSync,
  truncateSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { analysisContext, analyzeRoot } from '../../server/src/analysis/analyze';
import type { RootAnalysis } from '../../server/src/analysis/analyze';
import { discoverRoots } from '../../server/src/gather/discover';
import { parseGoTime } from '../../server/src/gather/timestamp';
import { ParsedFileCache } from '../../server/src/gather/fileCache';
import { defaultLimits, maxPodListMiB, mib } from '../../server/src/limits';
import { notReadyNodes } from '../../server/src/model/operatorMessages';
import { Pod } from '../../server/src/model/pod';
import { podFailure } from '../../server/src/model/podFailures';
import type { Json } from '../../server/src/model/access';
import { maxOperandNamespaces } from '../../server/src/model/operandNamespaces';
import { copyFixture } from '../support/copyFixture';
import { tempTree } from '../support/tempTree';
import { fixturesDir, samples } from '../support/fixtures';
import { assertShortMessage } from '../support/ruleTester';

const ns = 'namespaces/openshift-apiserver';
const pods = `${ns}/core/pods.yaml`;
const crashing = 'apiserver-bjmpcchmxn-r5k64';
const logs = `${ns}/pods/${crashing}/openshift-apiserver/openshift-apiserver/logs`;
const operatorFile =
  'cluster-scoped-resources/config.openshift.io/clusteroperators/openshift-apiserver.yaml';

async function analyzeFolder(folder: string): Promise<RootAnalysis> {
  const [root] = await discoverRoots(folder);
  assert.ok(root);
  return analyzeRoot(root, analysisContext({}));
}

/** A copy of the fixture, its root, and a way to analyse it; removed by `done`. */
async function onCopy(
  edit: (root: string) => void,
  check: (a: RootAnalysis, root: string) => void | Promise<void>,
): Promise<void> {
  const copy = copyFixture(samples.apiserverCrashLoop);
  try {
    const [root] = await discoverRoots(copy.path);
    assert.ok(root);
    edit(root.path);
    await check(await analyzeFolder(copy.path), root.path);
  } finally {
    copy.remove();
  }
}

const keyOf = (f: RootAnalysis['findings'][number]) => `${f.rule} ${f.subject}`;

/** The intact fixture's findings, by rule and subject. */
async function cleanKeys(): Promise<string[]> {
  const a = await analyzeFolder(samples.apiserverCrashLoop);
  const keys = a.findings.map(keyOf);
  assert.ok(keys.includes(`operator-pod-failing pod/openshift-apiserver/${crashing}`));
  assert.ok(keys.includes('operator-degraded co/openshift-apiserver'));
  return keys;
}

/**
 * The fixture's pod List grown to `bytes` with copies of its healthy replicas (names made
 * unique), the crash-looping replica in the middle.
 */
function growPodList(file: string, bytes: number): void {
  const text = readFileSync(file, 'utf8');
  const lines = text.split('\n');
  const first = lines.findIndex((l) => l.startsWith('- '));
  const end = lines.findIndex((l) => l.startsWith('kind: List'));
  const items: string[] = [];
  for (let i = first; i < end; i++) {
    if (lines[i]!.startsWith('- ')) items.push(lines[i]!);
    else items[items.length - 1] += `\n${lines[i]!}`;
  }
  const crash = items.find((i) => i.includes('CrashLoopBackOff'));
  const healthy = items.filter((i) => i !== crash);
  assert.ok(crash && healthy.length > 0);
  const body: string[] = [];
  let size = 0;
  for (let n = 0; size < bytes - text.length; n++) {
    const item = healthy[n % healthy.length]!.replaceAll(
      'apiserver-bjmpcchmxn-',
      `apiserver-bjmpcchmxn-x${n}-`,
    );
    body.push(item);
    size += item.length + 1;
  }
  body.splice(body.length >> 1, 0, crash);
  writeFileSync(file, [...lines.slice(0, first), ...body, ...lines.slice(end)].join('\n'));
}

describe('bounds on the pods of unhealthy operators', () => {
  // First in the file: the process's peak memory is measured from here.
  it('reads no 2 GiB log of a failing container whole: the analysis ends, memory stays bounded', async () => {
    const before = await cleanKeys();
    let peakBefore = 0;
    await onCopy(
      (root) => {
        // Sparse: 2 GiB of size, no disk; a fatal line at the very end, as a crash leaves it.
        for (const name of ['previous.log', 'current.log']) {
          const file = join(root, logs, name);
          writeFileSync(file, '');
          truncateSync(file, 2 * 1024 * mib);
          const fd = openSync(file, 'r+');
          try {
            const line = Buffer.from('F0324 17:37:52.000000 1 cmd.go:72] error initializing\n');
            writeSync(fd, line, 0, line.length, 2 * 1024 * mib - line.length);
          } finally {
            closeSync(fd);
          }
        }
        peakBefore = process.resourceUsage().maxRSS * 1024;
      },
      async (a, root) => {
        // The way any reader of pod logs goes (the parse cache's `log` mode): the end only.
        const cache = new ParsedFileCache();
        for (const name of ['previous.log', 'current.log']) {
          const r = await cache.get(join(root, logs, name), 'log');
          if (r.ok) assert.ok(r.parsed.text.length <= defaultLimits.maxLogMiB * mib);
          else assert.match(r.error, /binary/);
        }
        const grew = process.resourceUsage().maxRSS * 1024 - peakBefore;
        assert.deepEqual(a.internalErrors, []);
        // Whatever reads such a log reads its end (maxLogMiB at most), never 2 GiB.
        assert.ok(grew < 300 * mib, `the peak grew by ${Math.round(grew / mib)} MiB`);
        const keys = a.findings.map(keyOf);
        for (const k of before) assert.ok(keys.includes(k), `missing: ${k}`);
        // A reader of the log says at most one thing per file about it.
        for (const f of a.findings.filter((x) => x.rule === 'yaml-invalid')) {
          assert.match(f.subject, /\/logs\/(previous|current)\.log$/);
          assertShortMessage(f);
        }
      },
    );
  });

  it(`skips a 50 MiB pod List with one finding that names it and why; every other finding stays`, async () => {
    const before = await cleanKeys();
    await onCopy(
      (root) => growPodList(join(root, pods), 50 * mib),
      (a) => {
        assert.deepEqual(a.internalErrors, []);
        const invalid = a.findings.filter((f) => f.rule === 'yaml-invalid');
        assert.equal(invalid.length, 1, invalid.map((f) => f.message).join('\n'));
        assert.equal(invalid[0]!.subject, `file/${pods}`);
        assert.match(
          invalid[0]!.message,
          new RegExp(
            `^${pods}: file is 50\\.0 MiB, over the ${maxPodListMiB}\\.0 MiB read of a namespace's pods; its pods are not judged$`,
          ),
        );
        assertShortMessage(invalid[0]!);
        assert.equal(a.snapshot.operandPods.length, 0, 'no pod of that List is judged');
        // Every finding but the pod's own is still there: the operator's Degraded first.
        const keys = a.findings.map(keyOf);
        for (const k of before.filter((x) => !x.startsWith('operator-pod-failing '))) {
          assert.ok(keys.includes(k), `missing: ${k}`);
        }
      },
    );
  });

  it('reads a 20 MiB pod List (under the bound) for its pods only: the crash loop is found', async () => {
    const before = await cleanKeys();
    await onCopy(
      (root) => growPodList(join(root, pods), 20 * mib),
      (a) => {
        assert.deepEqual(a.internalErrors, []);
        assert.deepEqual(
          a.findings.filter((f) => f.rule === 'yaml-invalid').map((f) => f.message),
          [],
        );
        assert.ok(a.snapshot.operandPods.length > 3000, String(a.snapshot.operandPods.length));
        // `pods` mode: the spec (but its node) and the annotations are left unread.
        const pod = a.snapshot.operandPods.find((p) => p.name === crashing);
        assert.ok(pod);
        assert.equal(pod.spec.containers, undefined);
        assert.ok(pod.nodeName);
        assert.deepEqual(a.findings.map(keyOf).sort(), [...before].sort());
      },
    );
  });

  it(`reads at most ${maxOperandNamespaces} namespaces of an operator naming 5,000, with one note`, async () => {
    const before = await cleanKeys();
    await onCopy(
      (root) => {
        const file = join(root, operatorFile);
        const text = readFileSync(file, 'utf8');
        const more = Array.from(
          { length: 5000 },
          (_, i) => `  - group: ""\n    name: openshift-made-up-${i}\n    resource: namespaces\n`,
        ).join('');
        assert.ok(text.includes('\n  versions:\n'));
        writeFileSync(file, text.replace('\n  versions:\n', `\n${more}  versions:\n`));
      },
      (a) => {
        assert.deepEqual(a.internalErrors, []);
        const o = a.snapshot.operators.find((x) => x.name === 'openshift-apiserver');
        assert.ok(o && o.relatedNamespaces.length > 5000);
        const read = a.snapshot.operandNamespaces;
        assert.equal(read.operators.size, maxOperandNamespaces);
        assert.equal(read.leftOut, 5000 + 5 - maxOperandNamespaces);
        assert.ok(read.operators.has('openshift-apiserver'), 'the namespaces first named are read');
        const notes = a.summary.notes.filter((n) => n.includes('not judged'));
        assert.deepEqual(notes, [
          `pods of ${5005 - maxOperandNamespaces} more namespaces of unhealthy operators not judged: at most ${maxOperandNamespaces} namespaces are read`,
        ]);
        assert.deepEqual(a.findings.map(keyOf).sort(), [...before].sort());
      },
    );
  });

  it('relays an operator message in a half-known form as it is, and reads no time from a garbled one', async () => {
    const truncated =
      'APIServerDeploymentDegraded: 1 of 3 requested instances are unavailable for apiserver.openshift-apiserver (';
    const garbled =
      'NodeControllerDegraded: The master nodes not ready: node "master-9" not ready since 2022-02-30 10:00:00 +0000 UTC because KubeletNotReady (';
    await onCopy(
      (root) => {
        const file = join(root, operatorFile);
        const text = readFileSync(file, 'utf8');
        const at = text.indexOf("    message: 'APIServerDeploymentDegraded");
        const end = text.indexOf('    reason: APIServerDeployment_UnavailablePod');
        assert.ok(at > 0 && end > at);
        const message = JSON.stringify(`${truncated}\n${garbled}`);
        writeFileSync(file, `${text.slice(0, at)}    message: ${message}\n${text.slice(end)}`);
      },
      (a) => {
        assert.deepEqual(a.internalErrors, []);
        const degraded = a.findings.find((f) => f.rule === 'operator-degraded');
        assert.ok(degraded?.detail?.includes(truncated), degraded?.detail);
        assert.ok(degraded);
        assertShortMessage(degraded);
        // The crash loop is still found from the pod itself, not from the message.
        assert.ok(a.findings.some((f) => f.subject === `pod/openshift-apiserver/${crashing}`));
        // February 30 is no date: nothing says the node has been not ready since March 2.
        for (const f of a.findings) {
          assert.doesNotMatch(`${f.message}\n${f.detail ?? ''}`, /2022-03-02|Mar 2/, f.rule);
        }
      },
    );
    const [node] = notReadyNodes(
      'NodeControllerDegraded: The master nodes not ready: node "master-9" not ready since 2022-02-30 10:00:00 +0000 UTC because KubeletNotReady (x)',
    );
    assert.equal(node?.name, 'master-9');
    assert.equal(node?.since, undefined, 'February 30 is no time');
    // A truncated item is not read at all: no name, no reason made up from half of it.
    assert.deepEqual(notReadyNodes(garbled.slice(0, garbled.indexOf(' since ') + 12)), []);
    for (const t of [
      '2022-02-30 10:00:00 +0000 UTC',
      '2022-13-01 10:00:00 +0000 UTC',
      '2022-03-24 24:00:00 +0000 UTC',
      '2022-03-24 17:60:00 +0000 UTC',
      '0001-01-01 00:00:00 +0000 UTC',
    ]) {
      assert.equal(parseGoTime(t), undefined, t);
    }
    assert.equal(
      parseGoTime('2024-02-29 17:41:05.914616431 +0000 UTC m=+0.133100000')?.toISOString(),
      '2024-02-29T17:41:05.914Z',
    );
  });

  it('leaves unread in pods mode only the status of pods that cannot be failing', async () => {
    // Every pod List of the fixtures, and one of each failure the rule judges beside a healthy pod.
    const lists = readdirSync(fixturesDir, { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('core/pods.yaml'))
      .map((f) => join(fixturesDir, f));
    assert.ok(lists.length > 20, String(lists.length));
    const [root] = await discoverRoots(samples.apiserverCrashLoop);
    assert.ok(root);
    const text = readFileSync(join(root.path, pods), 'utf8');
    const tree = tempTree();
    try {
      const healthy = text.slice(
        text.indexOf('\n- ') + 1,
        text.indexOf('\n- ', text.indexOf('\n- ') + 1),
      );
      const failing = [
        healthy
          .replace(/\n {4}phase: Running/, '\n    phase: Pending')
          .replace(
            /status: "True"\n {6}type: PodScheduled/,
            'message: "0/3 nodes are available"\n      reason: Unschedulable\n      status: "False"\n      type: PodScheduled',
          ),
        healthy
          .replace(/ready: true/g, 'ready: false')
          .replace(
            /lastState: \{\}/,
            'lastState:\n        terminated:\n          exitCode: 137\n          reason: OOMKilled',
          ),
        healthy.replace(
          /state:\n {8}running:\n {10}startedAt: \S+/,
          'state:\n        waiting:\n          reason: ImagePullBackOff\n          message: nope',
        ),
      ];
      const synthetic = tree.write(
        'synthetic-pods.yaml',
        `apiVersion: v1\nitems:\n${[healthy, ...failing, healthy].join('\n')}\nkind: List\nmetadata:\n  resourceVersion: ""\n`,
      );
      let failures = 0;
      for (const file of [...lists, synthetic]) {
        const whole = new ParsedFileCache();
        const cheap = new ParsedFileCache();
        const a = await whole.get(file, 'yaml');
        const b = await cheap.get(file, 'pods');
        assert.ok(a.ok && b.ok, file);
        const items = (v: unknown) =>
          ((v as { items?: Json[] } | null)?.items ?? []).map(
            (raw) => new Pod(raw, { file, doc: 0, base: '' }),
          );
        const read = items(a.parsed.docs[0]?.value);
        const cheaply = items(b.parsed.docs[0]?.value);
        assert.equal(cheaply.length, read.length, file);
        read.forEach((p, i) => {
          const f = podFailure(p);
          const g = podFailure(cheaply[i]!);
          assert.equal(g?.kind, f?.kind, `${file} ${p.name}`);
          if (f) failures++;
          // A running, ready pod's status is left unread; the rest of what the rule reads is not.
          assert.equal(cheaply[i]!.name, p.name);
          assert.equal(cheaply[i]!.nodeName, p.nodeName);
          assert.deepEqual(cheaply[i]!.owner, p.owner);
        });
        if (file === synthetic) {
          assert.deepEqual(
            read.map((p) => podFailure(p)?.kind),
            [undefined, 'unschedulable', 'oom-killed', 'waiting', undefined],
          );
          assert.deepEqual(
            cheaply.map((p) => p.phase),
            ['', 'Pending', 'Running', 'Running', ''],
            "the healthy pods' status is not read",
          );
        }
      }
      assert.equal(
        failures,
        9,
        "the crash loop, the pull failure and the OOM kill of the fixtures, hosted-konnectivity-down's three crash-looping konnectivity agents, and the three made here",
      );
    } finally {
      tree.remove();
    }
  });
});
