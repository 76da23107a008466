/**
 * The machine-config daemon's tables for a config change that needs no reboot, one per release
 * range as the daemon has them: the legacy file lists (4.7 … 4.16, `pkg/daemon/update.go`
 * `calculatePostConfigChangeActionFromFileDiffs` / `…FromMCDiffs`) and the NodeDisruptionPolicy
 * defaults (4.17+, `pkg/apihelpers/apihelpers.go` `defaultClusterPolicies`, with the 4.18 and 4.22
 * additions). Sources: openshift/machine-config-operator release-4.6 … release-4.23 and main, as
 * summarised in docs/domain/rendered-configs.md.
 */

export const paths = {
  kubeletCA: '/etc/kubernetes/kubelet-ca.crt',
  pullSecret: '/var/lib/kubelet/config.json',
  internalRegistryPullSecret: '/etc/mco/internal-registry-pull-secret.json',
  registriesConf: '/etc/containers/registries.conf',
  gpgKey: '/etc/machine-config-daemon/no-reboot/containers-gpg.pub',
  policyJson: '/etc/containers/policy.json',
  registriesD: '/etc/containers/registries.d',
  nmstate: '/etc/nmstate/openshift',
  userCABundle: '/etc/pki/ca-trust/source/anchors/openshift-config-user-ca-bundle.crt',
  crioPolicies: '/etc/crio/policies',
  credentialProviders: '/etc/kubernetes/credential-providers',
  kubeletCredentialProviderDropin:
    '/etc/systemd/system/kubelet.service.d/40-kubelet-crio-image-credential-provider.conf',
  iriRegistryConfig: '/etc/iri-registry',
  iriLoadImageScript: '/usr/local/bin/load-registry-image.sh',
  iriRootCA: '/etc/pki/ca-trust/source/anchors/iri-root-ca.crt',
} as const;

// ---------------------------------------------------------------------------------------------
// Legacy lists, 4.7 … 4.16 (4.17+ still has them, but only for a node's first boot).

export type LegacyAction = 'none' | 'reload crio' | 'restart crio' | 'reboot';

export interface LegacyTable {
  from: number;
  to: number;
  /** Where the table is, as repo branch function. */
  source: string;
  none: readonly string[];
  /** Directories whose direct children (`filepath.Dir(path)` equal) need nothing. */
  noneDirs: readonly string[];
  reloadCrio: readonly string[];
  /** Directories whose direct children reload CRI-O. */
  reloadCrioDirs: readonly string[];
  restartCrio: readonly string[];
  /**
   * True when a later reload-crio file replaces an earlier restart-crio action (4.14–4.15: each
   * file sets `actions`; 4.16 added "Don't override a restart CRIO action").
   */
  lastCrioFileWins: boolean;
}

const mco = 'openshift/machine-config-operator';

