/** Custom messages between the VS Code client and the server (names shared by both sides). */
import type { WorkspaceStatus } from './workspace';

export const statusNotification = 'mustGatherInspector/status';
export const reindexRequest = 'mustGatherInspector/reindex';

export type StatusParams = WorkspaceStatus;
