/**
 * mcn-phase-stuck: a node's MachineConfigNode (4.16+ TechPreview, default from 4.20, gathered
 * from 4.19) has held one update phase for longer than a node's whole update should take, or
 * reports `NodeDegraded=True`. A phase that runs, or that failed and is retried, is `Unknown`
 * (MCO `pkg/upgrademonitor/upgrade_monitor.go`, `pkg/daemon/update.go`,
 * `pkg/controller/drain/drain_controller.go`, release-4.20 and main); `False` means not entered
 * yet, so the stuck phase is the last `Unknown` one, dated by its `lastTransitionTime` against
 * the gather time. A warning after 10 minutes (the MCO budgets 10 minutes per node of a required
 * pool, and the drain controller calls a drain slow after 10); an error when NodeDegraded is True.
 *
 * One finding per node and cause: a node whose daemon annotations say Degraded or Unreconcilable
 * is reported by `node-mcd-degraded`, `node-os-update-failed` or `node-ondisk-drift`, and a node
 * stuck in its drain by `mco-drain-stuck`; they carry the MachineConfigNode's phase as evidence
 * (`mcnEvidence`) and explain this rule's finding on the node (their `explains`), which comes
 * back when they are off.
 */
import { clip, duration, isoTime } from '../core/text';
import type { Condition } from '../model/condition';
import { nodeAnnotations } from '../model/node';
import type { MachineConfigNode } from '../model/machineConfigNode';
import { atLeast, parseRelease } from '../model/release';
import type { Release } from '../model/release';
import { primaryPool } from '../model/snapshot';
import type { Snapshot } from '../model/snapshot';
import { minutesSince } from './common/ages';
import { nodeTitle, paragraphs } from './common/words';
import { assessmentOf, finding, rel } from './rule';
import type { Rule, RuleContext } from './rule';
import { drainCause, poolSymptoms } from './common/consequences';

/** Longer than this in one phase is stuck: the MCO's per-node budget and the drain controller's threshold. */
const mcnStuckMinutes = 10;

/** What each phase does, and where to look when it does not finish. */
const advice: Record<string, string> = {
  UpdatePrepared:
    'the daemon is checking that the new config can be applied (a reconcilable change); its machine-config-daemon log says what it refuses',
  UpdateCompatible:
    'the daemon is checking that the new config can be applied (a reconcilable change); its machine-config-daemon log says what it refuses',
  Cordoned:
    'the machine-config-controller cordons the node; its log (drain controller) says why it cannot',
  Drained: 'the machine-config-controller drains the node; its log names the pods it cannot evict',
  ImagePulledFromRegistry:
    "the daemon pulls the new OS image; the node's machine-config-daemon log has the registry's answer",
  AppliedFilesAndOS:
    "the daemon writes the new files and rebases the OS (rpm-ostree); the node's machine-config-daemon log shows the step it is on",
  AppliedFiles:
    "the daemon writes the new files; the node's machine-config-daemon log shows why not",
  AppliedOSImage:
    "the daemon rebases the OS (rpm-ostree); the node's machine-config-daemon log shows the step it is on",
  ReloadedCRIO: 'the daemon reloads CRI-O; the node’s journal (crio) says why it did not finish',
  RebootedNode:
    'the node went to reboot and its daemon has not reported back: check that the node came up (Ready, console) and that its machine-config-daemon pod runs',
  UpdatePostActionComplete:
    'the daemon runs the post-update action (reboot or service reload); its machine-config-daemon log shows which',
  Uncordoned:
    'the machine-config-controller uncordons the node; its log (drain controller) says why it cannot',
  UpdateComplete:
    'the node is finishing its update (uncordon, annotations); the machine-config-controller and daemon logs say what is left',
  Resumed: 'the daemon resumes normal operation on the new config',
};

const drainPhases = new Set(['Cordoned', 'Drained']);

/** What the API version and the release say about the MachineConfigNode, for the reader. */
function apiNote(m: MachineConfigNode, release: Release | undefined): string {
  if (m.apiVersion === 'v1alpha1')
    return ' (MachineConfigNode v1alpha1, 4.16–4.18 behind TechPreviewNoUpgrade: it has no NodeDegraded condition, so a failure shows only in the phase message and the node’s annotations)';
  if (release && !atLeast(release, 4, 20))
    return ` (MachineConfigNode v1; on ${release.major}.${release.minor} only with the MachineConfigNodes feature gate, TechPreviewNoUpgrade, default from 4.20)`;
  return '';
}

function phaseName(c: Condition, parent: Condition | undefined): string {
  return parent ? `${parent.type}/${c.type}` : c.type;
}

