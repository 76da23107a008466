import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseRelease } from '../../server/src/model/release';
import { availabilityBehaviour } from '../../server/src/rules/common/releaseNotes';
import { explainNodeReason } from '../../server/src/model/nodeFailures';

describe('release-specific claims, as the operators have them (mco-corrections §1)', () => {
  it('4.9 does not get the 4.7/4.8 Available sentence', () => {
    // openshift/machine-config-operator release-4.9 syncRequiredMachineConfigPools (PR #2946):
    // a failing required-pool sync no longer sets Available=False; other task failures still do.
    const on49 = availabilityBehaviour(parseRelease('4.9.11'));
    assert.doesNotMatch(on49, /On 4\.7 and 4\.8/);
    assert.match(on49, /From 4\.9/);
    assert.match(
      on49,
      /Up to 4\.15 other sync failures \(such as MachineConfigDaemonFailed\) still set Available=False/,
    );
    assert.match(availabilityBehaviour(parseRelease('4.8.2')), /On 4\.7 and 4\.8/);
    assert.match(availabilityBehaviour(parseRelease('4.16.3')), /From 4\.16/);
  });

  it('"expected target osImageURL" means the node booted the wrong OS deployment, not file drift', () => {
    // openshift/machine-config-operator pkg/daemon/daemon.go validateOnDiskState: after a reboot
    // the pending config's OS image is checked against the booted deployment.
    const reason =
      'unexpected on-disk state validating against rendered-worker-3b5ccd4ef0317ede03b6d2b5d976f9b5: expected target osImageURL "quay.io/openshift-release-dev/ocp-v4.0-art-dev@sha256:1f0b", have "quay.io/openshift-release-dev/ocp-v4.0-art-dev@sha256:9c2e"';
    const meaning = explainNodeReason(reason) ?? '';
    assert.match(meaning, /booted the wrong OS deployment/);
    assert.doesNotMatch(meaning, /manual edits/);
    assert.match(
      explainNodeReason(
        'unexpected on-disk state validating against rendered-worker-1: content mismatch for file "/etc/chrony.conf"',
      ) ?? '',
      /manual edits or config drift/,
    );
  });
});
