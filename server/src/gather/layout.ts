/**
 * What a gather's own files say about how it was taken, beyond the resources: the form of the
 * root, the gather image, the `oc` that ran it and what the gather itself reported as missing
 * or failed. Read from names and small files only; the first look shows it.
 */
import type { RootKind } from './discover';

export type GatherForm = 'must-gather' | 'inspect' | 'gather-extra' | 'insights';

export interface GatherLayout {
  form: GatherForm;
  /** The gather image, from the image folder's name or the gather's own log. */
  image?: string;
  /** The `oc` client version, where the gather recorded it. */
  ocVersion?: string;
  /** What the gather says went wrong or is missing, one sentence each. */
  notes: string[];
}

/** The layout known from the root's kind alone, before any of its files is read. */
export function layoutOfKind(kind: RootKind): GatherLayout {
  return { form: kind === 'gather-extra' ? 'gather-extra' : 'must-gather', notes: [] };
}
