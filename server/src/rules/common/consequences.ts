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
  // A hosted cluster's HostedCluster copies its CVO's Failing (ClusterVersionSucceeding=False).
  'hostedcluster-version-failing',
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

/**
 * The `cause` of a finding whose fact another rule reports in full when it runs: an operator
 * degraded only by its static-pod rollout (`control-plane-rollout-stuck`), a pool degraded only by
 * its pinned image sets (`pinnedimageset-degraded`) or its image build (`ocl-build-failed`), a
 * ClusterVersion failing because it refused the release (`clusterversion-update-not-accepted`).
 * The other rule's `explains` names it, so turning that rule off shows this finding again.
 */
export const staticPodRolloutCause = 'static-pod-rollout';
export const pinnedImageSetsCause = 'pinned-image-sets';
export const imageBuildCause = 'image-build';
export const releaseRefusedCause = 'release-refused';
/**
 * The other way round: a static-pod operator's failing installers or etcd members that are one
 * reason among others of its Degraded=True (etcd degraded by a NotReady master): `operator-degraded`
 * owns the condition and explains `control-plane-rollout-stuck`'s finding.
 */
export const degradedBesideRolloutCause = 'degraded-beside-rollout';
