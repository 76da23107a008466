import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { analysisContext, analyzeRoot } from '../../server/src/analysis/analyze';
import { discoverRoots } from '../../server/src/gather/discover';
import { operatorsNamed } from '../../server/src/model/operatorMessages';
import { resourceFile, samples } from '../support/fixtures';
import { hoverOn, markdownOf, plain } from '../support/hover';
import { loadFixture } from '../support/snapshot';

const cvFile = 'cluster-scoped-resources/config.openshift.io/clusterversions/version.yaml';

describe('ClusterVersion condition hovers', () => {
  it('reads the operators a Progressing or Failing message waits on', () => {
    assert.deepEqual(
      operatorsNamed(
        'Working towards 4.7.4: 560 of 668 done (83% complete), waiting on machine-config, network',
      ),
      ['machine-config', 'network'],
    );
    assert.deepEqual(operatorsNamed('Cluster operator machine-config is degraded'), [
      'machine-config',
    ]);
    assert.deepEqual(operatorsNamed('Working towards 4.7.4: 560 of 668 done (83% complete)'), []);
  });

  it('on seed 1943289 Progressing, names machine-config from the CVO log when the message names nobody', async () => {
    const { snapshot } = await loadFixture(samples.workerBlocksMco);
    const file = resourceFile(samples.workerBlocksMco, cvFile);
    const { hover } = hoverOn(snapshot, file, 'type: Progressing', {
      after: /^status:/m,
      shift: 7,
    });
    const md = plain(markdownOf(hover));
    assert.match(md, /ClusterVersion `Progressing`/);
    assert.match(md, /\| \*\*Progressing\*\* ◀ \| False \| \*\*True\*\* ✗ \|/);
    assert.match(
      md,
      /The message names no operator; the CVO log's last `Result of work` \(5m46s before the gather\) names/,
    );
    assert.match(
      md,
      /\| machine-config \| Available=False, Degraded=True \| 4\.7\.3 \| target 4\.7\.4 \|/,
    );
  });
});

describe('ClusterVersion hovers open with where the update stands', () => {
  it('on seed 1943289: stalled, completion, what it waits on and the worst insight first', async () => {
    const [root] = await discoverRoots(samples.workerBlocksMco);
    const a = await analyzeRoot(root!, analysisContext());
    const file = resourceFile(samples.workerBlocksMco, cvFile);
    const { hover } = hoverOn(a.snapshot, file, 'type: Progressing', {
      after: /^status:/m,
      shift: 7,
      update: a,
    });
    const md = plain(markdownOf(hover));
    const [summary] = md.split('\n\n---\n\n');
    assert.match(
      summary ?? '',
      /^\*\*Update: Stalled\*\* · 4.7.3 → 4.7.4 · 91% of operators \(10\/11\)/,
    );
    assert.match(summary ?? '', /running for 4h49m where about 3h22m was expected/);
    assert.match(
      summary ?? '',
      /Waiting on: machine-config \(Progressing for 3h11m before the gather\)/,
    );
    assert.match(
      summary ?? '',
      /First insight: \*\*error\*\* \(API Availability\): machine-config is not available for 3h1m/,
    );
    assert.match(md, /ClusterVersion `Progressing`/, "then today's content");
  });

  it('without the update view, the hover is as before', async () => {
    const { snapshot } = await loadFixture(samples.workerBlocksMco);
    const file = resourceFile(samples.workerBlocksMco, cvFile);
    const { hover } = hoverOn(snapshot, file, 'type: Progressing', {
      after: /^status:/m,
      shift: 7,
    });
    assert.doesNotMatch(plain(markdownOf(hover)), /Update: Stalled/);
  });
});
