import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { before, describe, it } from 'node:test';
import type { Json } from '../../server/src/model/access';
import { requiredForUpgradeLabel } from '../../server/src/model/machineConfigPool';
import type { Snapshot } from '../../server/src/model/snapshot';
import { pool } from '../../server/src/model/snapshot';
import { poolFile, resourceFile, samples } from '../support/fixtures';
import { hoverOn, markdownOf, plain } from '../support/hover';
import { loadFixture, setCondition } from '../support/snapshot';

const workerFile = (s: string) => resourceFile(s, poolFile('worker'));
const masterFile = (s: string) => resourceFile(s, poolFile('master'));

function hoverText(snapshot: Snapshot, file: string, needle: string, after?: RegExp): string {
  return plain(markdownOf(hoverOn(snapshot, file, needle, after ? { after } : {}).hover));
}

describe('pool hovers on seed 1943289 (a non-required worker pool blocks the operator)', () => {
  let s: Snapshot;
  before(async () => {
    s = (await loadFixture(samples.workerBlocksMco)).snapshot;
  });

  it('explains on the labels that worker is not required, and still holds the version back', () => {
    const { hover, parsed } = hoverOn(s, workerFile(samples.workerBlocksMco), 'labels:');
    const md = markdownOf(hover);
    assert.match(md, /^\*\*MachineConfigPool `worker`: not required for upgrade\*\*/);
    const t = plain(md);
    assert.match(
      t,
      /operator\.machineconfiguration\.openshift\.io\/required-for-upgrade` is \*\*absent\*\*/,
    );
    assert.match(t, /waits for every required pool|only pools with the label are waited for/);
    assert.match(t, /bug 1943289/);
    assert.match(
      t,
      /This pool is \*\*Degraded\*\*: it is holding the machine-config operator’s version back/,
    );
    // The range is the hovered token.
    const start =
      parsed.lines.lineStarts[hover!.range!.start.line]! + hover!.range!.start.character;
    const end = parsed.lines.lineStarts[hover!.range!.end.line]! + hover!.range!.end.character;
    assert.equal(parsed.text.slice(start, end), 'labels');
  });

  it('says the master pool is required, on its name too', () => {
    const t = hoverText(s, masterFile(samples.workerBlocksMco), 'name: master');
    assert.match(t, /`master`: required for upgrade/);
    assert.match(t, /is \*\*present\*\*/);
    assert.match(t, /keeps reporting the previous version/);
  });

  it('tabulates every condition with expected and actual values and its age from the gather', () => {
    const t = hoverText(s, workerFile(samples.workerBlocksMco), 'type: Degraded', /^status:/m);
    assert.match(t, /\| condition \| expected \| actual \| changed \| reason \/ message \|/);
    assert.match(
      t,
      /\| \*\*Degraded\*\* ◀ \| False \| \*\*True\*\* ✗ \| 3h0m before the gather \|/,
    );
    assert.match(
      t,
      /\| NodeDegraded \| False \| \*\*True\*\* ✗ \| 3h0m before the gather \| 9 nodes are reporting/,
    );
    assert.match(t, /\| Updated \| True \| \*\*False\*\* ✗ \| 3h10m before the gather \|/);
    assert.match(t, /\| RenderDegraded \| False \| False \|/);
  });

  it('compares machine counts with the healthy values', () => {
    const t = hoverText(s, workerFile(samples.workerBlocksMco), 'readyMachineCount', /^status:/m);
    assert.match(t, /\| ready \| \*\*25\*\* ✗ \| 52 \|/);
    assert.match(t, /\| degraded \| \*\*9\*\* ✗ \| 0 \|/);
    assert.match(t, /\| unavailable \| \*\*11\*\* ✗ \| 0 \|/);
  });

  it('a status field named like a JavaScript property is not a machine count', () => {
    // Fuzz test inputs (hostile names): `field in countKeys` held for `constructor`.
    const text = readFileSync(workerFile(samples.workerBlocksMco), 'utf8').replace(
      '  readyMachineCount:',
      '  constructor:',
    );
    const { hover } = hoverOn(s, workerFile(samples.workerBlocksMco), 'constructor', { text });
    assert.equal(hover, undefined);
  });

  it('shows target vs current rendered config and the nodes grouped by config and daemon state', () => {
    const t = hoverText(s, workerFile(samples.workerBlocksMco), 'name: rendered', /^spec:/m);
    assert.match(
      t,
      /\| target \(spec\) \| rendered-worker-3b5ccd4ef0317ede03b6d2b5d976f9b5 \| 2021-03-25T09:10:03Z \(3h10m before the gather\)/,
    );
    assert.match(t, /\| current \(status\) \| rendered-worker-680bf661822aa3cf1e62a1a992c7ddae \|/);
    assert.match(t, /Target and current differ/);
    assert.match(t, /\*\*Nodes\*\* \(52\)/);
    assert.match(
      t,
      /\| rendered-worker-680bf661822aa3cf1e62a1a992c7ddae \| rendered-worker-3b5ccd4ef0317ede03b6d2b5d976f9b5 \| Degraded \| 9: ip-10-0-137-214\.ec2\.internal/,
    );
    assert.match(t, /\| rendered-worker-3b5ccd4ef0317ede03b6d2b5d976f9b5 \| same \| Done \| 25: /);
  });

  it('renders must-gather text carrying Markdown or a command link as plain text', () => {
    const mutated = s;
    const worker = pool(mutated, 'worker')!;
    const evil =
      '[run](command:workbench.action.terminal.new) <img src=x onerror=alert(1)> `x` | y';
    setCondition(worker, 'Updating', { message: evil });
    try {
      const md = markdownOf(
        hoverOn(mutated, workerFile(samples.workerBlocksMco), 'type: Updating', {
          after: /^status:/m,
        }).hover,
      );
      assert.ok(!md.includes('](command:'), 'no link forms');
      assert.ok(!md.includes('<img'), 'no HTML');
      assert.ok(md.includes('\\[run\\]\\(command\\:workbench\\.action\\.terminal\\.new\\)'));
      assert.ok(md.includes('&lt;img src\\=x onerror\\=alert\\(1\\)&gt;'));
      assert.ok(md.includes('\\`x\\` \\| y'), 'the pipe stays inside its cell');
    } finally {
      setCondition(worker, 'Updating', {
        message: 'All nodes are updating to rendered-worker-3b5ccd4ef0317ede03b6d2b5d976f9b5',
      });
    }
  });
});

describe('pool hovers on variations', () => {
  it('a worker pool made required says so (custom required pool)', async () => {
    const s = (await loadFixture(samples.workerBlocksMco)).snapshot;
    const worker = pool(s, 'worker')!;
    ((worker.raw.metadata as Json).labels as Json)[requiredForUpgradeLabel] = '';
    const t = hoverText(s, workerFile(samples.workerBlocksMco), 'labels:');
    assert.match(t, /`worker`: required for upgrade/);
    assert.match(t, /is \*\*present\*\*/);
    assert.doesNotMatch(t, /although it is not required/);
  });

  it('a paused pool says it is paused and what that means', async () => {
    const s = (await loadFixture(samples.workerBlocksMco)).snapshot;
    (pool(s, 'worker')!.raw.spec as Json).paused = true;
    const labels = hoverText(s, workerFile(samples.workerBlocksMco), 'labels:');
    assert.match(labels, /\*\*Paused\*\* \(`spec\.paused: true`\)/);
    assert.match(labels, /behind its target, so expect Updated=False and Updating=False/);
    const conds = hoverText(s, workerFile(samples.workerBlocksMco), 'type: Updated', /^status:/m);
    assert.match(conds, /\*\*Paused\*\*/);
  });

  it('a healthy pool shows every condition as expected', async () => {
    const s = (await loadFixture(samples.healthy)).snapshot;
    const t = hoverText(s, workerFile(samples.healthy), 'type: Updated', /^status:/m);
    assert.doesNotMatch(t, /✗/);
    assert.match(t, /\| \*\*Updated\*\* ◀ \| True \| True \|/);
    const configs = hoverText(s, workerFile(samples.healthy), 'name: rendered', /^spec:/m);
    assert.match(configs, /Target and current are the same/);
  });

  it('seed 2019850: the required master pool is behind its new target', async () => {
    const s = (await loadFixture(samples.levelEarly)).snapshot;
    const labels = hoverText(s, masterFile(samples.levelEarly), 'labels:');
    assert.match(labels, /`master`: required for upgrade/);
    assert.match(labels, /State: Updated=False, Updating=True/);
    const configs = hoverText(s, masterFile(samples.levelEarly), 'name: rendered', /^spec:/m);
    assert.match(
      configs,
      /\| target \(spec\) \| rendered-master-ebc4fc8c7b6a155d86684204394e4930 \| 2021-11-03T03:23:11Z/,
    );
    assert.match(configs, /Target and current differ/);
  });

  it('works in gather-extra JSON Lists', async () => {
    const s = (await loadFixture(samples.gatherExtra)).snapshot;
    const file = pool(s, 'master')!.source.file;
    const t = hoverText(s, file, '"labels"');
    assert.match(t, /`master`: required for upgrade/);
  });
});
