/**
 * `host_service_logs/masters/<unit>_service.log`, as the 4.7 gather script writes them with
 * `oc adm node-logs --role=master -u <unit>`: each master's journal for the unit, one after the
 * other, over the last seven days.
 */
import { Prng } from '../../scripts/fixtures/det';
import { plusSeconds, type Nanos } from '../../scripts/fixtures/time';
import { sizeAround, writeLog } from './filler';
import type { NodeInfo } from './nodes';
import type { BenchTree } from './writer';

/** Unit, syslog identifier, median MiB across the three masters at scale 1. */
const units: [string, string, number][] = [
  ['crio', 'crio', 40],
  ['kubelet', 'hyperkube', 120],
  ['machine-config-daemon-firstboot', 'machine-config-daemon', 0.02],
  ['machine-config-daemon-host', 'machine-config-daemon', 0.02],
  ['NetworkManager', 'NetworkManager', 4],
  ['openvswitch', 'ovs-ctl', 0.2],
  ['ovs-configuration', 'configure-ovs.sh', 0.05],
  ['ovsdb-server', 'ovsdb-server', 1],
  ['ovs-vswitchd', 'ovs-vswitchd', 6],
];

export function writeHostServiceLogs(
  tree: BenchTree,
  base: string,
  o: { masters: NodeInfo[]; gather: Nanos; scale: number; seed: string },
): void {
  const r = new Prng(`${o.seed}:host-service-logs`);
  for (const [unit, ident, mib] of units) {
    const total = sizeAround(r, mib * 1024 * 1024 * o.scale, 0.2);
    tree.stream(`${base}/host_service_logs/masters/${unit}_service.log`, (sink) => {
      for (const m of o.masters) {
        writeLog(sink, {
          pid: 1000 + r.int(100, 8999),
          journal: { host: m.name.split('.')[0] ?? m.name, ident },
          from: plusSeconds(o.gather, -7 * 86400),
          to: o.gather,
          bytes: Math.round(total / o.masters.length),
          seed: `${o.seed}:journal:${unit}:${m.name}`,
        });
      }
    });
  }
}
