import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Json } from '../../server/src/model/access';
import { decideReboot, fileAction } from '../../server/src/machineconfig/reboot';
import type { ChangeForReboot } from '../../server/src/machineconfig/reboot';
import { summarizeChanges, summaryText } from '../../server/src/machineconfig/changeSummary';

const none: ChangeForReboot = {
  osImage: false,
  extensionsImage: false,
  kernelArguments: false,
  extensions: false,
  fips: false,
  kernelType: false,
  units: [],
  files: [],
};
const files = (...f: string[]): ChangeForReboot => ({ ...none, files: f });
const text = (d: { reasons: string[] }) => d.reasons.join('\n');

const userCA = '/etc/pki/ca-trust/source/anchors/openshift-config-user-ca-bundle.crt';
const registriesConf = '/etc/containers/registries.conf';
const policyJson = '/etc/containers/policy.json';

function mc(name: string, other: Json = {}, passwd?: Json): Json {
  return {
    apiVersion: 'machineconfiguration.openshift.io/v1',
    kind: 'MachineConfig',
    metadata: { name, annotations: {} },
    spec: {
      osImageURL: 'quay.io/openshift-release-dev/ocp-v4.0-art-dev@sha256:' + 'a'.repeat(64),
      ...other,
      config: {
        ignition: { version: '3.2.0' },
        ...(passwd ? { passwd } : {}),
        storage: { files: [] },
        systemd: { units: [] },
      },
    },
  };
}

describe('node action: extensions image', () => {
  // MCO release-4.12 … main pkg/daemon/update.go machineConfigDiff: no field for it.
  it('an extensionsImage-only change never reboots, on any release', () => {
    for (const minor of [12, 14, 16, 17, 22]) {
      const d = decideReboot({ ...none, extensionsImage: true }, minor);
      assert.equal(d.action, 'none', `4.${minor}`);
      assert.equal(d.drain, 'no');
      assert.match(text(d), /does not act on it alone/);
    }
  });

  it('with osImageURL it is part of the OS update reboot', () => {
    const d = decideReboot({ ...none, extensionsImage: true, osImage: true }, 16);
    assert.equal(d.action, 'reboot');
    assert.match(text(d), /used because osImageURL changed too/);
  });

  it('summarizeChanges: a config differing only in baseOSExtensionsContainerImage is action none', () => {
    const a = mc('a', { baseOSExtensionsContainerImage: 'quay.io/x/ext@sha256:' + '1'.repeat(64) });
    const b = mc('b', { baseOSExtensionsContainerImage: 'quay.io/x/ext@sha256:' + '2'.repeat(64) });
    assert.equal(summarizeChanges(a, b, 14).reboot.action, 'none');
  });
});

describe('node action: 4.14–4.15 legacy lists', () => {
  // release-4.14/4.15 calculatePostConfigChangeActionFromFileDiffs, imageRegistryAuthFile.
  it('4.14–4.15: the internal-registry pull secret is in the None list; 4.13 and 4.16 reboot', () => {
    const f = files('/etc/mco/internal-registry-pull-secret.json');
    assert.equal(decideReboot(f, 14).action, 'none');
    assert.equal(decideReboot(f, 15).action, 'none');
    assert.equal(decideReboot(f, 13).action, 'reboot');
    assert.equal(decideReboot(f, 16).action, 'reboot');
  });

  // release-4.14/4.15: each crio file overwrites `actions`; 4.16 "Don't override a restart CRIO action".
  it('4.14–4.15: a later reload-crio file overwrites restart crio; 4.16+ keeps the restart', () => {
    const d = decideReboot(files(userCA, policyJson), 14);
    assert.equal(d.action, 'reload crio');
    assert.match(text(d), /in no fixed order: the result is reload crio or restart crio/);
    assert.equal(decideReboot(files(policyJson, userCA), 15).action, 'restart crio');
    assert.equal(decideReboot(files(userCA, policyJson), 16).action, 'restart crio');
  });

  it('4.14–4.16: restart crio runs update-ca-trust first', () => {
    assert.match(
      text(decideReboot(files(userCA), 14)),
      /update-ca-trust runs, then CRI-O is restarted/,
    );
  });
});

describe('node action: 4.16 directories', () => {
  // release-4.16 calculatePostConfigChangeActionFromMCDiffs: filepath.Dir(path) exact match.
  it('4.16 legacy lists match direct children only; 4.17+ matches subdirectories', () => {
    const deepNM = '/etc/nmstate/openshift/sub/eth0.yml';
    const deepRD = '/etc/containers/registries.d/sub/x.yaml';
    assert.equal(decideReboot(files('/etc/nmstate/openshift/eth0.yml'), 16).action, 'none');
    assert.equal(decideReboot(files(deepNM), 16).action, 'reboot');
    assert.equal(decideReboot(files(deepRD), 16).action, 'reboot');
    // FindClosestFilePolicyPathMatch (pkg/controller/common/helpers.go, 4.17+)
    assert.equal(decideReboot(files(deepNM), 17).action, 'none');
    assert.equal(decideReboot(files(deepRD), 17).action, 'reload crio');
  });
});

