/**
 * ConfigMaps the update checks read: the admin gates the release defines
 * (`openshift-config-managed/admin-gates`) and the acknowledgements the administrator gave
 * (`openshift-config/admin-acks`), as the cluster-version operator compares them
 * (`pkg/cvo/upgradeable.go`, `clusterAdminAcksCompletedUpgradeable`).
 */
import { strMap } from './access';
import { KubeObject } from './kubeObject';

/** Namespaces whose ConfigMaps are read, and the ConfigMap each holds. */
export const ADMIN_GATES = { namespace: 'openshift-config-managed', name: 'admin-gates' } as const;
export const ADMIN_ACKS = { namespace: 'openshift-config', name: 'admin-acks' } as const;

export class ConfigMap extends KubeObject {
  protected override get subjectKind(): string {
    return 'cm';
  }
  /** `data`, string values only. */
  get data(): Record<string, string> {
    return strMap(this.raw.data);
  }
}

/**
 * The admin ConfigMaps of a gather: undefined for a namespace whose ConfigMaps were not
 * gathered; `gathered` without the object when the namespace's ConfigMaps lack it.
 */
export interface AdminConfigMaps {
  gates: { gathered: boolean; configMap?: ConfigMap };
  acks: { gathered: boolean; configMap?: ConfigMap };
}

/** An admin gate of the release (`ack-4.15-kube-1.29-api-removals-in-4.16`) and what it says. */
export interface AdminGate {
  key: string;
  message: string;
  configMap: ConfigMap;
}

/**
 * The gates of `admin-gates` that apply to a cluster on `minor` and that `admin-acks` does not set
 * to "true", as the cluster-version operator compares them up to 4.22 (a key
 * `ack-<major>.<minor>-…` applies when its minor is the current one); sorted by key. Without the
 * current minor, every gate applies.
 */
export function unacknowledgedGates(
  maps: AdminConfigMaps | undefined,
  minor: number | undefined,
): AdminGate[] {
  const gates = maps?.gates.configMap;
  if (!gates) return [];
  const acks = maps?.acks.configMap?.data ?? {};
  return Object.entries(gates.data)
    .filter(([k]) => {
      const m = /^ack-[4-5][.]([0-9]{1,})-[^-]/.exec(k);
      return m && (minor === undefined || Number(m[1]) === minor) && acks[k] !== 'true';
    })
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([key, message]) => ({ key, message, configMap: gates }));
}
