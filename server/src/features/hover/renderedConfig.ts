/** Hovers on a rendered MachineConfig name, wherever it appears: its pool, age, release and nodes. */
import type { Snapshot } from '../../model/snapshot';
import { pool as poolNamed } from '../../model/snapshot';
import { ago, isoTime } from '../../core/text';
import { code, sections, table, text } from '../../core/markdown';

/** `rendered-<pool>-<32 hex>`, as the render controller names what it generates. */
export const renderedNamePattern =
  /\brendered-([a-z0-9](?:[-a-z0-9.]*[a-z0-9])?)-([0-9a-f]{32})\b/g;

function poolOfRendered(name: string): string | undefined {
  return /^rendered-(.+)-[0-9a-f]{32}$/.exec(name)?.[1];
}

/** Name (escaped), creation time with age, and release-image-version of a rendered config. */
export function renderedConfigRow(
  snapshot: Snapshot,
  name: string,
  gatherTime: Date | undefined,
): [string, string, string] {
  const mc = snapshot.machineConfigs.get(name);
  const created = mc?.creationTimestamp;
  return [
    text(name),
    created ? `${isoTime(created)} (${ago(created, gatherTime)})` : 'not in the must-gather',
    mc ? text(mc.releaseImageVersion ?? 'not annotated') : '—',
  ];
}

export function renderedConfigHover(
  snapshot: Snapshot,
  name: string,
  gatherTime: Date | undefined,
): string {
  const poolName = poolOfRendered(name);
  const p = poolName !== undefined ? poolNamed(snapshot, poolName) : undefined;
  const [, created, release] = renderedConfigRow(snapshot, name, gatherTime);
  const facts = [
    `Pool: ${p ? code(p.name) : poolName ? `${code(poolName)} (not in the must-gather)` : 'unknown'}` +
      (p?.targetConfig === name ? ', its **target**' : '') +
      (p?.currentConfig === name ? ', its **current** config' : ''),
    `Created: ${created}`,
    `release-image-version: ${release}`,
  ];
  const controller = snapshot.machineConfigs.get(name)?.controllerVersion;
  if (controller) facts.push(`Rendered by controller version ${text(controller)}`);
  const on = snapshot.nodes.filter((n) => n.currentConfig === name);
  const moving = snapshot.nodes.filter((n) => n.desiredConfig === name && n.currentConfig !== name);
  const nodeRows = [
    ...on.map((n) => [text(n.name), 'runs it', text(n.mcdState ?? 'none')]),
    ...moving.map((n) => [
      text(n.name),
      `moving to it from ${text(n.currentConfig ?? 'none')}`,
      text(n.mcdState ?? 'none'),
    ]),
  ];
  const shown = nodeRows.slice(0, 12);
  const more =
    nodeRows.length > shown.length ? `\n\n… and ${nodeRows.length - shown.length} more` : '';
  return sections(
    `**Rendered MachineConfig ${code(name)}**`,
    facts.map((f) => `- ${f}`).join('\n'),
    `**Nodes**: ${on.length} run it, ${moving.length} moving to it` +
      (shown.length > 0 ? `\n\n${table(['node', 'config', 'MCD state'], shown)}${more}` : ''),
  );
}
