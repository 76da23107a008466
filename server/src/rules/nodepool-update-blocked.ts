/**
 * nodepool-update-blocked: a NodePool cannot start, or stops, rolling its workers to its release.
 * Its release must be usable and its minor no newer than the control plane's newest Completed
 * one (`ValidReleaseImage=False` with "the latest version supported is …": hypershift
 * `nodepool_controller.go` `getReleaseImage`), its config must render (`ValidMachineConfig`,
 * `ValidGeneratedPayload`), reconciliation must not be paused; an InPlace rollout stops on a
 * degraded node (`UpdatingVersion`/`UpdatingConfig` False `InplaceUpgradeFailed`). From 4.21
 * `SupportedVersionSkew=False` warns of a NodePool too far behind or ahead.
 */
import { newerMinor } from '../model/release';
import { quoteMaxLength } from '../core/finding';
import { clip } from '../core/text';
import { versionOfImage } from '../model/assessment/hosted';
import type { Condition } from '../model/condition';
import { inPlaceSetOf } from '../model/hosted';
import type { HostedPart, NodePool } from '../model/hosted';
import type { Finding } from '../core/finding';
import type { Snapshot } from '../model/snapshot';
import { fit, heldFor, paragraphs } from './common/words';
import { assessmentOf, finding, rel } from './rule';
import type { Rule, RuleContext } from './rule';

interface Gate {
  type: string;
  /** Whether the condition, as read, is this gate's failure. */
  failed: (c: Condition) => boolean;
  severity: 'error' | 'warning';
  what: (p: NodePool, c: Condition) => string;
  why: string;
}

const gates: readonly Gate[] = [
  {
    type: 'ValidReleaseImage',
    failed: (c) => c.status === 'False',
    severity: 'error',
    what: (p) => `NodePool ${p.name} cannot use its release image`,
    why: "the NodePool's release cannot be used: it cannot be read, or its minor is newer than the control plane's newest Completed minor (a NodePool never runs ahead of its control plane: update the control plane first, and wait for its history to say Completed), or it is a minor downgrade. The rollout does not start.",
  },
  {
    type: 'UpdatingVersion',
    failed: (c) => c.status === 'False' && c.reason === 'InplaceUpgradeFailed',
    severity: 'error',
    what: (p) => `The in-place update of NodePool ${p.name} stopped on a degraded node`,
    why: "an InPlace rollout updates at most `maxUnavailable` nodes at a time and stops when one is degraded: the hosted cluster config operator's daemon pod on that node (namespace `<nodepool>-upgrade` in the guest) says why, and the node's `machineconfiguration.openshift.io/reason` annotation holds the error.",
  },
  {
    type: 'UpdatingConfig',
    failed: (c) => c.status === 'False' && c.reason === 'InplaceUpgradeFailed',
    severity: 'error',
    what: (p) => `The in-place config update of NodePool ${p.name} stopped on a degraded node`,
    why: 'an InPlace rollout stops when a node is degraded; its daemon pod in the guest says why.',
  },
  {
    type: 'ValidMachineConfig',
    failed: (c) => c.status === 'False',
    severity: 'error',
    what: (p) => `The config of NodePool ${p.name} is invalid`,
    why: 'a ConfigMap of `spec.config` holds a MachineConfig, KubeletConfig, ContainerRuntimeConfig or image policy the operator cannot use: no new payload is generated, so no rollout happens.',
  },
  {
    type: 'ValidGeneratedPayload',
    failed: (c) => c.status === 'False' && c.reason !== 'CloudConfigPending',
    severity: 'error',
    what: (p) => `The ignition payload of NodePool ${p.name} cannot be generated`,
    why: "the ignition server cannot build the workers' payload from the release and the NodePool's config: new machines cannot boot into the new release.",
  },
  {
    type: 'ReconciliationActive',
    failed: (c) => c.status === 'False',
    severity: 'warning',
    what: (p) => `Reconciliation of NodePool ${p.name} is paused`,
    why: 'reconciliation is paused (`spec.pausedUntil`): nothing of the NodePool changes until the time passes or the field is removed.',
  },
  {
    type: 'SupportedVersionSkew',
    failed: (c) => c.status === 'False',
    severity: 'warning',
    what: (p) => `The version skew of NodePool ${p.name} is not supported`,
    why: 'from 4.21 the operator warns when a NodePool is newer than its control plane, or more than three minors behind it: the NodePool keeps working, but the combination is not supported.',
  },
];

