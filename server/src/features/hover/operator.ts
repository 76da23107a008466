/** Hovers on a ClusterOperator: conditions as the CVO reads them, versions, machine-config's extension. */
import type { ClusterOperator } from '../../model/clusterOperator';
import type { Condition } from '../../model/condition';
import type { Snapshot } from '../../model/snapshot';
import { pool as poolNamed } from '../../model/snapshot';
import { clip } from '../../core/text';
import { clipped, code, sections, table, text } from '../../core/markdown';
import { conditionAt, conditionTable } from './conditions';
import { poolState } from './pool';

/** What the cluster-version operator wants of every ClusterOperator. */
const operatorExpected: Record<string, string> = {
  Available: 'True',
  Progressing: 'False',
  Degraded: 'False',
  Upgradeable: 'True',
};

/** What each condition means to the cluster-version operator (docs/domain/cluster-version.md). */
const cvoMeaning: Record<string, string> = {
  Available:
    'The CVO waits for Available=True: while it is not, the update reports “Cluster operator … is not available” and does not complete.',
  Degraded:
    'Degraded=True makes the CVO report “Cluster operator … is degraded”; after 40 minutes the ClusterVersion turns Failing.',
  Progressing:
    'The CVO does not wait on Progressing itself: it waits for the reported versions to match the release, Available=True and Degraded not True.',
  Upgradeable:
    'Upgradeable=False blocks updates to the next minor version (“cannot be upgraded between minor versions”); patch updates proceed.',
};

export function operatorHover(
  snapshot: Snapshot,
  co: ClusterOperator,
  path: string[],
  gatherTime: Date | undefined,
  explained?: string,
): string | undefined {
  const [top, field] = path;
  if (top !== 'status') return undefined;
  if (field === 'conditions')
    return conditionsHover(snapshot, co, conditionAt(co.conditions, path), gatherTime, explained);
  if (field === 'versions') return versionsHover(snapshot, co);
  if (field === 'extension' && co.name === 'machine-config') return extensionHover(snapshot, co);
  return undefined;
}

function title(co: ClusterOperator, what: string): string {
  return `**ClusterOperator ${code(co.name)}: ${what}**`;
}

function conditionsHover(
  snapshot: Snapshot,
  co: ClusterOperator,
  hovered: Condition | undefined,
  gatherTime: Date | undefined,
  explained: string | undefined,
): string {
  const own = (t: Record<string, string>) =>
    hovered && Object.hasOwn(t, hovered.type) ? t[hovered.type] : undefined;
  const meaning = own(cvoMeaning);
  const want = own(operatorExpected);
  const headline = hovered
    ? `${text(clipped(hovered.type, 60))}: expected ${want ?? '—'}, actual ${
        want !== undefined && want !== hovered.status
          ? `**${text(clipped(hovered.status, 60))}**`
          : text(clipped(hovered.status, 60))
      }`
    : undefined;
  const full =
    hovered && hovered.message.length > 160
      ? `Full message: ${text(clipped(hovered.message, 2000))}`
      : undefined;
  // The answer first: which condition, expected against actual, and the table; then why.
  return sections(
    [title(co, 'conditions'), headline].filter((s) => s !== undefined).join(' · '),
    conditionTable(co.conditions, operatorExpected, gatherTime, hovered),
    explained,
    [meaning, full].filter((s) => s !== undefined).join('\n\n'),
    cvoVerdict(snapshot, co),
  );
}

/** Whether the CVO would consider this operator done with the update (versions, Available, Degraded). */
function cvoVerdict(snapshot: Snapshot, co: ClusterOperator): string {
  const desired = snapshot.clusterVersion?.desiredVersion;
  const reported = co.operatorVersion?.version;
  const blockers: string[] = [];
  if (desired && reported !== undefined && reported !== desired)
    blockers.push(`it reports version ${text(reported)}, not ${text(desired)}`);
  const available = co.conditions.find((c) => c.type === 'Available');
  if (available?.status !== 'True')
    blockers.push(`Available is ${text(available?.status ?? 'not reported')}`);
  const degraded = co.conditions.find((c) => c.type === 'Degraded');
  if (degraded?.status === 'True') blockers.push('Degraded is True');
  return blockers.length === 0
    ? 'For the cluster-version operator this operator is done: versions match, Available=True, Degraded not True.'
    : `The cluster-version operator keeps waiting on this operator: ${blockers.join('; ')}.`;
}

function versionsHover(snapshot: Snapshot, co: ClusterOperator): string {
  const desired = snapshot.clusterVersion?.desiredVersion;
  const rows = co.versions.map((v) => [
    text(v.name),
    text(v.version),
    // Only the `operator` entry carries the release version; operands have their own.
    v.name === 'operator' && desired ? text(desired) : '—',
    v.name !== 'operator' || !desired ? '—' : v.version === desired ? 'yes' : '**no** ✗',
  ]);
  return sections(
    title(co, 'versions'),
    table(['name', 'reported', 'ClusterVersion desired', 'matches'], rows),
    desired
      ? `The cluster is updating to ${code(desired)} (ClusterVersion \`status.desired.version\`). The CVO waits until the operator reports it.`
      : 'The ClusterVersion is not in the must-gather: no target version to compare with.',
  );
}

function extensionHover(snapshot: Snapshot, co: ClusterOperator): string {
  const ext = co.extension;
  const rows = Object.entries(ext)
    .filter(([k]) => k !== 'lastSyncError')
    .map(([name, says]) => {
      const p = poolNamed(snapshot, name);
      return [
        text(name),
        text(clip(says, 140)),
        p ? poolState(p) : 'pool not in the must-gather',
        p ? (p.requiredForUpgrade ? 'yes' : 'no') : '—',
      ];
    });
  const lastSync = ext.lastSyncError;
  return sections(
    title(co, 'extension'),
    'What the operator last wrote per pool, next to each pool’s own state in the must-gather.',
    table(['pool', 'operator says', 'pool state', 'required'], rows),
    lastSync ? `lastSyncError: ${text(clipped(lastSync, 600))}` : undefined,
  );
}
