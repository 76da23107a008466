/**
 * node-os-update-failed: the machine-config daemon could not update the node's OS (the rebase to
 * the new OS image, or the pull of it, failed) and marked the node Degraded. The finding sits on
 * the node's `reason` annotation and says what the registry's answer points at.
 */
import { clip, when } from '../core/text';
import { nodeAnnotations } from '../model/node';
import { atLeast, parseRelease } from '../model/release';
import type { Release } from '../model/release';
import type { Snapshot } from '../model/snapshot';
import { configEvidence, nodeEvidence, nodeMove } from './common/nodeText';
import { nodeTitleOf, paragraphs } from './common/words';
import { finding, rel } from './rule';
import type { Rule, RuleContext } from './rule';
import { classifyNodeReason, registryHint } from '../model/nodeFailures';
import type { OsUpdateFailure } from '../model/nodeFailures';
import { poolSymptoms } from './common/consequences';
import { isImagePullFailure } from '../model/events';
import { eventEvidence } from './common/eventText';

export const nodeOsUpdateFailed: Rule = {
  meta: {
    id: 'node-os-update-failed',
    defaultSeverity: 'error',
    levels: 'error',
    description:
      "the machine-config daemon could not update a node's OS image (rebase or pull failed)",
    explanation:
      "the machine-config daemon could not update a node's OS (`failed to update OS to …`, 4.16's `… after retries`): the image, and what the registry's answer points at (DNS, pull secret, mirrors, TLS).",
    impact: 'Update Stalled',
    reads: ['ClusterVersion', 'MachineConfig', 'Node', 'machine-config-daemon log', 'Event'],
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
      if (failure?.kind !== 'os-update') return [];
      const reason = n.mcdReason ?? '';
      const image = failure.image ? ` to ${clip(failure.image, 160)}` : '';
      // 4.16+: the reason keeps the timeout; the daemon's log has each try's error.
      const tries = s.daemonLogs.find((l) => l.node === n.name)?.osUpdateRetries ?? [];
      const last = tries.filter((t) => !failure.image || t.image === failure.image).pop();
      const answer = failure.detail ?? last?.error;
      const hint = registryHint(answer);
      const logged =
        !failure.detail && last
          ? `Its log's last try (${last.time ? when(last.time, s.gatherTime) : 'time unknown'}) says: ${tail(last.error)}.`
          : '';
      // The registry's answer in a word (`authentication`, `TLS`, …), or where it is.
      const verdict = hint
        ? `; the registry's answer points at ${hint.split(':')[0]}`
        : failure.wording === 'after-retries'
          ? ` (the registry's answer is only in its machine-config-daemon log)`
          : '';
      const message = `${nodeTitleOf(s, n)} is ${n.mcdState}: its OS update failed${verdict}`;
      const detail = paragraphs(
        `The machine-config daemon is ${n.mcdState} because the OS update${image} failed: ${clip(reason, 400)}.` +
          nodeMove(n),
        `${wordingNote(failure)} ${logged}`,
        hint
          ? `The error points at ${hint}${/^a missing image/.test(hint) ? ` (${mirrorObjects(release)})` : ''}.`
          : `Check, from the node, ${checks(release)}.`,
        (n.unschedulable
          ? 'The node stays cordoned on its old OS; '
          : 'The node keeps its old OS; ') +
          'the daemon retries the update by itself and goes on once the image can be pulled.' +
          (failure.image && /^[^\s`]{1,200}$/.test(failure.image)
            ? ` To try the pull from the node: \`oc debug node/${n.name} -- chroot /host podman pull --authfile /var/lib/kubelet/config.json ${failure.image}\`.`
            : ''),
      );
      return [
        finding(
          nodeOsUpdateFailed,
          n.subject,
          n.at('metadata', 'annotations', nodeAnnotations.reason),
          { message, detail },
          [
            ...nodeEvidence(s, n),
            configEvidence(
              s,
              n.desiredConfig,
              'the config whose osImageURL the node could not get',
            ),
            last &&
              rel(
                { file: last.file, doc: 0, pointer: '', span: last.span },
                'the daemon’s last failed try',
              ),
            // The daemon records no event of its own for this; kubelet's failed pulls on the
            // node, and node events that name the image, point at the same registry.
            ...eventEvidence(
              s,
              s.events.filter(
                (e) =>
                  (e.host === n.name && isImagePullFailure(e)) ||
                  (e.involved.kind === 'Node' &&
                    e.involved.name === n.name &&
                    failure.image !== undefined &&
                    e.message.includes(failure.image)),
              ),
            ),
          ],
        ),
      ];
    });
  },
};

/** rpm-ostree's own words: without the command line, and their end when long. */
function tail(error: string): string {
  const own = error.replace(/^error running rpm-ostree rebase \S+ \S+: /, '').replace(/\s+/g, ' ');
  return own.length <= 300 ? own : `…${own.slice(own.length - 299)}`;
}

/** What the daemon of that wording does, by release (MCO pkg/daemon/update.go per branch). */
function wordingNote(f: OsUpdateFailure): string {
  switch (f.wording) {
    case 'plain':
      return 'Up to 4.15 (and early 4.16.z) the daemon runs the rebase once per sync and the reason carries the registry’s answer.';
    case 'after-retries':
      return 'From 4.16 (z-streams with commit 5751b11ec) to 4.21 the daemon retries the rebase 5 times with backoff (about 75 s) and the reason keeps only the timeout: the registry’s answer is in the machine-config-daemon log of this node, on its `Failed to update OS to … (will retry):` lines.';
    case 'after-retries-detail':
      return 'From 4.22 the daemon retries the rebase 7 times with backoff (about 4 minutes) and the reason keeps the last error.';
    case 'local-storage':
      return 'The image was already in the node’s container storage (a PinnedImageSet or an earlier pull), and the rebase from it failed.';
    case 'pull':
      return 'The daemon could not pull the OS image from the registry.';
    case 'podman':
      return 'The daemon pulls this image with podman (the OS extensions image, or machine-os-content before 4.12) and gave up after its retries.';
  }
}

/** Where to look when the reason does not carry the registry's answer. */
function checks(r: Release | undefined): string {
  return `that the registry is reachable (DNS, proxy, firewall), the global pull secret (openshift-config/pull-secret), ${mirrorObjects(r)} and the registry’s CA`;
}

/** The mirror configuration of the release: ImageDigestMirrorSet / ImageTagMirrorSet from 4.13. */
function mirrorObjects(r: Release | undefined): string {
  return atLeast(r, 4, 13)
    ? 'the ImageDigestMirrorSet / ImageTagMirrorSet mirrors (or a legacy ImageContentSourcePolicy)'
    : 'the ImageContentSourcePolicy mirrors';
}
