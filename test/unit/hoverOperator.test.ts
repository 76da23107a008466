import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import type { Snapshot } from '../../server/src/model/snapshot';
import { machineConfigOperatorFile, poolFile, resourceFile, samples } from '../support/fixtures';
import { analysisContext, analyzeRoot } from '../../server/src/analysis/analyze';
import { discoverRoots } from '../../server/src/gather/discover';
import { hoverOn, markdownOf, plain } from '../support/hover';
import { loadFixture, setCondition } from '../support/snapshot';

const versionFile = 'cluster-scoped-resources/config.openshift.io/clusterversions/version.yaml';

function hoverText(snapshot: Snapshot, file: string, needle: string, after?: RegExp): string {
  return plain(markdownOf(hoverOn(snapshot, file, needle, after ? { after } : {}).hover));
}

describe('ClusterOperator, ClusterVersion and rendered-config hovers', () => {
  let seed1: Snapshot;
  let seed2: Snapshot;
  let healthy: Snapshot;
  before(async () => {
    seed1 = (await loadFixture(samples.workerBlocksMco)).snapshot;
    seed2 = (await loadFixture(samples.levelEarly)).snapshot;
    healthy = (await loadFixture(samples.healthy)).snapshot;
  });
  const mco = (s: string) => resourceFile(s, machineConfigOperatorFile);

  it('a condition of machine-config: expected vs actual and what the CVO makes of it', () => {
    const t = hoverText(seed1, mco(samples.workerBlocksMco), 'type: Degraded', /^status:/m);
    assert.match(t, /^\*\*ClusterOperator `machine-config`: conditions\*\*/);
    assert.match(t, /Degraded: expected False, actual \*\*True\*\*/);
    assert.match(t, /Cluster operator … is degraded/);
    assert.match(
      t,
      /\| \*\*Degraded\*\* ◀ \| False \| \*\*True\*\* ✗ \| 2h35m before the gather \| RequiredPoolsFailed: /,
    );
    assert.match(t, /\| Available \| True \| \*\*False\*\* ✗ \|/);
    assert.match(
      t,
      /keeps waiting on this operator: it reports version 4\.7\.3, not 4\.7\.4; Available is False; Degraded is True/,
    );
  });

  it("leads with the answer: the table within the first 12 lines, then the finding's detail with More", async () => {
    const [root] = await discoverRoots(samples.workerBlocksMco);
    const a = await analyzeRoot(root!, analysisContext());
    const file = mco(samples.workerBlocksMco);
    const md = markdownOf(
      hoverOn(a.snapshot, file, 'type: Degraded', {
        after: /^status:/m,
        reported: { findings: a.findings, docsDir: '/opt/mgi/docs/rules' },
      }).hover,
    );
    const lines = md.split('\n');
    const tableAt = lines.findIndex((l) => l.startsWith('| **Degraded** ◀'));
    assert.ok(tableAt >= 0 && tableAt < 12, `the Degraded row is line ${tableAt + 1}`);
    const detailAt = lines.findIndex((l) => l.startsWith('*mco-blocked-by-non-required-pool*: '));
    assert.ok(detailAt > tableAt, 'the detail follows the table');
    assert.match(
      lines[detailAt]!,
      /\(file:\/\/\/opt\/mgi\/docs\/rules\/mco-blocked-by-non-required-pool\.md\)$/,
    );
    assert.ok(
      lines.findIndex((l) => l.includes('after 40 minutes')) > detailAt,
      'the meaning comes after',
    );
    // VS Code shows the diagnostic's message above the hover: it is not repeated.
    const blocked = a.findings.find((f) => f.rule === 'mco-blocked-by-non-required-pool')!;
    assert.ok(!plain(md).includes(blocked.message));
  });

  it('a healthy operator is done for the CVO', () => {
    const t = hoverText(healthy, mco(samples.healthy), 'type: Available', /^status:/m);
    assert.match(t, /Available: expected True, actual True/);
    assert.doesNotMatch(t, /✗/);
    assert.match(t, /this operator is done/);
  });

  it('compares status.versions with the ClusterVersion target', () => {
    const t1 = hoverText(seed1, mco(samples.workerBlocksMco), 'versions:', /^status:/m);
    assert.match(t1, /\| operator \| 4\.7\.3 \| 4\.7\.4 \| \*\*no\*\* ✗ \|/);
    const t2 = hoverText(seed2, mco(samples.levelEarly), 'name: operator', /^status:/m);
    assert.match(
      t2,
      /\| operator \| 4\.10\.0-0\.nightly-2021-11-03-020416 \| 4\.10\.0-0\.nightly-2021-11-03-020416 \| yes \|/,
    );
  });

  it('puts each pool’s extension text next to the pool’s real state', () => {
    const t = hoverText(seed1, mco(samples.workerBlocksMco), 'worker:', /extension:/);
    assert.match(
      t,
      /\| master \| all 3 nodes are at latest configuration rendered-master-52dbe6cc1c25686b710496466d9c1dbb \| Updated=True, Updating=False, Degraded=False; 3 of 3 machines updated \| yes \|/,
    );
    assert.match(
      t,
      /\| worker \| pool is degraded because nodes fail with .* \| Updated=False, Updating=True, Degraded=True; 25 of 52 machines updated \| no \|/,
    );
    assert.match(t, /lastSyncError: error pool worker is not ready/);
  });

  it('a history entry in progress runs as of the gather; a completed one has its duration', () => {
    const t1 = hoverText(
      seed1,
      resourceFile(samples.workerBlocksMco, versionFile),
      'state: Partial',
    );
    assert.match(t1, /\*\*Update to `4\.7\.4`: Partial\*\*/);
    assert.match(t1, /Duration: running for 4h49m as of the gather/);
    assert.match(
      t1,
      /\| 4\.7\.3 \| Completed \| 2021-03-18T07:31:09Z \| 2021-03-18T21:07:48Z \| 13h36m \|/,
    );
    const t2 = hoverText(
      seed2,
      resourceFile(samples.levelEarly, versionFile),
      'state: Completed',
      /history:/,
    );
    assert.match(t2, /Update to `4\.10\.0-0\.nightly-2021-11-03-020416`: Completed/);
    assert.match(t2, /Duration: 42m23s/);
  });

  it('a rendered config name in any scalar: its pool, creation, and the nodes on it or moving to it', () => {
    const { hover, parsed } = hoverOn(seed2, mco(samples.levelEarly), 'rendered-master-ebc4', {
      after: /^status:/m,
    });
    const t = plain(markdownOf(hover));
    assert.match(
      t,
      /^\*\*Rendered MachineConfig `rendered-master-ebc4fc8c7b6a155d86684204394e4930`\*\*/,
    );
    assert.match(t, /Pool: `master`, its \*\*target\*\*/);
    assert.match(t, /Created: 2021-11-03T03:23:11Z/);
    assert.match(t, /release-image-version: not annotated/);
    assert.match(t, /Rendered by controller version 0879c56954b5e0224ef7deb61068e703efa069f9/);
    assert.match(t, /moving to it from rendered-master-78d48a9fbc8ba6a746040c11f8335d1a/);
    const r = hover!.range!;
    assert.equal(r.start.line, r.end.line);
    const line = parsed.text.split('\n')[r.start.line]!;
    assert.equal(
      line.slice(r.start.character, r.end.character),
      'rendered-master-ebc4fc8c7b6a155d86684204394e4930',
    );
  });

  it('a condition typed like a JavaScript property has no expected value or meaning', async () => {
    // Fuzz test inputs (hostile names): inherited properties of the tables showed as
    // `function Object() { [native code] }` in the hover.
    const s = (await loadFixture(samples.healthy)).snapshot;
    const co = s.operators.find((o) => o.name === 'machine-config')!;
    setCondition(co, 'Available', { type: 'constructor' });
    setCondition(co, 'Degraded', { type: 'toString' });
    const t = hoverText(s, mco(samples.healthy), 'type: Available', /^status:/m);
    assert.doesNotMatch(t, /native code|\[object/);
    assert.match(t, /constructor: expected —, actual True/);
    assert.match(t, /\| \*\*constructor\*\* ◀ \| — \| True \|/);
    assert.match(t, /\| toString \| — \| False \|/);
  });

  it('answers nothing outside the objects it knows', () => {
    const { hover } = hoverOn(
      seed1,
      resourceFile(samples.workerBlocksMco, poolFile('worker')),
      'apiVersion',
    );
    assert.equal(hover, undefined);
  });
});
