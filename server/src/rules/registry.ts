/** Every rule, in the order their findings are listed. */
import { clusterVersionUpdateIncomplete } from './clusterVersionUpdateIncomplete';
import { mcoBlockedByNonRequiredPool } from './mcoBlockedByNonRequiredPool';
import { mcoDrainStuck } from './mcoDrainStuck';
import { mcoLevelBeforeRequiredPools } from './mcoLevelBeforeRequiredPools';
import { operatorNotLeveled } from './operatorNotLeveled';
import { poolDegraded } from './poolDegraded';
import { poolNotUpdated } from './poolNotUpdated';
import { clusterVersionFailing } from './clusterVersionFailing';
import { cvoWaitingOnOperator } from './cvoWaitingOnOperator';
import { mcoRequiredPoolDegradedUnreported } from './mcoRequiredPoolDegradedUnreported';
import { nodeMcdDegraded } from './nodeMcdDegraded';
import { nodeNotReady } from './nodeNotReady';
import { nodeVersionSkew } from './nodeVersionSkew';
import { operatorDegraded } from './operatorDegraded';
import { operatorNotUpgradeable } from './operatorNotUpgradeable';
import { operatorUnavailable } from './operatorUnavailable';
import { poolPaused } from './poolPaused';
import type { Rule } from './rule';
import type { Severity } from '../core/finding';

export const rules: readonly Rule[] = [
  mcoLevelBeforeRequiredPools,
  mcoBlockedByNonRequiredPool,
  mcoRequiredPoolDegradedUnreported,
  poolDegraded,
  poolPaused,
  poolNotUpdated,
  nodeMcdDegraded,
  mcoDrainStuck,
  nodeNotReady,
  nodeVersionSkew,
  operatorUnavailable,
  operatorDegraded,
  operatorNotUpgradeable,
  operatorNotLeveled,
  clusterVersionFailing,
  clusterVersionUpdateIncomplete,
  cvoWaitingOnOperator,
];

/** Rules that are not checks over a Snapshot but still have ids users can configure. */
export const builtInRuleIds: Record<string, Severity> = { 'yaml-invalid': 'error' };

export function allRuleIds(): string[] {
  return [...rules.map((r) => r.id), ...Object.keys(builtInRuleIds)].sort();
}
