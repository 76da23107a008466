/**
 * Container image references inside file and unit contents, named by what they are. The pause
 * (pod-infra) image lives in two places (docs/domain/rendered-configs.md): the kubelet flag
 * `--pod-infra-container-image=` in kubelet.service and CRI-O's `pause_image = "…"`; both are
 * "pause image" so one release bump reads as one change, not two unrelated ones.
 */

export interface ImageRef {
  /** What the image is: "pause image", or "image in <where>". */
  what: string;
  ref: string;
}

const kubeletPause = /--pod-infra-container-image[=\s]+["']?([^\s"'\\]+)/g;
const crioPause = /^[ \t]*pause_image[ \t]*=[ \t]*"([^"]+)"/gm;
/** A pinned pull spec: registry host (with a dot or port), repository, `@sha256:` digest. */
const pinned = /\b[a-z0-9][a-z0-9.-]*(?:\.[a-z0-9-]+|:\d+)\/[a-z0-9._/-]+@sha256:[0-9a-f]{64}\b/g;

export const pauseImage = 'pause image';

/** Every image reference in one text; `where` names the file path or unit for other images. */
export function imageRefs(text: string, where: string): ImageRef[] {
  const out: ImageRef[] = [];
  const named = new Set<string>();
  for (const re of [kubeletPause, crioPause]) {
    for (const m of text.matchAll(re)) {
      out.push({ what: pauseImage, ref: m[1]! });
      named.add(m[1]!);
    }
  }
  for (const m of text.matchAll(pinned)) {
    if (!named.has(m[0])) out.push({ what: `image in ${where}`, ref: m[0] });
  }
  return out;
}

/** `quay.io/x/y@sha256:abc` → `sha256:abc`; a tag-only reference is returned whole. */
export function digestOf(ref: string): string {
  const at = ref.indexOf('@');
  return at < 0 ? ref : ref.slice(at + 1);
}

/** The repository part, used to pair an old and a new digest of the same image. */
export function repositoryOf(ref: string): string {
  const at = ref.indexOf('@');
  if (at >= 0) return ref.slice(0, at);
  const slash = ref.lastIndexOf('/');
  const colon = ref.lastIndexOf(':');
  return colon > slash ? ref.slice(0, colon) : ref;
}
