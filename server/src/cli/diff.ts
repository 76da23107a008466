/**
 * `must-gather-inspector diff <path> <a> <b>`: the semantic summary and the unified diff of two
 * MachineConfigs of one must-gather (or gather-extra folder). When `<path>` holds several roots,
 * the first root (in path order) that has both configs is used.
 */
import {
  buildIndex,
  decodeOptionsFrom,
  diffMachineConfigs,
  findMachineConfig,
  listMachineConfigs,
  loadClusterVersion,
  machineConfigHint,
  parseRelease,
  summaryText,
} from '../service';
import type { AnalysisContext, DecodeOptions, GatherRoot, MachineConfigListing } from '../service';

export type DiffOutcome = { ok: true; output: string } | { ok: false; error: string };

export async function diffCommand(
  roots: GatherRoot[],
  ctx: AnalysisContext,
  nameA: string,
  nameB: string,
  format: 'text' | 'json',
): Promise<DiffOutcome> {
  const all: MachineConfigListing[] = [];
  for (const root of roots) {
    const index = await buildIndex(root);
    const list = await listMachineConfigs(index, ctx.cache);
    const a = findMachineConfig(list, nameA);
    const b = findMachineConfig(list, nameB);
    if (a && b) {
      // The reboot rules follow the release the cluster is updating to, as in the editor.
      const cv = await loadClusterVersion(index, ctx.cache);
      const minor = parseRelease(cv?.desiredVersion)?.minor;
      return { ok: true, output: render(a, b, format, minor, decodeOptionsFrom(ctx.limits)) };
    }
    all.push(...list);
  }
  return { ok: false, error: notFound(all, nameA, nameB) };
}

function render(
  a: MachineConfigListing,
  b: MachineConfigListing,
  format: 'text' | 'json',
  releaseMinor: number | undefined,
  decode: DecodeOptions,
): string {
  const { summary, diff } = diffMachineConfigs(a, b, releaseMinor, decode);
  if (format === 'json')
    return JSON.stringify({ a: a.name, b: b.name, summary, diff }, null, 2) + '\n';
  return `${summaryText(summary)}\n${diff === '' ? 'The normalised configs are identical.\n' : diff}`;
}

function notFound(all: MachineConfigListing[], nameA: string, nameB: string): string {
  if (all.length === 0) return 'no MachineConfig found under this path';
  const has = (n: string) => all.some((m) => m.name === n);
  const missing = [nameA, nameB].filter((n) => !has(n));
  if (missing.length === 0) {
    return `${nameA} and ${nameB} are not in the same must-gather; compare configs of one root`;
  }
  return missing.map((n) => `no MachineConfig named ${n}; ${machineConfigHint(all, n)}`).join('\n');
}
