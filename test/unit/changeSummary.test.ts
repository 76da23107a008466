import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { gzipSync } from 'node:zlib';
import { parse } from 'yaml';
import type { Json } from '../../server/src/model/access';
import { normalizeMachineConfig } from '../../server/src/machineconfig/normalize';
import { decideReboot } from '../../server/src/machineconfig/reboot';
import type { ChangeForReboot } from '../../server/src/machineconfig/reboot';
import { imageRefs } from '../../server/src/machineconfig/images';
import {
  summarizeChanges,
  summaryMarkdown,
  summaryText,
} from '../../server/src/machineconfig/changeSummary';
import { unifiedDiff } from '../../server/src/machineconfig/unifiedDiff';
import { fixturesDir, resourceFile, samples } from '../support/fixtures';

const oldA = 'rendered-master-78d48a9fbc8ba6a746040c11f8335d1a';
const newB = 'rendered-master-ebc4fc8c7b6a155d86684204394e4930';
const oldDigest = 'ef6684475a8fc4eb898dc5170dbf883dad2c2883b924cb3d86a4f3b2cb746639';
const newDigest = '0adaefcf3675fa153e7d3917c7a24563e9da81922cac6c3eed3edd4b57bf98bb';
const mcDir = 'cluster-scoped-resources/machineconfiguration.openshift.io/machineconfigs';

function fromMustGather(name: string): Json {
  return parse(readFileSync(resourceFile(samples.levelEarly, `${mcDir}/${name}.yaml`), 'utf8'));
}

function fromGatherExtra(name: string): Json {
  const list = JSON.parse(
    readFileSync(join(fixturesDir, 'gather-extra-2019850/artifacts/machineconfigs.json'), 'utf8'),
  ) as { items: Json[] };
  const mc = list.items.find((i) => (i.metadata as { name: string }).name === name);
  assert.ok(mc, name);
  return mc;
}

const pct = (s: string) => `data:,${encodeURIComponent(s)}`;
const pauseRef = (d: string) => `quay.io/openshift-release-dev/ocp-v4.0-art-dev@sha256:${d}`;

function mc(name: string, spec: { files?: Json[]; units?: Json[]; other?: Json } = {}): Json {
  return {
    apiVersion: 'machineconfiguration.openshift.io/v1',
    kind: 'MachineConfig',
    metadata: {
      name,
      creationTimestamp: '2024-01-01T00:00:00Z',
      labels: { 'machineconfiguration.openshift.io/role': 'worker' },
      annotations: { 'machineconfiguration.openshift.io/release-image-version': '4.12.3' },
    },
    spec: {
      osImageURL: 'quay.io/openshift-release-dev/ocp-v4.0-art-dev@sha256:' + 'a'.repeat(64),
      ...spec.other,
      config: {
        ignition: { version: '3.2.0' },
        storage: { files: spec.files ?? [] },
        systemd: { units: spec.units ?? [] },
      },
    },
  };
}

function assertSeed001(a: Json, b: Json) {
  const s = summarizeChanges(a, b, 10);
  assert.deepEqual(s.files, {
    added: [],
    removed: [],
    changed: ['/etc/crio/crio.conf.d/00-default'],
  });
  assert.deepEqual(s.units, { added: [], removed: [], changed: ['kubelet.service'] });
  assert.deepEqual(s.dropins, { added: [], removed: [], changed: [] });
  assert.equal(s.images.length, 1, JSON.stringify(s.images));
  const img = s.images[0]!;
  assert.equal(img.what, 'pause image');
  assert.equal(img.oldDigest, `sha256:${oldDigest}`);
  assert.equal(img.newDigest, `sha256:${newDigest}`);
  assert.deepEqual(img.where, ['file /etc/crio/crio.conf.d/00-default', 'unit kubelet.service']);
  for (const k of ['osImageURL', 'kernelArguments', 'extensions', 'fips', 'kernelType'] as const) {
    assert.equal(s[k], undefined, k);
  }
  // The gzip-compressed file is decoded on both sides and is identical: not reported.
  const gz = JSON.stringify(a).includes('"compression":"gzip"');
  assert.ok(gz, 'the fixture carries a gzip file');
  assert.ok(!s.files.changed.includes('/etc/node-sizing-enabled.env'));
  assert.equal(s.reboot.action, 'reboot');
  assert.ok(
    s.reboot.reasons.some((r) =>
      /systemd units changed: kubelet\.service — units always reboot/.test(r),
    ),
  );
  const t = summaryText(s);
  assert.match(t, /pause image changed/);
  assert.ok(t.includes(oldDigest) && t.includes(newDigest));
}

