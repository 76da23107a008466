/** Paths of the bundled samples and test fixtures, found by walking rather than hard-coding digests. */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** The checkout: the first folder above the bundled test file that holds package.json. */
export const repoRoot = ((): string => {
  for (let d = __dirname; ; d = dirname(d)) {
    if (existsSync(join(d, 'package.json'))) return d;
    if (dirname(d) === d) throw new Error(`no repository above ${__dirname}`);
  }
})();
export const examplesDir = join(repoRoot, 'examples');
export const fixturesDir = join(repoRoot, 'test', 'fixtures');

export const samples = {
  workerBlocksMco: join(examplesDir, 'bug-1943289-worker-pool-blocks-mco'),
  levelEarly: join(examplesDir, 'bug-2019850-mco-level-early'),
  healthy: join(fixturesDir, 'healthy-4.10'),
  gatherExtra: join(fixturesDir, 'gather-extra-2019850'),
  /** The stalled 4.15 update (`update-stalled-degraded-node`) as an Insights Operator archive. */
  insights: join(fixturesDir, 'insights-stalled-degraded-node'),
  /** Issue 40: ingress Degraded by a router pod the scheduler cannot place (Insights archive). */
  ingressUnschedulable: join(fixturesDir, 'insights-ingress-unschedulable'),
  /** Issue 40: `healthy` with its routers restarted (one OOMKilled once), Running and ready. */
  restartedPods: join(fixturesDir, 'healthy-restarted-pods'),
  /** Issue 40: openshift-apiserver Degraded by a replica in CrashLoopBackOff (must-gather). */
  apiserverCrashLoop: join(fixturesDir, 'apiserver-crashloop'),
  /** Issue 40: network Degraded (RolloutHung) by a multus DaemonSet pod in ImagePullBackOff. */
  multusImagePull: join(fixturesDir, 'network-multus-image-pull'),
  /** Issue 40: monitoring Degraded and unavailable, prometheus-operator OOMKilled, backed off. */
  prometheusOperatorOom: join(fixturesDir, 'monitoring-operator-oomkilled'),
  /**
   * Issue 42: `healthy` with crafted text (HTML, Markdown links and images, bare URLs, an e-mail,
   * backticks, pipes, emphasis, a heading) in the messages a case report quotes: console
   * Degraded for 52 min, ClusterVersion Failing ClusterOperatorDegraded, worker pool
   * RenderDegraded, a worker NotReady.
   */
  reportHostile: join(fixturesDir, 'report-hostile-text'),
};

/** Issue 45: `hypershift dump` folders of a hosted cluster (test/fixtures/README.md). */
export const hosted = {
  /** A NodePool's Replace rollout held by a guest PodDisruptionBudget (4.19, names it). */
  drainBlocked: join(fixturesDir, 'hosted-drain-blocked-4.19'),
  /** The same hosted cluster settled on 4.18.22, with pods that restarted long ago. */
  healthy: join(fixturesDir, 'hosted-healthy-4.18'),
  /** The control plane's 4.19.9 update: openshift-apiserver's new pod in CrashLoopBackOff. */
  cpCrashLoop: join(fixturesDir, 'hosted-cp-crashloop-4.19'),
  /** 4.18.22: etcd-0's recreated claim Pending (ProvisioningFailed); no quorum; no guest part. */
  etcdPvcPending: join(fixturesDir, 'hosted-etcd-pvc-pending-4.18'),
  /** An InPlace NodePool's config rollout stopped on a degraded node (4.18, signature 9). */
  inPlaceDegraded: join(fixturesDir, 'hosted-inplace-degraded-4.18'),
  /** An InPlace NodePool's 4.19.9 rollout whose node does not drain (a budget; signature 10). */
  inPlaceDrainStuck: join(fixturesDir, 'hosted-inplace-drain-stuck-4.19'),
  /** Control plane 4.18.22 -> 4.19.9 held by the guest's degraded ingress (CVO Failing). */
  guestOperatorDegraded: join(fixturesDir, 'hosted-guest-operator-degraded-4.19'),
  /** The guest's konnectivity agents crash-loop: DataPlaneConnectionAvailable=False. */
  konnectivityDown: join(fixturesDir, 'hosted-konnectivity-down-4.18'),
  /** Every worker unreachable, the MachineHealthCheck short-circuits (TooManyUnhealthy). */
  autorepairBlocked: join(fixturesDir, 'hosted-autorepair-blocked-4.18'),
  /** `spec.release` changed during the install: two Partial entries, never Available. */
  releaseChangedInstall: join(fixturesDir, 'hosted-release-changed-install-4.19'),
  /** The drain signature on 4.16.45 -> 4.17.38: the Machine names no pod (Cluster API 1.8). */
  drainBlocked417: join(fixturesDir, 'hosted-drain-blocked-4.17'),
  /** 4.19.7 -> 4.20.38: openshift-controller-manager panics; RolloutComplete=False, controlPlaneVersion Partial. */
  cpRolloutStuck420: join(fixturesDir, 'hosted-cp-rollout-stuck-4.20'),
  /** Control plane 4.21.19, NodePool left on 4.17.35: SupportedVersionSkew=False UnsupportedSkew. */
  versionSkew421: join(fixturesDir, 'hosted-version-skew-4.21'),
  /** 4.14.55 asked for 4.15.59, held: the guest's OLM keeps an operator at 4.14 (Upgradeable=False). */
  updateBlocked415: join(fixturesDir, 'hosted-update-blocked-4.15'),
};

