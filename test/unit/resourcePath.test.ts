import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  classifyGatherExtraPath,
  classifyMustGatherPath,
} from '../../server/src/gather/resourcePath';

describe('must-gather paths', () => {
  it('maps cluster-scoped objects and Lists', () => {
    assert.deepEqual(
      classifyMustGatherPath(
        'cluster-scoped-resources/config.openshift.io/clusteroperators/machine-config.yaml',
      ),
      {
        kind: 'resource',
        resource: {
          group: 'config.openshift.io',
          plural: 'clusteroperators',
          name: 'machine-config',
        },
      },
    );
    assert.deepEqual(
      classifyMustGatherPath('cluster-scoped-resources/config.openshift.io/clusterversions.yaml'),
      {
        kind: 'list',
        resource: { group: 'config.openshift.io', plural: 'clusterversions' },
      },
    );
    assert.deepEqual(
      classifyMustGatherPath(
        'cluster-scoped-resources/core/nodes/ip-10-0-137-214.ec2.internal.yaml',
      ),
      {
        kind: 'resource',
        resource: { group: 'core', plural: 'nodes', name: 'ip-10-0-137-214.ec2.internal' },
      },
    );
  });

  it('maps namespaced objects, Lists, namespaces and pods', () => {
    const ns = 'openshift-machine-config-operator';
    assert.deepEqual(classifyMustGatherPath(`namespaces/${ns}/core/pods.yaml`), {
      kind: 'list',
      resource: { group: 'core', plural: 'pods', namespace: ns },
    });
    assert.deepEqual(classifyMustGatherPath(`namespaces/${ns}/${ns}.yaml`), {
      kind: 'resource',
      resource: { group: 'core', plural: 'namespaces', name: ns },
    });
    assert.deepEqual(
      classifyMustGatherPath(
        `namespaces/${ns}/pods/machine-config-daemon-x7k2p/machine-config-daemon-x7k2p.yaml`,
      ),
      {
        kind: 'resource',
        resource: {
          group: 'core',
          plural: 'pods',
          namespace: ns,
          name: 'machine-config-daemon-x7k2p',
        },
      },
    );
    assert.deepEqual(
      classifyMustGatherPath(`namespaces/${ns}/apps/daemonsets/machine-config-daemon.yaml`),
      {
        kind: 'resource',
        resource: {
          group: 'apps',
          plural: 'daemonsets',
          namespace: ns,
          name: 'machine-config-daemon',
        },
      },
    );
  });

  it('recognises pod logs without reading them, and ignores other files', () => {
    assert.deepEqual(
      classifyMustGatherPath(
        'namespaces/openshift-cluster-version/pods/cluster-version-operator-f54b6964f-ckqcz/cluster-version-operator/cluster-version-operator/logs/current.log',
      ),
      { kind: 'log' },
    );
    assert.deepEqual(classifyMustGatherPath('timestamp'), { kind: 'other' });
    assert.deepEqual(classifyMustGatherPath('host_service_logs/masters/kubelet_service.log'), {
      kind: 'other',
    });
  });

  it('maps gather-extra JSON Lists by file name', () => {
    assert.deepEqual(classifyGatherExtraPath('machineconfigs.json'), {
      kind: 'list',
      resource: { group: 'machineconfiguration.openshift.io', plural: 'machineconfigs' },
    });
    assert.deepEqual(
      classifyGatherExtraPath(
        'pods/openshift-machine-config-operator_machine-config-controller-6f4f46457c-v8b2l_machine-config-controller.log',
      ),
      { kind: 'log' },
    );
    assert.deepEqual(classifyGatherExtraPath('oc_cmds/machineconfigpools'), { kind: 'other' });
  });
});