describe('seed 001: rendered-master 78d48a9f → ebc4fc8c (bug 2019850)', () => {
  it('from the must-gather: only the pause image changed, in kubelet.service and the crio drop-in', () => {
    assertSeed001(fromMustGather(oldA), fromMustGather(newB));
  });

  it('from the gather-extra machineconfigs.json List: the same', () => {
    assertSeed001(fromGatherExtra(oldA), fromGatherExtra(newB));
  });

  it('the unified diff of the normalised configs shows the two pause lines', () => {
    const d = unifiedDiff(
      normalizeMachineConfig(fromMustGather(oldA)),
      normalizeMachineConfig(fromMustGather(newB)),
      oldA,
      newB,
    );
    assert.ok(d.startsWith(`--- ${oldA}\n+++ ${newB}\n@@ -1,`));
    const minus = d.split('\n').filter((l) => l.startsWith('-') && !l.startsWith('---'));
    const plus = d.split('\n').filter((l) => l.startsWith('+') && !l.startsWith('+++'));
    assert.equal(minus.filter((l) => l.includes(oldDigest)).length, 2);
    assert.equal(plus.filter((l) => l.includes(newDigest)).length, 2);
    // Apart from the header (name, creation time) nothing else differs.
    assert.equal(minus.length, 4);
    assert.equal(plus.length, 4);
  });
});

describe('normalizeMachineConfig', () => {
  it('prints header, OS fields, files by path with octal modes, units by name; stable', () => {
    const raw = mc('rendered-worker-1', {
      files: [
        { path: '/z', mode: 493, contents: { source: pct('z\n') } },
        {
          path: '/a',
          mode: 420,
          overwrite: true,
          user: { name: 'root' },
          contents: { source: pct('a1\na2') },
        },
        { path: '/bin', contents: { source: 'data:;base64,AAEC' } },
        { path: '/bad', contents: { source: 'data:;base64,!!' } },
        { path: '/secret', contents: { source: 'data:,REDACTED' } },
      ],
      units: [
        { name: 'b.service', enabled: true, contents: 'REDACTED' },
        {
          name: 'a.service',
          mask: true,
          dropins: [{ name: '10-x.conf', contents: '[Service]\n' }],
        },
      ],
      other: { kernelArguments: ['nosmt', 'a=b'], fips: true },
    });
    const t = normalizeMachineConfig(raw);
    assert.equal(t, normalizeMachineConfig(structuredClone(raw)));
    assert.match(
      t,
      /^MachineConfig rendered-worker-1\n {2}pool: worker\n {2}created: 2024-01-01T00:00:00Z\n {2}release-image-version: 4\.12\.3\n/,
    );
    assert.match(t, /kernelArguments:\n {2}- nosmt\n {2}- a=b\n/);
    assert.match(t, /fips: true\n/);
    const order = [...t.matchAll(/^(file|unit) (\S+)/gm)].map((m) => m[2]);
    assert.deepEqual(order, ['/a', '/bad', '/bin', '/secret', '/z', 'a.service', 'b.service']);
    assert.match(
      t,
      /file \/a\n {2}mode: 0644\n {2}overwrite: true\n {2}user: root\n {2}group: -\n {2}contents:\n {4}a1\n {4}a2\n {4}<no newline at end>\n/,
    );
    assert.match(t, /file \/z\n {2}mode: 0755\n/);
    assert.match(t, /file \/bin\n(.*\n){4} {2}contents: <binary 3 bytes sha256:[0-9a-f]{64}>/);
    assert.match(t, /file \/bad\n(.*\n){4} {2}contents: <invalid: bad base64>/);
    assert.match(t, /file \/secret\n(.*\n){4} {2}contents: <redacted>/);
    assert.match(t, /unit b\.service\n {2}enabled: true\n {2}mask: -\n {2}contents: <redacted>/);
    assert.match(
      t,
      /unit a\.service\n {2}enabled: -\n {2}mask: true\n {2}dropin 10-x\.conf\n {4}contents:\n {6}\[Service\]\n/,
    );
  });

  it('takes the pool from the MachineConfigPool owner reference when there is no role label', () => {
    const t = normalizeMachineConfig(fromMustGather(oldA));
    assert.match(t, /^ {2}pool: master$/m);
    assert.match(t, /^ {2}generated-by-controller-version: 0879c5695/m);
  });
});

