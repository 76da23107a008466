/**
 * `recommend` (issue 29): what `oc adm upgrade recommend` says of a cluster (openshift/oc
 * `pkg/cli/admin/upgrade/recommend/`, read at 6b8e30c5), from its must-gather: the ClusterVersion's
 * conditions of concern, the alert precheck from the Prometheus rules the gather saved, the
 * updates by minor with their risks (Upgradeable=False injected into later minors as oc does), a
 * target's verdict against `--accept`; and what oc cannot see from the API, from the gather.
 * Pure. docs/domain/recommend.md says where each rule comes from.
 */
import type { Location } from '../core/finding';
import type {
  RecommendCheck,
  Recommendation,
  RecommendTarget,
  UpdateOption,
  UpdateRiskView,
} from '../core/recommend';
import type { Alert } from '../model/alerts';
import type { ConditionalUpdate, UpdateRelease } from '../model/clusterVersion';
import { findCondition } from '../model/condition';
import { parseRelease } from '../model/release';
import type { Condition } from '../model/condition';
import { recommendGatherChecks } from './recommendGather';
import type { Snapshot } from '../model/snapshot';

export interface RecommendOptions {
  /** `--version`: the verdict on one target. */
  version?: string;
  /** `--accept`: the concerns accepted, by accept name. */
  accept?: readonly string[];
  /** `--show-outdated-releases`: every release of a minor listed, none outdated (oc hides none). */
  showOutdatedReleases?: boolean;
}

/** Releases shown per minor before "And N older …" (oc shows the first two after sorting). */
const shownPerMinor = 2;

/** The ClusterVersion's conditions oc reads before anything else, and ours beside them. */
function clusterConditions(s: Snapshot): RecommendCheck[] {
  const cv = s.clusterVersion;
  if (!cv) return [];
  const conds = cv.conditions;
  const out: RecommendCheck[] = [];
  const failing = findCondition(conds, 'Failing');
  if (!failing) {
    out.push({
      name: 'Failing',
      status: 'Unknown',
      reason: 'NotReported',
      message: 'No current Failing info, see `oc describe clusterversion` for more details.',
      acceptName: 'Failing',
      level: 'warning',
      evidence: cv.at('status', 'conditions'),
    });
  } else if (failing.status !== 'False') {
    out.push(concern(failing, 'Failing', failing.status === 'True' ? 'error' : 'warning'));
  }
  const progressing = findCondition(conds, 'Progressing');
  // Its message as the ClusterVersion has it: oc's framing sentence is the text front end's.
  if (progressing?.status === 'True' && progressing.message !== '') {
    out.push(concern(progressing, 'Progressing', 'info'));
  }
  const retrieved = findCondition(conds, 'RetrievedUpdates');
  if (retrieved && retrieved.status !== 'True') {
    out.push(concern(retrieved, 'CannotRetrieveUpdates', 'warning'));
  }
  // Not read by oc: a refused payload, an invalid spec.
  const accepted = findCondition(conds, 'ReleaseAccepted');
  if (accepted?.status === 'False') out.push(concern(accepted, 'ReleaseNotAccepted', 'warning'));
  const invalid = findCondition(conds, 'Invalid');
  if (invalid?.status === 'True') out.push(concern(invalid, 'Invalid', 'error'));
  return out;
}

function concern(c: Condition, acceptName: string, level: RecommendCheck['level']): RecommendCheck {
  return {
    name: c.type,
    status: c.status === 'True' || c.status === 'False' ? c.status : 'Unknown',
    reason: c.reason,
    message: c.message,
    acceptName,
    level,
    evidence: c.location,
  };
}

/** oc's alert categories, first match wins; a critical alert is critical whatever its name. */
interface AlertCategory {
  name: string;
  matches: (a: Alert) => boolean;
  impact: string;
  /** The "no concern" message when nothing of it fires; oc has none for virtualization. */
  happy?: string;
}

const slowsRollingUpdates = 'which may slow workload redistribution during rolling node updates';

