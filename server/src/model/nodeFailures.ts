/**
 * Known failure texts of the machine-config daemon (docs/domain/machine-config-daemon.md),
 * read once per node: `classifyNodeReason` says which failure a node's `reason` annotation is,
 * so that exactly one rule reports it (`node-os-update-failed`, `node-ondisk-drift`, else
 * `node-mcd-degraded` with `explainNodeReason`).
 */

/** An OS update (rpm-ostree rebase, or a podman pull of the OS or extensions image) failed. */
export interface OsUpdateFailure {
  kind: 'os-update';
  /** The OS image the daemon was moving to, when the text names it. */
  image: string | undefined;
  /**
   * Which wording: `plain` `failed to update OS to %s : %w` (≤4.15, older 4.16.z);
   * `after-retries` `Failed to update OS to %s after retries: %w` (4.16 with 5751b11ec, 4.17–4.21:
   * only the timeout, the registry error is in the daemon's log); `after-retries-detail`
   * `failed to update OS to %s after retries: %v: %w` (4.22+, the last error kept); `pull`
   * `Failed to pull OS image %s` (MachineConfigNode, 4.22+); `local-storage`
   * `failed to update OS from local storage: %s: %w` (4.17+); `podman` `failed to run command nice
   * (N tries): … podman pull …` (the OS extensions or pre-4.12 machine-os-content image).
   */
  wording: 'plain' | 'after-retries' | 'after-retries-detail' | 'pull' | 'local-storage' | 'podman';
  /** The error after the image, when the text carries more than the retry timeout. */
  detail: string | undefined;
}

/** The files, units or OS on the node differ from the rendered config it was checked against. */
export interface DriftFailure {
  kind: 'ondisk-drift';
  /** `content`, `mode`, `unit-mask` (a file or unit path) or `os-image` (booted another OS). */
  what: 'content' | 'mode' | 'unit-mask' | 'os-image';
  /** The rendered config (or, for image-mode pools, the image) it was validated against. */
  against: string | undefined;
  /** The file or unit path; for `os-image` the expected image. */
  path: string | undefined;
  expected: string | undefined;
  received: string | undefined;
  /** 4.13+: `; possible root cause: <ostree-finalize-staged failure>`. */
  rootCause: string | undefined;
}

export type NodeFailure = OsUpdateFailure | DriftFailure;

