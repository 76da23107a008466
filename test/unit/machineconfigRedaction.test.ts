/**
 * Redacted contents in rendered MachineConfigs.
 *
 * Source of the map form: openshift/machine-config-operator, branch main (added 2025-09, not in
 * release-4.16 … 4.20), `devex/cmd/mco-sanitize/redactor.go` `redact()`. It replaces a file's
 * whole `storage.files[].contents` object, and a unit's or dropin's `contents`, with
 * `{_REDACTED: "This field has been redacted", length: N}`: N is the byte length of a unit or
 * dropin body, and the length of the YAML (yaml.v3 `Marshal`) of a file's `contents` map.
 * Equal maps are unknown, never a change; a different N means the content changed.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { parse, stringify } from 'yaml';
import type { Json } from '../../server/src/model/access';
import { files, units } from '../../server/src/machineconfig/contents';
import { normalizeMachineConfig } from '../../server/src/machineconfig/normalize';
import { isRedactionMarker, redactionMap } from '../../server/src/machineconfig/redaction';
import {
  summarizeChanges,
  summaryMarkdown,
  summaryText,
} from '../../server/src/machineconfig/changeSummary';
import { unifiedDiff } from '../../server/src/machineconfig/unifiedDiff';
import { copyFixture } from '../support/copyFixture';
import { repoRoot, resourceFile, samples } from '../support/fixtures';

const note = 'This field has been redacted';
const redacted = (length: number): Json => ({ _REDACTED: note, length });
const pct = (s: string) => `data:,${encodeURIComponent(s)}`;

function mc(name: string, spec: { files?: Json[]; units?: Json[] } = {}): Json {
  return {
    apiVersion: 'machineconfiguration.openshift.io/v1',
    kind: 'MachineConfig',
    metadata: {
      name,
      labels: { 'machineconfiguration.openshift.io/role': 'worker' },
      annotations: { 'machineconfiguration.openshift.io/release-image-version': '4.21.0' },
    },
    spec: {
      config: {
        ignition: { version: '3.5.0' },
        storage: { files: spec.files ?? [] },
        systemd: { units: spec.units ?? [] },
      },
    },
  };
}

const fileAt = (length: number, mode = 420): Json => ({
  path: '/etc/secret.conf',
  mode,
  contents: redacted(length),
});

describe('mco-sanitize redaction maps', () => {
  it('recognises the map, with or without a usable length, and nothing else', () => {
    assert.deepEqual(redactionMap({ _REDACTED: note, length: 198 }), { length: 198 });
    assert.deepEqual(redactionMap({ _REDACTED: note, length: '12' }), { length: 12 });
    assert.deepEqual(redactionMap({ _REDACTED: note }), {});
    assert.deepEqual(redactionMap({ _REDACTED: note, length: -1 }), {});
    assert.deepEqual(redactionMap({ _REDACTED: note, length: 1.5 }), {});
    for (const v of [{ source: 'data:,x' }, { length: 3 }, [], 'REDACTED', null, 7]) {
      assert.equal(redactionMap(v), undefined, JSON.stringify(v));
    }
  });

  it('reads map-form file, unit and dropin contents as redacted with their lengths', () => {
    const raw = mc('a', {
      files: [fileAt(198)],
      units: [
        {
          name: 'u.service',
          contents: redacted(40),
          dropins: [{ name: '10-a.conf', contents: redacted(7) }],
        },
      ],
    });
    assert.deepEqual(files(raw)[0]!.contents, { kind: 'redacted', length: 198 });
    const [u] = units(raw);
    assert.deepEqual(u!.contents, { kind: 'redacted', length: 40 });
    assert.deepEqual(u!.dropins[0]!.contents, { kind: 'redacted', length: 7 });
    const t = normalizeMachineConfig(raw);
    assert.match(t, /file \/etc\/secret\.conf\n(.*\n){4} {2}contents: <redacted, length 198>\n/);
    assert.match(t, /unit u\.service\n(.*\n){2} {2}contents: <redacted, length 40>\n/);
    assert.match(t, /dropin 10-a\.conf\n {4}contents: <redacted, length 7>\n/);
  });

  it('equal lengths: no change, listed as redacted', () => {
    const a = mc('a', {
      files: [fileAt(198)],
      units: [
        {
          name: 'u.service',
          contents: redacted(40),
          dropins: [{ name: '10-a.conf', contents: redacted(7) }],
        },
      ],
    });
    const b = mc('b', {
      files: [fileAt(198)],
      units: [
        {
          name: 'u.service',
          contents: redacted(40),
          dropins: [{ name: '10-a.conf', contents: redacted(7) }],
        },
      ],
    });
    const s = summarizeChanges(a, b, 21);
    assert.deepEqual(s.files.changed, []);
    assert.deepEqual(s.units.changed, []);
    assert.deepEqual(s.dropins.changed, []);
    assert.deepEqual(s.redactedChanges, []);
    assert.deepEqual(s.redacted, [
      'dropin u.service/10-a.conf',
      'file /etc/secret.conf',
      'unit u.service',
    ]);
    assert.equal(s.reboot.action, 'none');
    const t = summaryText(s);
    assert.match(t, /no change in files, units or OS fields/);
    assert.match(
      t,
      /redacted, not compared: dropin u\.service\/10-a\.conf, file \/etc\/secret\.conf/,
    );
    assert.equal(
      unifiedDiff(normalizeMachineConfig(a), normalizeMachineConfig(b), 'a', 'b')
        .split('\n')
        .filter((l) => /^[-+] /.test(l)).length,
      0,
    );
  });

  it('a file whose length differs is named and said to have changed, in text and Markdown', () => {
    const a = mc('a', { files: [fileAt(198)] });
    const b = mc('b', { files: [fileAt(199)] });
    const s = summarizeChanges(a, b, 21);
    assert.deepEqual(s.files.changed, ['/etc/secret.conf']);
    assert.deepEqual(s.redactedChanges, [
      { what: 'file', name: '/etc/secret.conf', oldLength: 198, newLength: 199 },
    ]);
    assert.deepEqual(s.redacted, []);
    assert.deepEqual(s.reboot.action, 'reboot');
    const t = summaryText(s);
    assert.doesNotMatch(t, /no change in files/);
    assert.match(t, /^ {2}files changed: \/etc\/secret\.conf$/m);
    assert.match(
      t,
      /^ {2}file \/etc\/secret\.conf: contents redacted; length 198 → 199, so it changed$/m,
    );
    const md = summaryMarkdown(s);
    assert.match(md, /^- files changed: `\/etc\/secret\.conf`$/m);
    assert.match(
      md,
      /^- file `\/etc\/secret\.conf`: contents redacted; length 198 → 199, so it changed$/m,
    );
    const diff = unifiedDiff(normalizeMachineConfig(a), normalizeMachineConfig(b), 'a', 'b');
    assert.match(diff, /^- {2}contents: <redacted, length 198>$/m);
    assert.match(diff, /^\+ {2}contents: <redacted, length 199>$/m);
  });

  it('a mode change on a redacted file of equal length is a change, still listed as redacted', () => {
    const s = summarizeChanges(
      mc('a', { files: [fileAt(198)] }),
      mc('b', { files: [fileAt(198, 493)] }),
    );
    assert.deepEqual(s.files.changed, ['/etc/secret.conf']);
    assert.deepEqual(s.redacted, ['file /etc/secret.conf']);
    assert.deepEqual(s.redactedChanges, []);
  });

  it('units and dropins whose lengths differ are named and said to have changed', () => {
    const a = mc('a', {
      units: [
        {
          name: 'u.service',
          contents: redacted(40),
          dropins: [{ name: '10-a.conf', contents: redacted(7) }],
        },
      ],
    });
    const b = mc('b', {
      units: [
        {
          name: 'u.service',
          contents: redacted(41),
          dropins: [{ name: '10-a.conf', contents: redacted(9) }],
        },
      ],
    });
    const s = summarizeChanges(a, b, 21);
    assert.deepEqual(s.units.changed, ['u.service']);
    assert.deepEqual(s.dropins.changed, ['u.service/10-a.conf']);
    assert.deepEqual(s.redacted, []);
    const t = summaryText(s);
    assert.match(t, /^ {2}unit u\.service: contents redacted; length 40 → 41, so it changed$/m);
    assert.match(
      t,
      /^ {2}dropin u\.service\/10-a\.conf: contents redacted; length 7 → 9, so it changed$/m,
    );
    const md = summaryMarkdown(s);
    assert.match(md, /^- unit `u\.service`: contents redacted; length 40 → 41, so it changed$/m);
    assert.match(
      md,
      /^- dropin `u\.service\/10-a\.conf`: contents redacted; length 7 → 9, so it changed$/m,
    );
    assert.equal(s.reboot.action, 'reboot');
  });

  it('a map without a length, or facing readable contents, stays unknown', () => {
    const a = mc('a', {
      files: [{ path: '/etc/secret.conf', mode: 420, contents: { _REDACTED: note } }],
      units: [{ name: 'u.service', contents: '[Unit]\n' }],
    });
    const b = mc('b', {
      files: [fileAt(199)],
      units: [{ name: 'u.service', contents: redacted(99) }],
    });
    const s = summarizeChanges(a, b, 21);
    assert.deepEqual(s.files.changed, []);
    assert.deepEqual(s.units.changed, []);
    assert.deepEqual(s.redacted, ['file /etc/secret.conf', 'unit u.service']);
    assert.match(normalizeMachineConfig(a), /contents: <redacted>\n/);
  });

  it('still recognises the string markers, which stay unknown, also facing a map', () => {
    for (const m of ['REDACTED', '<redacted>', 'REDACTED 12 bytes'])
      assert.ok(isRedactionMarker(m));
    const a = mc('a', {
      files: [{ path: '/etc/x', contents: { source: pct('real\n') } }],
      units: [
        { name: 'u.service', contents: '[Unit]\n', dropins: [{ name: 'd.conf', contents: 'x' }] },
      ],
    });
    const b = mc('b', {
      files: [{ path: '/etc/x', contents: { source: 'data:,REDACTED%2012%20bytes' } }],
      units: [
        {
          name: 'u.service',
          contents: '<redacted>',
          dropins: [{ name: 'd.conf', contents: 'REDACTED' }],
        },
      ],
    });
    const s = summarizeChanges(a, b, 21);
    assert.deepEqual([s.files.changed, s.units.changed, s.dropins.changed], [[], [], []]);
    assert.deepEqual(s.redacted, ['dropin u.service/d.conf', 'file /etc/x', 'unit u.service']);
    assert.match(normalizeMachineConfig(b), /file \/etc\/x\n(.*\n){4} {2}contents: <redacted>\n/);
    assert.deepEqual(s.redactedChanges, []);
    // A string marker facing a map with a length: nothing to compare the length with.
    const c = mc('c', {
      files: [{ path: '/etc/x', contents: redacted(12) }],
      units: [
        {
          name: 'u.service',
          contents: redacted(7),
          dropins: [{ name: 'd.conf', contents: redacted(1) }],
        },
      ],
    });
    const t = summarizeChanges(b, c, 21);
    assert.deepEqual([t.files.changed, t.units.changed, t.dropins.changed], [[], [], []]);
    assert.deepEqual(t.redacted, ['dropin u.service/d.conf', 'file /etc/x', 'unit u.service']);
    assert.deepEqual(t.redactedChanges, []);
    const diff = unifiedDiff(normalizeMachineConfig(b), normalizeMachineConfig(c), 'b', 'c');
    assert.match(diff, /^- {2}contents: <redacted>\n\+ {2}contents: <redacted, length 12>$/m);
  });
});

describe('CLI diff of two sanitised configs', () => {
  const mcDir = 'cluster-scoped-resources/machineconfiguration.openshift.io/machineconfigs';
  const oldA = 'rendered-master-78d48a9fbc8ba6a746040c11f8335d1a';
  const newB = 'rendered-master-ebc4fc8c7b6a155d86684204394e4930';
  const changedFile = '/etc/sysctl.d/forward.conf';

  /** Rewrites every file's contents into the map form, as mco-sanitize would. */
  function sanitise(file: string, edit?: (f: Json) => void): void {
    const raw = parse(readFileSync(file, 'utf8')) as Json;
    const list = (((raw.spec as Json).config as Json).storage as Json).files as Json[];
    for (const f of list) {
      edit?.(f);
      // The YAML length of the contents map stands in for yaml.v3's: both sides alike.
      f.contents = redacted(stringify(f.contents).length);
    }
    writeFileSync(file, stringify(raw));
  }

  it('names the file whose length differs and says it changed', () => {
    const copy = copyFixture(samples.levelEarly);
    try {
      const at = (name: string) => resourceFile(copy.path, `${mcDir}/${name}.yaml`);
      sanitise(at(oldA));
      // The new config's forward.conf gained a line before it was sanitised.
      sanitise(at(newB), (f) => {
        if (f.path === changedFile) {
          const c = f.contents as Json;
          c.source = `${String(c.source)}net.ipv4.conf.all.forwarding%20=%201%0A`;
        }
      });
      const r = spawnSync(
        process.execPath,
        [join(repoRoot, 'dist', 'cli.js'), 'diff', copy.path, oldA, newB],
        { encoding: 'utf8' },
      );
      assert.equal(r.stderr, '');
      const out = r.stdout;
      assert.match(out, /^ {2}files changed: \/etc\/sysctl\.d\/forward\.conf$/m);
      const line =
        /^ {2}file \/etc\/sysctl\.d\/forward\.conf: contents redacted; length (\d+) → (\d+), so it changed$/m.exec(
          out,
        );
      assert.ok(line, out);
      assert.ok(Number(line[2]) > Number(line[1]));
      // Same-length redactions (the pause image digest swap) stay unknown, not changed.
      assert.match(out, /redacted, not compared: .*file \/etc\/crio\/crio\.conf\.d\/00-default/);
      assert.match(out, new RegExp(`^- {2}contents: <redacted, length ${line[1]}>$`, 'm'));
      assert.match(out, new RegExp(`^\\+ {2}contents: <redacted, length ${line[2]}>$`, 'm'));
    } finally {
      copy.remove();
    }
  });
});
