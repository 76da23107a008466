/**
 * The findings a problem lower down leads to, by tier, for the rules' `leadsTo`: a node's
 * failure holds its pool back, a pool holds machine-config back, an operator holds the
 * ClusterVersion back. Named once so that every rule of a tier declares the same consequences.
 */

/** What ClusterVersion and the cluster-version operator show when an operator holds them back. */
export const clusterSymptoms = [
  'clusterversion-failing',
  'clusterversion-update-incomplete',
  'clusterversion-slow-operator',
  'cvo-waiting-on-operator',
] as const;

/** What any ClusterOperator shows when something under it fails. */
export const operatorSymptoms = [
  'operator-degraded',
  'operator-unavailable',
  'operator-not-leveled',
  'operator-not-upgradeable',
  ...clusterSymptoms,
] as const;

/** What machine-config shows when a pool holds it back. */
export const machineConfigSymptoms = [
  'mco-blocked-by-non-required-pool',
  'mco-required-pool-degraded-unreported',
  ...operatorSymptoms,
] as const;

/** What a pool shows when its nodes cannot update. */
export const poolSymptoms = [
  'pool-degraded',
  'pool-not-updated',
  ...machineConfigSymptoms,
] as const;

/** The `cause` of findings about a node whose drain cannot finish (a daemon's reason, a stuck drain). */
export const drainCause = 'drain';
