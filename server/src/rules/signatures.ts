/** Known failure texts of the machine-config daemon (mco-domain section 7), mapped to what they mean. */

interface Signature {
  pattern: RegExp;
  meaning: string;
}

const signatures: Signature[] = [
  {
    pattern: /Cannot evict pod as it would violate the pod's disruption budget/,
    meaning: 'a PodDisruptionBudget blocks the eviction of a pod, so the node cannot drain',
  },
  {
    pattern: /failed to drain node|drain exceeded timeout|Drain failed/,
    meaning:
      'the node cannot drain: a pod could not be evicted in time (often a PodDisruptionBudget or a pod without a controller)',
  },
  {
    // validateOnDiskState checks the pending config after a reboot (mco-corrections §1): this is
    // the node booting the wrong OS deployment, not files edited on it.
    pattern: /expected target osImageURL/,
    meaning:
      'after its reboot the node runs another OS image than the config asks for: it booted the wrong OS deployment (a failed or rolled-back OS update), not a file edited on the node',
  },
  {
    pattern: /unexpected on-disk state|content mismatch for file|mode mismatch for file/,
    meaning: 'the files on the node differ from the rendered config (manual edits or config drift)',
  },
  {
    pattern: /can't reconcile config|unreconcilable/,
    meaning:
      'the new config changes something the daemon cannot apply in place (disks, filesystems, users, ...)',
  },
  {
    pattern: /invalid unit masked setting/,
    meaning: 'a systemd unit mask on the node differs from the rendered config',
  },
  {
    pattern: /kubelet health check has failed/,
    meaning: 'the kubelet is unhealthy on the node',
  },
];

export function explainNodeReason(reason: string): string | undefined {
  return signatures.find((s) => s.pattern.test(reason))?.meaning;
}

/** A drain that failed or timed out (≤4.10 and 4.11+ wording, and a PDB refusal quoted). */
export function isDrainFailure(reason: string): boolean {
  return /failed to drain node|drain exceeded timeout|Drain failed|disruption budget/.test(reason);
}
