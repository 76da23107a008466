/**
 * "Before the next update" in Upgrade Status (issue 29): for a must-gather whose cluster is not
 * updating, what `recommend` says (the concerns, then the updates offered, two per minor), each
 * row opening its evidence. Plain data from the server's recommend report; no VS Code.
 */
import type { RootRecommendReport } from '../../../server/src/protocol/messages';
import { iconOf } from './item';
import type { Tone, TreeItemModel } from './item';

const levelTone: Record<'error' | 'warning' | 'info', Tone> = {
  error: 'error',
  warning: 'warning',
  info: 'info',
};

function evidenceOf(p: {
  file: string | null;
  line: number | null;
}): Pick<TreeItemModel, 'evidence'> {
  return p.file !== null ? { evidence: { file: p.file, line: p.line ?? 1 } } : {};
}

/** A check's short label: its object (`worker`, the alert's name), its category in the description. */
function checkLabel(name: string): { label: string; kind: string } {
  const parts = name.split('/');
  // recommended/<Category>/<alert>/<i>, gather/<Category>/<object…>
  if (parts[0] === 'recommended' && parts.length >= 3) return { label: parts[2]!, kind: parts[1]! };
  if (parts[0] === 'gather' && parts.length >= 3)
    return { label: parts.slice(2).join('/'), kind: parts[1]! };
  return { label: name, kind: '' };
}

export function beforeUpdateItem(parent: string, r: RootRecommendReport): TreeItemModel {
  const id = `${parent}/before-update`;
  const conditions = r.clusterConditions.map(
    (c): TreeItemModel => ({
      id: `${id}/condition/${c.type}`,
      label: `${c.type}=${c.status}`,
      description: c.reason,
      tooltip: c.message,
      icon: iconOf('warning'),
      tone: 'warning',
      ...evidenceOf(c),
      children: [],
      expanded: false,
    }),
  );
  const concerns = r.checks
    .filter((c) => c.status !== 'True')
    .map((c): TreeItemModel => {
      const { label, kind } = checkLabel(c.name);
      const tone = c.status === 'Unknown' ? 'muted' : levelTone[c.level];
      return {
        id: `${id}/check/${c.name}`,
        label,
        description: `${kind}${kind && c.reason ? ' · ' : ''}${c.reason}`,
        tooltip: `${c.name}\n\n${c.message}${c.acceptName ? `\n\nAccept with: --accept ${c.acceptName}` : ''}`,
        icon: iconOf(tone),
        tone,
        ...evidenceOf(c),
        children: [],
        expanded: false,
      };
    });
  const minors = [...new Set(r.updates.map((u) => u.minor))];
  const updates = minors.map((minor): TreeItemModel => {
    const all = r.updates.filter((u) => u.minor === minor);
    const shown = all.filter((u) => !u.outdated);
    const recommended = all.filter((u) => u.recommended).length;
    return {
      id: `${id}/updates/${minor}`,
      label: `Updates to ${minor}`,
      description: `${recommended} of ${all.length} recommended`,
      tooltip: `${all.length} release(s) of ${minor} offered; the two newest are listed (recommend --show-outdated-releases lists them all).`,
      icon: iconOf(recommended > 0 ? 'ok' : 'warning'),
      tone: recommended > 0 ? 'ok' : 'warning',
      children: shown.map(
        (u): TreeItemModel => ({
          id: `${id}/updates/${minor}/${u.version}`,
          label: u.version,
          description: u.recommended ? 'recommended' : `not recommended · ${u.reason ?? ''}`,
          tooltip: u.recommended
            ? `${u.version}: no known issues relevant to this cluster.\n${u.image}`
            : `${u.version}: not recommended (${u.reason ?? ''})\n\n${u.message ?? ''}${u.risks.length > 0 ? `\n\nRisks: ${u.risks.map((k) => k.name).join(', ')}` : ''}`,
          icon: iconOf(u.recommended ? 'ok' : 'warning'),
          tone: u.recommended ? 'ok' : 'warning',
          ...evidenceOf(u),
          children: [],
          expanded: false,
        }),
      ),
      expanded: false,
    };
  });
  // What the must-gather does not hold (Unknown, nothing to accept) is not a concern, nor none.
  const notChecked = r.checks.filter((c) => c.status === 'Unknown' && c.acceptName === null).length;
  const n = conditions.length + concerns.length - notChecked;
  const worst = [...conditions, ...concerns].some((c) => c.tone === 'error')
    ? 'error'
    : n > 0
      ? 'warning'
      : 'ok';
  const recommended = r.updates.filter((u) => u.recommended).length;
  return {
    id,
    label: 'Before the next update',
    description: `${n === 0 ? 'no concern' : `${n} concern${n === 1 ? '' : 's'}`}${notChecked > 0 ? ` (${notChecked} not checked)` : ''} · ${r.updates.length === 0 ? 'no update offered' : `${recommended} recommended update${recommended === 1 ? '' : 's'}`}`,
    tooltip:
      'What `recommend` says (oc adm upgrade recommend, offline): the ClusterVersion conditions and checks of concern, then the updates offered. must-gather-inspector recommend <path> prints it all.',
    icon: iconOf(worst),
    tone: worst,
    children: [...conditions, ...concerns, ...updates],
    expanded: true,
  };
}