const categories: AlertCategory[] = [
  {
    name: 'CriticalAlerts',
    matches: (a) => a.severity === 'critical',
    impact: 'suggesting significant cluster issues worth investigating',
    happy: 'No critical alerts firing.',
  },
  {
    name: 'PodDisruptionBudgetAlerts',
    matches: (a) => a.name === 'PodDisruptionBudgetAtLimit',
    impact: 'which might slow node drains',
    happy: 'No PodDisruptionBudget alerts firing.',
  },
  {
    name: 'PodImagePullAlerts',
    matches: (a) => a.name === 'KubeContainerWaiting',
    impact: slowsRollingUpdates,
    happy: 'No Pod container image pull alerts firing.',
  },
  {
    name: 'NodeAlerts',
    matches: (a) =>
      [
        'KubeletHealthState',
        'KubeNodeNotReady',
        'KubeNodeReadinessFlapping',
        'KubeNodeUnreachable',
      ].includes(a.name),
    impact: slowsRollingUpdates,
    happy: 'No Node alerts firing.',
  },
  {
    name: 'UpdatePrecheckAlerts',
    matches: (a) => a.labels.openShiftUpdatePrecheck === 'true',
    impact: 'suggesting issues worth investigating before updating the cluster',
    happy: 'No alerts with the openShiftUpdatePrecheck label true are firing.',
  },
  {
    name: 'VirtAlerts',
    matches: (a) => ['VirtHandlerDaemonSetRolloutFailing', 'VMCannotBeEvicted'].includes(a.name),
    impact: slowsRollingUpdates,
  },
];

/** What oc says of one alert: its summary, description and runbook. */
function alertDetails(a: Alert): string {
  let summary = a.summary || a.name;
  if (!summary.endsWith('.')) summary += '.';
  const texts = [a.description, a.message].filter((t): t is string => !!t);
  const description =
    texts.length > 0
      ? ` The alert description is: ${texts.join(' | ')}`
      : ' The alert has no description.';
  const runbook = a.runbook || '<alert does not have a runbook_url annotation>';
  const pdb =
    a.name === 'PodDisruptionBudgetAtLimit' || a.name === 'PodDisruptionBudgetLimit'
      ? `Namespace=${a.namespace ?? ''}, PodDisruptionBudget=${a.labels.poddisruptionbudget ?? ''}. `
      : '';
  return `${pdb}${summary}${description} ${runbook}`;
}

/**
 * The alert precheck: one check per firing alert of a category (`recommended/<Category>/<alert>/<i>`,
 * `i` counting every categorised alert), one `True` check per category with nothing firing, or one
 * `Unknown` when the gather saved no Prometheus rules.
 */
export function alertChecks(
  alerts: readonly Alert[],
  alertFiles: readonly string[],
): RecommendCheck[] {
  if (alertFiles.length === 0) {
    return [
      {
        name: 'recommended/Alerts',
        status: 'Unknown',
        reason: 'NoAlertData',
        message:
          'The must-gather holds no monitoring/prometheus/rules.json (gather_monitoring did not run or failed), so the firing alerts oc checks are not known.',
        acceptName: 'NoAlertData',
        level: 'warning',
      },
    ];
  }
  const out: RecommendCheck[] = [];
  const fired = new Set<string>();
  let i = 0;
  for (const a of alerts) {
    if (!a.name || a.state !== 'firing') continue;
    const cat = categories.find((c) => c.matches(a));
    if (!cat) continue;
    fired.add(cat.name);
    // A critical PodDisruptionBudgetLimit speaks for the budget category too.
    if (a.name === 'PodDisruptionBudgetLimit') fired.add('PodDisruptionBudgetAlerts');
    out.push({
      name: `recommended/${cat.name}/${a.name}/${i++}`,
      status: 'False',
      reason: `Alert:${a.state}`,
      message: `${a.severity ?? ''} alert ${a.name} ${a.state}, ${cat.impact}. ${alertDetails(a)}`,
      acceptName: a.name,
      level: a.severity === 'critical' ? 'error' : 'warning',
      evidence: a.location,
    });
  }
  for (const c of categories) {
    if (!c.happy || fired.has(c.name)) continue;
    out.push({
      name: `recommended/${c.name}`,
      status: 'True',
      reason: 'AsExpected',
      message: c.happy,
      level: 'info',
    });
  }
  return out;
}

interface Candidate {
  release: UpdateRelease;
  risks: UpdateRiskView[];
  recommended?: { status: string; reason: string; message: string };
  evidence: Location;
}

/** A release as `[major, minor, patch]` (`model/release.ts` parses it), for ordering and buckets. */
function versionParts(v: string): [number, number, number] | undefined {
  const r = parseRelease(v);
  return r && [r.major, r.minor, r.patch];
}

