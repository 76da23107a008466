/**
 * What the machine-config daemon does on a node for a config change, by release: its "post
 * config change action" and whether it drains first (MCO `pkg/daemon/update.go`,
 * `pkg/daemon/drain.go`; docs/domain/rendered-configs.md). The tables are in
 * `nodeActions.ts`: legacy file lists through 4.16, NodeDisruptionPolicy defaults from 4.17.
 */
import { path as at } from '../model/access';
import type { Json } from '../model/access';
import {
  closestFilePolicy,
  defaultsFor,
  describeAction,
  legacyFileAction,
  legacyTable,
  paths,
} from './nodeActions';
import type { LegacyAction, NodeDisruptionDefaults, PolicyAction } from './nodeActions';

/**
 * 'none', 'reload crio', 'restart crio' or 'reboot'; from 4.17 the NodeDisruptionPolicy steps
 * joined, e.g. "restart coreos-update-ca-trust, then restart crio".
 */
export type RebootAction = string;

/** Whether the node is drained first; 'unless safe': only if the registries.conf change is not "safe". */
type DrainDecision = 'yes' | 'no' | 'unless safe';

export interface RebootDecision {
  action: RebootAction;
  /** The release whose rules were applied, e.g. "4.12". */
  rules: string;
  reasons: string[];
  drain?: DrainDecision;
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
  /** `passwd` (the core user's SSH keys) changed. */
  sshKeys?: boolean;
}

/** Used when neither the caller nor the configs say the release. */
const defaultRulesMinor = 16;

/** The release ranges whose rules differ, for "release unknown" (lowest minor of each). */
const ranges: { from: number; to?: number }[] = [
  { from: 6, to: 6 },
  { from: 7, to: 7 },
  { from: 8, to: 9 },
  { from: 10, to: 13 },
  { from: 14, to: 15 },
  { from: 16, to: 16 },
  { from: 17, to: 17 },
  { from: 18, to: 21 },
  { from: 22 },
];

/** True when the SSH keys (`spec.config.passwd`) of two MachineConfigs differ. */
export function sshKeysChanged(a: Json, b: Json): boolean {
  const get = (raw: Json) => JSON.stringify(at(raw, 'spec', 'config', 'passwd') ?? {});
  return get(a) !== get(b);
}

/** The action for one file path on a release (the NodeDisruptionPolicy defaults from 4.17). */
export function fileAction(path: string, minor: number): RebootAction {
  if (minor <= 6) return 'reboot';
  const legacy = legacyTable(minor);
  if (legacy) return legacyFileAction(path, legacy);
  const policy = closestFilePolicy(path, defaultsFor(minor)!.files);
  return policy ? joinSteps(policy.actions) : 'reboot';
}

export function decideReboot(change: ChangeForReboot, releaseMinor?: number): RebootDecision {
  const minor = releaseMinor ?? defaultRulesMinor;
  const d = decideFor(change, minor);
  if (releaseMinor === undefined) d.reasons.unshift(unknownRelease(change, d));
  return d;
}

function decideFor(change: ChangeForReboot, minor: number): RebootDecision {
  if (minor <= 6) return decide46(change);
  const defaults = defaultsFor(minor);
  const d = defaults ? decideByPolicy(change, minor, defaults) : decideLegacy(change, minor);
  if (minor === 16) {
    d.reasons.push(
      'on 4.16 with TechPreviewNoUpgrade the daemon uses NodeDisruptionPolicy instead (the 4.17 defaults, plus any policy in MachineConfiguration cluster)',
    );
  }
  if (minor >= 17) {
    d.reasons.push(
      'a NodeDisruptionPolicy in MachineConfiguration cluster (spec.nodeDisruptionPolicy) can override these defaults',
    );
  }
  return d;
}

/** "release unknown": the default's result, and what each other release range would do. */
function unknownRelease(change: ChangeForReboot, d: RebootDecision): string {
  const rangeName = (r: { from: number; to?: number }) =>
    r.to === undefined ? `4.${r.from}+` : r.to === r.from ? `4.${r.from}` : `4.${r.from}–4.${r.to}`;
  const groups: { from: number; to?: number; what: string }[] = [];
  for (const r of ranges) {
    const x = decideFor(change, r.from);
    const what =
      x.action +
      (x.drain === 'yes' ? ' (drain)' : x.drain === 'unless safe' ? ' (drain unless safe)' : '');
    const last = groups[groups.length - 1];
    if (last?.what === what) {
      if (r.to === undefined) delete last.to;
      else last.to = r.to;
    } else
      groups.push(r.to === undefined ? { from: r.from, what } : { from: r.from, to: r.to, what });
  }
  const head = `release unknown: the ${d.rules} rules are applied`;
  if (groups.length === 1) return `${head}; every release from 4.6 does the same`;
  return `${head}; by release: ${groups.map((g) => `${rangeName(g)} ${g.what}`).join('; ')}`;
}

