/**
 * The update assessment and insights of one analysed root as plain data (core/updateStatus),
 * with the evidence placed by file and line: what `status --format json` prints and what the
 * language server's update-status request answers.
 */
import type { Location } from '../core/finding';
import { pathDisplay } from '../core/paths';
import type { PathDisplay } from '../core/paths';
import { isoTime } from '../core/text';
import type {
  ControlPlaneReport,
  Evidence,
  NodeReport,
  RootStatusReport,
} from '../core/updateStatus';
import type { NodeStatus } from '../model/assessment';
import type { ParsedFile } from '../yaml/parse';
import { rangeIn } from '../yaml/positions';
import type { RootAnalysis } from './analyze';
import { causesOf } from './causes';
import type { Cause } from '../core/cause';
import type { HostedAssessment } from '../model/assessment/hosted';
import { describe } from '../model/condition';
import type { HostedReport } from '../core/updateStatus';

/**
 * @param base paths are made relative to it (`/`-separated); undefined keeps them absolute.
 * @param peek the parse of a file the analysis read, for line numbers.
 * @param causes the analysis' causes, when the caller keeps them (the language server does).
 */
/** RFC 3339 in UTC, with milliseconds only when the time has them (an alert's `activeAt`). */
function preciseTime(d: Date | undefined): string | null {
  if (!d) return null;
  return d.getUTCMilliseconds() === 0 ? isoTime(d) : d.toISOString();
}

export function statusReport(
  a: RootAnalysis,
  base: string | PathDisplay | undefined,
  peek: (file: string) => ParsedFile | undefined,
  causes: readonly Cause[] = causesOf(a.findings, a.snapshot),
): RootStatusReport {
  const path: PathDisplay =
    base === undefined ? (p) => p : typeof base === 'string' ? pathDisplay(base) : base;
  const place = (loc: Location): Evidence => ({
    file: path(loc.file),
    line: rangeIn(peek(loc.file), loc).start.line + 1,
  });
  const time = (d: Date | undefined) => (d ? isoTime(d) : null);
  const causeOfFinding = new Map(causes.flatMap((c) => c.findings.map((f) => [f, c.id] as const)));
  // An insight is a finding's, or the assessment's own about the ClusterVersion, which belongs
  // with the cause that holds the ClusterVersion back.
  const causeOf = (i: (typeof a.insights)[number]): string | undefined =>
    i.finding
      ? causeOfFinding.get(a.findings.indexOf(i.finding))
      : causes.find((c) => c.subjects.includes(i.subject))?.id;
  const node = (n: NodeStatus): NodeReport => ({
    name: n.name,
    pool: n.pool ?? null,
    assessment: n.assessment,
    phase: n.phase,
    unavailable: n.unavailable,
    estimate: n.estimate,
    version: n.version ?? null,
    currentConfig: n.currentConfig ?? null,
    desiredConfig: n.desiredConfig ?? null,
    message: n.message ?? null,
    since: time(n.since),
    ...place(n.evidence),
  });
  const cp = a.assessment.controlPlane;
  const controlPlane: ControlPlaneReport = {
    assessment: cp.assessment,
    reason: cp.reason,
    target: cp.target ?? null,
    from: cp.from ?? null,
    fromIncomplete: cp.fromIncomplete,
    lastCompleted: cp.lastCompleted ?? null,
    architecture: cp.architecture ?? null,
    startedAt: time(cp.startedAt),
    completedAt: time(cp.completedAt),
    durationSeconds: cp.durationSeconds ?? null,
    completionPercent: cp.completionPercent ?? null,
    operators: { ...cp.operators },
    estimate: cp.estimate ?? null,
    machineConfigImage: cp.machineConfigImage
      ? {
          reported: cp.machineConfigImage.reported,
          deployed: cp.machineConfigImage.deployed,
          pending: cp.machineConfigImage.pending,
          ...place(cp.machineConfigImage.evidence),
        }
      : null,
    updating: cp.updating.map((o) => ({
      name: o.name,
      since: time(o.since),
      message: o.message,
      ...place(o.evidence),
    })),
    health: {
      healthy: cp.health.healthy,
      unavailable: cp.health.unavailable,
      degraded: cp.health.degraded,
      unhealthy: cp.health.unhealthy.map((o) => ({
        name: o.name,
        condition: o.condition,
        since: time(o.since),
        message: o.message,
        ...place(o.evidence),
      })),
    },
    nodes: cp.nodes.map(node),
    requiredPoolsNotUpdated: [...cp.requiredPoolsNotUpdated],
    ...(cp.evidence ? place(cp.evidence) : {}),
  };
  const hosted = a.assessment.hosted;
  const dump = a.root.hosted?.dump;
  return {
    ...(hosted && dump ? { hosted: hostedReport(hosted, path(dump), place, time) } : {}),
    root: path(a.root.path),
    // To the millisecond where the gather has it: Update Health's SINCE truncates the difference.
    gatherTime: preciseTime(a.snapshot.gatherTime),
    summary: { ...a.summary, root: path(a.summary.root) },
    controlPlane,
    pools: a.assessment.pools.map((p) => ({
      name: p.name,
      required: p.required,
      paused: p.paused,
      assessment: p.assessment,
      completionPercent: p.completionPercent ?? null,
      counts: { ...p.counts },
      nodes: p.nodes.map(node),
      ...place(p.evidence),
    })),
    insights: a.insights.map((i) => ({
      level: i.level,
      impact: i.impact,
      since: preciseTime(i.since),
      message: i.message,
      rule: i.rule ?? null,
      subject: i.subject,
      cause: causeOf(i) ?? null,
      ...place(i.evidence),
    })),
    causes: causes.map((c) => {
      const root = a.findings[c.findings[0]!]!;
      return {
        id: c.id,
        title: c.title,
        level: c.level,
        root: { rule: root.rule, subject: root.subject },
        chain: (c.chain ?? []).map((l) => ({
          kind: l.kind,
          name: l.name,
          state: l.state,
          ...(l.location ? place(l.location) : {}),
        })),
      };
    }),
  };
}