/** SemVer precedence, newest first (oc sorts with blang/semver), so `okd-scos.17` is above `okd-scos.9`. */
function newerFirst(a: string, b: string): number {
  const x = versionParts(a) ?? [0, 0, 0];
  const y = versionParts(b) ?? [0, 0, 0];
  for (let i = 0; i < 3; i++) if (x[i] !== y[i]) return y[i]! - x[i]!;
  return comparePrerelease(prerelease(b), prerelease(a));
}

/** The pre-release identifiers (`4.19.0-okd-scos.16` → `okd-scos`, `16`), build metadata dropped. */
function prerelease(v: string): string[] {
  const m = /^\d+\.\d+\.\d+(?:-([0-9A-Za-z.-]+))?/.exec(v.split('+')[0] ?? '');
  return m?.[1] ? m[1].split('.') : [];
}

/** SemVer 2.0.0 §11: a release above its pre-releases; numeric identifiers numerically, below alphanumeric ones. */
function comparePrerelease(a: string[], b: string[]): number {
  if (a.length === 0 || b.length === 0) return b.length - a.length;
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    const [p, q] = [a[i]!, b[i]!];
    if (p === q) continue;
    const [np, nq] = [/^\d+$/.test(p), /^\d+$/.test(q)];
    if (np && nq) return Number(p) - Number(q);
    if (np !== nq) return np ? -1 : 1;
    return p < q ? -1 : 1;
  }
  return a.length - b.length;
}

/** oc's link for Upgradeable=False on the docs of the current minor. */
function upgradeableUrl(major: number, minor: number): string {
  const base = `https://docs.openshift.com/container-platform/${major}.${minor}/updating`;
  return minor <= 13
    ? `${base}/index.html#understanding_clusteroperator_conditiontypes_updating-clusters-overview`
    : `${base}/preparing_for_updates/updating-cluster-prepare.html#cluster-upgradeable_updating-cluster-prepare`;
}

/**
 * The candidates: conditional updates, then available ones not already among them (by image);
 * Upgradeable=False as a risk on every later minor or major, folded into its Recommended
 * condition as oc folds it.
 */
function candidates(s: Snapshot): Candidate[] {
  const cv = s.clusterVersion;
  if (!cv) return [];
  const conditional = cv.conditionalUpdates;
  const images = new Set(conditional.map((c) => c.release.image).filter((i) => i !== ''));
  const list: Candidate[] = [
    ...conditional.map((c: ConditionalUpdate) => ({
      release: c.release,
      risks: c.risks,
      ...(c.recommended
        ? {
            recommended: {
              status: c.recommended.status,
              reason: c.recommended.reason,
              message: c.recommended.message,
            },
          }
        : {}),
      evidence: c.location,
    })),
    ...cv.availableUpdates
      .filter((u) => u.image === '' || !images.has(u.image))
      .map((u) => ({ release: u, risks: [], evidence: u.location })),
  ].filter((c) => versionParts(c.release.version) !== undefined);

  const upgradeable = findCondition(cv.conditions, 'Upgradeable');
  const current = versionParts(cv.desiredVersion ?? '');
  if (upgradeable?.status === 'False' && current) {
    for (const c of list) {
      const [major, minor] = versionParts(c.release.version)!;
      const later = major > current[0] || (major === current[0] && minor > current[1]);
      if (!later || c.risks.some((r) => r.message.includes(upgradeable.message))) continue;
      c.risks = [
        ...c.risks,
        {
          name: 'UpgradeableFalse',
          message: upgradeable.message,
          url: upgradeableUrl(current[0], current[1]),
        },
      ];
      const was = c.recommended;
      c.recommended =
        !was || was.status === 'True'
          ? { status: 'False', reason: upgradeable.reason, message: upgradeable.message }
          : {
              status: 'False',
              reason: 'MultipleReasons',
              message: `${upgradeable.message}\n\n${was.message}`,
            };
    }
  }
  return list;
}

/** Recommended unless it has risks and its Recommended condition is not True (oc's test). */
function verdict(c: Candidate): { recommended: boolean; reason?: string; message?: string } {
  if (c.risks.length === 0 || c.recommended?.status === 'True') return { recommended: true };
  if (c.recommended) return { recommended: false, ...c.recommended };
  return {
    recommended: false,
    reason: 'NoConditions',
    message: `Conditional update to ${c.release.version} has risks (${c.risks.map((r) => r.name).join(', ')}), but no conditions.`,
  };
}

