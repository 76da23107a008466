import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { parseResultsOfWork } from '../../server/src/model/cvoLog';
import { cvoWaitingOnOperator } from '../../server/src/rules/cvo-waiting-on-operator';
import { samples } from '../support/fixtures';
import { ruleContext } from '../support/rules';
import { wordsOf } from '../support/ruleTester';
import { loadFixture } from '../support/snapshot';

describe('CVO Result of work lines', () => {
  it('reads 4.7 and current wordings, several operators, and empty results', () => {
    const log = [
      '2021-03-25T11:51:36.695318607Z I0325 11:51:36.695312       1 task_graph.go:555] Result of work: []',
      '2021-03-25T11:57:18.473047398Z I0325 11:57:18.473035       1 task_graph.go:555] Result of work: [Cluster operator machine-config is still updating]',
      '2021-03-25T12:00:17.903909526Z I0325 12:00:17.903886       1 sync_worker.go:549] Running sync 4.7.4 (force=false) on generation 66 in state Updating at attempt 17',
      '2024-05-02T10:00:00.000000000Z I0502 10:00:00.000000       1 task_graph.go:477] Result of work: errs=[Cluster operator machine-config is degraded Cluster operator network is not available]',
    ].join('\n');
    const r = parseResultsOfWork(log);
    assert.equal(r.length, 3);
    assert.deepEqual(r[0]!.waits, []);
    assert.deepEqual(r[1]!.waits, [{ operator: 'machine-config', state: 'is still updating' }]);
    assert.equal(r[1]!.time?.toISOString(), '2021-03-25T11:57:18.473Z');
    assert.equal(log.slice(...r[1]!.span), log.split('\n')[1]);
    assert.deepEqual(r[2]!.waits, [
      { operator: 'machine-config', state: 'is degraded' },
      { operator: 'network', state: 'is not available' },
    ]);
  });

  it('puts the finding on the newest line that names an operator (seed 1943289)', async () => {
    const { snapshot } = await loadFixture(samples.workerBlocksMco);
    const [f, ...rest] = cvoWaitingOnOperator.check(snapshot, ruleContext);
    assert.equal(rest.length, 0);
    assert.ok(f);
    assert.equal(f.severity, 'warning', 'the update is in progress');
    const text = readFileSync(f.location.file, 'utf8');
    const line = text.slice(...f.location.span!);
    assert.match(
      line,
      /^2021-03-25T12:14:54\.\d+Z .*Result of work: \[Cluster operator machine-config is still updating\]$/,
    );
    assert.match(
      f.message,
      /machine-config \(is still updating\) .*, in 5 of its last 10 results$/,
    );
    assert.match(wordsOf(f), /machine-config appears in 5 of its last 10 results/);
    assert.match(wordsOf(f), /4\.7 checks versions first/);
    assert.ok(f.related.some((r) => r.file.endsWith('clusteroperators/machine-config.yaml')));
  });

  it('reads the gather-extra pod log too', async () => {
    const { snapshot } = await loadFixture(samples.gatherExtra);
    assert.equal(snapshot.cvoLogs.length, 1);
    assert.ok(snapshot.cvoLogs[0]!.results.length > 0);
  });
});

describe('cvo-waiting-on-operator on an old log', () => {
  it('stays quiet when the waits are older than the last results', async () => {
    const { snapshot } = await loadFixture(samples.workerBlocksMco);
    const log = snapshot.cvoLogs[0]!;
    const clean = { span: [0, 0] as [number, number], waits: [], file: log.file };
    log.results.push(...Array.from({ length: 12 }, () => clean));
    assert.deepEqual(cvoWaitingOnOperator.check(snapshot, ruleContext), []);
  });

  it('keeps only Kubernetes names as operators, so log text cannot smuggle Markdown', () => {
    const r = parseResultsOfWork(
      'Result of work: [Cluster operator x|[click](https://evil.example/)|y is still updating]',
    );
    assert.deepEqual(r[0]!.waits, []);
  });
});