/** The hosted cluster's part of the report, its evidence placed as the rest is. */
function hostedReport(
  h: HostedAssessment,
  management: string,
  place: (loc: Location) => Evidence,
  time: (d: Date | undefined) => string | null,
): HostedReport {
  const cp = h.controlPlane;
  const p = cp.progressing;
  return {
    management,
    controlPlane: {
      name: cp.name,
      namespace: cp.namespace,
      controlPlaneNamespace: cp.controlPlaneNamespace,
      platform: cp.platform ?? null,
      clusterID: cp.clusterID ?? null,
      version: cp.version ?? null,
      target: cp.target ?? null,
      state: cp.state ?? null,
      startedAt: time(cp.startedAt),
      completedAt: time(cp.completedAt),
      progressing:
        p && !(p.status === 'False' && p.reason === 'AsExpected')
          ? {
              status: p.status,
              reason: p.reason,
              message: p.message,
              since: time(p.lastTransitionTime),
            }
          : null,
      failing: cp.failing
        ? {
            reason: cp.failing.reason,
            message: cp.failing.message,
            since: time(cp.failing.lastTransitionTime),
          }
        : null,
      ...(cp.components
        ? {
            components: {
              version: cp.components.version,
              state: cp.components.state,
              since: time(cp.components.startedAt),
              ...place(cp.components.evidence),
            },
          }
        : {}),
      notRolledOut: cp.notRolledOut.map(({ name, condition: c }) => ({
        name,
        condition: describe(c),
        message: c.message,
        since: time(c.lastTransitionTime),
        ...place(c.location),
      })),
      ...place(cp.evidence),
    },
    nodePools: h.nodePools.map((n) => ({
      name: n.name,
      upgradeType: n.upgradeType ?? null,
      version: n.version ?? null,
      target: n.target ?? null,
      updating: n.updating,
      machines: { ...n.machines },
      ahead: n.ahead,
      message: n.message,
      since: time(n.since),
      ...place(n.evidence),
    })),
  };
}
