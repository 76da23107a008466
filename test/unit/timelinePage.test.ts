/**
 * The Upgrade Timeline page's arithmetic (client/webview/timeline/model.ts), its HTML under a
 * nonce CSP (client/src/timeline/html.ts), and the command's arguments.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { timelineArguments } from '../../client/src/timeline/arguments';
import { nonce, timelineHtml } from '../../client/src/timeline/html';
import {
  held,
  isFromPage,
  matches,
  nearest,
  place,
  stackRows,
  ticks,
} from '../../client/webview/timeline/model';
import { repoRoot } from '../support/fixtures';

const t = (iso: string) => Date.parse(iso);

describe('timeline page: placing bars', () => {
  const d = { from: t('2021-03-25T07:00:00Z'), to: t('2021-03-25T13:00:00Z') };

  it('puts a bar at its share of the span, and clips what starts before it', () => {
    const p = place({ from: t('2021-03-25T10:00:00Z'), to: t('2021-03-25T13:00:00Z') }, d);
    assert.deepEqual(p, { left: 50, width: 50, clippedLeft: false, clippedRight: false });
    // A transition long before the update is kept, drawn from the left edge, marked clipped.
    const old = place({ from: t('2020-01-30T13:36:10Z'), to: t('2021-03-25T08:00:00Z') }, d);
    assert.equal(old?.left, 0);
    assert.equal(old?.clippedLeft, true);
    assert.ok(Math.abs((old?.width ?? 0) - 100 / 6) < 1e-9);
    assert.equal(
      place({ from: t('2020-01-01T00:00:00Z'), to: t('2020-01-02T00:00:00Z') }, d),
      undefined,
    );
  });

  it('ticks on round UTC times, far enough apart, naming the date once per day', () => {
    const list = ticks(d, 1200);
    assert.ok(list.length >= 5 && list.length <= 12, `${list.length} ticks`);
    const gaps = list.slice(1).map((x, i) => ((x.at - list[i]!.at) / (d.to - d.from)) * 1200);
    assert.ok(gaps.every((g) => g >= 120));
    assert.ok(list.every((x) => x.at % 60_000 === 0));
    assert.match(list[0]!.label, /^2021-03-25 \d\d:\d\d$/);
    assert.match(list[1]!.label, /^\d\d:\d\d$/);
    // Across days the date comes back on the first tick of each.
    const days = ticks({ from: t('2021-03-24T20:00:00Z'), to: t('2021-03-25T04:00:00Z') }, 800);
    assert.ok(days.some((x) => x.label.startsWith('2021-03-25 00:00')));
    assert.deepEqual(ticks(d, 0), []);
  });

  it('stacks overlapping bars of a lane in rows, and reuses a row once free', () => {
    const { rows, count } = stackRows([
      { from: 0, to: 10 },
      { from: 5, to: 20 },
      { from: 11, to: 12 },
      { from: 30, to: 30 },
      { from: 30, to: 30 },
    ]);
    assert.deepEqual(rows, [0, 1, 0, 0, 1]);
    assert.equal(count, 2);
    assert.equal(stackRows([]).count, 1);
  });

  it('finds the bar nearest a time, for the arrow keys between lanes', () => {
    const bars = [
      { from: 0, to: 10 },
      { from: 20, to: 30 },
      { from: 50, to: 50 },
    ];
    assert.equal(nearest(bars, 25), 1);
    assert.equal(nearest(bars, 44), 2);
    assert.equal(nearest([], 1), -1);
  });

  it('filters on every word, in the lane or the bar, in any case', () => {
    const lane = { locator: 'co/machine-config', label: 'machine-config', bars: [] };
    const bar = {
      level: 'Error' as const,
      source: 'OperatorDegraded',
      reason: 'Degraded=True (RequiredPoolsFailed)',
      message: 'error pool worker is not ready',
      from: 0,
      to: 1,
      evidence: {
        uri: 'file:///x',
        range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
      },
    };
    assert.ok(matches(lane, bar, 'machine DEGRADED'));
    assert.ok(matches(lane, bar, 'worker'));
    assert.ok(!matches(lane, bar, 'machine etcd'));
    assert.ok(matches(lane, undefined, ''));
    assert.equal(held(2 * 3600_000 + 35 * 60_000), '2h35m');
    assert.equal(held(0), 'a moment');
  });

  it('accepts only the messages the page may send', () => {
    assert.ok(isFromPage({ type: 'ready' }));
    assert.ok(isFromPage({ type: 'open', group: 1, lane: 0, bar: 3 }));
    assert.ok(!isFromPage({ type: 'open', group: '1', lane: 0, bar: 3 }));
    assert.ok(!isFromPage({ type: 'open', uri: 'file:///etc/passwd' }));
    assert.ok(!isFromPage(null));
  });
});

describe('timeline page: HTML', () => {
  it('allows only its inlined script and style, by nonce, and names no URL', () => {
    const n = nonce();
    assert.match(n, /^[A-Za-z0-9+/]{24}$/);
    assert.notEqual(n, nonce());
    const html = timelineHtml({
      nonce: n,
      script: 'const s = "</script><img src=x>";',
      style: 'body { color: red } </style>',
    });
    const csp = /<meta http-equiv="Content-Security-Policy" content="([^"]+)">/.exec(html)?.[1];
    assert.equal(csp, `default-src 'none'; style-src 'nonce-${n}'; script-src 'nonce-${n}'`);
    assert.equal(html.match(/<script nonce=/g)?.length, 1);
    assert.ok(html.includes(`<script nonce="${n}">`) && html.includes(`<style nonce="${n}">`));
    // An inlined `</script` cannot end the element early.
    assert.equal(html.match(/<\/script>/g)?.length, 1);
    assert.equal(html.match(/<\/style>/g)?.length, 1);
    assert.doesNotMatch(html, /https?:\/\//);
  });

  it('the built page and its style name no URL either', () => {
    // dist/webview/timeline.js is what the panel inlines (npm run build makes it).
    for (const f of ['dist/webview/timeline.js', 'media/timeline.css']) {
      const text = readFileSync(join(repoRoot, f), 'utf8');
      assert.ok(text.length > 1000, f);
      assert.doesNotMatch(text, /https?:\/\/|url\(/, f);
    }
    // The protocol's types only: its values would bundle the LSP library into the page.
    const page = readFileSync(join(repoRoot, 'dist/webview/timeline.js'), 'utf8');
    assert.doesNotMatch(page, /RequestType|vscode-jsonrpc/);
  });
});

describe('timeline command arguments', () => {
  it('takes a root and cause from a hover link, an Upgrade Status item or a Findings cause', () => {
    assert.deepEqual(timelineArguments('/mg/root', 'drain@mcp/worker'), {
      root: '/mg/root',
      cause: 'drain@mcp/worker',
    });
    assert.deepEqual(timelineArguments({ id: '/mg/root', root: '/mg/root' }, undefined), {
      root: '/mg/root',
    });
    assert.deepEqual(
      timelineArguments({ timeline: { root: '/mg/root', cause: 'drain@mcp/worker' } }, undefined),
      { root: '/mg/root', cause: 'drain@mcp/worker' },
    );
    assert.deepEqual(timelineArguments(undefined, undefined), {});
    assert.deepEqual(timelineArguments({ root: 42 }, undefined), {});
  });
});
