import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Json } from '../../../server/src/model/access';
import type { Snapshot } from '../../../server/src/model/snapshot';
import { hostedClusterInstallReleaseChanged } from '../../../server/src/rules/hostedcluster-install-release-changed';
import { findingKeys, hostedCauses } from '../../support/hostedCauses';
import { hosted, samples } from '../../support/fixtures';
import { ruleTester, snapshotOf } from '../../support/ruleTester';
import { setCondition } from '../../support/snapshot';

const hc = (s: Snapshot) => s.hosted!.cluster;
const history = (s: Snapshot) => ((hc(s).raw.status as Json).version as Json).history as Json[];

ruleTester(hostedClusterInstallReleaseChanged, {
  valid: [
    { name: 'stays quiet on a settled hosted cluster', snapshot: snapshotOf(hosted.healthy) },
    { name: 'stays quiet while a NodePool rolls', snapshot: snapshotOf(hosted.drainBlocked) },
    {
      name: 'stays quiet on an update in progress (a Completed entry below the Partial one)',
      snapshot: snapshotOf(hosted.guestOperatorDegraded),
    },
    { name: 'stays quiet on a standalone cluster', snapshot: snapshotOf(samples.healthy) },
    {
      name: 'stays quiet on an install still under way (one Partial entry)',
      snapshot: snapshotOf(hosted.releaseChangedInstall, (s) => {
        history(s).splice(0, 1);
      }),
    },
    {
      name: 'stays quiet once the HostedCluster is Available',
      snapshot: snapshotOf(hosted.releaseChangedInstall, (s) =>
        setCondition(hc(s), 'Available', { status: 'True' }),
      ),
    },
  ],
  invalid: [
    {
      name: 'says the release changed during the install, with both versions',
      snapshot: snapshotOf(hosted.releaseChangedInstall),
      findings: [
        {
          severity: 'error',
          subject: 'hc/clusters/prod',
          message: [
            /^HostedCluster prod never finished installing: its release was changed from 4\.18\.22 to 4\.19\.9 during the install, 3h\d+m\S* before the gather \(OCPBUGS-78185\)\n/,
            /never been Available \(`Available=False`, `WaitingForAvailable`/,
            /4\.19\.9 Partial from 2025-08-06T15:29:20Z; 4\.18\.22 Partial/,
            /PR #7910/,
          ],
          location: (s) => hc(s).history[0]!.location,
          related: [
            (r) => r.message === 'install of 4.18.22: Partial',
            (r) => r.message === 'Available=False',
          ],
        },
      ],
      check: (fs) =>
        assert.ok(
          fs[0]!.location.file.endsWith('hypershift.openshift.io/hostedclusters/prod.yaml'),
        ),
    },
  ],
});

describe('hostedcluster-install-release-changed in its cause', () => {
  it('is its own cause, named by the HostedCluster; off hides nothing else', async () => {
    const on = await hostedCauses(hosted.releaseChangedInstall);
    const c = on.causes.find(
      (x) => on.findingsOf(x)[0]!.rule === 'hostedcluster-install-release-changed',
    );
    assert.ok(c);
    assert.equal(c.subjects[0], 'hc/clusters/prod');
    assert.equal(on.causes[0], c, 'the worst cause first');
    const off = await hostedCauses(hosted.releaseChangedInstall, [
      'hostedcluster-install-release-changed',
    ]);
    assert.deepEqual(
      findingKeys(off.analysis),
      findingKeys(on.analysis, 'hostedcluster-install-release-changed'),
    );
  });
  it('gives no finding on the healthy and drain fixtures', async () => {
    for (const dir of [hosted.healthy, hosted.drainBlocked]) {
      const { analysis } = await hostedCauses(dir);
      assert.deepEqual(
        analysis.findings.filter((f) => f.rule === 'hostedcluster-install-release-changed'),
        [],
      );
    }
  });
});