function updateOptions(
  list: Candidate[],
  showOutdated: boolean,
): {
  updates: UpdateOption[];
  olderHidden: Record<string, number>;
} {
  const sorted = [...list].sort((a, b) => newerFirst(a.release.version, b.release.version));
  const seen = new Map<string, number>();
  const updates = sorted.map((c): UpdateOption => {
    const [major, minor] = versionParts(c.release.version)!;
    const key = `${major}.${minor}`;
    const n = seen.get(key) ?? 0;
    seen.set(key, n + 1);
    const v = verdict(c);
    return {
      version: c.release.version,
      image: c.release.image,
      url: c.release.url,
      minor: key,
      recommended: v.recommended,
      ...(v.reason !== undefined ? { reason: v.reason } : {}),
      ...(v.message !== undefined ? { message: v.message } : {}),
      risks: c.risks,
      outdated: !showOutdated && n >= shownPerMinor,
      evidence: c.evidence,
    };
  });
  const olderHidden: Record<string, number> = {};
  if (!showOutdated)
    for (const [k, n] of seen) if (n > shownPerMinor) olderHidden[k] = n - shownPerMinor;
  return { updates, olderHidden };
}

/** oc's `--version` verdict: found or why not, and the concerns `--accept` leaves open. */
function targetOf(
  version: string,
  current: string | undefined,
  updates: UpdateOption[],
  conditions: readonly RecommendCheck[],
  checks: readonly RecommendCheck[],
  accept: readonly string[],
): RecommendTarget {
  const parts = versionParts(version);
  const found = updates.find((u) => u.version === version);
  if (!found) {
    const sameMajor = parts && updates.some((u) => versionParts(u.version)?.[0] === parts[0]);
    const sameMinor = parts && updates.some((u) => u.minor === `${parts[0]}.${parts[1]}`);
    const notFound =
      updates.length === 0
        ? `no updates available, so cannot display context for the requested release ${version}`
        : !sameMajor
          ? `no updates to ${parts?.[0] ?? version} available, so cannot display context for the requested release ${version}`
          : !sameMinor
            ? `no updates to ${parts![0]}.${parts![1]} available, so cannot display context for the requested release ${version}`
            : `no update to ${version} available, so cannot display context for the requested release`;
    return { version, found: false, risks: [], unaccepted: [], accepted: [], notFound };
  }
  // Every condition listed is a concern (its status is the ClusterVersion's); a check is one
  // unless True, and one that only a later minor meets not for a z-stream.
  const now = versionParts(current ?? '');
  const zStream = !!now && !!parts && now[0] === parts[0] && now[1] === parts[1];
  const issues = new Set(
    [
      ...conditions,
      ...checks.filter((c) => c.status !== 'True' && !(zStream && c.laterMinorOnly)),
    ].flatMap((c) => (c.acceptName ? [c.acceptName] : [])),
  );
  if (!found.recommended) issues.add('ConditionalUpdateRisk');
  const all = [...issues].sort();
  return {
    version,
    found: true,
    recommended: found.recommended,
    ...(found.reason !== undefined ? { reason: found.reason } : {}),
    ...(found.message !== undefined ? { message: found.message } : {}),
    image: found.image,
    url: found.url,
    risks: found.risks,
    unaccepted: all.filter((i) => !accept.includes(i)),
    accepted: all.filter((i) => accept.includes(i)),
  };
}

/**
 * The recommendation for one must-gather.
 * @param alertFiles the Prometheus answers the gather saved (`rules.json`, `alerts.json`): none
 *   makes the alert precheck Unknown.
 */
export function recommendOf(
  s: Snapshot,
  alertFiles: readonly string[],
  o: RecommendOptions = {},
): Recommendation {
  const cv = s.clusterVersion;
  const conditions = clusterConditions(s);
  const checks = [
    ...alertChecks(s.alerts, alertFiles),
    ...recommendGatherChecks(s, alertFiles.length),
  ];
  const { updates, olderHidden } = updateOptions(candidates(s), o.showOutdatedReleases === true);
  const channel = cv?.channel;
  const upstream = cv?.upstream;
  const version = cv?.desiredVersion;
  return {
    ...(version ? { version } : {}),
    ...(channel ? { channel } : {}),
    availableChannels: cv?.availableChannels ?? [],
    ...(upstream ? { upstream } : {}),
    clusterConditions: conditions,
    checks,
    updates,
    olderHidden,
    target:
      o.version !== undefined
        ? targetOf(o.version, version, updates, conditions, checks, o.accept ?? [])
        : null,
  };
}