/** The update scenarios (test/fixtures/README.md says what each holds). */
export const updates = {
  configRollout: join(fixturesDir, 'update-config-rollout'),
  early: join(fixturesDir, 'update-early'),
  draining: join(fixturesDir, 'update-draining'),
  stalled: join(fixturesDir, 'update-stalled-degraded-node'),
  osPullFailed: join(fixturesDir, 'update-os-pull-failed'),
  ondiskDrift: join(fixturesDir, 'update-ondisk-drift'),
  completedPoolRolling: join(fixturesDir, 'update-completed-pool-rolling'),
  drainBlocked: join(fixturesDir, 'update-drain-blocked'),
  pausedPool: join(fixturesDir, 'update-paused-pool'),
  multiarch: join(fixturesDir, 'update-multiarch'),
  previousIncomplete: join(fixturesDir, 'update-previous-incomplete'),
  singleNode: join(fixturesDir, 'update-single-node'),
  compact: join(fixturesDir, 'update-compact'),
  notAcceptedAdminAck: join(fixturesDir, 'update-not-accepted-admin-ack'),
  staticPodRolloutStuck: join(fixturesDir, 'update-static-pod-rollout-stuck'),
  /** 4.16.8 -> 4.17.3: the CVO marks kube-apiserver slow (Failing=Unknown SlowClusterOperator). */
  slowOperator: join(fixturesDir, 'update-slow-operator'),
  /** 4.16.8 -> 4.16.10 (TechPreviewNoUpgrade): the worker pool is PinnedImageSetsDegraded, so Degraded. */
  pinnedImages: join(fixturesDir, 'update-pinned-images-degraded'),
  /** 4.15.2 -> 4.15.3, worker paused: the kube-apiserver-to-kubelet-signer expires in 3 days with no successor. */
  poolCertExpiring: join(fixturesDir, 'update-pool-cert-expiring'),
  /** 4.20.4, no update: the worker pool's on-cluster layering build Failed (ImageBuildDegraded). */
  oclBuildFailed: join(fixturesDir, 'update-ocl-build-failed'),
  /** 4.20.8 -> 4.20.10: a worker's MachineConfigNode holds AppliedFilesAndOS Unknown for 34 min. */
  mcnStuck: join(fixturesDir, 'update-mcn-stuck'),
  /**
   * 4.15.2 -> 4.15.3: master c NotReady for 58 min (no CNI configuration), reported by etcd,
   * kube-apiserver and kube-controller-manager; its Node object is not in the gather.
   */
  masterNotReady: join(fixturesDir, 'update-master-not-ready'),
  /**
   * For `recommend`: 4.15.20 on stable-4.16, not updating: z-streams, conditional 4.16.0-4.16.3,
   * Upgradeable=False MultipleReasons, paused infra pool, cordoned worker, PDB at its limit.
   */
  recommend: join(fixturesDir, 'recommend-4.15-to-4.16'),
  /**
   * For `recommend`, what oc's own examples hold: an OKD 4.19.0-okd-scos.8 ClusterVersion
   * (`oc adm inspect clusterversion/version`) and Prometheus' rules; no pools, nodes or budgets.
   */
  recommendOkd: join(fixturesDir, 'recommend-okd-scos-inspect'),
  /** `stalled` with the `payments` namespace inspected: the ledger's PDB that blocks worker b. */
  stalledBudgetGathered: join(fixturesDir, 'update-stalled-budget-gathered'),
  /** The same cluster two hours later: the PDB deleted, the update completed. */
  budgetRemoved: join(fixturesDir, 'update-budget-removed'),
};

/**
 * The healthy in-progress updates (and one config rollout), by folder name: every rule must stay
 * quiet at error level on them, as on the healthy cluster.
 */
export const healthyUpdates: readonly (readonly [name: string, path: string])[] = [
  ['update-draining', updates.draining],
  ['update-config-rollout', updates.configRollout],
  ['update-early', updates.early],
  ['update-completed-pool-rolling', updates.completedPoolRolling],
  ['update-compact', updates.compact],
  ['update-single-node', updates.singleNode],
  ['update-multiarch', updates.multiarch],
];

/** The image folder (the must-gather root) below a scenario folder. */
export function mustGatherRoot(scenario: string): string {
  const found = find(
    scenario,
    (p) => statSync(p).isDirectory() && exists(join(p, 'cluster-scoped-resources')),
  );
  if (!found) throw new Error(`no must-gather root below ${scenario}`);
  return found;
}

export function resourceFile(scenario: string, rel: string): string {
  return join(mustGatherRoot(scenario), rel);
}

export const machineConfigOperatorFile =
  'cluster-scoped-resources/config.openshift.io/clusteroperators/machine-config.yaml';
export const poolFile = (name: string) =>
  `cluster-scoped-resources/machineconfiguration.openshift.io/machineconfigpools/${name}.yaml`;

function exists(p: string): boolean {
  try {
    statSync(p);
    return true;
  } catch {
    return false;
  }
}

function find(dir: string, match: (p: string) => boolean, depth = 0): string | undefined {
  if (match(dir)) return dir;
  if (depth > 4) return undefined;
  for (const name of readdirSync(dir).sort()) {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) {
      const r = find(full, match, depth + 1);
      if (r) return r;
    }
  }
  return undefined;
}