export const nodePoolUpdateBlocked: Rule = {
  meta: {
    id: 'nodepool-update-blocked',
    defaultSeverity: 'error',
    levels:
      'error (an unusable or too new release, an invalid config or payload, an in-place update stopped on a degraded node) / warning (paused reconciliation, unsupported skew)',
    description:
      "a hosted cluster's NodePool cannot start or finish rolling its workers to its release",
    explanation:
      "a NodePool's gate is false: its release image unusable or newer than the control plane's newest Completed minor (the skew rule, with both versions), its config or ignition payload invalid, an InPlace update stopped on a degraded node, paused reconciliation, or (4.21+) an unsupported skew.",
    impact: 'Update Stalled',
    reads: ['HostedCluster', 'NodePool'],
  },
  check(s: Snapshot, context: RuleContext) {
    const hosted = s.hosted;
    if (!hosted) return [];
    const now = assessmentOf(s, context).now;
    const cp = hosted.cluster.completedVersion;
    return hosted.nodePools.flatMap((p) => {
      for (const g of gates) {
        const c = p.condition(g.type);
        if (!c || !g.failed(c)) continue;
        const since = heldFor(c.lastTransitionTime, now);
        const target = versionOfImage(p.releaseImage) ?? p.targetVersion;
        const ahead =
          g.type === 'ValidReleaseImage' && newerMinor(target, cp)
            ? ` (${target} is past the control plane's ${cp})`
            : '';
        // 4.21's advisory check: the NodePool's release against the newest Completed control plane.
        const runs = p.version ?? target;
        const skew =
          g.type === 'SupportedVersionSkew' && runs && cp
            ? ` (${runs} with the control plane's ${cp})`
            : '';
        const message = fit(
          `${g.what(p, c)}${ahead}${skew}${since}: ${clip(c.message, 100)}`,
          `${g.what(p, c)}${ahead}${skew}${since}`,
        );
        const detail = paragraphs(
          `\`${g.type}=${c.status}\`${c.reason ? ` (\`${c.reason}\`)` : ''}: ${g.why}`,
          c.message ? `Its message: ${clip(c.message, 600)}` : undefined,
          g.type === 'ValidReleaseImage' && target && cp
            ? `The NodePool asks for ${target}; the control plane's newest Completed version is ${cp}. A NodePool's minor may not pass it; within it, the NodePool may trail by up to three minors (4.21's \`SupportedVersionSkew\`).`
            : undefined,
          skew
            ? `The NodePool runs ${runs}; the control plane's newest Completed version is ${cp}. A NodePool may trail it by up to three minors and not pass it: a NodePool release within that range brings it back (the NodePool's machines are replaced or updated in place, the control plane is not touched).`
            : undefined,
        );
        const f = finding(
          nodePoolUpdateBlocked,
          p.subject,
          c.location,
          { message, detail },
          [
            ahead || skew
              ? rel(
                  hosted.cluster.history.find((h) => h.state === 'Completed')?.location ??
                    hosted.cluster.versionAt(),
                  `control plane ${cp ?? '?'}`,
                )
              : undefined,
          ],
          g.severity,
          c.lastTransitionTime,
        );
        if (c.message) f.quote = clip(c.message, quoteMaxLength);
        if (c.reason === 'InplaceUpgradeFailed') return [degradedNode(s, hosted, p, c, f) ?? f];
        return [f];
      }
      return [];
    });
  },
};

const mco = 'machineconfiguration.openshift.io';

/**
 * An in-place update stopped on a degraded node: the finding is the node's (its
 * `machineconfiguration.openshift.io/state` and `reason`, written by the daemon pod the HCCO runs
 * on it), the NodePool's condition and the MachineSet's annotation its evidence.
 */
function degradedNode(
  s: Snapshot,
  hosted: HostedPart,
  p: NodePool,
  c: Condition,
  f: Finding,
): Finding | undefined {
  const named = /^Node (\S+) in nodepool degraded/.exec(c.message)?.[1];
  const n =
    s.nodes.find((x) => x.name === named) ??
    s.nodes.find(
      (x) => x.label('hypershift.openshift.io/nodePool') === p.name && x.mcdState === 'Degraded',
    );
  if (!n) return undefined;
  const reason = n.mcdReason || c.message.replace(/^Node \S+ in nodepool degraded: /, '');
  const set = inPlaceSetOf(hosted, p);
  // The node and what stopped it first: the reason is what to fix, said short (the MCO's
  // "unexpected on-disk state validating against <config>: " prefix only says it was a check).
  const head = `Node ${n.name} is degraded, so the in-place update of NodePool ${p.name} stopped`;
  const short = reason
    .replace(/\s+/g, ' ')
    .replace(/^unexpected on-disk state validating against \S+: /, 'on-disk ');
  const message = fit(`${head}: ${short}`, head);
  const detail = paragraphs(
    f.detail,
    `The node's \`${mco}/state\` is \`${n.mcdState ?? 'unset'}\`; it runs config \`${n.currentConfig ?? '?'}\` and was asked for \`${n.desiredConfig ?? '?'}\`. The daemon pod's log (\`namespaces/${p.name}-upgrade/pods/machine-config-daemon-${n.name}/\` in the guest part) says what it tried; fix the node (or the NodePool's config) and the upgrader goes on.`,
  );
  return {
    ...f,
    subject: n.subject,
    location: n.at('metadata', 'annotations', `${mco}/reason`),
    message,
    detail,
    related: [
      // The NodePool first: an editor shows the first two related locations.
      rel(c.location, `NodePool ${p.name} ${c.type}`),
      set?.inPlaceFailure !== undefined
        ? rel(set.progressAt(), `MachineSet ${set.name}`)
        : undefined,
      rel(n.at('metadata', 'annotations', `${mco}/state`), `node ${n.name} state`),
      rel(n.at('metadata', 'annotations', `${mco}/reason`), `node ${n.name} reason`),
      ...f.related,
    ].filter((r): r is NonNullable<typeof r> => r !== undefined),
  };
}
