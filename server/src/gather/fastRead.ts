/**
 * The part of reading a resource file that may run on any thread: its bytes decoded and, when
 * `oc` wrote it, its value read by the fast reader with the parts no rule reads left out. It
 * imports nothing but that reader, so a read thread loads a small bundle; the file cache turns
 * what it returns into a parsed file (positions, the full parser when the fast one gives up) on
 * the main thread, the same way whichever thread read it.
 */
import { isUtf8 } from 'node:buffer';
import { parseOcYaml } from '../yaml/ocYaml';
import type { UnreadPointers } from '../yaml/ocYaml';
import { podsUnread, podsUnreadAll, podsUnreadOf } from './podsRead';

/** The read modes whose files are read whole and parsed (see `ReadMode` in fileCache.ts). */
export type FastMode = 'yaml' | 'placement' | 'events' | 'pods';

const fastModes: ReadonlySet<string> = new Set<FastMode>(['yaml', 'placement', 'events', 'pods']);

export function isFastMode(mode: string): mode is FastMode {
  return fastModes.has(mode);
}

/**
 * What a read gives back. `value` is present when the fast reader read the text; without it the
 * main thread parses `text` itself (JSON, or YAML the fast reader leaves to the full parser).
 * Plain data only: it crosses threads by structured clone.
 */
export type FastRead =
  | { ok: false; error: string }
  | {
      ok: true;
      text: string;
      /** Whether the bytes were valid UTF-8 (else invalid bytes were read as U+FFFD). */
      utf8: boolean;
      fast?: {
        value: unknown;
        /** A bound on how deep the value nests, from the indentation (see `parseOcYaml`). */
        maxDepth: number;
        /** `pods` mode: the items whose status was left unread; absent when every status was read. */
        quietPods?: number[];
      };
    };

/**
 * Left unread when a file is read from disk: server-side-apply bookkeeping (half of a Node's
 * text in 4.7 gathers), a Node's `status.images` (50 to 150 entries, 20 to 60 KiB, before
 * `status.nodeInfo` in oc's sorted keys) and its resources and addresses (a fifth of what is
 * left of a Node, read for each of 500 guest nodes), which no rule or hover reads. An open
 * buffer is always read whole.
 */
const unreadSet: ReadonlySet<string> = new Set([
  '/metadata/managedFields',
  '/status/images',
  '/status/addresses',
  '/status/allocatable',
  '/status/capacity',
  '/status/daemonEndpoints',
]);
const unread: UnreadPointers = { has: (pointer) => unreadSet.has(pointer), depth: 2 };

const notPlacement =
  /^\/items\/\d+\/(?:status|metadata\/(?:annotations|managedFields|ownerReferences)|spec\/(?!nodeName$)[^/]+)$/;
const placementUnread: UnreadPointers = { has: (pointer) => notPlacement.test(pointer), depth: 4 };

const notEvent =
  /^\/items\/\d+\/(?:metadata\/(?:annotations|labels|managedFields|ownerReferences)|related)$/;
const eventsUnread: UnreadPointers = { has: (pointer) => notEvent.test(pointer), depth: 4 };

/** The pointers a read in `mode` leaves out (for `pods`, which items were found quiet). */
export function unreadIn(mode: FastMode, quietPods?: readonly number[]): UnreadPointers {
  switch (mode) {
    case 'yaml':
      return unread;
    case 'placement':
      return placementUnread;
    case 'events':
      return eventsUnread;
    case 'pods':
      return quietPods ? podsUnreadOf(new Set(quietPods)) : podsUnreadAll;
  }
}

export function looksBinary(bytes: Uint8Array): boolean {
  return bytes.subarray(0, 8192).includes(0);
}

export function cannotRead(err: unknown): { ok: false; error: string } {
  return { ok: false, error: `cannot read: ${(err as NodeJS.ErrnoException).code ?? String(err)}` };
}

/** A file's bytes decoded and, when the fast reader can, read. */
export function fastRead(bytes: Buffer, mode: FastMode): FastRead {
  if (looksBinary(bytes)) return { ok: false, error: 'file is binary, not YAML or JSON' };
  const text = bytes.toString('utf8');
  const utf8 = isUtf8(bytes);
  // JSON is JSON.parse'd on the main thread: a copy of its value would cost as much.
  const first = /\S/.exec(text)?.[0];
  if (first === '{' || first === '[') return { ok: true, text, utf8 };
  if (mode === 'pods') return { ok: true, text, utf8, ...readPods(text) };
  const read = parseOcYaml(text, false, unreadIn(mode));
  return read
    ? { ok: true, text, utf8, fast: { value: read.value, maxDepth: read.maxDepth } }
    : { ok: true, text, utf8 };
}

/**
 * A pod List: the status of a pod that cannot be failing is left unread, when the items its
 * text was seen to hold are the items read; else every status is read.
 */
function readPods(text: string): { fast?: NonNullable<Extract<FastRead, { ok: true }>['fast']> } {
  const { unread: quietUnread, items, quiet } = podsUnread(text);
  if (items > 0) {
    const read = parseOcYaml(text, false, quietUnread);
    const value = read?.value;
    const parsed = typeof value === 'object' && value !== null && 'items' in value && value.items;
    if (read && Array.isArray(parsed) && parsed.length === items)
      return { fast: { value: read.value, maxDepth: read.maxDepth, quietPods: [...quiet] } };
  }
  const read = parseOcYaml(text, false, podsUnreadAll);
  return read ? { fast: { value: read.value, maxDepth: read.maxDepth } } : {};
}
