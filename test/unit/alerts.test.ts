import assert from 'node:assert/strict';
import { mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { analysisContext, analyzeRoot } from '../../server/src/analysis/analyze';
import { loadSnapshot } from '../../server/src/analysis/loadSnapshot';
import type { Finding } from '../../server/src/core/finding';
import { discoverRoots } from '../../server/src/gather/discover';
import { ParsedFileCache } from '../../server/src/gather/fileCache';
import { buildIndex } from '../../server/src/gather/gatherIndex';
import { defaultLimits } from '../../server/src/limits';
import { readAlerts } from '../../server/src/model/alerts';
import { spanOf } from '../../server/src/yaml/positions';
import { copyFixture } from '../support/copyFixture';
import { mustGatherRoot, samples, updates } from '../support/fixtures';
import { loadFixture } from '../support/snapshot';

const rulesRel = 'monitoring/prometheus/rules.json';

/** Two alerts of ClusterOperatorDown: one firing, one pending without a namespace or activeAt. */
const downAlerts = [
  {
    labels: {
      alertname: 'ClusterOperatorDown',
      name: 'authentication',
      namespace: 'openshift-cluster-version',
      severity: 'critical',
    },
    annotations: {
      summary: 'Cluster operator has not been available for 10 minutes.',
      description: 'The authentication operator may be down.',
      runbook_url: 'https://example.com/runbook.md',
    },
    state: 'firing',
    activeAt: '2024-04-09T14:32:15.416040122Z',
    value: '1e+00',
  },
  {
    labels: { alertname: 'ClusterOperatorDown', name: 'dns', severity: 'critical' },
    annotations: { message: 'dns is down' },
    state: 'pending',
    value: '1e+00',
  },
];

/** A small `/api/v1/rules` answer: one alerting rule with two alerts, one recording rule. */
const rulesBody = {
  status: 'success',
  data: {
    groups: [
      {
        name: 'recordings',
        file: '/etc/prometheus/rules/prometheus-k8s-rulefiles-0/a.yaml',
        rules: [{ name: 'x:sum', query: 'sum(x)', health: 'ok', type: 'recording' }],
      },
      {
        name: 'cluster-operators',
        file: '/etc/prometheus/rules/prometheus-k8s-rulefiles-0/b.yaml',
        rules: [
          {
            state: 'firing',
            name: 'ClusterOperatorDown',
            type: 'alerting',
            alerts: downAlerts,
          },
        ],
      },
    ],
  },
};

async function analyze(path: string, limits = defaultLimits) {
  const [root] = await discoverRoots(path);
  assert.ok(root);
  return analyzeRoot(root, analysisContext({ limits }));
}

const invalidOf = (fs: Finding[]) => fs.filter((f) => f.rule === 'yaml-invalid');
/** What an analysis says besides the alerts and the file problems. */
const othersOf = (fs: Finding[]) =>
  fs
    .filter((f) => f.rule !== 'alert-firing' && f.rule !== 'yaml-invalid')
    .map((f) => `${f.rule} ${f.severity} ${f.subject}: ${f.message}`);

describe('Prometheus alerts: the model', () => {
  it('reads the alerts of every alerting rule of a /api/v1/rules answer, with their places', () => {
    const read = readAlerts(rulesBody, '/g/rules.json', 'rules');
    assert.ok(read.ok);
    assert.equal(read.leftOut, 0);
    const [down, pending] = read.alerts;
    assert.equal(read.alerts.length, 2);
    assert.deepEqual(
      { ...down, activeAt: down!.activeAt?.toISOString() },
      {
        name: 'ClusterOperatorDown',
        namespace: 'openshift-cluster-version',
        severity: 'critical',
        state: 'firing',
        activeAt: '2024-04-09T14:32:15.416Z',
        labels: {
          alertname: 'ClusterOperatorDown',
          name: 'authentication',
          namespace: 'openshift-cluster-version',
          severity: 'critical',
        },
        summary: 'Cluster operator has not been available for 10 minutes.',
        description: 'The authentication operator may be down.',
        message: undefined,
        runbook: 'https://example.com/runbook.md',
        location: { file: '/g/rules.json', doc: 0, pointer: '/data/groups/1/rules/0/alerts/0' },
      },
    );
    assert.equal(pending!.state, 'pending');
    assert.equal(pending!.namespace, undefined);
    assert.equal(pending!.activeAt, undefined);
    assert.equal(pending!.message, 'dns is down');
    assert.equal(pending!.location.pointer, '/data/groups/1/rules/0/alerts/1');
  });

  it('reads a /api/v1/alerts answer', () => {
    const alerts = downAlerts;
    const read = readAlerts({ status: 'success', data: { alerts } }, '/g/alerts.json', 'alerts');
    assert.ok(read.ok);
    assert.deepEqual(
      read.alerts.map((a) => [a.name, a.state, a.location.pointer]),
      [
        ['ClusterOperatorDown', 'firing', '/data/alerts/0'],
        ['ClusterOperatorDown', 'pending', '/data/alerts/1'],
      ],
    );
    // The other shape's list is not this one's.
    assert.equal(readAlerts({ status: 'success', data: { alerts } }, 'f', 'rules').ok, false);
  });

  it('keeps at most the bound, and counts what it left out', () => {
    const one = downAlerts[0]!;
    const many = { status: 'success', data: { alerts: Array.from({ length: 25 }, () => one) } };
    const read = readAlerts(many, 'f', 'alerts', 10);
    assert.ok(read.ok);
    assert.equal(read.alerts.length, 10);
    assert.equal(read.leftOut, 15);
  });

  it("says what a body that is not Prometheus' answer holds", () => {
    const problem = (v: unknown, shape: 'rules' | 'alerts' = 'rules') => {
      const r = readAlerts(v, 'f', shape);
      return r.ok ? 'ok' : r.problem;
    };
    assert.equal(
      problem({ status: 'error', errorType: 'unavailable', error: 'rule manager not ready' }),
      "holds Prometheus' error response (unavailable: rule manager not ready), not its rules",
    );
    assert.equal(problem('Service Unavailable'), 'is not a Prometheus API response (text)');
    assert.equal(problem([1, 2]), 'is not a Prometheus API response (a list)');
    assert.equal(
      problem({ status: 'success', data: {} }),
      'is not a Prometheus /api/v1/rules response (no data.groups list)',
    );
    assert.equal(
      problem({ status: 'success', data: { groups: [] } }, 'alerts'),
      'is not a Prometheus /api/v1/alerts response (no data.alerts list)',
    );
  });
});

describe('Prometheus alerts: reading a gather', () => {
  it('indexes monitoring/prometheus/rules.json of a must-gather and reads every pending and firing alert', async () => {
    const { snapshot: s, filesRead, problems } = await loadFixture(updates.stalled);
    const rules = join(mustGatherRoot(updates.stalled), rulesRel);
    assert.ok(filesRead.includes(rules));
    assert.deepEqual(problems, []);
    assert.deepEqual(
      s.alerts.map((a) => `${a.state} ${a.severity} ${a.namespace ?? '-'}/${a.name}`),
      [
        'firing info openshift-cluster-version/ClusterNotUpgradeable',
        'firing warning openshift-cluster-version/ClusterOperatorDegraded',
        'firing warning payments/PodDisruptionBudgetAtLimit',
        'firing warning openshift-machine-config-operator/MCCDrainError',
        'firing none openshift-monitoring/Watchdog',
        'firing warning openshift-monitoring/AlertmanagerReceiversNotConfigured',
        'firing warning openshift-monitoring/KubePodNotReady',
        'pending warning openshift-marketplace/KubePodNotReady',
      ],
    );
    for (const a of s.alerts) assert.equal(a.location.file, rules);
  });

  it("places each alert on its object in the file's one line, from the same parse", async () => {
    const [root] = await discoverRoots(updates.stalled);
    const cache = new ParsedFileCache();
    const { snapshot: s } = await loadSnapshot(await buildIndex(root!), cache);
    const parsed = cache.peek(join(root!.path, rulesRel));
    assert.ok(parsed);
    for (const a of s.alerts) {
      const [start, end] = spanOf(parsed, 0, a.location.pointer);
      const text = parsed.text.slice(start, end);
      assert.ok(text.startsWith(`{"labels":{"alertname":"${a.name}"`), text.slice(0, 60));
      assert.ok(text.endsWith('}'));
    }
  });

  it('reads nothing of monitoring/ but the two answers (the walk does not enter it)', async () => {
    const [root] = await discoverRoots(updates.stalled);
    const index = await buildIndex(root!);
    assert.deepEqual(
      index.alertFiles.map((f) => [f.rel, f.shape]),
      [[rulesRel, 'rules']],
    );
    assert.ok(!index.files.some((f) => f.rel.startsWith('monitoring/')));
  });

  it('has no alerts where the gather saved none (gather-extra, Insights, an older must-gather)', async () => {
    for (const path of [samples.gatherExtra, samples.insights, samples.workerBlocksMco]) {
      const { snapshot: s, problems } = await loadFixture(path);
      assert.deepEqual(s.alerts, [], path);
      assert.deepEqual(invalidOf(problems), [], path);
    }
  });
});

describe('Prometheus alerts: a rules.json that is not usable', () => {
  const copy = copyFixture(updates.stalled);
  after(() => copy.remove());
  const root = mustGatherRoot(copy.path);
  const rules = join(root, rulesRel);
  let intact: Finding[] = [];

  /** Writes rules.json, analyses, and checks that only the alerts and their evidence are lost. */
  async function withRules(content: string | Buffer, limits = defaultLimits) {
    if (intact.length === 0) intact = (await analyze(copy.path)).findings;
    writeFileSync(rules, content);
    const a = await analyze(copy.path, limits);
    assert.deepEqual(a.snapshot.alerts, []);
    assert.ok(!a.findings.some((f) => f.rule === 'alert-firing'));
    assert.deepEqual(othersOf(a.findings), othersOf(intact));
    return invalidOf(a.findings);
  }

  it('the intact copy has its alerts (the baseline of the cases below)', async () => {
    const a = await analyze(copy.path);
    intact = a.findings;
    assert.equal(a.snapshot.alerts.length, 8);
    assert.equal(intact.filter((f) => f.rule === 'alert-firing').length, 4);
    assert.deepEqual(invalidOf(intact), []);
  });

  it('broken JSON is one yaml-invalid, and every other finding is still there', async () => {
    const invalid = await withRules('{"status":"success","data":{"groups":[{"name":"x","rules":[');
    assert.equal(invalid.length, 1);
    assert.equal(invalid[0]!.location.file, rules);
    assert.equal(invalid[0]!.subject, `file/${rulesRel}`);
    assert.match(invalid[0]!.message, /^monitoring\/prometheus\/rules\.json does not parse/);
  });

  it("Prometheus' error response is one yaml-invalid saying so", async () => {
    const invalid = await withRules(
      '{"status":"error","errorType":"unavailable","error":"Service Unavailable"}',
    );
    assert.deepEqual(
      invalid.map((f) => f.message),
      [
        "monitoring/prometheus/rules.json holds Prometheus' error response (unavailable: Service Unavailable), not its rules",
      ],
    );
  });

  it('an HTML page or another object is one yaml-invalid', async () => {
    const html = await withRules('<html><body>503 Service Unavailable</body></html>\n');
    assert.equal(html.length, 1);
    const other = await withRules('{"kind":"List","items":[]}');
    assert.deepEqual(
      other.map((f) => f.message),
      [
        'monitoring/prometheus/rules.json is not a Prometheus /api/v1/rules response (no data.groups list)',
      ],
    );
  });

  it('a binary file is one yaml-invalid', async () => {
    const invalid = await withRules(Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3]));
    assert.deepEqual(
      invalid.map((f) => f.message),
      ['monitoring/prometheus/rules.json: file is binary, not YAML or JSON'],
    );
  });

  it('a file over maxFileSizeMiB is one yaml-invalid naming the limit', async () => {
    const big = JSON.stringify({
      status: 'success',
      data: { groups: [{ name: 'pad', rules: [], pad: 'x'.repeat(1100 * 1024) }] },
    });
    const invalid = await withRules(big, { ...defaultLimits, maxFileSizeMiB: 1 });
    assert.equal(invalid.length, 1);
    assert.match(invalid[0]!.message, /over the 1\.0 MiB parse limit .*maxFileSizeMiB/);
  });

  it('an empty file (Prometheus did not answer the gather) is no finding at all', async () => {
    assert.deepEqual(await withRules(''), []);
  });
});

