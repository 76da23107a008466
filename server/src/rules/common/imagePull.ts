/**
 * A container that cannot pull its image, in words: the image (from the kubelet's waiting
 * message, else the pod's spec), and the registry's answer, which only the kubelet's `Failed`
 * event on the pod holds (`Failed to pull image "…": rpc error: … unauthorized …`); the waiting
 * message says only that it backs off.
 */
import type { RelatedLocation } from '../../core/finding';
import { clip, isoTime } from '../../core/text';
import { arr, rec, str } from '../../model/access';
import type { KubeEvent } from '../../model/events';
import type { Pod } from '../../model/pod';
import { pulledImage, shortImage } from '../../model/podFailures';
import type { Snapshot } from '../../model/snapshot';

export interface PullWords {
  /** `cannot pull image ocp-v4.0-art-dev@sha256:4deebe6b9e58 (ImagePullBackOff)`. */
  verdict: string;
  detail: string;
  related: RelatedLocation[];
}

function specImage(p: Pod, container: string): string | undefined {
  for (const field of ['containers', 'initContainers']) {
    const c = arr(p.spec[field])
      .map(rec)
      .find((x) => str(x?.name) === container);
    const image = str(c?.image);
    if (image) return image;
  }
  return undefined;
}

/** The kubelet's last pull failure on the pod, the newest first. */
function pullEvent(s: Snapshot, p: Pod): KubeEvent | undefined {
  return s.events
    .filter(
      (e) =>
        e.involved.kind === 'Pod' &&
        e.involved.name === p.name &&
        e.namespace === p.namespace &&
        /Failed to pull image|ErrImagePull|rpc error/.test(e.message),
    )
    .sort((a, b) => (b.last?.getTime() ?? 0) - (a.last?.getTime() ?? 0))[0];
}

export function pullWords(
  s: Snapshot,
  p: Pod,
  container: string,
  reason: string,
  message: string,
): PullWords {
  const image = pulledImage(message) ?? specImage(p, container);
  const verdict = image
    ? `cannot pull image ${shortImage(image)} (${reason})`
    : `cannot pull its image (${reason})`;
  const e = pullEvent(s, p);
  const answer = e
    ? `The kubelet's last pull failure (\`${e.reason}\` event, ${e.count}×${e.last ? `, last at ${isoTime(e.last)}` : ''}): ${clip(e.message, 500)}`
    : `No event of the kubelet's on this pod is in the gather (\`namespaces/${p.namespace ?? ''}/core/events.yaml\`), so the registry's answer is unknown here.`;
  const auth = e && /unauthorized|authentication required|denied/i.test(e.message);
  return {
    verdict,
    detail: [
      `Container \`${container}\` cannot pull ${image ? `\`${image}\`` : 'its image'}: \`${reason}\`${message ? ` (${clip(message, 300)})` : ''}.`,
      answer,
      auth
        ? 'The registry refused the credentials: look at the cluster pull secret (`openshift-config/pull-secret`) and the pod’s `imagePullSecrets`, then the image mirror configuration (ImageContentSourcePolicy, ImageDigestMirrorSet).'
        : 'Look at whether the image exists in the registry it names, the image mirror configuration (ImageContentSourcePolicy, ImageDigestMirrorSet) and the node’s network to the registry.',
    ].join('\n\n'),
    related: e
      ? [{ ...e.location, message: `the kubelet's ${e.reason} event: ${clip(e.message, 120)}` }]
      : [],
  };
}
