/**
 * Requests behind the "Compare Rendered MachineConfigs" command: list a root's configs, the
 * normalised text of one, and the semantic summary of a pair. Lists are computed per request
 * from the root's index; parsed files come from the shared cache.
 */
import { pathToFileURL } from 'node:url';
import {
  decodeOptionsFrom,
  listMachineConfigs,
  normalizeMachineConfig,
  parseRelease,
  summarizeChanges,
  summaryMarkdown,
} from '../service';
import type { MachineConfigListing } from '../service';
import type { MachineConfigEntry } from '../protocol/messages';
import type { Workspace } from './workspace';

export async function machineConfigEntries(
  ws: Workspace,
  file?: string,
): Promise<MachineConfigEntry[]> {
  const analyses = ws.analysesFor(file);
  const out: MachineConfigEntry[] = [];
  for (const a of analyses) {
    for (const mc of await listMachineConfigs(a.index, ws.cache)) {
      const e: MachineConfigEntry = {
        root: a.root.path,
        name: mc.name,
        uri: pathToFileURL(mc.file).href,
      };
      if (mc.pool) e.pool = mc.pool;
      if (mc.created) e.created = mc.created.toISOString();
      if (mc.release) e.release = mc.release;
      out.push(e);
    }
  }
  return out;
}

async function find(ws: Workspace, root: string, name: string): Promise<MachineConfigListing> {
  const a = ws.analysisOf(root);
  if (!a) throw new Error(`no must-gather analysed at ${root}`);
  const mc = (await listMachineConfigs(a.index, ws.cache)).find((m) => m.name === name);
  if (!mc) throw new Error(`no MachineConfig ${name} in ${root}`);
  return mc;
}

export async function normalizedConfig(ws: Workspace, root: string, name: string): Promise<string> {
  return normalizeMachineConfig((await find(ws, root, name)).raw, decodeOptionsFrom(ws.limits));
}

export async function compareSummary(
  ws: Workspace,
  root: string,
  a: string,
  b: string,
): Promise<string> {
  const [left, right] = await Promise.all([find(ws, root, a), find(ws, root, b)]);
  const release = parseRelease(ws.analysisOf(root)?.snapshot.clusterVersion?.desiredVersion);
  return summaryMarkdown(
    summarizeChanges(left.raw, right.raw, release?.minor, decodeOptionsFrom(ws.limits)),
  );
}
