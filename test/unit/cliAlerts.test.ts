import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import type { StatusReport } from '../../server/src/core/updateStatus';
import { runCli } from '../support/cli';
import { updates } from '../support/fixtures';

interface Reported {
  rule: string;
  severity: string;
  subject: string;
  file: string;
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
  message: string;
  related: { file: string; line: number; column: number; message: string }[];
}

/** The text from a 1-based line and column (UTF-16 units) to an end position, in a file. */
function textAt(
  base: string,
  file: string,
  from: { line: number; column: number },
  to?: { line: number; column: number },
): string {
  const lines = readFileSync(join(base, file), 'utf8').split('\n');
  if (!to) return (lines[from.line - 1] ?? '').slice(from.column - 1);
  assert.equal(from.line, to.line, 'Prometheus writes its answer on one line');
  return (lines[from.line - 1] ?? '').slice(from.column - 1, to.column - 1);
}

const rulesJson = /\/monitoring\/prometheus\/rules\.json$/;

describe('CLI: firing alerts in analyze and status', () => {
  const base = updates.stalled;

  it('analyze --format json places each alert finding on its alert object in rules.json', () => {
    const r = runCli('analyze', base, '--format', 'json');
    assert.equal(r.code, 1);
    const findings = (JSON.parse(r.stdout) as { findings: Reported[] }).findings;
    const alerts = findings.filter((f) => f.rule === 'alert-firing');
    assert.deepEqual(
      alerts.map((f) => [f.severity, f.subject]),
      [
        ['warning', 'alert/openshift-cluster-version/ClusterOperatorDegraded'],
        ['warning', 'alert/payments/PodDisruptionBudgetAtLimit'],
        ['warning', 'alert/openshift-machine-config-operator/MCCDrainError'],
        ['warning', 'alert/openshift-monitoring/KubePodNotReady'],
      ],
    );
    for (const f of alerts) {
      assert.match(f.file, rulesJson);
      assert.equal(f.line, 1);
      const name = f.subject.split('/').pop()!;
      const text = textAt(base, f.file, f, { line: f.endLine, column: f.endColumn });
      assert.ok(text.startsWith(`{"labels":{"alertname":"${name}"`), text.slice(0, 80));
      assert.ok(text.endsWith('"value":"1e+00"}'), text.slice(-40));
    }
    // The drain's finding names Prometheus' alert on the budget, at the same place.
    const drain = findings.find((f) => f.rule === 'node-mcd-degraded')!;
    const evidence = drain.related.find((x) => x.message.includes('PodDisruptionBudgetAtLimit'))!;
    assert.match(evidence.file, rulesJson);
    assert.deepEqual([evidence.line, evidence.column], [alerts[1]!.line, alerts[1]!.column]);
  });

  // Times to the millisecond, as Prometheus gives activeAt: SINCE truncates the difference as oc does.
  it('status --format json lists them as insights of impact Unknown, with file and line', () => {
    const r = runCli('status', base, '--format', 'json');
    const report = JSON.parse(r.stdout) as StatusReport;
    const [root] = report.roots;
    const insights = root!.insights.filter((i) => i.rule === 'alert-firing');
    assert.deepEqual(insights.map((i) => [i.level, i.impact, i.subject, i.since]).sort(), [
      [
        'warning',
        'Unknown',
        'alert/openshift-cluster-version/ClusterOperatorDegraded',
        '2024-04-09T14:32:15.416Z',
      ],
      [
        'warning',
        'Unknown',
        'alert/openshift-machine-config-operator/MCCDrainError',
        '2024-04-09T15:07:29.616Z',
      ],
      [
        'warning',
        'Unknown',
        'alert/openshift-monitoring/KubePodNotReady',
        '2024-04-09T14:04:23.316Z',
      ],
      [
        'warning',
        'Unknown',
        'alert/payments/PodDisruptionBudgetAtLimit',
        '2024-04-05T15:21:58.116Z',
      ],
    ]);
    for (const i of insights) {
      assert.match(i.file, rulesJson);
      assert.equal(i.line, 1);
      assert.match(i.message, /^Alert \w+ is firing /);
    }
  });

  it('status text shows them under Update Health with their evidence: with --details each, else under the cause they witness', () => {
    const byCause = runCli('status', base).stdout;
    const causes = byCause.slice(byCause.indexOf('= Update Health ='));
    assert.ok(!causes.includes('PodDisruptionBudgetAtLimit'), "the budget alert is the drain's");
    assert.match(causes, /\n2h17m42s +Warning +Unknown +Alert KubePodNotReady is firing /);
    const out = runCli('status', base, '--details').stdout;
    const health = out.slice(out.indexOf('= Update Health ='));
    assert.match(
      health,
      /\n97h0m7s +Warning +Unknown +Alert PodDisruptionBudgetAtLimit is firing for PodDisruptionBudget payments\/ledger .*\[alert-firing\] +monitoring\/prometheus\/rules\.json:1\n/,
    );
  });

  it('says nothing of alerts on a healthy update (update-draining)', () => {
    const r = runCli('status', updates.draining, '--format', 'json');
    const report = JSON.parse(r.stdout) as StatusReport;
    assert.deepEqual(
      report.roots[0]!.insights.map((i) => [i.level, i.message]),
      [['info', 'Update is proceeding well']],
    );
  });
});
