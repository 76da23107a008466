/** What the cluster-version operator's condition messages say about ClusterOperators. */

/** Operator names in `… waiting on a, b` and `Cluster operator X is …` messages. */
export function operatorsNamed(message: string): string[] {
  const names: string[] = [];
  const waiting = /waiting (?:up to \d+ minutes )?on ([a-z0-9-]+(?:, [a-z0-9-]+)*)/.exec(message);
  if (waiting) names.push(...waiting[1]!.split(', '));
  for (const m of message.matchAll(/[Cc]luster operators? ([a-z0-9-]+) (?:is|has|cannot)/g))
    names.push(m[1]!);
  return [...new Set(names)];
}
