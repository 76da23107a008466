/**
 * Every rule, by id. Findings are listed by file and position (analysis/analyze.ts
 * `sortFindings`), not in this order. A new rule is one file named by its id, added here; the
 * words and tiers rules share live in `common/`.
 */
import { alertFiring } from './alert-firing';
import { clusterVersionFailing } from './clusterversion-failing';
import { clusterVersionSlowOperator } from './clusterversion-slow-operator';
import { clusterVersionUpdateIncomplete } from './clusterversion-update-incomplete';
import { clusterVersionUpdateNotAccepted } from './clusterversion-update-not-accepted';
import { controlPlaneRolloutStuck } from './control-plane-rollout-stuck';
import { cvoWaitingOnOperator } from './cvo-waiting-on-operator';
import { mcnPhaseStuck } from './mcn-phase-stuck';
import { mcoBlockedByNonRequiredPool } from './mco-blocked-by-non-required-pool';
import { mcoDrainStuck } from './mco-drain-stuck';
import { mcoLevelBeforeRequiredPools } from './mco-level-before-required-pools';
import { mcoRequiredPoolDegradedUnreported } from './mco-required-pool-degraded-unreported';
import { nodeMcdDegraded } from './node-mcd-degraded';
import { nodeNotReady } from './node-not-ready';
import { nodePoolDrainBlocked } from './nodepool-drain-blocked';
import { nodePoolMachineNotJoining } from './nodepool-machine-not-joining';
import { nodePoolUpdateBlocked } from './nodepool-update-blocked';
import { hostedClusterUpdateBlocked } from './hostedcluster-update-blocked';
import { hostedControlPlaneComponentFailing } from './hosted-control-plane-component-failing';
import { hostedEtcdUnavailable } from './hosted-etcd-unavailable';
import { nodePoolInPlaceDrainStuck } from './nodepool-inplace-drain-stuck';
import { hostedClusterInstallReleaseChanged } from './hostedcluster-install-release-changed';
import { hostedClusterKonnectivityDown } from './hostedcluster-konnectivity-down';
import { hostedClusterVersionFailing } from './hostedcluster-version-failing';
import { nodePoolAutorepairBlocked } from './nodepool-autorepair-blocked';
import { nodePoolRolloutStuck } from './nodepool-rollout-stuck';
import { nodeOndiskDrift } from './node-ondisk-drift';
import { nodeOsUpdateFailed } from './node-os-update-failed';
import { nodeVersionSkew } from './node-version-skew';
import { oclBuildFailed } from './ocl-build-failed';
import { operatorDegraded } from './operator-degraded';
import { operatorNotLeveled } from './operator-not-leveled';
import { operatorNotUpgradeable } from './operator-not-upgradeable';
import { operatorPodFailing } from './operator-pod-failing';
import { operatorUnavailable } from './operator-unavailable';
import { pinnedImageSetDegraded } from './pinnedimageset-degraded';
import { poolCertExpiry } from './pool-cert-expiry';
import { poolDegraded } from './pool-degraded';
import { poolNotUpdated } from './pool-not-updated';
import { poolPaused } from './pool-paused';
import type { Rule, RuleMeta } from './rule';
import { yamlInvalid } from './yaml-invalid';

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
  hostedClusterUpdateBlocked,
  hostedControlPlaneComponentFailing,
  hostedEtcdUnavailable,
  nodePoolUpdateBlocked,
  nodePoolDrainBlocked,
  nodePoolInPlaceDrainStuck,
  nodePoolMachineNotJoining,
  nodePoolRolloutStuck,
  nodePoolAutorepairBlocked,
  hostedClusterVersionFailing,
  hostedClusterKonnectivityDown,
  hostedClusterInstallReleaseChanged,
  nodeNotReady,
  nodeVersionSkew,
  controlPlaneRolloutStuck,
  operatorUnavailable,
  operatorDegraded,
  operatorNotUpgradeable,
  operatorNotLeveled,
  operatorPodFailing,
  clusterVersionUpdateNotAccepted,
  clusterVersionFailing,
  clusterVersionSlowOperator,
  clusterVersionUpdateIncomplete,
  cvoWaitingOnOperator,
  alertFiring,
].sort((a, b) => (a.meta.id < b.meta.id ? -1 : 1));

/** Ids users can configure that are not checks over a Snapshot: the analysis reports them. */
const builtInRules: readonly RuleMeta[] = [yamlInvalid];

/** Every rule's definition, checks and built-in alike, by id. */
export function allRuleMeta(): RuleMeta[] {
  return [...rules.map((r) => r.meta), ...builtInRules].sort((a, b) => (a.id < b.id ? -1 : 1));
}

export function allRuleIds(): string[] {
  return allRuleMeta().map((m) => m.id);
}