const legacyTables: readonly LegacyTable[] = [
  {
    // release-4.7 … release-4.9 calculatePostConfigChangeActionFromFileDiffs
    from: 7,
    to: 9,
    source: `${mco} release-4.7 … release-4.9 calculatePostConfigChangeActionFromFileDiffs`,
    none: [paths.kubeletCA, paths.pullSecret],
    noneDirs: [],
    reloadCrio: [paths.registriesConf],
    reloadCrioDirs: [],
    restartCrio: [],
    lastCrioFileWins: true,
  },
  {
    // release-4.10 … release-4.13: adds the GPG key and policy.json to reload crio.
    from: 10,
    to: 13,
    source: `${mco} release-4.10 … release-4.13 calculatePostConfigChangeActionFromFileDiffs`,
    none: [paths.kubeletCA, paths.pullSecret],
    noneDirs: [],
    reloadCrio: [paths.registriesConf, paths.gpgKey, paths.policyJson],
    reloadCrioDirs: [],
    restartCrio: [],
    lastCrioFileWins: true,
  },
  {
    // release-4.14, release-4.15: imageRegistryAuthFile (rpm-ostree.go) joins the None list, the
    // user CA bundle restarts crio, and each crio file overwrites `actions` (last one wins).
    from: 14,
    to: 15,
    source: `${mco} release-4.14, release-4.15 calculatePostConfigChangeActionFromFileDiffs`,
    none: [paths.kubeletCA, paths.internalRegistryPullSecret, paths.pullSecret],
    noneDirs: [],
    reloadCrio: [paths.registriesConf, paths.gpgKey, paths.policyJson],
    reloadCrioDirs: [],
    restartCrio: [paths.userCABundle],
    lastCrioFileWins: true,
  },
  {
    // release-4.16 calculatePostConfigChangeActionFromMCDiffs: directories by filepath.Dir(path)
    // exactly, so only direct children match; the pull-secret json is gone from the None list.
    from: 16,
    to: 16,
    source: `${mco} release-4.16 calculatePostConfigChangeActionFromMCDiffs`,
    none: [paths.kubeletCA, paths.pullSecret],
    noneDirs: [paths.nmstate],
    reloadCrio: [paths.registriesConf, paths.gpgKey, paths.policyJson],
    reloadCrioDirs: [paths.registriesD],
    restartCrio: [paths.userCABundle],
    lastCrioFileWins: false,
  },
];

export function legacyTable(minor: number): LegacyTable | undefined {
  return legacyTables.find((t) => minor >= t.from && minor <= t.to);
}

/** `filepath.Dir` for the absolute paths of a MachineConfig. */
function dirOf(p: string): string {
  const i = p.replace(/\/+$/, '').lastIndexOf('/');
  return i <= 0 ? '/' : p.slice(0, i);
}

/** What one file does under a legacy table (4.7 … 4.16); 'reboot' when it is in no list. */
export function legacyFileAction(path: string, t: LegacyTable): LegacyAction {
  if (t.none.includes(path) || t.noneDirs.includes(dirOf(path))) return 'none';
  if (t.reloadCrio.includes(path) || t.reloadCrioDirs.includes(dirOf(path))) return 'reload crio';
  if (t.restartCrio.includes(path)) return 'restart crio';
  return 'reboot';
}

// ---------------------------------------------------------------------------------------------
// NodeDisruptionPolicy defaults, 4.17+ (gate NodeDisruptionPolicy enabled by default in
// openshift/api release-4.17 features.go; TechPreview on 4.16).

type PolicyActionType =
  | 'None'
  | 'Reboot'
  | 'Drain'
  | 'Reload'
  | 'Restart'
  | 'DaemonReload'
  | 'Special';

export interface PolicyAction {
  type: PolicyActionType;
  /** For Reload and Restart. */
  service?: string;
}

export interface FilePolicy {
  path: string;
  actions: readonly PolicyAction[];
}

interface UnitPolicy {
  name: string;
  actions: readonly PolicyAction[];
}

export interface NodeDisruptionDefaults {
  from: number;
  source: string;
  files: readonly FilePolicy[];
  units: readonly UnitPolicy[];
  sshKey: readonly PolicyAction[];
}

const reloadCrio: PolicyAction = { type: 'Reload', service: 'crio.service' };
const restart = (service: string): PolicyAction => ({ type: 'Restart', service });
const updateCATrust = 'coreos-update-ca-trust.service';
const iriRegistry = 'iri-registry.service';

