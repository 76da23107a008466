/**
 * pinnedimageset-degraded: a MachineConfigPool reports PinnedImageSetsDegraded=True (4.16+): the
 * pinned image set controller could not put the pool's PinnedImageSets on it, or (4.19/4.20) a
 * node could not prefetch them. The finding sits on the pool condition, with the pinned image
 * sets, the nodes the message names and machine-config's extension line as evidence.
 */
import { nodesReporting, poolsNotReady } from '../model/operatorMessages';
import { atLeast, parseRelease } from '../model/release';
import type { Snapshot } from '../model/snapshot';
import { poolName } from './common/poolText';
import { finding, rel } from './rule';
import type { Rule, RuleContext } from './rule';
import { clip, listing, when } from '../core/text';
import { fit, paragraphs } from './common/words';
import { pinnedImageSetsCause, poolSymptoms } from './common/consequences';

const maxListed = 10;

/** `failed to pull image "quay.io/…"` in the daemon's prefetch error. */
const pullFailed = /failed to pull image "([^"\s]+)"/g;
/** A PinnedImageSet an error names (`PinnedImageSet ai-models-v2 is …`, `pinnedimagesets "x" not found`). */
const setNamed =
  /\bPinnedImageSets? "?([a-z0-9](?:[-a-z0-9.]*[a-z0-9])?)"?|\bpinnedimagesets(?:\.machineconfiguration\.openshift\.io)? "([^"]+)"/g;
/** The daemon's out-of-space error, `storage available is less than minimum required`. */
const noSpace = /storage available is less than minimum required|no space left on device/;

