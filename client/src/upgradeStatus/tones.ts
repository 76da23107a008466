/** How an Upgrade Status item reads at a glance, and its codicon; the view colours it. */
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