describe('summarizeChanges', () => {
  it('never counts redacted contents as a change', () => {
    const a = mc('a', {
      files: [{ path: '/etc/x', contents: { source: pct('real\n') } }],
      units: [{ name: 'u.service', contents: '[Unit]\n' }],
    });
    const b = mc('b', {
      files: [
        {
          path: '/etc/x',
          contents: { source: `data:;base64,${Buffer.from('REDACTED').toString('base64')}` },
        },
      ],
      units: [{ name: 'u.service', contents: '<redacted>' }],
    });
    const s = summarizeChanges(a, b, 12);
    assert.deepEqual(s.files.changed, []);
    assert.deepEqual(s.units.changed, []);
    assert.deepEqual(s.redacted, ['file /etc/x', 'unit u.service']);
    assert.equal(s.reboot.action, 'none');
  });

  it('compares gzip files by their decoded contents', () => {
    const gz = (s: string, level: number) => ({
      source: `data:;base64,${gzipSync(s, { level }).toString('base64')}`,
      compression: 'gzip',
    });
    const a = mc('a', { files: [{ path: '/etc/g', contents: gz('same\n', 1) }] });
    const b = mc('b', { files: [{ path: '/etc/g', contents: gz('same\n', 9) }] });
    assert.deepEqual(summarizeChanges(a, b).files.changed, []);
    const c = mc('c', { files: [{ path: '/etc/g', contents: gz('other\n', 9) }] });
    assert.deepEqual(summarizeChanges(a, c).files.changed, ['/etc/g']);
  });

  it('reports binary, mode, added and removed files and units, dropins and OS fields', () => {
    const a = mc('a', {
      files: [
        { path: '/bin', contents: { source: 'data:;base64,AAEC' } },
        { path: '/m', mode: 420, contents: { source: pct('x') } },
        { path: '/gone', contents: { source: pct('x') } },
      ],
      units: [{ name: 'u.service', dropins: [{ name: '10-a.conf', contents: 'A' }] }],
    });
    const b = mc('b', {
      files: [
        { path: '/bin', contents: { source: 'data:;base64,AAED' } },
        { path: '/m', mode: 384, contents: { source: pct('x') } },
        { path: '/new', contents: { source: pct('x') } },
      ],
      units: [
        { name: 'u.service', dropins: [{ name: '10-a.conf', contents: 'B' }] },
        { name: 'v.service', enabled: true },
      ],
      other: {
        osImageURL: 'quay.io/openshift-release-dev/ocp-v4.0-art-dev@sha256:' + 'b'.repeat(64),
        kernelArguments: ['nosmt'],
        extensions: ['usbguard'],
        kernelType: 'realtime',
      },
    });
    const s = summarizeChanges(a, b, 12);
    assert.deepEqual(s.files, { added: ['/new'], removed: ['/gone'], changed: ['/bin', '/m'] });
    assert.deepEqual(s.units, { added: ['v.service'], removed: [], changed: [] });
    assert.deepEqual(s.dropins.changed, ['u.service/10-a.conf']);
    assert.deepEqual(s.kernelArguments, { added: ['nosmt'], removed: [] });
    assert.deepEqual(s.extensions, { added: ['usbguard'], removed: [] });
    assert.deepEqual(s.kernelType, { new: 'realtime' });
    const os = s.images.find((i) => i.what === 'OS image');
    assert.equal(os?.oldDigest, 'sha256:' + 'a'.repeat(64));
    assert.equal(os?.newDigest, 'sha256:' + 'b'.repeat(64));
    assert.equal(s.reboot.action, 'reboot');
  });

  it('names images: kubelet pause flag and CRI-O pause_image are the pause image; others by path', () => {
    const kubelet = (d: string) =>
      `[Service]\nExecStart=/usr/bin/kubelet \\\n  --pod-infra-container-image=${pauseRef(d)} \\\n  --v=2\n`;
    const crio = (d: string) => `[crio.image]\npause_image = "${pauseRef(d)}"\n`;
    const other = (d: string) =>
      `image: quay.io/openshift-release-dev/ocp-v4.0-art-dev@sha256:${d}\n`;
    assert.deepEqual(imageRefs(kubelet(oldDigest), 'kubelet.service'), [
      { what: 'pause image', ref: pauseRef(oldDigest) },
    ]);
    assert.deepEqual(imageRefs(crio(oldDigest), '/etc/crio/crio.conf.d/00-default'), [
      { what: 'pause image', ref: pauseRef(oldDigest) },
    ]);
    const [c1, c2] = ['c'.repeat(64), 'd'.repeat(64)];
    const a = mc('a', {
      files: [
        { path: '/etc/crio/crio.conf.d/00-default', contents: { source: pct(crio(oldDigest)) } },
        { path: '/etc/kubernetes/manifests/haproxy.yaml', contents: { source: pct(other(c1)) } },
      ],
      units: [{ name: 'kubelet.service', contents: kubelet(oldDigest) }],
    });
    const b = mc('b', {
      files: [
        { path: '/etc/crio/crio.conf.d/00-default', contents: { source: pct(crio(newDigest)) } },
        { path: '/etc/kubernetes/manifests/haproxy.yaml', contents: { source: pct(other(c2)) } },
      ],
      units: [{ name: 'kubelet.service', contents: kubelet(newDigest) }],
    });
    const s = summarizeChanges(a, b, 12);
    assert.deepEqual(
      s.images.map((i) => [i.what, i.oldDigest, i.newDigest]),
      [
        ['pause image', `sha256:${oldDigest}`, `sha256:${newDigest}`],
        ['image in /etc/kubernetes/manifests/haproxy.yaml', `sha256:${c1}`, `sha256:${c2}`],
      ],
    );
    const md = summaryMarkdown(s);
    assert.match(md, /pause image changed/);
    assert.ok(!/\]\(|<a |command:/.test(md), 'no link can form from must-gather text');
  });
});

