import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseText } from '../../server/src/yaml/parse';
import { pathAt } from '../../server/src/yaml/pathAt';
import { offsetOf } from '../../server/src/yaml/positions';

const yaml = `apiVersion: v1
kind: MachineConfigPool
metadata:
  labels:
    operator.machineconfiguration.openshift.io/required-for-upgrade: ""
  name: master
status:
  conditions:
  - lastTransitionTime: "2021-03-25T09:20:08Z"
    message: >-
      a folded message that runs
      over two lines
    status: "True"
    type: Degraded
  - lastTransitionTime: "2021-03-25T09:10:05Z"
    type: Updated
---
kind: Second
`;

function at(text: string, needle: string, shift = 1, nth = 0) {
  let i = -1;
  for (let n = 0; n <= nth; n++) i = text.indexOf(needle, i + 1);
  assert.ok(i >= 0, needle);
  return pathAt(parseText(text), i + shift);
}

describe('pathAt: the JSON-pointer path under an offset', () => {
  it('finds a map key and says so', () => {
    const r = at(yaml, 'labels:');
    assert.deepEqual([r?.doc, r?.path, r?.onKey], [0, ['metadata', 'labels'], true]);
    assert.equal(yaml.slice(...r!.span), 'labels');
  });

  it('finds a value inside a nested map', () => {
    const r = at(yaml, 'master', 2);
    assert.deepEqual([r?.path, r?.onKey], [['metadata', 'name'], false]);
    assert.equal(r?.scalar?.value, 'master');
    assert.equal(yaml.slice(...r!.span), 'master');
  });

  it('maps the `- ` marker of a block sequence entry to that entry', () => {
    const r = at(yaml, '- lastTransitionTime', 0, 1);
    assert.deepEqual(r?.path, ['status', 'conditions', '1']);
    const k = at(yaml, 'lastTransitionTime', 2);
    assert.deepEqual(
      [k?.path, k?.onKey],
      [['status', 'conditions', '0', 'lastTransitionTime'], true],
    );
  });

  it('finds every line of a folded scalar', () => {
    const r = at(yaml, 'over two lines', 3);
    assert.deepEqual([r?.path, r?.onKey], [['status', 'conditions', '0', 'message'], false]);
    assert.equal(r?.scalar?.value, 'a folded message that runs over two lines');
  });

  it('counts documents in a multi-document stream', () => {
    const r = at(yaml, 'Second');
    assert.deepEqual([r?.doc, r?.path], [1, ['kind']]);
  });

  it('reads JSON Lists from gather-extra', () => {
    const json = `{
  "apiVersion": "v1",
  "items": [
    {
      "kind": "MachineConfigPool",
      "metadata": { "labels": { "a": "" }, "name": "worker" }
    }
  ]
}`;
    const r = at(json, '"worker"', 2);
    assert.deepEqual([r?.path, r?.onKey], [['items', '0', 'metadata', 'name'], false]);
    const k = at(json, '"labels"', 2);
    assert.deepEqual([k?.path, k?.onKey], [['items', '0', 'metadata', 'labels'], true]);
  });

  it('turns an LSP position into an offset, clamped to its line', () => {
    const f = parseText(yaml);
    assert.equal(offsetOf(f, 1, 0), yaml.indexOf('kind'));
    assert.equal(offsetOf(f, 0, 999), yaml.indexOf('\n'));
  });
});