describe('node action: NodeDisruptionPolicy defaults (4.17+)', () => {
  // release-4.17 apihelpers.go defaultClusterPolicies; update.go
  // calculatePostConfigChangeNodeDisruptionActionFromMCDiffs.
  it('4.17+: the user CA bundle restarts update-ca-trust, then crio', () => {
    const d = decideReboot(files(userCA), 17);
    assert.equal(d.action, 'restart coreos-update-ca-trust, then restart crio');
    assert.equal(d.drain, 'no');
  });

  it('4.17+: units are matched against policies; without one they reboot', () => {
    const d = decideReboot({ ...none, units: ['kubelet.service'] }, 17);
    assert.equal(d.action, 'reboot');
    assert.match(text(d), /no unit policy in the 4\.17 NodeDisruptionPolicy defaults/);
  });

  // release-4.18 apihelpers.go defaultClusterPolicies: CrioPoliciesDir.
  it('4.18+: /etc/crio/policies reloads crio; on 4.17 it reboots', () => {
    const f = files('/etc/crio/policies/default.json');
    assert.equal(decideReboot(f, 18).action, 'reload crio');
    assert.equal(decideReboot(f, 17).action, 'reboot');
    assert.equal(fileAction('/etc/crio/policies/x', 21), 'reload crio');
  });

  // release-4.22 apihelpers.go defaultClusterPolicies.
  it('4.22+: credential providers restart kubelet; the crio credential-provider dropin is daemon-reload + kubelet restart', () => {
    const cp = files('/etc/kubernetes/credential-providers/ecr.yaml');
    assert.equal(decideReboot(cp, 22).action, 'restart kubelet');
    assert.equal(decideReboot(cp, 21).action, 'reboot');
    const dropin = files(
      '/etc/systemd/system/kubelet.service.d/40-kubelet-crio-image-credential-provider.conf',
    );
    assert.equal(decideReboot(dropin, 22).action, 'daemon-reload, then restart kubelet');
    assert.equal(decideReboot(dropin, 21).action, 'reboot');
  });

  it('4.22+: the defaults hold a unit policy for the IRI registry service', () => {
    const u = { ...none, units: ['iri-registry.service'] };
    assert.equal(decideReboot(u, 22).action, 'daemon-reload, then restart iri-registry');
    assert.equal(decideReboot(u, 21).action, 'reboot');
  });

  it('4.17+: a NodeDisruptionPolicy override is mentioned', () => {
    assert.match(
      text(decideReboot(files(policyJson), 17)),
      /NodeDisruptionPolicy in MachineConfiguration cluster/,
    );
  });
});

describe('node action: drains', () => {
  // release-4.7 update.go: drain for reboot or reload crio.
  it('4.7 drains for reload crio; from 4.8 only for an unsafe registries.conf change', () => {
    assert.equal(decideReboot(files(registriesConf), 7).drain, 'yes');
    assert.equal(decideReboot(files(registriesConf), 8).drain, 'unless safe');
    assert.match(
      text(decideReboot(files(registriesConf), 8)),
      /only if the registries\.conf change is not "safe"/,
    );
  });

  // release-4.8+ drain.go isDrainRequired: crio actions drain only with registries.conf in the diff.
  it('from 4.10 policy.json alone reloads crio without a drain', () => {
    const d = decideReboot(files(policyJson), 12);
    assert.equal(d.action, 'reload crio');
    assert.equal(d.drain, 'no');
    assert.match(text(d), /no drain on 4\.12/);
  });

  it('reboots drain; 4.14+ names the drain-override ConfigMap, 4.17+ the Special action', () => {
    assert.equal(decideReboot(files('/etc/foo'), 12).drain, 'yes');
    assert.doesNotMatch(
      text(decideReboot(files(registriesConf), 13)),
      /image-registry-override-drain/,
    );
    assert.match(text(decideReboot(files(registriesConf), 14)), /image-registry-override-drain/);
    const d = decideReboot(files(registriesConf), 17);
    assert.equal(d.action, 'reload crio');
    assert.equal(d.drain, 'unless safe');
    assert.match(text(d), /Special action/);
  });
});

describe('node action: SSH keys', () => {
  it('an SSH-key-only change is action none, and the daemon writes the keys', () => {
    for (const minor of [10, 16, 17]) {
      const d = decideReboot({ ...none, sshKeys: true }, minor);
      assert.equal(d.action, 'none');
      assert.match(text(d), /the daemon writes the core user’s authorized keys/);
      assert.doesNotMatch(text(d), /nothing the (machine-config )?daemon acts on/);
    }
  });

  it('summarizeChanges: never says nothing the daemon acts on changed', () => {
    const key = (k: string) => ({ users: [{ name: 'core', sshAuthorizedKeys: [k] }] });
    const s = summarizeChanges(
      mc('a', {}, key('ssh-ed25519 AAAA a')),
      mc('b', {}, key('ssh-ed25519 BBBB b')),
      14,
    );
    assert.equal(s.reboot.action, 'none');
    const t = summaryText(s);
    assert.match(t, /SSH keys changed/);
    assert.doesNotMatch(t, /nothing the machine-config daemon acts on changed/);
  });
});

describe('node action: release unknown', () => {
  it('keeps the 4.16 default but says what each release range would do', () => {
    const d = decideReboot(files(userCA));
    assert.equal(d.rules, '4.16');
    assert.equal(d.action, 'restart crio');
    assert.match(
      d.reasons[0]!,
      /^release unknown: the 4\.16 rules are applied; by release: 4\.6–4\.13 reboot \(drain\); 4\.14–4\.16 restart crio; 4\.17\+ restart coreos-update-ca-trust, then restart crio$/,
    );
  });

  it('says when every release does the same', () => {
    assert.match(
      decideReboot({ ...none, kernelArguments: true }).reasons[0]!,
      /every release from 4\.6 does the same/,
    );
  });
});
