/**
 * A one-shot command leaves a settled NodePool's Machines unread (analysis/hostedMachineFiles.ts):
 * the findings and the status stay those of a full read, the Machines are counted, a corrupt
 * one is still reported, and a Machine a rule names is read whatever its NodePool.
 */
import assert from 'node:assert/strict';
import { readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { analysisContext, analyzeRoot } from '../../server/src/analysis/analyze';
import type { RootAnalysis } from '../../server/src/analysis/analyze';
import { machineFilesToRead } from '../../server/src/analysis/hostedMachineFiles';
import { discoverRoots } from '../../server/src/gather/discover';
import { filesOf } from '../../server/src/gather/gatherIndex';
import type { Json } from '../../server/src/model/access';
import { copyFixture } from '../support/copyFixture';
import { hosted } from '../support/fixtures';

async function analyzed(dump: string, everyMachine: boolean): Promise<RootAnalysis> {
  const [root] = await discoverRoots(dump);
  return analyzeRoot(root!, analysisContext({ everyMachine }));
}

const machineFiles = (a: RootAnalysis) => filesOf(a.index, 'cluster.x-k8s.io', 'machines');

describe("a hosted cluster's Machines, read as a one-shot command reads them", () => {
  it("leaves the settled NodePool's three Machines unread and counts them in its status", async () => {
    const lean = await analyzed(hosted.healthy, false);
    const full = await analyzed(hosted.healthy, true);
    assert.equal(lean.snapshot.hosted?.machines.length, 0);
    assert.deepEqual([...(lean.snapshot.hosted?.unreadMachines ?? [])], [['prod-workers', 3]]);
    assert.equal(full.snapshot.hosted?.machines.length, 3);
    assert.equal(full.snapshot.hosted?.unreadMachines, undefined);
    assert.ok(!lean.filesRead.some((f) => f.includes('/cluster.x-k8s.io/machines/')));
    const pools = (a: RootAnalysis) => a.assessment.hosted?.nodePools.map((p) => p.machines);
    assert.deepEqual(pools(lean), [{ total: 3, updated: 3, deleting: 0 }]);
    assert.deepEqual(pools(lean), pools(full));
  });

  it('gives every hosted fixture the findings and NodePool status of a full read', async () => {
    for (const dump of Object.values(hosted)) {
      const lean = await analyzed(dump, false);
      const full = await analyzed(dump, true);
      const said = (a: RootAnalysis) =>
        a.findings.map((f) => [f.rule, f.subject, f.message, f.location.file, f.related?.length]);
      assert.deepEqual(said(lean), said(full), dump);
      assert.deepEqual(lean.assessment.hosted, full.assessment.hosted, dump);
    }
  });

  it('reads the Machines of a NodePool that is not settled, and those a cordoned node names', async () => {
    const a = await analyzed(hosted.healthy, true);
    const part = a.snapshot.hosted!;
    const files = machineFiles(a);
    const chosen = () =>
      machineFilesToRead(files, part.nodePools, part.machineSets ?? [], a.snapshot.nodes);
    assert.equal(chosen().read.length, 0);
    // A guest node cordoned: its Machine is named by a rule, so it is read.
    const node = a.snapshot.nodes[0]!;
    (node.raw.spec as Json).unschedulable = true;
    const named = node.annotation('cluster.x-k8s.io/machine');
    assert.deepEqual(
      chosen().read.map((f) => f.resource.name),
      [named],
    );
    (node.raw.spec as Json).unschedulable = false;
    // One Machine not ready: every Machine of the NodePool is read.
    const cond = ((part.nodePools[0]!.status.conditions as Json[]) ?? []).find(
      (c) => c.type === 'AllMachinesReady',
    )!;
    cond.status = 'False';
    assert.equal(chosen().read.length, 3);
  });

  it('reads a Machine whose name fits no MachineSet', async () => {
    const a = await analyzed(hosted.healthy, true);
    const part = a.snapshot.hosted!;
    const files = machineFiles(a);
    const named = (name: string) => ({ ...files[0]!, resource: { ...files[0]!.resource, name } });
    const set = part.machineSets![0]!.name;
    // Neither a set's name and five generated characters: a longer tail, capitals.
    const odd = [named('hand-made-machine'), named(`${set}-x-abcde`), named(`${set}-ABCDE`)];
    const chosen = machineFilesToRead(
      [...files, ...odd],
      part.nodePools,
      part.machineSets ?? [],
      a.snapshot.nodes,
    );
    assert.deepEqual(
      chosen.read.map((f) => f.resource.name),
      ['hand-made-machine', `${set}-x-abcde`, `${set}-ABCDE`],
    );
  });

  it('still reports a corrupt Machine it leaves unread', async () => {
    const copy = copyFixture(hosted.healthy);
    try {
      const dir = join(copy.path, 'namespaces/clusters-prod/cluster.x-k8s.io/machines');
      const victim = readdirSync(dir)[0]!;
      writeFileSync(join(dir, victim), Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0, 0, 0, 1]));
      const lean = await analyzed(copy.path, false);
      const bad = lean.findings.filter((f) => f.rule === 'yaml-invalid');
      assert.equal(bad.length, 1);
      assert.ok(bad[0]!.location.file.endsWith(victim), bad[0]!.location.file);
    } finally {
      copy.remove();
    }
  });
});
