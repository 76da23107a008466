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
