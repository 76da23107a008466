/** Every rule, in the order their findings are listed. */
import { alertFiring } from './alertFiring';
import { clusterVersionUpdateIncomplete } from './clusterVersionUpdateIncomplete';
import { mcoBlockedByNonRequiredPool } from './mcoBlockedByNonRequiredPool';
import { mcoDrainStuck } from './mcoDrainStuck';
import { mcnPhaseStuck } from './mcnPhaseStuck';
import { mcoLevelBeforeRequiredPools } from './mcoLevelBeforeRequiredPools';
import { operatorNotLeveled } from './operatorNotLeveled';
import { poolDegraded } from './poolDegraded';
import { poolNotUpdated } from './poolNotUpdated';
import { clusterVersionFailing } from './clusterVersionFailing';
import { clusterVersionUpdateNotAccepted } from './clusterVersionUpdateNotAccepted';
import { controlPlaneRolloutStuck } from './controlPlaneRolloutStuck';
import { clusterVersionSlowOperator } from './clusterVersionSlowOperator';
import { cvoWaitingOnOperator } from './cvoWaitingOnOperator';
import { mcoRequiredPoolDegradedUnreported } from './mcoRequiredPoolDegradedUnreported';
import { nodeMcdDegraded } from './nodeMcdDegraded';
import { nodeNotReady } from './nodeNotReady';
import { nodeOndiskDrift } from './nodeOndiskDrift';
import { nodeOsUpdateFailed } from './nodeOsUpdateFailed';
import { nodeVersionSkew } from './nodeVersionSkew';
import { operatorDegraded } from './operatorDegraded';
import { operatorNotUpgradeable } from './operatorNotUpgradeable';
import { operatorUnavailable } from './operatorUnavailable';
import { oclBuildFailed } from './oclBuildFailed';
import { pinnedImageSetDegraded } from './pinnedImageSetDegraded';
import { poolPaused } from './poolPaused';
import { poolCertExpiry } from './poolCertExpiry';
import type { Rule } from './rule';
import type { Severity } from '../core/finding';

export const rules: readonly Rule[] = [
  mcoLevelBeforeRequiredPools,
  mcoBlockedByNonRequiredPool,
  mcoRequiredPoolDegradedUnreported,
  poolDegraded,
  pinnedImageSetDegraded,
  oclBuildFailed,
  poolPaused,
  poolCertExpiry,
  poolNotUpdated,
  nodeOsUpdateFailed,
  nodeOndiskDrift,
  nodeMcdDegraded,
  mcoDrainStuck,
  mcnPhaseStuck,
  nodeNotReady,
  nodeVersionSkew,
  controlPlaneRolloutStuck,
  operatorUnavailable,
  operatorDegraded,
  operatorNotUpgradeable,
  operatorNotLeveled,
  clusterVersionUpdateNotAccepted,
  clusterVersionFailing,
  clusterVersionSlowOperator,
  clusterVersionUpdateIncomplete,
  cvoWaitingOnOperator,
  alertFiring,
];

/** Rules that are not checks over a Snapshot but still have ids users can configure. */
export const builtInRuleIds: Record<string, Severity> = { 'yaml-invalid': 'error' };

export function allRuleIds(): string[] {
  return [...rules.map((r) => r.id), ...Object.keys(builtInRuleIds)].sort();
}