const always = (what: string) => `${what} changed — always reboots`;

/** osImageURL, kernel arguments, fips, kernelType, extensions (and units up to 4.16). */
function alwaysReboot(change: ChangeForReboot, unitsToo: boolean): string[] {
  const out: string[] = [];
  if (change.osImage) out.push(always('OS image (osImageURL)'));
  if (change.kernelArguments) out.push(always('kernel arguments'));
  if (change.extensions) out.push(always('extensions'));
  if (change.fips) out.push(always('fips'));
  if (change.kernelType) out.push(always('kernelType'));
  if (unitsToo && change.units.length > 0) {
    out.push(`systemd units changed: ${change.units.join(', ')} — units always reboot`);
  }
  return out;
}

/**
 * `baseOSExtensionsContainerImage` has no field in `machineConfigDiff` (MCO release-4.12 … main,
 * pkg/daemon/update.go newMachineConfigDiff): the daemon uses the image only when it applies an
 * OS update, extensions or a kernel type change, so on its own it changes nothing.
 */
function extensionsImageReason(change: ChangeForReboot): string | undefined {
  if (!change.extensionsImage) return undefined;
  const users = [
    change.osImage ? 'osImageURL' : '',
    change.extensions ? 'extensions' : '',
    change.kernelType ? 'kernelType' : '',
  ].filter((x) => x);
  const what = 'OS extensions image (baseOSExtensionsContainerImage) changed';
  return users.length > 0
    ? `${what} — used because ${users.join(', ')} changed too`
    : `${what} — the daemon does not act on it alone (no field in its config diff); it is used only when osImageURL, extensions or kernelType change too`;
}

const sshReason =
  'SSH keys changed — the daemon writes the core user’s authorized keys; no reboot or drain for them';

function nothingReason(change: ChangeForReboot): string | undefined {
  const any =
    change.files.length + change.units.length > 0 ||
    change.osImage ||
    change.kernelArguments ||
    change.extensions ||
    change.fips ||
    change.kernelType;
  if (any || change.extensionsImage || change.sshKeys) return undefined;
  return 'no file, unit, SSH key or OS field differs, so the daemon has nothing to apply';
}

/** 4.6: update() drains and reboots for every config update, whatever changed (release-4.6). */
function decide46(change: ChangeForReboot): RebootDecision {
  const nothing = nothingReason(change);
  if (nothing) return { action: 'none', rules: '4.6', reasons: [nothing], drain: 'no' };
  return {
    action: 'reboot',
    rules: '4.6',
    drain: 'yes',
    reasons: ['on 4.6 every config update drains and reboots the node, whatever changed'],
  };
}

/** 4.7 … 4.16 (and first boot on later releases): the legacy lists. */
function decideLegacy(change: ChangeForReboot, minor: number): RebootDecision {
  const table = legacyTable(minor)!;
  const rules = `4.${minor}`;
  const reasons = alwaysReboot(change, true);
  const mustReboot = reasons.length > 0;
  const ext = extensionsImageReason(change);
  if (ext) reasons.push(ext);

  // The daemon's walk over the changed files (calculatePostConfigChangeActionFrom…Diffs).
  const byAction = new Map<LegacyAction, string[]>();
  let walked: LegacyAction = 'none';
  for (const f of change.files) {
    const a = legacyFileAction(f, table);
    byAction.set(a, [...(byAction.get(a) ?? []), f]);
    if (walked === 'reboot' || a === 'none') continue;
    if (a === 'reboot') walked = 'reboot';
    else if (a === 'restart crio') walked = 'restart crio';
    else if (walked === 'restart crio' && !table.lastCrioFileWins) continue;
    else walked = 'reload crio';
  }
  const crioOrderMatters =
    table.lastCrioFileWins && byAction.has('restart crio') && byAction.has('reload crio');
  const action: LegacyAction = mustReboot ? 'reboot' : walked;
  for (const a of ['reboot', 'restart crio', 'reload crio', 'none'] as const) {
    const list = byAction.get(a)?.join(', ');
    if (!list) continue;
    if (a === 'reboot') {
      reasons.push(`files changed: ${list} — not in the ${rules} no-reboot lists, so they reboot`);
    } else if (a === 'none') {
      reasons.push(`files changed: ${list} — applied without reboot or drain on ${rules}`);
    } else if (a === 'restart crio') {
      reasons.push(
        `files changed: ${list} — update-ca-trust runs, then CRI-O is restarted on ${rules}`,
      );
    } else {
      reasons.push(`files changed: ${list} — CRI-O is reloaded on ${rules}`);
    }
  }
  if (crioOrderMatters && action !== 'reboot') {
    // release-4.14/4.15: each crio file overwrites `actions`; the daemon walks the changed files
    // in Go map order (CalculateConfigFileDiffs), so either can come last.
    reasons.push(
      `on ${rules} the last crio file the daemon walks decides, in no fixed order: the result is reload crio or restart crio (the user CA bundle may then not get its restart); 4.16+ keeps the restart`,
    );
  }
  if (change.sshKeys) reasons.push(sshReason);
  const nothing = nothingReason(change);
  if (nothing) reasons.push(nothing);
  const drain = legacyDrain(action, change.files, minor);
  reasons.push(drainReason(drain, minor));
  return { action, rules, reasons, drain };
}

