import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { causesOf } from '../../../server/src/analysis/causes';
import type { Json } from '../../../server/src/model/access';
import type { Snapshot } from '../../../server/src/model/snapshot';
import { nodePoolRolloutStuck } from '../../../server/src/rules/nodepool-rollout-stuck';
import { findingKeys, hostedCauses } from '../../support/hostedCauses';
import { hosted, samples } from '../../support/fixtures';
import { ruleContext } from '../../support/rules';
import { ruleTester, snapshotOf } from '../../support/ruleTester';
import { setCondition } from '../../support/snapshot';

const pool = (s: Snapshot) => s.hosted!.nodePools[0]!;
const surgeName = 'prod-workers-9q4vm-qbpbs';
const minutesBefore = (s: Snapshot, m: number) =>
  new Date(s.gatherTime!.getTime() - m * 60_000).toISOString().replace(/\.\d+Z$/, 'Z');

/** The surged Machine's node went NotReady `m` minutes before the gather; the pool says so. */
const surgeNotReady = (m: number) => (s: Snapshot) =>
  setCondition(pool(s), 'AllNodesHealthy', {
    status: 'False',
    reason: 'NodeConditionsFailed',
    message: `1 of 4 machines are not healthy\nMachine ${surgeName}: NodeConditionsFailed: Node condition Ready is False. \n`,
    lastTransitionTime: minutesBefore(s, m),
  });
/** The surged Machine never got a node: nodepool-machine-not-joining's. */
const surgeWithoutNode = (s: Snapshot) => {
  const m = s.hosted!.machines.find((x) => x.name === surgeName)!;
  delete (m.raw.status as Json).nodeRef;
};
/** The rollout finished: every Machine on 4.19.9 and ready, UpdatingVersion still True. */
const rolloutDone = (s: Snapshot) => {
  s.hosted!.machines = s.hosted!.machines.filter((m) => !m.deletionTimestamp);
  for (const m of s.hosted!.machines) (m.raw.spec as Json).version = '4.19.9';
  setCondition(pool(s), 'AllMachinesReady', {
    status: 'True',
    reason: 'AsExpected',
    message: 'All is well',
  });
};

ruleTester(nodePoolRolloutStuck, {
  valid: [
    {
      name: 'stays quiet while the rollout drains a Machine (nodepool-drain-blocked says why)',
      snapshot: snapshotOf(hosted.drainBlocked),
    },
    { name: 'stays quiet on a settled hosted cluster', snapshot: snapshotOf(hosted.healthy) },
    { name: 'stays quiet on a standalone cluster', snapshot: snapshotOf(samples.healthy) },
    {
      name: 'leaves a Machine without a node to nodepool-machine-not-joining',
      snapshot: snapshotOf(hosted.drainBlocked, surgeNotReady(75), surgeWithoutNode),
    },
  ],
  invalid: [
    {
      name: 'names the surged Machine whose node is not ready, an error after an hour',
      snapshot: snapshotOf(hosted.drainBlocked, surgeNotReady(75)),
      findings: [
        {
          severity: 'error',
          subject: `machine/clusters-prod/${surgeName}`,
          message: [
            /^Machine prod-workers-9q4vm-qbpbs of NodePool prod-workers is not ready for 1h15m\S*: NodeConditionsFailed: Node condition Ready is False\.\s*; the rollout to 4\.19\.9 waits\n/,
            /`status\.version` is still 4\.18\.22/,
            /surges one new Machine at a time/,
          ],
          related: [
            (r) => r.message === 'NodePool prod-workers: UpdatingVersion=True',
            (r) => r.message === 'NodePool prod-workers: AllNodesHealthy=False',
            (r) => r.message.startsWith('node ip-10-0-129-212'),
          ],
        },
      ],
      check: (fs, s) => {
        const m = s.hosted!.machines.find((x) => x.name === surgeName)!;
        assert.equal(fs[0]!.location.file, m.source.file);
      },
    },
    {
      name: 'says at info level that UpdatingVersion is stale once every Machine runs the target (OCPBUGS-92013)',
      snapshot: snapshotOf(hosted.drainBlocked, rolloutDone),
      findings: [
        {
          severity: 'info',
          subject: 'np/clusters/prod-workers',
          message: [
            /^NodePool prod-workers still reports updating to 4\.19\.9 for \S+, but all 3 Machines run it and are ready\n/,
            /OCPBUGS-92013/,
          ],
        },
      ],
    },
  ],
});

describe('nodepool-rollout-stuck in its cause', () => {
  it('titles the cause by the Machine and links its file', async () => {
    const s = await snapshotOf(hosted.drainBlocked, surgeNotReady(75))();
    const found = nodePoolRolloutStuck.check(s, ruleContext);
    const [c] = causesOf(found, s);
    assert.equal(c!.subjects[0], `machine/clusters-prod/${surgeName}`);
    assert.ok(found[0]!.location.file.endsWith(`cluster.x-k8s.io/machines/${surgeName}.yaml`));
  });
  it('gives no finding on the healthy and drain fixtures, and off hides nothing else', async () => {
    for (const dir of [hosted.healthy, hosted.drainBlocked]) {
      const on = await hostedCauses(dir);
      assert.deepEqual(
        on.analysis.findings.filter((f) => f.rule === 'nodepool-rollout-stuck'),
        [],
      );
      const off = await hostedCauses(dir, ['nodepool-rollout-stuck']);
      assert.deepEqual(findingKeys(off.analysis), findingKeys(on.analysis));
    }
  });
});
