/**
 * The log files of one container, newest first, from their paths alone. `oc adm inspect` writes
 * `logs/current.log` (`current.insecure.log` when the first request failed), `previous.log`
 * (`previous.insecure.log`), with `--rotated-pod-logs` the kubelet's rotated files as
 * `logs/rotated/<restart>.log.<YYYYMMDD-HHMMSS>[.gz]`, and newer gathers gzip big logs
 * (`current.log.gz`). CI gather-extra writes `pods/<ns>_<pod>_<container>[_previous].log[.gz]`,
 * Insights archives `config/pod/<ns>/logs/<pod>/<container>_{current,previous}.log`.
 */
import { podLogOf } from './resourcePath';
import type { PodLog } from './resourcePath';

/** Which run of the container a file holds: the running one, its rotated parts, the last one. */
type LogInstance = 'current' | 'rotated' | 'previous';

export interface LogFile {
  path: string;
  container: PodLog;
  instance: LogInstance;
  /** A rotated file's rotation time as the kubelet names it (`20211027-082023`). */
  rotatedAt?: string;
}

export interface ContainerLogs {
  container: PodLog;
  /** Newest first: current, rotated by rotation time (latest first), previous. */
  files: LogFile[];
}

const inspectName = /\/logs\/(current|previous)(?:\.insecure)?\.log(?:\.gz)?$/;
const rotatedName = /\/logs\/rotated\/\d+\.log\.(\d{8}-\d{6})(?:\.gz)?$/;
const gatherExtraName = /\/pods\/[^/]+?(_previous)?\.log(?:\.gz)?$/;
const insightsName = /(?:^|\/)config\/pod\/[^/]+\/logs\/[^/]+\/[^/]+_(current|previous)\.log$/;

export function logFileOf(path: string): LogFile | undefined {
  const p = path.split('\\').join('/');
  const container = podLogOf(p);
  if (!container) return undefined;
  const rotated = rotatedName.exec(p);
  if (rotated) return { path, container, instance: 'rotated', rotatedAt: rotated[1]! };
  const inspect = inspectName.exec(p);
  if (inspect) return { path, container, instance: inspect[1] as LogInstance };
  const insights = insightsName.exec(p);
  if (insights) return { path, container, instance: insights[1] as LogInstance };
  const extra = gatherExtraName.exec(p);
  if (extra) return { path, container, instance: extra[1] ? 'previous' : 'current' };
  return undefined;
}

const rank: Record<LogInstance, number> = { current: 0, rotated: 1, previous: 2 };

function newestFirst(a: LogFile, b: LogFile): number {
  if (a.instance !== b.instance) return rank[a.instance] - rank[b.instance];
  const ta = a.rotatedAt ?? '';
  const tb = b.rotatedAt ?? '';
  if (ta !== tb) return ta < tb ? 1 : -1;
  return a.path < b.path ? -1 : a.path > b.path ? 1 : 0;
}

/** Log paths grouped by container (namespace, pod, container), each newest first. */
export function containerLogs(paths: readonly string[]): ContainerLogs[] {
  const byContainer = new Map<string, ContainerLogs>();
  for (const path of paths) {
    const f = logFileOf(path);
    if (!f) continue;
    const key = `${f.container.namespace}/${f.container.pod}/${f.container.container}`;
    let c = byContainer.get(key);
    if (!c) byContainer.set(key, (c = { container: f.container, files: [] }));
    c.files.push(f);
  }
  const out = [...byContainer.values()];
  for (const c of out) c.files.sort(newestFirst);
  return out.sort((a, b) => {
    const ka = `${a.container.namespace}/${a.container.pod}/${a.container.container}`;
    const kb = `${b.container.namespace}/${b.container.pod}/${b.container.container}`;
    return ka < kb ? -1 : ka > kb ? 1 : 0;
  });
}
