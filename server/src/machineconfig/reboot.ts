/**
 * What the machine-config daemon does on a node for a config change, by release: its "post
 * config change action" (MCO `pkg/daemon/update.go`, mco-domain 4.5). OS image, kernel
 * arguments, FIPS, kernel type, extensions and any systemd unit or dropin always reboot; a few
 * files are allowlisted per release; every other file reboots.
 */

export type RebootAction = 'none' | 'reload crio' | 'restart crio' | 'reboot';

export interface RebootDecision {
  action: RebootAction;
  /** The release whose rules were applied, e.g. "4.12". */
  rules: string;
  reasons: string[];
}

/** The parts of a change the daemon looks at. */
export interface ChangeForReboot {
  osImage: boolean;
  extensionsImage: boolean;
  kernelArguments: boolean;
  extensions: boolean;
  fips: boolean;
  kernelType: boolean;
  /** Units (and units of changed dropins) added, removed or changed. */
  units: string[];
  /** File paths added, removed or changed. */
  files: string[];
}

/** Used when neither the caller nor the configs say the release: the newest rules we know. */
export const defaultRulesMinor = 16;

const order: RebootAction[] = ['none', 'reload crio', 'restart crio', 'reboot'];

export function fileAction(path: string, minor: number): RebootAction {
  if (minor <= 6) return 'reboot';
  if (path === '/etc/kubernetes/kubelet-ca.crt' || path === '/var/lib/kubelet/config.json') {
    return 'none';
  }
  if (minor >= 16 && path.startsWith('/etc/nmstate/openshift/')) return 'none';
  if (path === '/etc/containers/registries.conf') return 'reload crio';
  if (
    minor >= 10 &&
    (path === '/etc/machine-config-daemon/no-reboot/containers-gpg.pub' ||
      path === '/etc/containers/policy.json')
  ) {
    return 'reload crio';
  }
  if (minor >= 16 && path.startsWith('/etc/containers/registries.d/')) return 'reload crio';
  if (
    minor >= 14 &&
    path === '/etc/pki/ca-trust/source/anchors/openshift-config-user-ca-bundle.crt'
  )
    return 'restart crio';
  return 'reboot';
}

export function decideReboot(change: ChangeForReboot, releaseMinor?: number): RebootDecision {
  const minor = releaseMinor ?? defaultRulesMinor;
  const rules = `4.${minor}`;
  const reasons: string[] = [];
  let action: RebootAction = 'none';
  const raise = (a: RebootAction, why: string) => {
    if (order.indexOf(a) > order.indexOf(action)) action = a;
    reasons.push(why);
  };
  if (releaseMinor === undefined) {
    reasons.push(`release unknown: the ${rules} rules are applied`);
  }
  const always = (what: string) => `${what} changed — always reboots`;
  if (change.osImage) raise('reboot', always('OS image (osImageURL)'));
  if (change.extensionsImage) {
    raise('reboot', always('OS extensions image (baseOSExtensionsContainerImage)'));
  }
  if (change.kernelArguments) raise('reboot', always('kernel arguments'));
  if (change.extensions) raise('reboot', always('extensions'));
  if (change.fips) raise('reboot', always('fips'));
  if (change.kernelType) raise('reboot', always('kernelType'));
  if (change.units.length > 0) {
    raise('reboot', `systemd units changed: ${change.units.join(', ')} — units always reboot`);
  }
  const byAction = new Map<RebootAction, string[]>();
  for (const f of change.files) {
    const a = fileAction(f, minor);
    byAction.set(a, [...(byAction.get(a) ?? []), f]);
  }
  for (const a of order) {
    const paths = byAction.get(a);
    if (!paths) continue;
    const list = paths.join(', ');
    if (a === 'reboot') {
      raise(
        a,
        minor <= 6
          ? `files changed: ${list} — on ${rules} every file change reboots`
          : `files changed: ${list} — not in the ${rules} no-reboot lists, so they reboot`,
      );
    } else if (a === 'none') {
      raise(a, `files changed: ${list} — applied without reboot or drain on ${rules}`);
    } else {
      const drain = minor === 7 && a === 'reload crio' ? ' (with a drain on 4.7)' : '';
      raise(a, `files changed: ${list} — CRI-O is ${a.split(' ')[0]}ed${drain} on ${rules}`);
    }
  }
  if (change.files.length === 0 && change.units.length === 0 && action === 'none') {
    reasons.push('nothing the machine-config daemon acts on changed');
  }
  if (minor >= 17) {
    reasons.push(
      'a NodeDisruptionPolicy (MachineConfiguration cluster) can override these actions from 4.17',
    );
  }
  return { action, rules, reasons };
}
