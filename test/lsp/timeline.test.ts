/**
 * The Upgrade Timeline's request over stdio, on bug 1943289's sample, and the ClusterVersion
 * hover's link to it (only for a client that runs that command from hovers).
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { after, before, describe, it } from 'node:test';
import type { RootTimelineView } from '../../server/src/protocol/messages';
import { machineConfigOperatorFile, resourceFile, samples } from '../support/fixtures';
import { LspClient } from './lspClient';

const cvFile = () =>
  resourceFile(
    samples.workerBlocksMco,
    'cluster-scoped-resources/config.openshift.io/clusterversions/version.yaml',
  );

async function hoverText(lsp: LspClient): Promise<string> {
  const lines = readFileSync(cvFile(), 'utf8').split('\n');
  // On the update history: the hover opens with where the update stands.
  const at = lines.findIndex((l) => l === '  history:');
  const h = await lsp.hover(cvFile(), at, 4);
  const c = h?.contents as { value?: string } | undefined;
  return c?.value ?? '';
}

describe('timeline over stdio', () => {
  let lsp: LspClient;
  let view: RootTimelineView;
  before(async () => {
    lsp = await LspClient.start([samples.workerBlocksMco], {}, [], {
      initializationOptions: { commandLinks: ['mustGatherInspector.showTimeline'] },
    });
    await lsp.idle();
    const { roots } = (await lsp.connection.sendRequest('mustGatherInspector/timeline', {})) as {
      roots: RootTimelineView[];
    };
    assert.equal(roots.length, 1);
    view = roots[0]!;
  });
  after(() => lsp.stop());

  it('gives swimlanes with the machine-config Degraded interval at its condition', () => {
    assert.equal(view.title, '4.7.3 → 4.7.4 · AWS');
    assert.equal(view.gather, Date.parse('2021-03-25T12:20:41Z') + (view.gather! % 1000));
    const ops = view.groups.find((g) => g.id === 'Operators');
    const lane = ops?.lanes.find((l) => l.locator === 'co/machine-config');
    const bar = lane?.bars.find((b) => b.reason.startsWith('Degraded=True'));
    assert.ok(bar, 'machine-config Degraded');
    assert.equal(bar.level, 'Error');
    assert.equal(bar.from, Date.parse('2021-03-25T09:45:01Z'));
    const file = resourceFile(samples.workerBlocksMco, machineConfigOperatorFile);
    assert.equal(fileURLToPath(bar.evidence.uri), file);
    // The range is the condition's: from its first key to `type: Degraded`.
    const lines = readFileSync(file, 'utf8').split('\n');
    const { start, end } = bar.evidence.range;
    assert.match(
      lines.slice(start.line, end.line + 1).join('\n'),
      /lastTransitionTime: "2021-03-25T09:45:01Z"[\s\S]*type: Degraded/,
    );
    // The update's span opens the view; the older transitions are in the extent.
    assert.ok(view.window && view.extent);
    assert.ok(view.window.from < Date.parse('2021-03-25T07:30:44Z'));
    assert.ok(view.extent.from < view.window.from);
    // The cause of the stall can highlight the lanes it involves.
    const drain = view.causes.find((c) => c.id === 'drain@mcp/worker');
    assert.ok(drain?.subjects.includes('mcp/worker'), JSON.stringify(view.causes));
    assert.ok(view.groups.some((g) => g.lanes.some((l) => drain!.subjects.includes(l.locator))));
  });

  it('places evidence at its line right after an editor closed the file', async () => {
    const file = resourceFile(samples.workerBlocksMco, machineConfigOperatorFile);
    // Open in an editor, then changed on disk (the watcher drops its parse), then closed: the
    // next analysis is still to come when the timeline is asked for.
    lsp.open(file, readFileSync(file, 'utf8'));
    lsp.filesChanged([file]);
    await lsp.idle();
    lsp.close(file);
    const { roots } = (await lsp.connection.sendRequest('mustGatherInspector/timeline', {})) as {
      roots: RootTimelineView[];
    };
    const bar = roots[0]?.groups
      .flatMap((g) => g.lanes)
      .find((l) => l.locator === 'co/machine-config')
      ?.bars.find((b) => b.reason.startsWith('Degraded=True'));
    const lines = readFileSync(file, 'utf8').split('\n');
    assert.match(
      lines[bar!.evidence.range.start.line]!,
      /lastTransitionTime: "2021-03-25T09:45:01Z"/,
    );
    await lsp.idle();
  });

  it('answers for the root asked, and nothing for another path', async () => {
    const one = (await lsp.connection.sendRequest('mustGatherInspector/timeline', {
      root: view.root,
    })) as { roots: RootTimelineView[] };
    assert.equal(one.roots.length, 1);
    const none = (await lsp.connection.sendRequest('mustGatherInspector/timeline', {
      root: '/etc',
    })) as { roots: RootTimelineView[] };
    assert.equal(none.roots.length, 0);
  });

  it('links the ClusterVersion hover to the timeline of its must-gather', async () => {
    const text = await hoverText(lsp);
    const link =
      /\[Open the update timeline\]\((command:mustGatherInspector\.showTimeline\?[^)\s]+)\)/.exec(
        text,
      );
    assert.ok(link, text);
    const args = JSON.parse(decodeURIComponent(link[1]!.split('?')[1]!)) as unknown[];
    assert.deepEqual(args, [view.root]);
  });
});

describe('timeline link for other clients', () => {
  it('is left out of hovers unless the client runs the command from them', async () => {
    const lsp = await LspClient.start([samples.workerBlocksMco]);
    try {
      await lsp.idle();
      const text = await hoverText(lsp);
      assert.match(text, /Update: /, 'the hover is there');
      assert.doesNotMatch(text, /command:/);
    } finally {
      await lsp.stop();
    }
  });
});