describe('reboot decision by release', () => {
  const none: ChangeForReboot = {
    osImage: false,
    extensionsImage: false,
    kernelArguments: false,
    extensions: false,
    fips: false,
    kernelType: false,
    units: [],
    files: [],
  };
  const files = (...f: string[]) => ({ ...none, files: f });

  it('4.7: pull secret and kubelet CA need nothing, registries.conf reloads crio (with a drain), other files reboot', () => {
    assert.equal(
      decideReboot(files('/var/lib/kubelet/config.json', '/etc/kubernetes/kubelet-ca.crt'), 7)
        .action,
      'none',
    );
    const r = decideReboot(files('/etc/containers/registries.conf'), 7);
    assert.equal(r.action, 'reload crio');
    assert.match(r.reasons.join('\n'), /with a drain on 4\.7/);
    assert.equal(decideReboot(files('/etc/containers/policy.json'), 7).action, 'reboot');
    assert.equal(decideReboot(files('/etc/crio/crio.conf.d/00-default'), 7).action, 'reboot');
    assert.equal(decideReboot(files('/etc/containers/registries.conf'), 6).action, 'reboot');
  });

  it('4.12: policy.json and the gpg key reload crio; the user CA bundle still reboots', () => {
    assert.equal(decideReboot(files('/etc/containers/policy.json'), 12).action, 'reload crio');
    assert.equal(
      decideReboot(files('/etc/machine-config-daemon/no-reboot/containers-gpg.pub'), 12).action,
      'reload crio',
    );
    const ca = '/etc/pki/ca-trust/source/anchors/openshift-config-user-ca-bundle.crt';
    assert.equal(decideReboot(files(ca), 12).action, 'reboot');
    assert.equal(decideReboot(files(ca), 14).action, 'restart crio');
    assert.equal(decideReboot(files('/etc/nmstate/openshift/eth0.yml'), 12).action, 'reboot');
  });

  it('4.16: nmstate files need nothing, registries.d reloads crio; units and OS fields always reboot', () => {
    assert.equal(decideReboot(files('/etc/nmstate/openshift/eth0.yml'), 16).action, 'none');
    assert.equal(
      decideReboot(files('/etc/containers/registries.d/x.yaml'), 16).action,
      'reload crio',
    );
    const u = decideReboot(
      { ...none, units: ['kubelet.service'], files: ['/etc/containers/policy.json'] },
      16,
    );
    assert.equal(u.action, 'reboot');
    assert.ok(u.reasons.includes('systemd units changed: kubelet.service — units always reboot'));
    assert.equal(decideReboot({ ...none, kernelArguments: true }, 16).action, 'reboot');
    assert.equal(decideReboot({ ...none, osImage: true }, 16).action, 'reboot');
    assert.equal(decideReboot(none, 16).action, 'none');
  });
});
