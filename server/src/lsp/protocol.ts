/** Custom messages between the VS Code client and the server (names shared by both sides). */
import type { WorkspaceStatus } from './workspace';

export const statusNotification = 'mustGatherInspector/status';
export const reindexRequest = 'mustGatherInspector/reindex';

export type StatusParams = WorkspaceStatus;

/** Rendered MachineConfigs of the must-gathers, for the compare command's pickers. */
export const machineConfigsRequest = 'mustGatherInspector/machineConfigs';
export interface MachineConfigsParams {
  /** Limit to the root holding this file (a MachineConfig or a pool the user started from). */
  uri?: string;
}
export interface MachineConfigEntry {
  root: string;
  name: string;
  pool?: string;
  /** ISO time. */
  created?: string;
  release?: string;
  uri: string;
}

/** Normalised text of one config, for the read-only virtual documents of the diff. */
export const normalizedConfigRequest = 'mustGatherInspector/normalizedConfig';
export interface NormalizedConfigParams {
  root: string;
  name: string;
}

/** The semantic summary of a change between two configs, as Markdown. */
export const compareSummaryRequest = 'mustGatherInspector/compareSummary';
export interface CompareSummaryParams {
  root: string;
  a: string;
  b: string;
}

/** The command the client registers, also used by the server's code lenses. */
export const compareCommand = 'mustGatherInspector.compareRenderedConfigs';