/**
 * 4.7 drains for reboot or reload crio (update.go). From 4.8 `isDrainRequired` (drain.go)
 * drains for a crio action only when registries.conf changed and the change is not "safe"
 * (`isSafeContainerRegistryConfChanges`).
 */
function legacyDrain(action: LegacyAction, files: string[], minor: number): DrainDecision {
  if (action === 'reboot') return 'yes';
  if (action === 'none') return 'no';
  if (minor === 7) return action === 'reload crio' ? 'yes' : 'no';
  return files.includes(paths.registriesConf) ? 'unless safe' : 'no';
}

function drainReason(drain: DrainDecision, minor: number): string {
  if (drain === 'yes') return `with a drain on 4.${minor}: the node is cordoned and drained first`;
  if (drain === 'no') return `no drain on 4.${minor}`;
  const override =
    minor >= 14
      ? '; the ConfigMap image-registry-override-drain in openshift-machine-config-operator skips it'
      : '';
  const special = minor >= 17 ? ' (registries.conf has the Special action)' : '';
  return `drain on 4.${minor}${special} only if the registries.conf change is not "safe" (safe: only mirrors added, digest-only mirroring, or unqualified-search-registries appended); not computed here${override}`;
}

/** 4.17+: `calculatePostConfigChangeNodeDisruptionActionFromMCDiffs` with the default policies. */
function decideByPolicy(
  change: ChangeForReboot,
  minor: number,
  defaults: NodeDisruptionDefaults,
): RebootDecision {
  const rules = `4.${minor}`;
  const reasons = alwaysReboot(change, false);
  const ext = extensionsImageReason(change);
  const mustReboot = reasons.length > 0;
  if (ext) reasons.push(ext);
  const steps: PolicyAction[] = [];
  let reboot = mustReboot;
  const nodefault = `${rules} NodeDisruptionPolicy defaults`;
  const noPolicyFiles: string[] = [];
  for (const f of change.files) {
    const p = closestFilePolicy(f, defaults.files);
    if (!p) {
      noPolicyFiles.push(f);
      continue;
    }
    const what = joinSteps(p.actions);
    const by = p.path === f ? '' : ` (policy ${p.path})`;
    reasons.push(
      what === 'none'
        ? `file changed: ${f} — applied without reboot or drain on ${rules}${by}`
        : `file changed: ${f} — ${what} on ${rules}${by}`,
    );
    steps.push(...p.actions);
  }
  if (noPolicyFiles.length > 0) {
    reboot = true;
    reasons.push(
      `files changed: ${noPolicyFiles.join(', ')} — no policy in the ${nodefault}, so they reboot`,
    );
  }
  const noPolicyUnits: string[] = [];
  for (const u of change.units) {
    const p = defaults.units.find((x) => x.name === u);
    if (!p) {
      noPolicyUnits.push(u);
      continue;
    }
    reasons.push(`systemd unit changed: ${u} — ${joinSteps(p.actions)} on ${rules}`);
    steps.push(...p.actions);
  }
  if (noPolicyUnits.length > 0) {
    reboot = true;
    reasons.push(
      `systemd units changed: ${noPolicyUnits.join(', ')} — no unit policy in the ${nodefault}, so they reboot`,
    );
  }
  if (change.sshKeys) {
    reasons.push(sshReason);
    steps.push(...defaults.sshKey);
  }
  const nothing = nothingReason(change);
  if (nothing) reasons.push(nothing);
  if (steps.some((s) => s.type === 'Reboot')) reboot = true;
  const action = reboot ? 'reboot' : joinSteps(steps);
  const drain: DrainDecision =
    reboot || steps.some((s) => s.type === 'Drain')
      ? 'yes'
      : steps.some((s) => s.type === 'Special')
        ? 'unless safe'
        : 'no';
  reasons.push(drainReason(drain, minor));
  return { action, rules, reasons, drain };
}

/** The steps in order, None dropped when anything else is there, repeats once. */
function joinSteps(actions: readonly PolicyAction[]): string {
  const words = [...new Set(actions.filter((a) => a.type !== 'None').map(describeAction))];
  return words.length === 0 ? 'none' : words.join(', then ');
}
