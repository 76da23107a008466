/**
 * hostedcluster-update-blocked: a hosted cluster's control plane cannot take (or finish taking)
 * its release. The HyperShift operator stops on the first false gate and says so in
 * `Progressing=False` reason `Blocked` ("<Type> condition is false: <message>"): a release image
 * it cannot use (`ValidReleaseImage`), a minor update while the guest's cluster-version operator
 * says `ClusterVersionUpgradeable=False`, paused reconciliation (`ReconciliationActive`), an
 * invalid or unsupported configuration. Sources: hypershift `hostedcluster_controller.go`
 * (`isProgressing`, the upgrade gate), `support/supportedversion/version.go`.
 */
import { newerMinor } from '../model/release';
import { quoteMaxLength } from '../core/finding';
import { clip } from '../core/text';
import { findCondition } from '../model/condition';
import type { Condition } from '../model/condition';
import type { HostedCluster } from '../model/hosted';
import { versionOfImage } from '../model/assessment/hosted';
import type { Snapshot } from '../model/snapshot';
import { fit, heldFor, paragraphs } from './common/words';
import { assessmentOf, finding, rel } from './rule';
import type { Rule, RuleContext } from './rule';

/** The gates in the order the operator checks them, each with what it means. */
const gates: readonly { type: string; bad: string; severity: 'error' | 'warning'; why: string }[] =
  [
    {
      type: 'ValidReleaseImage',
      bad: 'False',
      severity: 'error',
      why: 'the HyperShift operator cannot use the release image: it cannot be pulled or read, or its version is outside the range this operator supports (its ConfigMap `hypershift/supported-versions`), or it is a minor downgrade.',
    },
    {
      type: 'ClusterVersionUpgradeable',
      bad: 'False',
      severity: 'error',
      why: "the guest's cluster-version operator says the cluster cannot move to the next minor (its `Upgradeable=False`, copied as it is): the operator does not start a minor update unless the annotation `hypershift.openshift.io/force-upgrade-to` names the exact image. Patch updates are not held.",
    },
    {
      type: 'ReconciliationActive',
      bad: 'False',
      severity: 'warning',
      why: 'reconciliation is paused (`spec.pausedUntil`): the operator changes nothing of the control plane until the time passes or the field is removed.',
    },
    {
      type: 'ValidConfiguration',
      bad: 'False',
      severity: 'error',
      why: "the HostedCluster's configuration does not pass validation: the operator does not reconcile it.",
    },
    {
      type: 'SupportedHostedCluster',
      bad: 'False',
      severity: 'error',
      why: "this HyperShift operator's configuration does not support the HostedCluster.",
    },
  ];

export const hostedClusterUpdateBlocked: Rule = {
  meta: {
    id: 'hostedcluster-update-blocked',
    defaultSeverity: 'error',
    levels:
      'error (an invalid release, a minor update held by Upgradeable=False, an invalid or unsupported configuration) / warning (paused reconciliation)',
    description:
      "a hosted cluster's control plane cannot take its release: the HyperShift operator stops at a false gate",
    explanation:
      "the HostedCluster's `Progressing=False` `Blocked`, or the gate behind it: an unusable release image, a minor update while the guest's `ClusterVersionUpgradeable=False` (and whether the force-upgrade annotation names the image), paused reconciliation, an invalid or unsupported configuration.",
    impact: 'Update Stalled',
    reads: ['HostedCluster', 'ClusterOperator'],
  },
  check(s: Snapshot, context: RuleContext) {
    const hc = s.hosted?.cluster;
    if (!hc) return [];
    const now = assessmentOf(s, context).now;
    const progressing = hc.condition('Progressing');
    const blocked = progressing?.status === 'False' && progressing.reason === 'Blocked';
    const updating = requestedUpdate(hc);
    for (const g of gates) {
      const c = hc.condition(g.type);
      if (c?.status !== g.bad) continue;
      // Upgradeable=False holds only a minor update that was asked for.
      if (g.type === 'ClusterVersionUpgradeable' && !(blocked || updating?.minor)) continue;
      return [gateFinding(s, hc, g, c, progressing, updating, now)];
    }
    if (blocked && progressing) {
      const message = fit(
        `The update of HostedCluster ${hc.name} is blocked: ${clip(progressing.message, 140)}`,
        `The update of HostedCluster ${hc.name} is blocked`,
      );
      const f = finding(
        hostedClusterUpdateBlocked,
        hc.subject,
        progressing.location,
        {
          message,
          detail: paragraphs(`\`Progressing=False\`, reason \`Blocked\`: ${progressing.message}`),
        },
        [],
        'error',
        progressing.lastTransitionTime,
      );
      f.quote = clip(progressing.message, quoteMaxLength);
      return [f];
    }
    return [];
  },
};

