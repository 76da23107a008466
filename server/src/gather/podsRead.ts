/**
 * What the `pods` read mode leaves unread of a pod List: each pod's `spec` but `nodeName`, its
 * annotations and `managedFields`, and the `status` of a pod whose text says nothing that could
 * keep it from running. A namespace's pods are nearly all running and ready (one daemon per node:
 * hundreds), and their status is most of what is left to parse; only a pod that may be failing
 * needs it.
 */
import type { UnreadPointers } from '../yaml/ocYaml';

const notPodStatus =
  /^(?:\/items\/\d+)?\/(?:metadata\/(?:annotations|managedFields)|spec\/(?!nodeName$)[^/]+)$/;

/**
 * Words one of which a pod's text holds whenever `model/podFailures.ts` could judge it failing
 * (a wait, the scheduler's refusal, a kill for memory), and more: a container not ready, a pod
 * pending, a pod finished (which a node that is not ready must not make failing). A status without any of them is left unread: it cannot say the pod fails.
 * `test/unit/operandBounds.test.ts` holds the two together on every fixture's pods.
 */
const troubleWords = [
  'waiting:',
  'Unschedulable',
  'OOMKilled',
  'ready: false',
  'phase: Pending',
  // A finished pod is a leftover: its phase says so even where its node is not ready.
  'phase: Failed',
  'phase: Succeeded',
];

const statusOfItem = /^\/items\/(\d+)\/status$/;

/**
 * The unread pointers of a pod List in `pods` mode, how many items its text was seen to hold,
 * and which of them are quiet (their status left unread).
 */
export function podsUnread(text: string): {
  unread: UnreadPointers;
  items: number;
  quiet: ReadonlySet<number>;
} {
  const quiet = quietItems(text);
  return { items: quiet.items, quiet: quiet.indexes, unread: podsUnreadOf(quiet.indexes) };
}

/** The unread pointers when the items at `quiet` have their status left unread. */
export function podsUnreadOf(quiet: ReadonlySet<number>): UnreadPointers {
  return {
    depth: 4,
    has: (pointer) => {
      if (notPodStatus.test(pointer)) return true;
      const m = statusOfItem.exec(pointer);
      return m !== null && quiet.has(Number(m[1]));
    },
  };
}

/** Every status read: when the text's items and the parse's disagree, or the List is JSON. */
export const podsUnreadAll: UnreadPointers = {
  has: (pointer) => notPodStatus.test(pointer),
  depth: 4,
};

/**
 * The items of `oc`'s block YAML List (`- ` at the first column under a top-level `items:`) whose
 * text holds none of the trouble words. One pass over the text per word.
 */
function quietItems(text: string): { items: number; indexes: Set<number> } {
  const indexes = new Set<number>();
  const at = text.startsWith('items:\n') ? 0 : text.indexOf('\nitems:\n') + 1;
  if (at === 0 && !text.startsWith('items:\n')) return { items: 0, indexes };
  // The sequence ends at the first line after it that starts with neither `-` nor a space.
  const after = /\n[^\s-]/g;
  after.lastIndex = at + 'items:'.length;
  const end = after.exec(text)?.index ?? text.length;
  const starts: number[] = [];
  for (let i = text.indexOf('\n- ', at); i !== -1 && i < end; i = text.indexOf('\n- ', i + 1)) {
    starts.push(i);
  }
  const troubled = new Set<number>();
  for (const word of troubleWords) {
    for (let i = text.indexOf(word, at); i !== -1 && i < end; i = text.indexOf(word, i + 1)) {
      troubled.add(itemAt(starts, i));
    }
  }
  starts.forEach((_, i) => {
    if (!troubled.has(i)) indexes.add(i);
  });
  return { items: starts.length, indexes };
}

/** The index of the item whose text holds offset `at` (the last start before it). */
function itemAt(starts: readonly number[], at: number): number {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid]! <= at) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}
