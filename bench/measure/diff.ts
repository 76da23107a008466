/**
 * Measurement: comparing two ~1 MiB rendered MachineConfigs. Measures, in the same run and on the
 * same files, the floor (reading and parsing the List once), the in-process diff (normalise both,
 * summarise, unified diff), the CLI `diff` as a new process, and what engineers run today (the
 * seed's `jq` + `diff -u` pipeline). Returns medians and a Markdown table with ratios.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { normalizeMachineConfig } from '../../server/src/machineconfig/normalize';
import { summarizeChanges } from '../../server/src/machineconfig/changeSummary';
import { unifiedDiff } from '../../server/src/machineconfig/unifiedDiff';

const runs = 7;
const repo = process.cwd(); // run from the repository root (npm run bench)

/** A rendered config of ~1.1 MiB: 400 percent-encoded files, one gzip file, kubelet.service. */
function renderedConfig(name: string, pauseDigest: string) {
  const image = `quay.io/openshift-release-dev/ocp-v4.0-art-dev@sha256:${pauseDigest}`;
  const files = Array.from({ length: 400 }, (_, i) => {
    const body = Array.from(
      { length: 40 },
      (_, j) => `key_${i}_${j} = "value ${j} ${'v'.repeat(40)}"`,
    ).join('\n');
    return {
      path: `/etc/synthetic/file-${String(i).padStart(4, '0')}.conf`,
      mode: 420,
      overwrite: true,
      contents: { source: `data:,${encodeURIComponent(body + '\n')}` },
    };
  });
  files.push({
    path: '/etc/crio/crio.conf.d/00-default',
    mode: 420,
    overwrite: true,
    contents: { source: `data:,${encodeURIComponent(`[crio.image]\npause_image = "${image}"\n`)}` },
  });
  files.push({
    path: '/etc/node-sizing-enabled.env',
    mode: 420,
    overwrite: true,
    contents: {
      source: `data:;base64,${gzipSync('NODE_SIZING_ENABLED=false\n'.repeat(200)).toString('base64')}`,
      compression: 'gzip',
    },
  } as never);
  const units = [
    {
      name: 'kubelet.service',
      enabled: true,
      contents: `[Service]\nExecStart=/usr/bin/hyperkube kubelet \\\n  --pod-infra-container-image=${image} \\\n  --v=2\n`,
    },
  ];
  return {
    apiVersion: 'machineconfiguration.openshift.io/v1',
    kind: 'MachineConfig',
    metadata: {
      name,
      creationTimestamp: '2021-11-03T03:23:11Z',
      labels: { 'machineconfiguration.openshift.io/role': 'worker' },
    },
    spec: {
      osImageURL: 'quay.io/openshift-release-dev/ocp-v4.0-art-dev@sha256:' + 'a'.repeat(64),
      config: { ignition: { version: '3.2.0' }, storage: { files }, systemd: { units } },
    },
  };
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

function time(fn: () => void): number {
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    fn();
    samples.push(performance.now() - t);
  }
  return median(samples);
}

export interface DiffBench {
  header: string;
  table: string;
  inProcessMs: number;
  cliMs: number;
  jqMs: number | undefined;
  floorMs: number;
}

/** Runs the diff measurements; `cli` is the path of the bundled CLI. */
export function measureDiff(): DiffBench {
  const dir = mkdtempSync(join(tmpdir(), 'mgi-bench-diff-'));
  try {
    const a = renderedConfig('rendered-worker-a', 'e'.repeat(64));
    const b = renderedConfig('rendered-worker-b', 'f'.repeat(64));
    const list = JSON.stringify(
      { apiVersion: 'v1', kind: 'List', items: [a, b], metadata: { resourceVersion: '' } },
      null,
      4,
    );
    const file = join(dir, 'machineconfigs.json');
    writeFileSync(file, list);
    writeFileSync(
      join(dir, 'clusterversion.json'),
      JSON.stringify({ apiVersion: 'v1', kind: 'List', items: [], metadata: {} }, null, 4),
    );
    const each = (list.length / 2 / 1024 / 1024).toFixed(2);

    const floor = time(() => JSON.parse(readFileSync(file, 'utf8')));
    const inProcess = time(() => {
      const parsed = JSON.parse(readFileSync(file, 'utf8')) as { items: Record<string, unknown>[] };
      const [x, y] = parsed.items as [Record<string, unknown>, Record<string, unknown>];
      summarizeChanges(x, y, 10);
      unifiedDiff(normalizeMachineConfig(x), normalizeMachineConfig(y), 'a', 'b');
    });
    const cli = time(() => {
      const r = spawnSync(
        process.execPath,
        [join(repo, 'dist', 'cli.js'), 'diff', dir, 'rendered-worker-a', 'rendered-worker-b'],
        { encoding: 'utf8' },
      );
      if (r.status !== 0) throw new Error(`cli diff failed: ${r.stderr}`);
    });
    // The seed's pipeline: select each config with jq, then diff -u the two.
    const jqScript = `diff -u <(jq '.items[] | select(.metadata.name == "rendered-worker-a")' ${file}) <(jq '.items[] | select(.metadata.name == "rendered-worker-b")' ${file}) > /dev/null; true`;
    const hasJq = spawnSync('sh', ['-c', 'command -v jq']).status === 0;
    const jq = hasJq ? time(() => execFileSync('bash', ['-c', jqScript])) : undefined;

    const rows: [string, number, string][] = [
      ['floor: read + JSON.parse the List once (in process)', floor, '1.00x floor'],
      [
        'diff in process: parse, normalise both, summarise, unified diff',
        inProcess,
        `${(inProcess / floor).toFixed(2)}x floor`,
      ],
      [
        '`must-gather-inspector diff` as a new process (Node start included)',
        cli,
        jq ? `${(cli / jq).toFixed(2)}x jq+diff` : '',
      ],
    ];
    if (jq !== undefined)
      rows.push([
        'today: `jq` select x2 + `diff -u` (the seed 2019850 script)',
        jq,
        '1.00x jq+diff',
      ]);
    const table = [
      '| what | median ms | ratio |',
      '| --- | ---: | --- |',
      ...rows.map(([w, ms, r]) => `| ${w} | ${ms.toFixed(1)} | ${r} |`),
    ].join('\n');
    const header = `Two rendered configs of ${each} MiB each (JSON, 4-space indent, 402 files, 1 unit), differing only in the pause image. Median of ${runs} runs, ${cpus().length} cores, Node ${process.version}, ${new Date().toISOString().slice(0, 10)}.`;
    return { header, table, inProcessMs: inProcess, cliMs: cli, jqMs: jq, floorMs: floor };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
