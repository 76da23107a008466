import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  nodesReporting,
  operatorMentions,
  operatorsNamed,
  operatorWaits,
  poolsNotReady,
} from '../../server/src/model/operatorMessages';

/** The text each mention's span covers, so a wrong offset fails as loudly as a wrong name. */
const at = (message: string, ms: { span: [number, number] }[]) =>
  ms.map((m) => message.slice(m.span[0], m.span[1]));

describe('operator messages (CVO and MCO wordings, one module)', () => {
  it('names every operator of a waiting list, with its place', () => {
    const m =
      'Working towards 4.10.0: 702 of 770 done (91% complete), waiting on machine-config, network';
    assert.deepEqual(operatorsNamed(m), ['machine-config', 'network']);
    assert.deepEqual(at(m, operatorMentions(m)), ['machine-config', 'network']);
  });

  it('reads the 4.16+ "waiting up to N minutes on" and the Failing subject wordings', () => {
    const m =
      'Cluster operator kube-apiserver is degraded; waiting up to 40 minutes on machine-config.';
    assert.deepEqual(operatorsNamed(m), ['machine-config', 'kube-apiserver']);
    assert.deepEqual(at(m, operatorMentions(m)), ['kube-apiserver', 'machine-config']);
    assert.deepEqual(operatorsNamed('Cluster operator etcd cannot be upgraded: x'), ['etcd']);
  });

  it('finds pools in both RequiredPoolsFailed wordings (links used to miss the 4.7 one)', () => {
    const old =
      'Failed to resync 4.7.4 because: timed out waiting for the condition during syncRequiredMachineConfigPools: error pool worker is not ready, retrying.';
    const newer =
      'Unable to apply 4.14.1: MachineConfigPool worker is not ready, retrying. Status: (pool degraded: true total: 3)';
    const req = 'error required pool master is not ready, retrying';
    assert.deepEqual(
      poolsNotReady(old).map((p) => [p.name, p.required]),
      [['worker', false]],
    );
    assert.deepEqual(at(newer, poolsNotReady(newer)), ['worker']);
    assert.deepEqual(
      poolsNotReady(req).map((p) => [p.name, p.required]),
      [['master', true]],
    );
  });

  it('finds nodes a NodeDegraded message names', () => {
    const m =
      'Node ip-10-0-139-41.ec2.internal is reporting: "machineconfig.machineconfiguration.openshift.io \\"rendered-worker-1\\" not found"';
    assert.deepEqual(at(m, nodesReporting(m)), ['ip-10-0-139-41.ec2.internal']);
  });

  it('reads the states of a Result of work list', () => {
    assert.deepEqual(
      operatorWaits(
        'Cluster operator machine-config is still updating, Cluster operator network is degraded',
      ),
      [
        { operator: 'machine-config', state: 'is still updating' },
        { operator: 'network', state: 'is degraded' },
      ],
    );
  });
});
