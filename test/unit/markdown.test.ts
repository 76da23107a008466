import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  clipped,
  code,
  detailMarkdown,
  markdown,
  table,
  text,
} from '../../server/src/core/markdown';
import { plain } from '../support/hover';
import { renderBoth } from '../support/renderMarkdown';

const hostile = [
  '[x](command:workbench.action.terminal.new)',
  '<img src=x onerror=alert(1)>',
  '![i](https://example.com/t.png)',
  '`code` ``more``',
  '**bold** _em_ ~~del~~',
  '# heading\n- item\n> quote',
  'see https://example.com and www.example.com and me@example.com',
  '<command:workbench.action.terminal.new>',
  'a | b & c',
];

describe('escaping must-gather text for hovers', () => {
  it('leaves no unescaped Markdown or HTML special character', () => {
    for (const s of hostile) {
      const out = text(s);
      // Every special character is preceded by a backslash, or is an entity.
      assert.doesNotMatch(
        out.replace(/\\[!-/:-@[-`{-~]/g, '').replace(/&(lt|gt|amp);/g, ''),
        /[[\]()<>`*_~#|!:@&]/,
        s,
      );
      assert.doesNotMatch(out, /\n/, 'stays on one line');
      assert.equal(plain(out), s.replace(/\n/g, ' '), 'reads back as the original text');
    }
  });

  it('cannot form a command link, an autolink or an image', () => {
    const out = text('[x](command:workbench.action.terminal.new) https://e.com <command:x>');
    assert.ok(!out.includes('](command:'));
    assert.ok(!out.includes('https://'));
    assert.ok(!out.includes('<'));
  });

  it('renders as text under GitHub GFM and a linkifying renderer: no link, image or HTML', () => {
    for (const s of hostile) {
      for (const html of renderBoth(text(s))) {
        assert.doesNotMatch(html, /<a |<img|<script|<command/, `${s} → ${html}`);
      }
    }
  });

  it('keeps a `|` inside one table cell', () => {
    const t = table(['a', 'b'], [[text('x | y'), text('z')]]);
    const row = t.split('\n')[2]!;
    assert.equal(row.split(/(?<!\\)\|/).length - 2, 2, 'two cells');
  });

  it('fences code spans longer than any backtick run inside', () => {
    assert.equal(code('a `b` c'), '``a `b` c``');
    assert.equal(code('`x`'), '`` `x` ``');
    assert.equal(code('two\nlines'), '`two lines`');
  });

  it('returns Markdown content', () => {
    assert.deepEqual(markdown('x'), { kind: 'markdown', value: 'x' });
  });

  it('clips long text with whitespace runs made one space, as if the whole were collapsed', () => {
    const naive = (s: string, max: number) => {
      const one = s.replace(/\s+/g, ' ').trim();
      return one.length <= max ? one : `${one.slice(0, max - 1)}…`;
    };
    const samples = [
      '',
      '   ',
      'short',
      '  a \n\t b  ',
      'x'.repeat(300),
      'x'.repeat(301),
      ' '.repeat(5000) + 'tail',
      'word '.repeat(400),
      'a' + ' '.repeat(1300) + 'b'.repeat(400),
      'y '.repeat(150) + ' '.repeat(10_000),
    ];
    for (const s of samples) {
      for (const max of [1, 10, 300])
        assert.equal(clipped(s, max), naive(s, max), JSON.stringify([s.slice(0, 20), max]));
    }
  });

  it('clips a message of MiBs without reading all of it (a fuzzed operator condition)', () => {
    // Found by the fuzz test: a 4 MiB condition message made every operator hover take ~200 ms.
    // What it returns depends on the head alone (no timing here: speed is the benchmark's job).
    const huge = 'word and more '.repeat(400_000);
    assert.equal(clipped(huge, 160).length, 160);
    assert.equal(clipped(huge, 160), clipped(huge.slice(0, 2000), 160));
  });
});

describe('detailMarkdown', () => {
  it('keeps paragraphs and code spans, and lets no link, image or HTML form from quoted text', () => {
    const md = detailMarkdown(
      'Pool `worker` is degraded: "[x](https://evil) ![i](file:///etc) <b>hi</b>".\n\nSecond `a|b` paragraph.',
    );
    const [first, second] = md.split('\n\n');
    assert.ok(first!.startsWith('Pool `worker` is degraded'));
    assert.ok(!/\]\(/.test(md.replace(/\\\]\\\(/g, '')), md);
    assert.ok(!md.includes('<b>'));
    assert.equal(second, 'Second `a|b` paragraph\\.');
  });
});