/** Unquotes a Go `%q` string (the common escapes), leaving other text as it is. */
function unquote(s: string): string {
  return s.replace(/\\(["\\nt])/g, (_, c: string) => (c === 'n' ? '\n' : c === 't' ? '\t' : c));
}

const quoted = '"((?:[^"\\\\]|\\\\.)*)"';

/** Which failure a node's `machineconfiguration.openshift.io/reason` is, when it is one of ours. */
export function classifyNodeReason(reason: string | undefined): NodeFailure | undefined {
  if (!reason) return undefined;
  return driftOf(reason) ?? osUpdateOf(reason);
}

function driftOf(reason: string): DriftFailure | undefined {
  const against = /unexpected on-disk state validating against (\S+?):/.exec(reason)?.[1];
  const root = /; possible root cause: ([\s\S]*)$/.exec(reason)?.[1]?.trim() || undefined;
  const base = { against, rootCause: root };
  let m = new RegExp(`expected target osImageURL ${quoted}, have ${quoted}`).exec(reason);
  if (m)
    return {
      kind: 'ondisk-drift',
      what: 'os-image',
      path: unquote(m[1] ?? ''),
      expected: unquote(m[1] ?? ''),
      received: unquote(m[2] ?? ''),
      ...base,
    };
  m = new RegExp(`content mismatch for file ${quoted}`).exec(reason);
  if (m)
    return {
      kind: 'ondisk-drift',
      what: 'content',
      path: unquote(m[1] ?? ''),
      expected: undefined,
      received: undefined,
      ...base,
    };
  m = new RegExp(
    `mode mismatch for file: ${quoted}; expected: (\\S+); received: (\\S+?)(?:;|$|\\s)`,
  ).exec(reason);
  if (m)
    return {
      kind: 'ondisk-drift',
      what: 'mode',
      path: unquote(m[1] ?? ''),
      expected: m[2],
      received: m[3],
      ...base,
    };
  m = new RegExp(
    `invalid unit masked setting\\. path: ${quoted}; expected: (\\S+); received: (\\S*?)(?:;|$|\\s)`,
  ).exec(reason);
  if (m)
    return {
      kind: 'ondisk-drift',
      what: 'unit-mask',
      path: unquote(m[1] ?? ''),
      expected: m[2],
      received: m[3] || undefined,
      ...base,
    };
  return undefined;
}

function osUpdateOf(reason: string): OsUpdateFailure | undefined {
  const rest = (s: string | undefined) => {
    const t = (s ?? '').trim();
    return t === '' || /^timed out waiting for the condition$/.test(t) ? undefined : t;
  };
  // 4.22+: `failed to update OS to %s after retries: %v: %w` (last error, then the timeout).
  let m = /[Ff]ailed to update OS to (\S+) after retries: ([\s\S]*)$/.exec(reason);
  if (m) {
    const tail = (m[2] ?? '').replace(/:?\s*timed out waiting for the condition\s*$/, '');
    const detail = rest(tail);
    return {
      kind: 'os-update',
      image: m[1],
      wording: detail ? 'after-retries-detail' : 'after-retries',
      detail,
    };
  }
  m = /failed to update OS from local storage: (\S+?): ([\s\S]*)$/.exec(reason);
  if (m) return { kind: 'os-update', image: m[1], wording: 'local-storage', detail: rest(m[2]) };
  m = /failed to update OS to (\S+) : ([\s\S]*)$/.exec(reason);
  if (m) return { kind: 'os-update', image: m[1], wording: 'plain', detail: rest(m[2]) };
  m = /Failed to pull OS image (\S+)(?: from registry)?:? ?([\s\S]*)$/.exec(reason);
  if (m) return { kind: 'os-update', image: m[1], wording: 'pull', detail: rest(m[2]) };
  m = /failed to run command nice \(\d+ tries\): ([\s\S]*podman pull[\s\S]*)$/.exec(reason);
  if (m) {
    const image = /podman pull (?:-q )?(?:--authfile \S+ )?(\S+)/.exec(m[1] ?? '')?.[1];
    return { kind: 'os-update', image, wording: 'podman', detail: rest(m[1]) };
  }
  return undefined;
}

/** What a registry error most likely means, from its words (DNS, auth, mirrors, TLS). */
export function registryHint(text: string | undefined): string | undefined {
  if (!text) return undefined;
  if (/x509:|certificate signed by unknown authority|tls: /i.test(text))
    return 'TLS: the node does not trust the registry certificate (add its CA to image.config.openshift.io/cluster additionalTrustedCA or the proxy trustedCA)';
  if (/unauthorized|authentication required|denied|invalid username\/password|401/i.test(text))
    return 'authentication: the registry refused the credentials, so check that the global pull secret (openshift-config/pull-secret) holds the registry or mirror';
  if (/manifest unknown|not found|name unknown|404/i.test(text))
    return 'a missing image: the registry or mirror does not hold that digest, so check the mirror configuration and that the release was mirrored completely';
  if (
    /no such host|i\/o timeout|dial tcp|connection refused|network is unreachable|TLS handshake timeout|context deadline exceeded/i.test(
      text,
    )
  )
    return 'reachability: the node cannot reach the registry (DNS, proxy or firewall)';
  return undefined;
}

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
    // validateOnDiskState checks the pending config after a reboot
    // (docs/domain/machine-config-daemon.md, "Reason texts"): this is
    // the node booting the wrong OS deployment, not files edited on it. Classified as drift by
    // classifyNodeReason when the whole text is there; kept for a clipped or reworded reason.
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
