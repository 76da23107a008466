/** Warning events made for rule tests: the shape `model/events` reads, placed in a named file. */
import type { KubeEvent } from '../../server/src/model/events';
import type { Snapshot } from '../../server/src/model/snapshot';

export function warningEvent(
  s: Snapshot,
  e: {
    namespace: string;
    involved: KubeEvent['involved'];
    reason: string;
    message: string;
    minutesBefore: number;
    count?: number;
    component?: string;
    host?: string;
  },
): KubeEvent {
  const last = new Date((s.gatherTime ?? new Date(0)).getTime() - e.minutesBefore * 60_000);
  return {
    involved: e.involved,
    namespace: e.namespace,
    reason: e.reason,
    type: 'Warning',
    count: e.count ?? 1,
    first: last,
    last,
    message: e.message,
    component: e.component,
    host: e.host,
    location: {
      file: `${s.root.path}/namespaces/${e.namespace}/core/events.yaml`,
      doc: 0,
      pointer: `/items/${s.events.length}/message`,
    },
  };
}