interface RequestedUpdate {
  from?: string;
  to?: string;
  /** A minor update (4.18 to 4.19): what Upgradeable=False holds. */
  minor: boolean;
}

/** The release asked for (`spec.release.image`) against the one the control plane runs. */
function requestedUpdate(hc: HostedCluster): RequestedUpdate | undefined {
  const image = hc.releaseImage;
  if (!image || image === hc.desiredImage) return undefined;
  const to = versionOfImage(image);
  const from = hc.completedVersion;
  const minor = newerMinor(to, from);
  return { ...(from ? { from } : {}), ...(to ? { to } : {}), minor };
}

function gateFinding(
  s: Snapshot,
  hc: HostedCluster,
  g: (typeof gates)[number],
  c: Condition,
  progressing: Condition | undefined,
  updating: RequestedUpdate | undefined,
  now: Date | undefined,
): ReturnType<typeof finding> {
  // Upgradeable=False may be older than the request: the update is held since it was asked for
  // (the HostedCluster turned Progressing=False Blocked then).
  const asked =
    g.type === 'ClusterVersionUpgradeable' && progressing?.reason === 'Blocked'
      ? progressing.lastTransitionTime
      : undefined;
  const heldSince =
    asked && (!c.lastTransitionTime || asked > c.lastTransitionTime) ? asked : c.lastTransitionTime;
  const since = heldFor(heldSince, now);
  const update = updating?.to ? ` to ${updating.to}` : '';
  const force = hc.annotation('hypershift.openshift.io/force-upgrade-to');
  const notUpgradeable =
    g.type === 'ClusterVersionUpgradeable'
      ? s.operators.filter((o) => findCondition(o.conditions, 'Upgradeable')?.status === 'False')
      : [];
  const message =
    g.type === 'ValidReleaseImage'
      ? fit(
          `HostedCluster ${hc.name} cannot use its release image${update}${since}: ${clip(c.message, 120)}`,
          `HostedCluster ${hc.name} cannot use its release image${update}${since}`,
        )
      : g.type === 'ClusterVersionUpgradeable'
        ? fit(
            `The minor update of HostedCluster ${hc.name}${update} is held: the guest cluster is not upgradeable${notUpgradeable.length ? ` (${notUpgradeable.map((o) => o.name).join(', ')})` : ''}`,
            `The minor update of HostedCluster ${hc.name}${update} is held: the guest cluster is not upgradeable`,
          )
        : g.type === 'ReconciliationActive'
          ? fit(
              `Reconciliation of HostedCluster ${hc.name} is paused${since}: ${clip(c.message, 120)}`,
            )
          : fit(
              `HostedCluster ${hc.name} is not reconciled${since}: ${g.type}=False (${c.reason})`,
            );
  const detail = paragraphs(
    `\`${g.type}=${c.status}\`${c.reason ? ` (\`${c.reason}\`)` : ''}: ${g.why}`,
    c.message ? `Its message: ${clip(c.message, 600)}` : undefined,
    updating?.to
      ? `\`spec.release.image\` asks for ${updating.to}${updating.from ? `; the control plane's newest completed version is ${updating.from}` : ''}.`
      : undefined,
    g.type === 'ClusterVersionUpgradeable'
      ? force
        ? `The annotation \`hypershift.openshift.io/force-upgrade-to\` is set to \`${force}\`: it lifts the gate only when it names the exact release image (\`${hc.releaseImage ?? '?'}\`)${force === hc.releaseImage ? ', which it does' : ', which it does not'}.`
        : 'Fix what the guest operators report as not upgradeable (their `Upgradeable` messages), or, knowing the risk, set `hypershift.openshift.io/force-upgrade-to: <release image>` on the HostedCluster.'
      : undefined,
  );
  const f = finding(
    hostedClusterUpdateBlocked,
    hc.subject,
    c.location,
    { message, detail },
    [
      progressing && progressing.reason === 'Blocked'
        ? rel(progressing.location, 'Progressing=False (Blocked)')
        : undefined,
      ...notUpgradeable.map((o) => {
        const u = findCondition(o.conditions, 'Upgradeable')!;
        return rel(u.location, `${o.name}: Upgradeable=False (${u.reason})`);
      }),
    ],
    g.severity,
    heldSince,
  );
  if (c.message) f.quote = clip(c.message, quoteMaxLength);
  return f;
}
