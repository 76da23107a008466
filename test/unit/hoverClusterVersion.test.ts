import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
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