describe('Prometheus alerts: alerts.json and odd files', () => {
  const copy = copyFixture(updates.stalled);
  after(() => copy.remove());
  const root = mustGatherRoot(copy.path);
  const alertsBody = (alerts: unknown[]) => JSON.stringify({ status: 'success', data: { alerts } });
  const pdbAlert = {
    labels: {
      alertname: 'PodDisruptionBudgetAtLimit',
      namespace: 'payments',
      poddisruptionbudget: 'ledger',
      severity: 'warning',
    },
    annotations: { summary: 'The pod disruption budget is preventing further disruption to pods.' },
    state: 'firing',
    activeAt: '2024-04-05T15:21:58.116040122Z',
    value: '1e+00',
  };

  it('reads alerts.json alone, and an alert in both files once', async () => {
    writeFileSync(join(root, 'monitoring/prometheus/alerts.json'), alertsBody([pdbAlert]));
    const both = await analyze(copy.path);
    assert.equal(
      both.snapshot.alerts.length,
      8,
      'the PDB alert of alerts.json is the one of rules.json',
    );
    rmSync(join(root, rulesRel));
    const alone = await analyze(copy.path);
    assert.deepEqual(
      alone.snapshot.alerts.map((a) => [a.name, a.location.file, a.location.pointer]),
      [
        [
          'PodDisruptionBudgetAtLimit',
          join(root, 'monitoring/prometheus/alerts.json'),
          '/data/alerts/0',
        ],
      ],
    );
    assert.deepEqual(
      alone.findings
        .filter((f) => f.rule === 'alert-firing')
        .map((f) => [f.subject, f.location.pointer]),
      [['alert/payments/PodDisruptionBudgetAtLimit', '/data/alerts/0']],
    );
    assert.ok(alone.filesRead.includes(join(root, 'monitoring/prometheus/alerts.json')));
  });

  it('keeps every alert of one answer, even two with the same labels', async () => {
    const alerts = join(root, 'monitoring/prometheus/alerts.json');
    writeFileSync(alerts, alertsBody([pdbAlert, pdbAlert]));
    try {
      const twice = await analyze(copy.path);
      assert.deepEqual(
        twice.snapshot.alerts.map((a) => a.location.pointer),
        ['/data/alerts/0', '/data/alerts/1'],
      );
    } finally {
      writeFileSync(alerts, alertsBody([pdbAlert]));
    }
  });

  it('does not follow a link named rules.json, and says so', async () => {
    symlinkSync('/etc/hostname', join(root, rulesRel));
    const [r] = await discoverRoots(copy.path);
    const index = await buildIndex(r!);
    assert.ok(!index.alertFiles.some((f) => f.rel === rulesRel));
    assert.ok(index.notes.includes(`${rulesRel}: symbolic link not followed`));
    rmSync(join(root, rulesRel));
    mkdirSync(join(root, rulesRel));
    const again = await buildIndex(r!);
    assert.ok(again.notes.includes(`${rulesRel}: a folder where a file was expected`));
  });
});
