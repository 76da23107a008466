import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseText } from '../../server/src/yaml/parse';
import { positionAt, spanOf } from '../../server/src/yaml/positions';
import { join, pointer, split } from '../../server/src/yaml/pointer';

const text = `apiVersion: v1
kind: Node
metadata:
  annotations:
    note: "café ☕ 𝔘nicode"
    machineconfiguration.openshift.io/state: Degraded
  name: ip-10-0-137-214.ec2.internal
status:
  conditions:
  - lastTransitionTime: "2021-03-25T09:45:01Z"
    message: a long message that oc folds onto a second line because it is longer than
      eighty columns
    status: "True"
    type: Degraded
`;

function at(ptr: string) {
  const f = parseText(text);
  const [s, e] = spanOf(f, 0, ptr);
  return { start: positionAt(f, s), end: positionAt(f, e), text: f.text.slice(s, e) };
}

describe('YAML positions', () => {
  it('maps a pointer to the key and value of a map entry', () => {
    const r = at('/metadata/name');
    assert.deepEqual(r.start, { line: 6, character: 2 });
    assert.equal(r.text, 'name: ip-10-0-137-214.ec2.internal');
  });

  it('counts UTF-16 code units after non-ASCII and astral characters', () => {
    const f = parseText(text);
    const [s] = spanOf(f, 0, '/metadata/annotations/machineconfiguration.openshift.io~1state');
    assert.deepEqual(positionAt(f, s), { line: 5, character: 4 });
    const note = at('/metadata/annotations/note');
    // "𝔘" is two UTF-16 code units: the value ends at column 4 + 'note: "café ☕ 𝔘nicode"'.length
    assert.equal(note.end.character, 4 + 'note: "café ☕ 𝔘nicode"'.length);
    assert.equal(
      f.docs[0]?.value &&
        (f.docs[0].value as { metadata: { annotations: { note: string } } }).metadata.annotations
          .note,
      'café ☕ 𝔘nicode',
    );
  });

  it('covers a whole sequence item, including a folded scalar', () => {
    const r = at('/status/conditions/0');
    assert.deepEqual(r.start, { line: 9, character: 4 });
    assert.equal(r.end.line, 13);
    const msg = at('/status/conditions/0/message');
    assert.equal(msg.start.line, 10);
    assert.equal(msg.end.line, 11, 'the range covers the continuation line');
  });

  it('falls back to the deepest node found when the pointer leads nowhere', () => {
    const r = at('/status/conditions/7/type');
    assert.equal(r.text.startsWith('conditions:'), true);
  });

  it('reports a parse error with its position and keeps going', () => {
    const f = parseText('a: [1, 2\nb: c\n');
    assert.ok(f.problems.length > 0);
    const p = f.problems[0]!;
    assert.ok(p.span[0] >= 0 && p.span[1] >= p.span[0]);
  });

  it('reads JSON (gather-extra) with positions too', () => {
    const f = parseText(
      '{\n    "items": [\n        {\n            "kind": "Node"\n        }\n    ]\n}\n',
    );
    const [s] = spanOf(f, 0, '/items/0/kind');
    assert.deepEqual(positionAt(f, s), { line: 3, character: 12 });
  });

  it('refuses alias bombs instead of expanding them', () => {
    const bomb =
      'a: &a [x, x, x, x, x, x, x, x, x, x]\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a]\nc: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b, *b]\nd: [*c, *c, *c, *c, *c, *c, *c, *c, *c, *c]\n';
    const f = parseText(bomb, { maxAliasCount: 50, maxDocuments: 10, maxDepth: 200 });
    assert.equal(f.docs[0]?.value, null);
    assert.match(f.problems[0]?.message ?? '', /alias/i);
  });
});

describe('JSON pointers', () => {
  it('escapes / and ~ in keys and splits them back', () => {
    const p = join(
      '/items/3',
      'metadata',
      'labels',
      'operator.machineconfiguration.openshift.io/required-for-upgrade',
    );
    assert.equal(
      p,
      '/items/3/metadata/labels/operator.machineconfiguration.openshift.io~1required-for-upgrade',
    );
    assert.deepEqual(split(pointer('a~b', 'c/d')), ['a~b', 'c/d']);
    assert.deepEqual(split(''), []);
  });
});
