/**
 * The Findings view as plain data, from the language server's findings request: must-gather (a
 * level of its own only when there are several) → cause → its findings → each finding's
 * evidence, worst first, filtered by the least level shown. The grouping is the server's; this
 * only orders, filters and words. No VS Code here, so the model is tested in plain node.
 */
import { markdownText } from '../../../server/src/protocol/messages';
import type {
  CauseEntry,
  EvidenceLink,
  FindingEntry,
  RootFindings,
} from '../../../server/src/protocol/messages';
import { oneLine, placeName } from '../upgradeStatus/treeModel';

type Level = FindingEntry['severity'];

/** The least level a cause must reach to be shown. */
export type LevelFilter = 'error' | 'warning' | 'all';

export const levelFilters: readonly { value: LevelFilter; label: string; detail: string }[] = [
  { value: 'error', label: 'Errors only', detail: 'causes whose worst finding is an error' },
  { value: 'warning', label: 'Warnings and errors', detail: 'leaves out info and hint causes' },
  { value: 'all', label: 'Everything', detail: 'every cause, down to hints' },
];

export function isLevelFilter(v: unknown): v is LevelFilter {
  return levelFilters.some((f) => f.value === v);
}

/** Evidence listed under one finding; the CLI lists the rest. */
export const evidenceShown = 50;

export interface FindingsItemModel {
  /** Stable across refreshes (root, cause id, finding's rule and subject), so what the user expanded stays expanded. */
  id: string;
  label: string;
  description: string;
  /** Markdown: every must-gather text in it escaped (`markdownText`). */
  tooltip: string;
  /** What a screen reader says of the row: its kind and level, then its label. */
  accessibleLabel: string;
  /** A codicon name. */
  icon: string;
  /** Colours the icon; none for evidence. */
  level?: Level;
  /** Where clicking the item goes. */
  open?: EvidenceLink;
  /** On a cause: its must-gather and id, for "Show on Timeline". */
  timeline?: { root: string; cause: string };
  children: FindingsItemModel[];
  expanded: boolean;
}

export interface FindingsTree {
  items: FindingsItemModel[];
  /** Causes shown (the view's badge). */
  shown: number;
  /** Causes the filter leaves out. */
  hidden: number;
  /** The view's description: the filter, when it leaves something out. */
  description: string;
  /** The view's message above the tree ('' for none): why it is empty. */
  message: string;
}

const rank: Record<Level, number> = { error: 0, warning: 1, info: 2, hint: 3 };
const least: Record<LevelFilter, number> = { error: 0, warning: 1, all: 3 };
const levelIcon: Record<Level, string> = {
  error: 'error',
  warning: 'warning',
  info: 'info',
  hint: 'lightbulb',
};
const filterWords: Record<LevelFilter, string> = {
  error: 'errors only',
  warning: 'warnings and errors',
  all: '',
};

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

export function findingsTree(roots: readonly RootFindings[], filter: LevelFilter): FindingsTree {
  const shownCauses = (r: RootFindings) =>
    r.causes.filter((c) => rank[c.level] <= least[filter]).sort(worstFirst);
  const total = roots.reduce((n, r) => n + r.causes.length, 0);
  const names = rootNames(roots);
  const ordered = [...roots].sort(
    (a, b) =>
      worstRank(a.causes) - worstRank(b.causes) ||
      (names.get(a.root) ?? '').localeCompare(names.get(b.root) ?? ''),
  );
  let shown = 0;
  const items = ordered.map((r) => {
    const causes = shownCauses(r);
    shown += causes.length;
    return { r, causes: causeItems(r.root, causes) };
  });
  const hidden = total - shown;
  return {
    items:
      roots.length > 1
        ? items.map(({ r, causes }) => rootItem(r, names.get(r.root) ?? r.root, causes))
        : (items[0]?.causes ?? []),
    shown,
    hidden,
    description: filterWords[filter]
      ? `${filterWords[filter]}${hidden ? ` · ${hidden} hidden` : ''}`
      : '',
    message: emptyMessage(roots, total, shown, filter),
  };
}

function worstFirst(a: CauseEntry, b: CauseEntry): number {
  return rank[a.level] - rank[b.level];
}

function worstRank(causes: readonly CauseEntry[]): number {
  return Math.min(4, ...causes.map((c) => rank[c.level]));
}

function emptyMessage(
  roots: readonly RootFindings[],
  total: number,
  shown: number,
  filter: LevelFilter,
): string {
  // No must-gather at all: the view's welcome content says what to open.
  if (roots.length === 0 || shown > 0) return '';
  const where = roots.length === 1 ? 'this must-gather' : `these ${roots.length} must-gathers`;
  if (total === 0) return `No findings in ${where}.`;
  return `No cause at the level of ${filterWords[filter]} in ${where}; ${plural(total, 'cause')} below it (Filter Findings by Level shows them).`;
}

