/**
 * node-ondisk-drift: the machine-config daemon found the node's files, units or OS differ from
 * the rendered config it validated against (`unexpected on-disk state validating against …`),
 * and marked the node Degraded. Names the path, the config, and the remedies the daemon honours.
 */
import { messageMaxLength } from '../core/finding';
import { clip } from '../core/text';
import { nodeAnnotations } from '../model/node';
import type { Node } from '../model/node';
import { atLeast, parseRelease } from '../model/release';
import type { Release } from '../model/release';
import type { Snapshot } from '../model/snapshot';
import { configEvidence, nodeEvidence, nodeMove } from './common/nodeText';
import { nodeTitleOf, paragraphs } from './common/words';
import { finding, rel } from './rule';
import type { Rule, RuleContext } from './rule';
import { classifyNodeReason } from '../model/nodeFailures';
import type { DriftFailure } from '../model/nodeFailures';
import { poolSymptoms } from './common/consequences';

export const nodeOndiskDrift: Rule = {
  meta: {
    id: 'node-ondisk-drift',
    defaultSeverity: 'error',
    levels: 'error',
    description:
      "a node's files, units or OS drifted from its rendered config (on-disk validation failed)",
    explanation:
      "the daemon found a node's file, mode, unit mask or booted OS differ from the rendered config it validated against (`unexpected on-disk state …`): the path, the config, and the remedies (restore the file, or `/run/machine-config-daemon-force`).",
    impact: 'Update Stalled',
    reads: ['ClusterVersion', 'MachineConfig', 'Node'],
    leadsTo: [...poolSymptoms],
    // The same Degraded node, said without the failure's kind (and, through it, its drain and phase).
    explains: [{ rule: 'node-mcd-degraded' }],
  },
  check(s: Snapshot, _context: RuleContext) {
    // A hosted cluster has no machine-config operator: its nodes' machine-config annotations are
    // the InPlace upgrader's, judged by the nodepool rules.
    if (s.hosted) return [];
    const release = parseRelease(s.clusterVersion?.desiredVersion);
    return s.nodes.flatMap((n) => {
      if (n.mcdState !== 'Degraded' && n.mcdState !== 'Unreconcilable') return [];
      const failure = classifyNodeReason(n.mcdReason);
      if (failure?.kind !== 'ondisk-drift') return [];
      const finalize = n.finalizeFailure;
      const against = failure.against ?? n.currentConfig;
      // The path takes what room the node's name leaves, 60 characters at most.
      const head = `${nodeTitleOf(s, n)} is ${n.mcdState}: `;
      const room = messageMaxLength - head.length - short(failure, '').length;
      const message =
        head + short(failure, clip(failure.path ?? '?', Math.max(24, Math.min(60, room))));
      const detail = paragraphs(
        `The machine-config daemon is ${n.mcdState} because ${what(failure, against)}: ${clip(n.mcdReason ?? '', 400)}.` +
          nodeMove(n),
        meaning(failure, n, release),
        finalize && `The previous boot's ostree-finalize-staged failed: ${clip(finalize, 200)}.`,
        remedy(failure, n, against),
      );
      return [
        finding(
          nodeOndiskDrift,
          n.subject,
          n.at('metadata', 'annotations', nodeAnnotations.reason),
          { message, detail },
          [
            ...nodeEvidence(s, n),
            configEvidence(s, against, 'the rendered config the node was validated against'),
            finalize
              ? rel(
                  n.at('metadata', 'annotations', nodeAnnotations.finalizeFailure),
                  'the staged OS deployment did not finalize',
                )
              : undefined,
          ],
        ),
      ];
    });
  },
};

/** What drifted, in a few words: the path (clipped), never the config or image names. */
function short(f: DriftFailure, path: string): string {
  switch (f.what) {
    case 'content':
      return `the content of ${path} differs from its rendered config`;
    case 'mode':
      return `the mode of ${path} differs from its rendered config (found ${clip(f.received ?? '?', 24)})`;
    case 'unit-mask':
      return `the mask of the unit ${path} differs from its rendered config`;
    case 'os-image':
      return 'it booted another OS image than its rendered config asks for';
  }
}

function what(f: DriftFailure, against: string | undefined): string {
  const config = against ?? 'its rendered config';
  const path = clip(f.path ?? '?', 200);
  switch (f.what) {
    case 'content':
      return `the content of ${path} differs from ${config}`;
    case 'mode':
      return `the mode of ${path} differs from ${config} (expected ${clip(f.expected ?? '?', 40)}, found ${clip(f.received ?? '?', 40)})`;
    case 'unit-mask':
      return `the mask of the systemd unit ${path} differs from ${config} (expected a link to ${clip(f.expected ?? '?', 40)}, found ${clip(f.received || 'none', 80)})`;
    case 'os-image':
      return `the node booted ${clip(f.received ?? '?', 160)} where ${config} asks for ${path}`;
  }
}

function meaning(f: DriftFailure, n: Node, r: Release | undefined): string {
  if (f.what === 'os-image')
    return 'It booted the wrong OS deployment (the staged OS update did not take, or the node rolled back); no file was edited.';
  const inUpdate =
    n.currentConfig !== undefined &&
    n.desiredConfig !== undefined &&
    n.currentConfig !== n.desiredConfig;
  const edited = 'Someone or something changed it on the node outside the machine-config operator.';
  if (r && !atLeast(r, 4, 10))
    return `${edited} Up to 4.9 the daemon checks the files only when it starts or after a reboot.`;
  return inUpdate
    ? `${edited} From 4.10 the daemon checks the files before it starts an update (the preflight check) and will not apply ${n.desiredConfig} until they match; its Config Drift Monitor also degrades a node within seconds of such an edit outside any update.`
    : `${edited} From 4.10 the daemon's Config Drift Monitor watches every file and unit of the config and degrades the node within seconds of such an edit, outside any update; the next update of the pool will not start on this node until it is fixed.`;
}

function remedy(f: DriftFailure, n: Node, against: string | undefined): string {
  const force = `create the force file on the node (oc debug node/${n.name} -- chroot /host touch /run/machine-config-daemon-force): the daemon then skips the validation, writes the config again and reboots the node`;
  if (f.what === 'os-image') return `To recover, ${force}.`;
  const path = clip(f.path ?? 'the file', 200);
  return `To recover, either restore ${path} to what ${against ?? 'the rendered config'} holds (its ${f.what === 'mode' ? 'mode' : f.what === 'unit-mask' ? 'mask' : 'content'}), after which the daemon validates again and resumes, or ${force}; keep a wanted change by putting it in a MachineConfig.`;
}
