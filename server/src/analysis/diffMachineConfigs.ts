/**
 * Two MachineConfigs compared as every front end shows it (CLI `diff`, the agent tool
 * `mustgather_diff_configs`): the change in the MCO's terms with the node action for the release
 * the cluster is updating to, and the unified diff of the decoded, normalised configs.
 */
import type { DecodeOptions } from '../machineconfig/dataUrl';
import { normalizeMachineConfig } from '../machineconfig/normalize';
import { summarizeChanges } from '../machineconfig/changeSummary';
import type { MachineConfigSummary } from '../machineconfig/changeSummary';
import { unifiedDiff } from '../machineconfig/unifiedDiff';
import { similarNames } from './loadMachineConfigs';
import type { MachineConfigListing } from './loadMachineConfigs';

export interface MachineConfigDiff {
  summary: MachineConfigSummary;
  /** Empty when the normalised configs are identical. */
  diff: string;
}

export function diffMachineConfigs(
  a: MachineConfigListing,
  b: MachineConfigListing,
  releaseMinor: number | undefined,
  decode: DecodeOptions,
): MachineConfigDiff {
  return {
    summary: summarizeChanges(a.raw, b.raw, releaseMinor, decode),
    diff: unifiedDiff(
      normalizeMachineConfig(a.raw, decode),
      normalizeMachineConfig(b.raw, decode),
      a.name,
      b.name,
    ),
  };
}

/** What to offer for a name no config has: close names, else the rendered configs (else any 20). */
export function machineConfigHint(list: MachineConfigListing[], name: string): string {
  const close = similarNames(list, name);
  if (close.length > 0) return `close names: ${close.join(', ')}`;
  const rendered = [
    ...new Set(list.filter((m) => m.name.startsWith('rendered-')).map((m) => m.name)),
  ];
  const names = rendered.length > 0 ? rendered : [...new Set(list.map((m) => m.name))];
  return `rendered configs here: ${names.slice(0, 20).join(', ')}`;
}
