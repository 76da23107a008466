/**
 * `host_service_logs/masters/<unit>_service.log`, as the 4.7 gather script writes them with
 * `oc adm node-logs --role=master -u <unit>`: each master's journal for the unit, one after the
 * other, over the last seven days.
 */
import { Prng } from '../../scripts/fixtures/det';
import { plusSeconds, type Nanos } from '../../scripts/fixtures/time';
import { sizeAround, writeLog } from './logtext';
import type { NodeInfo } from './nodes';
import { profiles, type ProfileName } from './profiles';
import type { BenchTree } from './writer';

/** Unit, syslog identifier, profile, median MiB across the three masters at scale 1. */
const units: [string, string, ProfileName, number][] = [
  ['crio', 'crio', 'crio', 40],
  ['kubelet', 'hyperkube', 'kubelet', 120],
  ['machine-config-daemon-firstboot', 'machine-config-daemon', 'mcd', 0.02],
  ['machine-config-daemon-host', 'machine-config-daemon', 'mcd', 0.02],
  ['NetworkManager', 'NetworkManager', 'hostService', 4],
  ['openvswitch', 'ovs-ctl', 'ovsJournal', 0.2],
  ['ovs-configuration', 'configure-ovs.sh', 'hostService', 0.05],
  ['ovsdb-server', 'ovsdb-server', 'ovsJournal', 1],
  ['ovs-vswitchd', 'ovs-vswitchd', 'ovsJournal', 6],
];

export function writeHostServiceLogs(
  tree: BenchTree,
  base: string,
  o: { masters: NodeInfo[]; gather: Nanos; scale: number; seed: string },
): void {
  const r = new Prng(`${o.seed}:host-service-logs`);
  for (const [unit, ident, profile, mib] of units) {
    const total = sizeAround(r, mib * 1024 * 1024 * o.scale, 0.2);
    tree.stream(`${base}/host_service_logs/masters/${unit}_service.log`, (sink) => {
      for (const m of o.masters) {
        writeLog(sink, {
          profile: profiles[profile],
          ctx: {
            node: m.name,
            nodeIp: m.ip,
            namespace: '',
            pod: '',
            podIp: m.ip,
            pid: 1000 + r.int(100, 8999),
            ident,
          },
          from: plusSeconds(o.gather, -7 * 86400),
          to: o.gather,
          bytes: Math.round(total / o.masters.length),
          seed: `${o.seed}:journal:${unit}:${m.name}`,
        });
      }
    });
  }
}
