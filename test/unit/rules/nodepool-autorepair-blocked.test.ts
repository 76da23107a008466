import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Snapshot } from '../../../server/src/model/snapshot';
import { nodePoolAutorepairBlocked } from '../../../server/src/rules/nodepool-autorepair-blocked';
import { findingKeys, hostedCauses } from '../../support/hostedCauses';
import { hosted, samples } from '../../support/fixtures';
import { ruleTester, snapshotOf } from '../../support/ruleTester';
import { setCondition } from '../../support/snapshot';

const pool = (s: Snapshot) => s.hosted!.nodePools[0]!;

ruleTester(nodePoolAutorepairBlocked, {
  valid: [
    { name: 'stays quiet on a settled hosted cluster', snapshot: snapshotOf(hosted.healthy) },
    { name: 'stays quiet while a rollout drains', snapshot: snapshotOf(hosted.drainBlocked) },
    { name: 'stays quiet on a standalone cluster', snapshot: snapshotOf(samples.healthy) },
    {
      name: 'stays quiet on Ready=False for another reason (the MachineDeployment)',
      snapshot: snapshotOf(hosted.autorepairBlocked, (s) =>
        setCondition(pool(s), 'Ready', { reason: 'WaitingForAvailableMachines' }),
      ),
    },
  ],
  invalid: [
    {
      name: 'says auto-repair is blocked and names the unhealthy Machines',
      snapshot: snapshotOf(hosted.autorepairBlocked),
      findings: [
        {
          severity: 'error',
          subject: 'np/clusters/prod-workers',
          message: [
            /^Auto-repair of NodePool prod-workers is blocked for 2h\d+m\S*: 3 Machines unhealthy of 3, more than its health check's maxUnhealthy 2 \(prod-workers-wrzwv-\w+, prod-workers-wrzwv-\w+ and 1 more\)\n/,
            /`Ready=False` \(`TooManyUnhealthy`\): Remediation is not allowed/,
            /- `prod-workers-wrzwv-\w+`: NodeConditionsFailed: Node condition MemoryPressure is Unknown\..* Node condition Ready is Unknown\./,
          ],
          location: (s) => pool(s).condition('Ready')!.location,
          related: [
            (r) => r.message === 'AllNodesHealthy',
            (r, s) =>
              r.message.startsWith('Machine prod-workers-wrzwv-') &&
              s.hosted!.machines.some((m) => m.source.file === r.file),
          ],
        },
      ],
    },
  ],
});

describe('nodepool-autorepair-blocked in its cause', () => {
  it('joins the nodes that stopped reporting: one cause, the NodePool under them', async () => {
    const { causes, findingsOf } = await hostedCauses(hosted.autorepairBlocked);
    assert.equal(causes.length, 1, causes.map((c) => c.title).join(' | '));
    const fs = findingsOf(causes[0]!);
    assert.ok(fs[0]!.subject.startsWith('node/'), fs[0]!.subject);
    assert.match(causes[0]!.title, /^Node ip-10-0-/);
    // node-not-ready speaks of the node's Machine and NodePool, not of a pool's maxUnavailable.
    assert.match(
      fs[0]!.message,
      /; it is Machine prod-workers-wrzwv-\w+ of NodePool prod-workers$/,
    );
    assert.ok(!fs.some((f) => /maxUnavailable/.test(f.message)));
    const mine = fs.find((f) => f.rule === 'nodepool-autorepair-blocked')!;
    assert.ok(mine.location.file.endsWith('hypershift.openshift.io/nodepools/prod-workers.yaml'));
  });
  it('gives no finding on the healthy and drain fixtures', async () => {
    for (const dir of [hosted.healthy, hosted.drainBlocked]) {
      const { analysis } = await hostedCauses(dir);
      assert.deepEqual(
        analysis.findings.filter((f) => f.rule === 'nodepool-autorepair-blocked'),
        [],
      );
    }
  });
  it('off hides nothing else', async () => {
    const on = await hostedCauses(hosted.autorepairBlocked);
    const off = await hostedCauses(hosted.autorepairBlocked, ['nodepool-autorepair-blocked']);
    assert.deepEqual(
      findingKeys(off.analysis),
      findingKeys(on.analysis, 'nodepool-autorepair-blocked'),
    );
  });
});