export const pinnedImageSetDegraded: Rule = {
  meta: {
    id: 'pinnedimageset-degraded',
    defaultSeverity: 'warning',
    levels: 'warning (error when the pool is Degraded through it, 4.16-4.18)',
    description: "a MachineConfigPool's pinned image sets failed (PinnedImageSetsDegraded)",
    explanation:
      "a MachineConfigPool reports `PinnedImageSetsDegraded=True` (4.16+); names the pool's PinnedImageSets and the nodes and images its message names.",
    impact: 'Update Stalled',
    reads: ['ClusterVersion', 'ClusterOperator', 'MachineConfigPool', 'Node'],
    leadsTo: [...poolSymptoms],
    // A pool Degraded through its pinned image sets alone (4.16-4.18).
    explains: [{ rule: 'pool-degraded', cause: pinnedImageSetsCause }],
  },
  check(s: Snapshot, _context: RuleContext) {
    const release = parseRelease(s.clusterVersion?.desiredVersion);
    const mco = s.operators.find((o) => o.name === 'machine-config');
    return s.pools.flatMap((p) => {
      const cond = p.condition('PinnedImageSetsDegraded');
      if (cond?.status !== 'True') return [];
      const text = [cond.reason, cond.message].filter((t) => t !== '').join(': ');
      const sets = p.pinnedImageSets;
      const nodes = [...new Set(nodesReporting(cond.message).map((m) => m.name))];
      const images = [...new Set([...cond.message.matchAll(pullFailed)].map((m) => m[1]!))];
      const mentioned = [
        ...new Set([...cond.message.matchAll(setNamed)].map((m) => (m[1] ?? m[2])!)),
      ];
      const named = [
        sets.length
          ? `It pins ${listing(sets.slice(0, maxListed).map((x) => x.name))}${sets.length > maxListed ? ` and ${sets.length - maxListed} more` : ''}.`
          : '',
        mentioned.length
          ? `The message names PinnedImageSet${mentioned.length > 1 ? 's' : ''} ${listing(mentioned.slice(0, maxListed))}.`
          : '',
        nodes.length ? `Nodes named: ${listing(nodes.slice(0, maxListed))}.` : '',
        images.length
          ? `Image${images.length > 1 ? 's' : ''} that failed: ${listing(images.slice(0, 3).map((i) => clip(i, 160)))}.`
          : '',
        noSpace.test(cond.message)
          ? 'The nodes lack the storage the images need: free space under /var/lib/containers or drop images from the sets.'
          : '',
      ].filter((t) => t !== '');
      const degraded = p.condition('Degraded')?.status === 'True';
      const oldRelease = release && atLeast(release, 4, 16) && !atLeast(release, 4, 19);
      const newRelease = release && atLeast(release, 4, 19);
      const effect = oldRelease
        ? degraded
          ? 'On 4.16-4.18 the node controller counts it into Degraded, so the pool is Degraded and, during an update, the machine-config operator waits on it and goes Degraded after its required-pools timeout.'
          : ''
        : newRelease
          ? `From 4.19 the node controller no longer counts it into the pool's Degraded${degraded ? ' (this pool is Degraded for another reason too)' : ''}; the images are not pinned, but the rollout is not held by it.`
          : '';
      const extension = mco?.extension[p.name];
      const mcoDegraded = mco?.conditions.find((c) => c.type === 'Degraded');
      const holdsMco =
        degraded &&
        mcoDegraded?.status === 'True' &&
        poolsNotReady(mcoDegraded.message).some((m) => m.name === p.name);
      // The one fact a reader triages by: what failed, or what the message names.
      const what = noSpace.test(cond.message)
        ? `: ${nodes.length === 1 ? `node ${nodes[0]}` : 'its nodes'} lack${nodes.length === 1 ? 's' : ''} the storage for the images`
        : images.length
          ? `: image ${clip(images[0]!, 90)} failed to pull`
          : mentioned.length
            ? `, naming PinnedImageSet ${listing(mentioned.slice(0, 2))}${mentioned.length > 2 ? ' and more' : ''}`
            : nodes.length
              ? `, naming node ${nodes[0]}${nodes.length > 1 ? ` and ${nodes.length - 1} more` : ''}`
              : '';
      const held =
        oldRelease && degraded
          ? holdsMco
            ? '; the pool is Degraded by it, and so is machine-config'
            : '; the pool is Degraded by it'
          : newRelease
            ? '; from 4.19 it does not hold the rollout'
            : '';
      const message = fit(
        `Pool ${p.name} reports PinnedImageSetsDegraded${what}${held}`,
        `Pool ${p.name} reports PinnedImageSetsDegraded${held}`,
      );
      const detail = paragraphs(
        `PinnedImageSetsDegraded=True on pool ${poolName(p)} since ${when(cond.lastTransitionTime, s.gatherTime)}: ${clip(text || 'no reason given', 300)}.`,
        named.join(' '),
        effect,
        holdsMco
          ? `machine-config is Degraded (${mcoDegraded?.reason || 'no reason'}) naming this pool.`
          : '',
        'Look at the PinnedImageSets the pool pins, the machine-config-controller log (`Error syncing pinned image sets`), and on the nodes the machine-config-daemon log and their MachineConfigNodes.',
      );
      return [
        finding(
          pinnedImageSetDegraded,
          p.subject,
          cond.location,
          { message, detail },
          [
            ...sets
              .slice(0, maxListed)
              .map((x) => rel(x.location, `pool ${p.name} pins ${x.name}`)),
            ...nodes.slice(0, maxListed).map((n) => {
              const node = s.nodes.find((x) => x.name === n);
              return node && rel(node.at('metadata', 'name'), `node ${n}`);
            }),
            degraded
              ? rel(p.condition('Degraded')?.location, `pool ${p.name} Degraded=True`)
              : undefined,
            holdsMco
              ? rel(mcoDegraded?.location, `machine-config Degraded=True names pool ${p.name}`)
              : undefined,
            mco && extension?.startsWith('pool is degraded because pinned image sets failed')
              ? rel(
                  mco.at('status', 'extension', p.name),
                  `machine-config: ${clip(extension, 200)}`,
                )
              : undefined,
          ],
          // A Degraded pool is what pool-degraded reports as an error; this rule reports it instead.
          degraded ? 'error' : undefined,
          cond.lastTransitionTime,
        ),
      ];
    });
  },
};