/** Short names of the roots, told apart by their last folder when two would read the same. */
function rootNames(roots: readonly RootFindings[]): Map<string, string> {
  const short = roots.map((r) => placeName(r));
  return new Map(
    roots.map((r, i) => {
      const name = short[i]!;
      const twice = short.filter((s) => s === name).length > 1;
      const last =
        r.root
          .split(/[\\/]/)
          .filter((p) => p !== '')
          .pop() ?? r.root;
      return [r.root, twice ? `${name} (${last})` : name];
    }),
  );
}

function rootItem(r: RootFindings, name: string, causes: FindingsItemModel[]): FindingsItemModel {
  const findings = causes.reduce((n, c) => n + c.children.length, 0);
  const worst = causes[0]?.level;
  return {
    id: r.root,
    label: name,
    description:
      causes.length === 0
        ? r.causes.length === 0
          ? 'no findings'
          : 'nothing at this level'
        : `${plural(causes.length, 'cause')} · ${plural(findings, 'finding')}`,
    tooltip: markdownText(r.place),
    accessibleLabel: `must-gather ${name}, ${plural(causes.length, 'cause')}`,
    icon: worst ? levelIcon[worst] : 'pass',
    ...(worst ? { level: worst } : {}),
    children: causes,
    expanded: true,
  };
}

function causeItems(root: string, causes: readonly CauseEntry[]): FindingsItemModel[] {
  const used = new Map<string, number>();
  return causes.map((c) => {
    // Cause ids are stable, and unique per analysis unless a grouping repeats one.
    const n = used.get(c.id) ?? 0;
    used.set(c.id, n + 1);
    return {
      ...causeItem(`${root}#${c.id}${n ? `#${n}` : ''}`, c),
      timeline: { root, cause: c.id },
    };
  });
}

function causeItem(id: string, c: CauseEntry): FindingsItemModel {
  const title = oneLine(c.title, 200);
  const count = plural(c.findings.length, 'finding');
  const root = c.findings[0];
  return {
    id,
    label: title,
    description: count,
    tooltip:
      `**${c.level}** · ${markdownText(title)}\n\n` +
      (c.subjects.length > 0
        ? `${c.subjects
            .slice(0, 10)
            .map((s) => markdownText(s))
            .join(', ')}${c.subjects.length > 10 ? `, +${c.subjects.length - 10} more` : ''}\n\n`
        : '') +
      `${count}, the root first`,
    accessibleLabel: `${c.level} cause: ${title}, ${count}`,
    icon: levelIcon[c.level],
    level: c.level,
    ...(root ? { open: root.location } : {}),
    children: c.findings.map((f, i) => findingItem(`${id}/${i}/${f.rule}@${f.subject}`, f)),
    expanded: false,
  };
}

function findingItem(id: string, f: FindingEntry): FindingsItemModel {
  const more = f.related.length - evidenceShown;
  return {
    id,
    label: oneLine(f.message, 200),
    description: f.rule,
    tooltip:
      `${markdownText(f.message)}\n\n**${markdownText(f.rule)}** · ${f.severity} · ` +
      `${markdownText(f.subject)} · ${markdownText(placeOf(f.location))}`,
    accessibleLabel: `${f.severity} finding, ${f.rule}: ${f.message}`,
    icon: levelIcon[f.severity],
    level: f.severity,
    open: f.location,
    children: [
      ...f.related.slice(0, evidenceShown).map((r, i) => evidenceItem(`${id}/${i}`, r)),
      ...(more > 0
        ? [
            {
              id: `${id}/more`,
              label: `+${more} more`,
              description: 'evidence',
              tooltip: `${plural(more, 'more piece')} of evidence: expand to list them`,
              accessibleLabel: `${more} more pieces of evidence`,
              icon: 'ellipsis',
              // Listed here, where they open: nobody is sent to the CLI for them.
              children: f.related
                .slice(evidenceShown)
                .map((r, i) => evidenceItem(`${id}/${evidenceShown + i}`, r)),
              expanded: false,
            },
          ]
        : []),
    ],
    expanded: false,
  };
}

function evidenceItem(id: string, r: EvidenceLink): FindingsItemModel {
  const label = oneLine(r.message ?? 'evidence', 200);
  return {
    id,
    label,
    description: placeOf(r),
    tooltip: `${markdownText(r.message ?? '')}\n\n${markdownText(pathOf(r.uri))}:${r.range.start.line + 1}`,
    accessibleLabel: `evidence: ${label}, ${placeOf(r)}`,
    icon: 'location',
    open: r,
    children: [],
    expanded: false,
  };
}

/** `worker.yaml:250`: the file's name and 1-based line. */
function placeOf(e: EvidenceLink): string {
  return `${pathOf(e.uri).split('/').pop() ?? e.uri}:${e.range.start.line + 1}`;
}

/** The path of a `file:` URI, decoded (no node:url here: the model stays plain). */
function pathOf(uri: string): string {
  const path = uri.replace(/^file:\/\//, '');
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}