export const mcnPhaseStuck: Rule = {
  meta: {
    id: 'mcn-phase-stuck',
    defaultSeverity: 'warning',
    levels: 'warning (error when the node is Degraded)',
    description:
      "a node's MachineConfigNode holds one update phase too long, or reports NodeDegraded (4.16+)",
    explanation:
      "a node's MachineConfigNode (4.16+ TechPreview, default from 4.20, gathered from 4.19) has held one update phase (`Unknown`: running or retrying) for more than 10 minutes, or reports `NodeDegraded=True`; quotes the phase's message. On a node the daemon rules (Degraded) or `mco-drain-stuck` (a drain phase) report, it is their related evidence, and shown again when they are off.",
    impact: 'Update Stalled',
    reads: ['ClusterVersion', 'ClusterOperator', 'Node', 'MachineConfigNode'],
    leadsTo: [...poolSymptoms],
  },
  check(s: Snapshot, context: RuleContext) {
    const now = assessmentOf(s, context).now;
    const release = parseRelease(
      s.operators.find((o) => o.name === 'machine-config')?.operatorVersion?.version ??
        s.clusterVersion?.desiredVersion,
    );
    return s.machineConfigNodes.flatMap((m) => {
      const node = s.nodes.find((n) => n.name === m.nodeName);
      const daemonDegraded = node?.mcdState === 'Degraded' || node?.mcdState === 'Unreconcilable';
      const degraded = m.degraded;
      const phase = m.phase;
      if (!degraded && (!phase || m.updated)) return [];
      // A drain still open: mco-drain-stuck, which names the pod and the budget, explains it.
      const draining =
        !degraded &&
        !!phase &&
        drainPhases.has(phase.condition.type) &&
        node?.pendingDrain === 'controller';
      const since = phase?.condition.lastTransitionTime;
      const minutes = minutesSince(since, now);
      if (!degraded && (minutes === undefined || minutes < mcnStuckMinutes)) return [];

      const poolName = (node && primaryPool(s, node)?.name) ?? m.poolName;
      const parts: string[] = [];
      let message: string;
      if (degraded) {
        // The daemon's `Node <name> upgrade failure. <error>`: the name is already the message's.
        const said =
          degraded.message.replace(`Node ${m.nodeName} upgrade failure. `, '') || 'no message';
        const head = `${nodeTitle(m.nodeName, poolName)}: its MachineConfigNode reports NodeDegraded=True`;
        message = `${head} ("${clip(said, Math.max(30, Math.min(70, 196 - head.length)))}")`;
      } else {
        // Not Degraded: a phase Unknown for at least 10 minutes, so both are known.
        message = `${nodeTitle(m.nodeName, poolName)} has been stuck in MachineConfigNode phase ${phaseName(phase!.condition, phase!.parent)} for ${duration((minutes ?? 0) * 60_000)}`;
      }
      if (phase) {
        const c = phase.condition;
        const age =
          minutes === undefined
            ? since
              ? ` since ${isoTime(since)}`
              : ''
            : ` for ${duration(minutes * 60_000)} (since ${isoTime(since!)})`;
        parts.push(
          `Its MachineConfigNode has been in phase ${phaseName(c, phase.parent)} (Unknown)${age}${apiNote(m, release)}: ${clip(c.message || phase.parent?.message || 'no message', 300)}.`,
        );
      } else {
        parts.push(`Its MachineConfigNode reports NodeDegraded=True${apiNote(m, release)}.`);
      }
      if (degraded) {
        parts.push(
          `NodeDegraded=True: ${clip(degraded.message || 'no message', 400)}.` +
            (!node
              ? ' The gather holds no Node object for it.'
              : daemonDegraded
                ? ` The node's daemon state is ${node.mcdState} too.`
                : ` The node's daemon state is ${node.mcdState ?? 'not set'}, not yet Degraded.`),
        );
      } else if (daemonDegraded) {
        parts.push(
          `The node's daemon state is ${node.mcdState}: ${clip(node.mcdReason || 'no reason given', 300)}.`,
        );
      }
      const moving =
        m.desiredConfig && m.currentConfig && m.desiredConfig !== m.currentConfig
          ? `It is moving from ${m.currentConfig} to ${m.desiredConfig}.`
          : '';
      if (phase && !degraded) {
        const what = advice[phase.condition.type];
        parts.push(
          `${moving} A phase stays Unknown while it runs and while a failed step is retried; a node's whole update should take about ${mcnStuckMinutes} minutes.`,
        );
        if (what) parts.push(`In this phase ${what}.`);
      } else if (moving) parts.push(moving);
      const location = (degraded ?? phase?.condition)!.location;
      const f = finding(
        mcnPhaseStuck,
        `node/${m.nodeName}`,
        location,
        { message, detail: paragraphs(...parts) },
        [
          phase &&
            degraded &&
            rel(phase.condition.location, `phase ${phase.condition.type} is Unknown`),
          phase?.parent &&
            rel(
              phase.parent.location,
              `parent phase ${phase.parent.type} is ${phase.parent.status}`,
            ),
          node &&
            rel(node.at('metadata', 'annotations', nodeAnnotations.state), "the daemon's state"),
        ],
        degraded || daemonDegraded ? 'error' : mcnPhaseStuck.meta.defaultSeverity,
        since ?? degraded?.lastTransitionTime,
      );
      if (draining) f.cause = drainCause;
      return [f];
    });
  },
};
