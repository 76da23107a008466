/**
 * One item of the Upgrade Status tree, as data the view turns into a TreeItem, and how it reads at
 * a glance (its tone and codicon). A leaf that every part of the tree's model imports.
 */

/** How an Upgrade Status item reads at a glance; the view colours it. */
export type Tone = 'error' | 'warning' | 'info' | 'ok' | 'progress' | 'muted';

const toneIcon: Record<Tone, string> = {
  error: 'error',
  warning: 'warning',
  info: 'info',
  ok: 'pass',
  progress: 'sync',
  muted: 'circle-outline',
};

export function iconOf(tone: Tone): string {
  return toneIcon[tone];
}

export interface TreeItemModel {
  /** Stable across refreshes, so the tree keeps what the user expanded. */
  id: string;
  label: string;
  description: string;
  tooltip: string;
  /** A codicon name. */
  icon: string;
  tone: Tone;
  /** Where clicking the item goes. */
  evidence?: { file: string; line: number };
  /** On a must-gather's item: its root, for "Show Upgrade Timeline". */
  root?: string;
  children: TreeItemModel[];
  expanded: boolean;
}