// openshift/machine-config-operator release-4.17 pkg/apihelpers/apihelpers.go defaultClusterPolicies
const defaults417: NodeDisruptionDefaults = {
  from: 17,
  source: `${mco} release-4.17 apihelpers.go defaultClusterPolicies`,
  files: [
    { path: paths.pullSecret, actions: [{ type: 'None' }] },
    { path: paths.gpgKey, actions: [reloadCrio] },
    { path: paths.policyJson, actions: [reloadCrio] },
    // Special: a CRI-O reload, with a drain unless the change is "safe" (drain.go).
    { path: paths.registriesConf, actions: [{ type: 'Special' }] },
    { path: paths.registriesD, actions: [reloadCrio] },
    { path: paths.nmstate, actions: [{ type: 'None' }] },
    // The user CA bundle: restart update-ca-trust, then restart crio.
    { path: paths.userCABundle, actions: [restart(updateCATrust), restart('crio.service')] },
    // Note: /etc/kubernetes/kubelet-ca.crt has no default policy (it is no longer rendered into
    // MachineConfigs on 4.17; the certificate writer puts it on disk), so a diff in it reboots.
  ],
  units: [],
  sshKey: [{ type: 'None' }],
};

// release-4.18 defaultClusterPolicies adds /etc/crio/policies: reload crio.
const defaults418: NodeDisruptionDefaults = {
  from: 18,
  source: `${mco} release-4.18 apihelpers.go defaultClusterPolicies`,
  files: [...defaults417.files, { path: paths.crioPolicies, actions: [reloadCrio] }],
  units: [],
  sshKey: defaults417.sshKey,
};

// release-4.22 defaultClusterPolicies adds the kubelet credential providers and the IRI registry.
// The unit name, its actions and the three IRI file policies are as release-4.22 apihelpers.go
// and pkg/daemon/constants/constants.go (IRIRegistry*) have them
// (docs/domain/rendered-configs.md, "NodeDisruptionPolicy (4.17+)").
const defaults422: NodeDisruptionDefaults = {
  from: 22,
  source: `${mco} release-4.22 apihelpers.go defaultClusterPolicies`,
  files: [
    ...defaults418.files,
    { path: paths.credentialProviders, actions: [restart('kubelet.service')] },
    {
      path: paths.kubeletCredentialProviderDropin,
      actions: [{ type: 'DaemonReload' }, restart('kubelet.service')],
    },
    { path: paths.iriRegistryConfig, actions: [restart(iriRegistry)] },
    { path: paths.iriLoadImageScript, actions: [restart(iriRegistry)] },
    { path: paths.iriRootCA, actions: [restart(updateCATrust)] },
  ],
  units: [{ name: iriRegistry, actions: [{ type: 'DaemonReload' }, restart(iriRegistry)] }],
  sshKey: defaults417.sshKey,
};

const nodeDisruptionDefaults: readonly NodeDisruptionDefaults[] = [
  defaults417,
  defaults418,
  defaults422,
];

export function defaultsFor(minor: number): NodeDisruptionDefaults | undefined {
  return [...nodeDisruptionDefaults].reverse().find((d) => minor >= d.from);
}

/**
 * `FindClosestFilePolicyPathMatch` (pkg/controller/common/helpers.go, 4.17+): the policy whose
 * path equals the file or is a directory above it (`IsSubdirectory`, any depth); the longest wins.
 */
export function closestFilePolicy(
  path: string,
  policies: readonly FilePolicy[],
): FilePolicy | undefined {
  let best: FilePolicy | undefined;
  for (const p of policies) {
    const dir = p.path.replace(/\/+$/, '') + '/';
    if ((path === p.path || path.startsWith(dir)) && p.path.length > (best?.path.length ?? 0)) {
      best = p;
    }
  }
  return best;
}

/** "restart kubelet", "reload crio", "daemon-reload". */
export function describeAction(a: PolicyAction): string {
  const svc = (a.service ?? '').replace(/\.service$/, '');
  switch (a.type) {
    case 'Reload':
      return `reload ${svc}`;
    case 'Restart':
      return `restart ${svc}`;
    case 'DaemonReload':
      return 'daemon-reload';
    case 'Special':
      return 'reload crio';
    case 'Drain':
      return 'drain';
    case 'Reboot':
      return 'reboot';
    case 'None':
      return 'none';
  }
}
