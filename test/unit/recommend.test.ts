/**
 * `recommend` (issue 29): oc's checks and listing from a must-gather, and what we read beyond oc.
 * Alerts are plain data here (oc's categories); clusters are the generated fixtures.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { alertChecks, recommendOf } from '../../server/src/analysis/recommend';
import type { Alert } from '../../server/src/model/alerts';
import type { Json } from '../../server/src/model/access';
import { loadFixture } from '../support/snapshot';
import { updates } from '../support/fixtures';

function alert(name: string, o: Partial<Alert> = {}): Alert {
  return {
    name,
    namespace: 'openshift-monitoring',
    severity: 'warning',
    state: 'firing',
    activeAt: new Date('2024-04-09T10:00:00Z'),
    labels: { alertname: name, severity: o.severity ?? 'warning' },
    summary: `${name} summary`,
    description: undefined,
    message: undefined,
    runbook: `https://github.com/openshift/runbooks/blob/master/alerts/${name}.md`,
    location: { file: '/mg/monitoring/prometheus/rules.json', doc: 0, pointer: '' },
    ...o,
  };
}

const rules = ['/mg/monitoring/prometheus/rules.json'];

describe('recommend: the alert precheck, as oc categorises alerts', () => {
  it('puts each firing alert in the first category it matches, counting across categories', () => {
    const checks = alertChecks(
      [
        alert('ClusterOperatorDown', { severity: 'critical' }),
        alert('AlertmanagerReceiversNotConfigured'), // in no category: left out, not counted
        alert('PodDisruptionBudgetAtLimit', {
          namespace: 'payments',
          labels: { poddisruptionbudget: 'ledger' },
        }),
        alert('KubeContainerWaiting'),
        alert('KubeNodeNotReady', { severity: 'critical' }), // critical first
        alert('KubeNodeUnreachable'),
        alert('KubePodNotReady', { state: 'pending' }),
        alert('EtcdBackupMissing', { labels: { openShiftUpdatePrecheck: 'true' } }),
        alert('VMCannotBeEvicted'),
      ],
      rules,
    );
    const concerns = checks.filter((c) => c.status === 'False').map((c) => c.name);
    assert.deepEqual(concerns, [
      'recommended/CriticalAlerts/ClusterOperatorDown/0',
      'recommended/PodDisruptionBudgetAlerts/PodDisruptionBudgetAtLimit/1',
      'recommended/PodImagePullAlerts/KubeContainerWaiting/2',
      'recommended/CriticalAlerts/KubeNodeNotReady/3',
      'recommended/NodeAlerts/KubeNodeUnreachable/4',
      'recommended/UpdatePrecheckAlerts/EtcdBackupMissing/5',
      'recommended/VirtAlerts/VMCannotBeEvicted/6',
    ]);
    const pdb = checks.find((c) => c.name.includes('PodDisruptionBudgetAtLimit'))!;
    assert.equal(pdb.reason, 'Alert:firing');
    assert.equal(pdb.acceptName, 'PodDisruptionBudgetAtLimit', 'accepted by the alert name');
    assert.equal(
      pdb.message,
      'warning alert PodDisruptionBudgetAtLimit firing, which might slow node drains. Namespace=payments, PodDisruptionBudget=ledger. PodDisruptionBudgetAtLimit summary. The alert has no description. https://github.com/openshift/runbooks/blob/master/alerts/PodDisruptionBudgetAtLimit.md',
    );
    assert.equal(checks[0]!.level, 'error');
    // Every category fired: no "no concern" line (virtualization never has one).
    assert.deepEqual(
      checks.filter((c) => c.status === 'True'),
      [],
    );
  });

  it('says no concern per quiet category, and Unknown without the rules file', () => {
    const quiet = alertChecks([alert('Watchdog', { severity: 'none' })], rules);
    assert.deepEqual(
      quiet.map((c) => `${c.name} ${c.status} ${c.reason}`),
      [
        'recommended/CriticalAlerts True AsExpected',
        'recommended/PodDisruptionBudgetAlerts True AsExpected',
        'recommended/PodImagePullAlerts True AsExpected',
        'recommended/NodeAlerts True AsExpected',
        'recommended/UpdatePrecheckAlerts True AsExpected',
      ],
    );
    assert.equal(quiet[0]!.message, 'No critical alerts firing.');
    const none = alertChecks([], []);
    assert.equal(none.length, 1);
    assert.equal(none[0]!.status, 'Unknown');
    assert.equal(none[0]!.acceptName, 'NoAlertData');
  });

  it('describes an alert with its description and message, and its missing runbook', () => {
    const [c] = alertChecks(
      [
        alert('ClusterOperatorDown', {
          severity: 'critical',
          summary: 'Cluster operator has not been available for 10 minutes',
          description: 'The monitoring operator is down.',
          message: 'older text',
          runbook: undefined,
        }),
      ],
      rules,
    );
    assert.equal(
      c!.message,
      'critical alert ClusterOperatorDown firing, suggesting significant cluster issues worth investigating. Cluster operator has not been available for 10 minutes. The alert description is: The monitoring operator is down. | older text <alert does not have a runbook_url annotation>',
    );
  });
});

describe('recommend: a refused minor update (update-not-accepted-admin-ack)', () => {
  it('injects Upgradeable=False as a risk on the later minor, and reads the missing admin ack', async () => {
    const { snapshot } = await loadFixture(updates.notAcceptedAdminAck);
    const r = recommendOf(snapshot, []);
    assert.equal(r.version, '4.15.20');
    assert.equal(r.channel, 'stable-4.16');
    const u = r.updates.find((x) => x.version === '4.16.0');
    assert.ok(u, 'the 4.16.0 update is listed');
    assert.equal(u.minor, '4.16');
    assert.equal(u.recommended, false);
    assert.equal(u.reason, 'AdminAckRequired');
    assert.deepEqual(
      u.risks.map((x) => x.name),
      ['UpgradeableFalse'],
    );
    assert.match(u.risks[0]!.url, /docs\.openshift\.com\/container-platform\/4\.15\/updating\//);
    // z-streams are never touched by Upgradeable.
    for (const z of r.updates.filter((x) => x.minor === '4.15')) assert.ok(z.recommended);
    const ack = r.checks.find((c) => c.name.startsWith('gather/AdminAcks/'));
    assert.equal(ack?.name, 'gather/AdminAcks/ack-4.15-kube-1.29-api-removals-in-4.16');
    assert.equal(ack?.acceptName, 'AdminAckRequired');
    assert.match(ack?.evidence?.file ?? '', /openshift-config-managed\/core\/configmaps\.yaml$/);
    // The refused payload: our condition beside oc's.
    assert.deepEqual(
      r.clusterConditions.map((c) => `${c.name}=${c.status} ${c.acceptName}`),
      ['ReleaseAccepted=False ReleaseNotAccepted'],
    );
  });

  it('--version: the verdict and the concerns --accept leaves open, sorted', async () => {
    const { snapshot } = await loadFixture(updates.notAcceptedAdminAck);
    const t = recommendOf(snapshot, [], { version: '4.16.0' }).target;
    assert.ok(t?.found);
    assert.equal(t.recommended, false);
    assert.deepEqual(t.unaccepted, [
      'AdminAckRequired',
      'ConditionalUpdateRisk',
      'NoAlertData',
      'ReleaseNotAccepted',
    ]);
    const some = recommendOf(snapshot, [], {
      version: '4.16.0',
      accept: ['ConditionalUpdateRisk', 'NoAlertData'],
    }).target;
    assert.deepEqual(some?.unaccepted, ['AdminAckRequired', 'ReleaseNotAccepted']);
    assert.deepEqual(some?.accepted, ['ConditionalUpdateRisk', 'NoAlertData']);
    // oc's words for a release not offered, by what is missing.
    const missing = (v: string) => recommendOf(snapshot, [], { version: v }).target?.notFound;
    assert.equal(
      missing('4.16.9'),
      'no update to 4.16.9 available, so cannot display context for the requested release',
    );
    assert.equal(
      missing('4.14.1'),
      'no updates to 4.14 available, so cannot display context for the requested release 4.14.1',
    );
    assert.equal(
      missing('5.0.1'),
      'no updates to 5 available, so cannot display context for the requested release 5.0.1',
    );
  });

  it('keeps a risk the graph gave, and folds Upgradeable into a not-recommended target', async () => {
    const { snapshot } = await loadFixture(updates.notAcceptedAdminAck);
    const cv = snapshot.clusterVersion!;
    const status = cv.raw.status as Json;
    const image = 'quay.io/openshift-release-dev/ocp-release@sha256:' + 'a'.repeat(64);
    status.conditionalUpdates = [
      {
        release: { version: '4.16.1', image, url: 'https://access.redhat.com/errata/RHSA-2024:1' },
        risks: [
          {
            name: 'AWSOldBootImages',
            message: 'Old boot images fail to join.',
            url: 'https://issues.redhat.com/browse/OCPBUGS-1',
            matchingRules: [{ type: 'Always' }],
          },
        ],
        conditions: [
          {
            type: 'Recommended',
            status: 'False',
            reason: 'AWSOldBootImages',
            message: 'Old boot images fail to join. https://issues.redhat.com/browse/OCPBUGS-1',
            lastTransitionTime: '2024-04-01T00:00:00Z',
          },
        ],
      },
    ];
    // The same release listed as available too (by image): listed once.
    (status.availableUpdates as Json[]).push({ version: '4.16.1', image, url: '' });
    const r = recommendOf(snapshot, []);
    const u = r.updates.filter((x) => x.version === '4.16.1');
    assert.equal(u.length, 1);
    assert.equal(u[0]!.reason, 'MultipleReasons');
    assert.match(u[0]!.message ?? '', /^Kubernetes 1\.29 .*\n\nOld boot images fail to join\./s);
    assert.deepEqual(
      u[0]!.risks.map((x) => x.name),
      ['AWSOldBootImages', 'UpgradeableFalse'],
    );
    assert.match(u[0]!.evidence.pointer, /^\/status\/conditionalUpdates\/0$/);
  });
});

describe('recommend: what the gather shows beyond oc', () => {
  it('a stalled update: Failing, Progressing, the PDB alert, the degraded pool, the cordoned node', async () => {
    const { snapshot } = await loadFixture(updates.stalled);
    const r = recommendOf(snapshot, ['rules.json']);
    assert.deepEqual(
      r.clusterConditions.map((c) => `${c.name}=${c.status}`),
      ['Failing=True', 'Progressing=True'],
    );
    const concerns = r.checks.filter((c) => c.status === 'False').map((c) => c.name);
    assert.ok(
      concerns.includes('recommended/PodDisruptionBudgetAlerts/PodDisruptionBudgetAtLimit/0'),
    );
    assert.ok(concerns.includes('gather/PoolsNotReady/worker'));
    assert.ok(concerns.includes('gather/NodesUnavailable/worker'));
    assert.ok(concerns.includes('gather/OperatorsNotUpgradeable/machine-config'));
    // No namespace's budgets were gathered (payments's neither): the alert tells of its budget,
    // no file does, and the check says it cannot tell.
    const pdb = r.checks.find((c) => c.name.startsWith('gather/PodDisruptionBudgets'));
    assert.equal(pdb?.name, 'gather/PodDisruptionBudgets');
    assert.equal(pdb.status, 'Unknown');
    assert.match(pdb.message, /^PodDisruptionBudgets were not gathered/);
    const node = r.checks.find((c) => c.name === 'gather/NodesUnavailable/worker')!;
    assert.match(node.message, /ip-10-0-151-214\.ec2\.internal \(cordoned\)/);
    assert.equal(node.evidence?.pointer, '/spec/unschedulable');
  });

  it('a paused pool is a concern with its own accept name', async () => {
    const { snapshot } = await loadFixture(updates.pausedPool);
    const r = recommendOf(snapshot, []);
    const paused = r.checks.find((c) => c.name === 'gather/PausedPools/worker');
    assert.ok(paused);
    assert.equal(paused.acceptName, 'PausedPool');
    assert.equal(paused.evidence?.pointer, '/spec/paused');
    assert.match(
      paused.message,
      /^Pool worker \(3 machines\) is paused: unpause it, or accept PausedPool, before the update\./,
    );
  });

  it('a kubelet too far behind the next minor, on an even or odd minor', async () => {
    const { snapshot } = await loadFixture(updates.notAcceptedAdminAck);
    const node = snapshot.nodes[0]!;
    ((node.raw.status as Json).nodeInfo as Json).kubeletVersion = 'v1.26.5+0001a21';
    const r = recommendOf(snapshot, []);
    const skew = r.checks.find((c) => c.name === 'gather/KubeletSkew/4.16');
    assert.ok(skew, 'a 1.26 kubelet is 3 minors behind 4.16 (Kubernetes 1.29), which allows 2');
    assert.match(skew.message, new RegExp(`${node.name.replace(/\./g, '\\.')} \\(v1\\.26\\.5`));
    assert.equal(skew.evidence?.pointer, '/status/nodeInfo/kubeletVersion');
    ((node.raw.status as Json).nodeInfo as Json).kubeletVersion = 'v1.27.5+0001a21';
    assert.ok(
      !recommendOf(snapshot, []).checks.some((c) => c.name === 'gather/KubeletSkew/4.16'),
      '1.27 is within two minors of 1.29',
    );
  });
});

describe('recommend: a 4.15.20 cluster between updates (recommend-4.15-to-4.16)', () => {
  it('lists every check oc makes and ours, on this fixture', async () => {
    const { snapshot } = await loadFixture(updates.recommend);
    const r = recommendOf(snapshot, ['monitoring/prometheus/rules.json']);
    assert.deepEqual(r.clusterConditions, [], 'not Failing, not Progressing, updates retrieved');
    const byStatus = (s: string) =>
      r.checks
        .filter((c) => c.status === s)
        .map((c) => c.name)
        .sort();
    assert.deepEqual(byStatus('False'), [
      'gather/AdminAcks/ack-4.15-kube-1.29-api-removals-in-4.16',
      'gather/NodesUnavailable/worker',
      'gather/OperatorsNotUpgradeable/cloud-credential',
      'gather/OperatorsNotUpgradeable/machine-config',
      'gather/PausedPools/infra',
      'gather/PodDisruptionBudgets/payments/ledger',
      'gather/PoolsNotReady/worker',
      'gather/RemovedAPIs/flowschemas.v1beta2.flowcontrol.apiserver.k8s.io',
      'recommended/PodDisruptionBudgetAlerts/PodDisruptionBudgetAtLimit/0',
      'recommended/PodImagePullAlerts/KubeContainerWaiting/1',
    ]);
    assert.deepEqual(byStatus('True'), [
      'gather/KubeletSkew',
      'recommended/CriticalAlerts',
      'recommended/NodeAlerts',
      'recommended/UpdatePrecheckAlerts',
    ]);
    // The pending KubePodNotReady and the uncategorised firing alerts are not checks.
    assert.ok(!r.checks.some((c) => /KubePodNotReady|Watchdog|UpdateAvailable/.test(c.name)));
    const pdb = r.checks.find((c) => c.name === 'gather/PodDisruptionBudgets/payments/ledger')!;
    assert.match(
      pdb.message,
      /allows no disruption \(minAvailable 1, 1 of 1 pods healthy\): draining the node of ledger-0 on ip-10-0-154-20\.us-east-2\.compute\.internal \(pool worker\) waits/,
    );
    assert.match(
      pdb.evidence?.file ?? '',
      /namespaces\/payments\/policy\/poddisruptionbudgets\.yaml$/,
    );
    assert.equal(pdb.evidence?.pointer.endsWith('/status/disruptionsAllowed'), true);
    const removed = r.checks.find((c) => c.name.startsWith('gather/RemovedAPIs/'))!;
    assert.match(removed.message, /removed in Kubernetes 1\.29/);
    assert.match(
      removed.message,
      /APIRemovedInNextReleaseInUse and APIRemovedInNextEUSReleaseInUse/,
    );
  });

  it('groups the updates by minor, two shown, the rest counted; later minors carry Upgradeable', async () => {
    const { snapshot } = await loadFixture(updates.recommend);
    const r = recommendOf(snapshot, []);
    assert.deepEqual(
      r.updates.map((u) => `${u.version}${u.outdated ? ' (older)' : ''}`),
      [
        '4.16.3',
        '4.16.2',
        '4.16.1 (older)',
        '4.16.0 (older)',
        '4.15.25',
        '4.15.24',
        '4.15.23 (older)',
        '4.15.22 (older)',
        '4.15.21 (older)',
      ],
      'each release once: 4.16.2 and 4.16.3 are available and conditional, by the same image',
    );
    assert.deepEqual(r.olderHidden, { '4.16': 2, '4.15': 3 });
    const u = (v: string) => r.updates.find((x) => x.version === v)!;
    // Recommended by the graph, then not: Upgradeable=False is folded in, as oc does.
    assert.equal(u('4.16.3').recommended, false);
    assert.equal(u('4.16.3').reason, 'MultipleReasons');
    assert.deepEqual(
      u('4.16.3').risks.map((x) => x.name),
      ['VSphereOldESXiHosts', 'UpgradeableFalse'],
    );
    // Not recommended by the graph too: Upgradeable's message first, then the graph's.
    assert.match(
      u('4.16.1').message ?? '',
      /^Cluster should not be upgraded between minor versions for multiple reasons: [\s\S]*\n\nMachines created on AWS from boot images older than 4\.16/,
    );
    assert.ok(r.updates.filter((x) => x.minor === '4.15').every((x) => x.recommended));
  });

  it('--version: a z-stream is not held by what only a later minor needs', async () => {
    const { snapshot } = await loadFixture(updates.recommend);
    const z = recommendOf(snapshot, ['rules.json'], { version: '4.15.25' }).target!;
    assert.equal(z.recommended, true);
    assert.deepEqual(z.unaccepted, [
      'KubeContainerWaiting',
      'NodeUnavailable',
      'PausedPool',
      'PodDisruptionBudgetAtLimit',
      'PoolNotReady',
    ]);
    const minor = recommendOf(snapshot, ['rules.json'], { version: '4.16.3' }).target!;
    assert.ok(minor.unaccepted.includes('AdminAckRequired'));
    assert.ok(minor.unaccepted.includes('OperatorNotUpgradeable'));
    assert.ok(minor.unaccepted.includes('ConditionalUpdateRisk'));
  });
});

describe('recommend: issue 39', () => {
  it('--show-outdated-releases: every release of each minor listed, none left out', async () => {
    const { snapshot } = await loadFixture(updates.recommend);
    const r = recommendOf(snapshot, [], { showOutdatedReleases: true });
    assert.deepEqual(
      r.updates.map((u) => u.version),
      [
        '4.16.3',
        '4.16.2',
        '4.16.1',
        '4.16.0',
        '4.15.25',
        '4.15.24',
        '4.15.23',
        '4.15.22',
        '4.15.21',
      ],
    );
    assert.deepEqual(
      r.updates.filter((u) => u.outdated).map((u) => u.version),
      [],
      'oc hides none with the flag',
    );
    assert.deepEqual(r.olderHidden, {});
  });

  it('OKD: pre-releases in SemVer order, and a z-stream target not held by admin gates', async () => {
    const { snapshot } = await loadFixture(updates.recommendOkd);
    const r = recommendOf(snapshot, ['rules.json']);
    assert.equal(r.version, '4.19.0-okd-scos.8');
    assert.deepEqual(
      r.updates.map((u) => `${u.version}${u.outdated ? ' (older)' : ''}`),
      [
        '4.20.0-okd-scos.ec.14',
        '4.19.0-okd-scos.12',
        '4.19.0-okd-scos.11',
        '4.19.0-okd-scos.10 (older)',
        '4.19.0-okd-scos.9 (older)',
      ],
      'okd-scos.12 above okd-scos.9: numeric identifiers compare as numbers',
    );
    const z = recommendOf(snapshot, ['rules.json'], { version: '4.19.0-okd-scos.12' }).target!;
    assert.equal(z.recommended, true);
    assert.deepEqual(z.unaccepted, [], 'no AdminAckUnknown for a z-stream: oc exits 0 here');
    const minor = recommendOf(snapshot, ['rules.json'], {
      version: '4.20.0-okd-scos.ec.14',
    }).target!;
    assert.deepEqual(minor.unaccepted, ['AdminAckUnknown']);
  });

  it('what the must-gather does not hold is Unknown, never "no cause for concern"', async () => {
    const { snapshot } = await loadFixture(updates.recommendOkd);
    const r = recommendOf(snapshot, ['rules.json']);
    const gather = r.checks.filter((c) => c.name.startsWith('gather/'));
    assert.deepEqual(
      gather.map((c) => `${c.name} ${c.status} ${c.reason} ${c.acceptName ?? '-'}`),
      [
        'gather/PausedPools Unknown NotGathered -',
        'gather/PoolsNotReady Unknown NotGathered -',
        'gather/NodesUnavailable Unknown NotGathered -',
        'gather/OperatorsNotUpgradeable Unknown NotGathered -',
        'gather/AdminAcks Unknown NotGathered AdminAckUnknown',
        'gather/PodDisruptionBudgets Unknown NotGathered -',
        'gather/KubeletSkew Unknown NotGathered -',
        'gather/RemovedAPIs True AsExpected -',
      ],
    );
    const says = (name: string) => gather.find((c) => c.name === name)!.message;
    assert.match(says('gather/PausedPools'), /^MachineConfigPools were not gathered/);
    assert.match(says('gather/NodesUnavailable'), /^Nodes were not gathered/);
    assert.match(says('gather/PodDisruptionBudgets'), /^PodDisruptionBudgets were not gathered/);
    // Without Prometheus' rules the removed APIs are not known either.
    const { snapshot: noAlerts } = await loadFixture(updates.notAcceptedAdminAck);
    const removed = recommendOf(noAlerts, []).checks.find((c) => c.name === 'gather/RemovedAPIs');
    assert.equal(removed?.status, 'Unknown');
    assert.match(removed.message, /^Prometheus alerts were not gathered/);
  });

  it('budgets: those of the namespaces gathered are checked, and the check says it covers no more', async () => {
    const { snapshot } = await loadFixture(updates.recommend);
    assert.deepEqual(snapshot.pdbNamespaces, ['payments']);
    (snapshot.pdbs[0]!.raw.status as Json).disruptionsAllowed = 1;
    const pdb = recommendOf(snapshot, ['rules.json']).checks.find((c) =>
      c.name.startsWith('gather/PodDisruptionBudgets'),
    );
    assert.equal(pdb?.status, 'True');
    assert.match(
      pdb.message,
      /^No PodDisruptionBudget is at its limit in the 1 namespace whose budgets were gathered \(payments\); the namespaces a must-gather leaves out \(user workloads\) are not known here/,
    );
  });

  it("Progressing: the ClusterVersion's message as it is, no sentence of ours", async () => {
    const { snapshot } = await loadFixture(updates.stalled);
    const progressing = snapshot.clusterVersion!.conditions.find((c) => c.type === 'Progressing')!;
    const c = recommendOf(snapshot, ['rules.json']).clusterConditions.find(
      (x) => x.name === 'Progressing',
    );
    assert.equal(c?.message, progressing.message);
    assert.match(c.message, /^Unable to apply 4\.15\.3: wait has exceeded 40 minutes/);
  });

  it('a paused custom pool is named with its machines, to unpause or accept before the update', async () => {
    const { snapshot } = await loadFixture(updates.recommend);
    const infra = recommendOf(snapshot, ['rules.json']).checks.find(
      (c) => c.name === 'gather/PausedPools/infra',
    );
    assert.equal(infra?.acceptName, 'PausedPool');
    assert.equal(
      infra.message,
      'Pool infra (2 machines) is paused: unpause it, or accept PausedPool, before the update. While it is paused the update does not reach its machines, which keep their current config.',
    );
  });
});

describe('recommend: the ClusterVersion conditions oc reads, and ours', () => {
  it('Failing absent, RetrievedUpdates not True and Invalid True are concerns with their accept names', async () => {
    const { snapshot } = await loadFixture(updates.recommend);
    const conds = (snapshot.clusterVersion!.raw.status as Json).conditions as Json[];
    const failing = conds.findIndex((c) => c.type === 'Failing');
    conds.splice(failing, 1);
    const retrieved = conds.find((c) => c.type === 'RetrievedUpdates')!;
    Object.assign(retrieved, {
      status: 'False',
      reason: 'RemoteFailed',
      message:
        'Unable to retrieve available updates: currently reconciling cluster version 4.15.20 not found in the "stable-4.16" channel',
    });
    conds.push({
      type: 'Invalid',
      status: 'True',
      reason: 'InvalidClusterVersion',
      message:
        'The cluster version is invalid: spec.desiredUpdate.version: Invalid value: "4.16": version must be semantic',
      lastTransitionTime: '2024-07-30T12:00:00Z',
    });
    const r = recommendOf(snapshot, ['rules.json']);
    assert.deepEqual(
      r.clusterConditions.map((c) => `${c.name}=${c.status} ${c.reason} ${c.acceptName}`),
      [
        'Failing=Unknown NotReported Failing',
        'RetrievedUpdates=False RemoteFailed CannotRetrieveUpdates',
        'Invalid=True InvalidClusterVersion Invalid',
      ],
    );
    assert.match(r.clusterConditions[0]!.message, /^No current Failing info/);
    // Every one of them counts against a target, a z-stream too.
    const t = recommendOf(snapshot, ['rules.json'], { version: '4.15.25' }).target!;
    for (const n of ['Failing', 'CannotRetrieveUpdates', 'Invalid'])
      assert.ok(t.unaccepted.includes(n), n);
  });

  it('says the admin gates are not known when their ConfigMap was not gathered', async () => {
    const { snapshot } = await loadFixture(updates.stalled);
    const r = recommendOf(snapshot, ['rules.json']);
    const ack = r.checks.find((c) => c.name === 'gather/AdminAcks');
    assert.equal(ack?.status, 'Unknown');
    assert.equal(ack?.reason, 'NotGathered');
  });
});
