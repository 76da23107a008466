/** The conditions table every kind's hover shows: expected vs actual, and when each changed. */
import type { Condition } from '../../model/condition';
import { ago } from '../../core/text';
import { clipped, table, text } from '../../core/markdown';

/**
 * One row per condition. `expected` maps a type to its healthy status; the hovered condition's
 * row comes first, marked.
 */
export function conditionTable(
  conditions: Condition[],
  expected: Record<string, string>,
  gatherTime: Date | undefined,
  hovered?: Condition,
): string {
  // The hovered condition's row leads: the answer before the rest of the table.
  const hoveredFirst = hovered
    ? [
        ...conditions.filter((c) => c.location.pointer === hovered.location.pointer),
        ...conditions.filter((c) => c.location.pointer !== hovered.location.pointer),
      ]
    : conditions;
  const rows = hoveredFirst.map((c) => {
    // Own entries only: a condition typed `constructor` has no expected value.
    const want = Object.hasOwn(expected, c.type) ? expected[c.type] : undefined;
    const ok = want === undefined || want === c.status;
    const detail = [c.reason, c.message].filter((s) => s !== '').join(': ');
    // Types and statuses are a word each in real gathers; a crafted one must not flood the hover.
    const type = text(clipped(c.type, 60));
    const status = text(clipped(c.status, 60));
    return [
      c.location.pointer === hovered?.location.pointer ? `**${type}** ◀` : type,
      want ?? '—',
      ok ? status : `**${status}** ✗`,
      ago(c.lastTransitionTime, gatherTime),
      text(clipped(detail, 160)),
    ];
  });
  return table(['condition', 'expected', 'actual', 'changed', 'reason / message'], rows);
}

/** The condition a path under `status/conditions/N` designates. */
export function conditionAt(conditions: Condition[], path: string[]): Condition | undefined {
  if (path[0] !== 'status' || path[1] !== 'conditions' || path[2] === undefined) return undefined;
  const ptrTail = `/status/conditions/${path[2]}`;
  return conditions.find((c) => c.location.pointer.endsWith(ptrTail));
}
