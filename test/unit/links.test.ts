import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import type { DocumentLink } from 'vscode-languageserver';
import { documentLinks } from '../../server/src/features/links';
import { discoverRoots } from '../../server/src/gather/discover';
import { buildIndex } from '../../server/src/gather/gatherIndex';
import type { GatherIndex } from '../../server/src/gather/gatherIndex';
import type { Snapshot } from '../../server/src/model/snapshot';
import { parseText } from '../../server/src/yaml/parse';
import type { ParsedFile } from '../../server/src/yaml/parse';
import { machineConfigOperatorFile, poolFile, resourceFile, samples } from '../support/fixtures';
import { loadFixture } from '../support/snapshot';

interface Loaded {
  snapshot: Snapshot;
  index: GatherIndex;
}

async function load(scenario: string): Promise<Loaded> {
  const [root] = await discoverRoots(scenario);
  return { snapshot: (await loadFixture(scenario)).snapshot, index: await buildIndex(root!) };
}

/** Each link as `text under it -> target path relative to the root`. */
function linksOf(l: Loaded, file: string): string[] {
  const parsed = parseText(readFileSync(file, 'utf8'));
  return documentLinks(l.snapshot, l.index, file, parsed).map((d) => describeLink(l, parsed, d));
}

function describeLink(l: Loaded, parsed: ParsedFile, d: DocumentLink): string {
  const lines = parsed.text.split('\n');
  assert.equal(d.range.start.line, d.range.end.line, 'a link stays on one line');
  const word = lines[d.range.start.line]!.slice(d.range.start.character, d.range.end.character);
  return `${word} -> ${fileURLToPath(d.target!).slice(l.index.root.path.length + 1)}`;
}

describe('document links', () => {
  let seed1: Loaded;
  let seed2: Loaded;
  before(async () => {
    seed1 = await load(samples.workerBlocksMco);
    seed2 = await load(samples.levelEarly);
  });

  it('links rendered config names and NodeDegraded node names in a pool to their files', () => {
    const links = linksOf(seed1, resourceFile(samples.workerBlocksMco, poolFile('worker')));
    const mc = 'cluster-scoped-resources/machineconfiguration.openshift.io/machineconfigs';
    assert.ok(
      links.includes(
        `rendered-worker-3b5ccd4ef0317ede03b6d2b5d976f9b5 -> ${mc}/rendered-worker-3b5ccd4ef0317ede03b6d2b5d976f9b5.yaml`,
      ),
    );
    assert.ok(
      links.includes(
        `rendered-worker-680bf661822aa3cf1e62a1a992c7ddae -> ${mc}/rendered-worker-680bf661822aa3cf1e62a1a992c7ddae.yaml`,
      ),
    );
    const nodes = links.filter((l) => l.includes('core/nodes/'));
    assert.equal(nodes.length, 9, 'one link per `Node <name> is reporting`');
    assert.ok(
      nodes.includes(
        'ip-10-0-145-39.ec2.internal -> cluster-scoped-resources/core/nodes/ip-10-0-145-39.ec2.internal.yaml',
      ),
      'also when "Node" and the name are folded onto different lines',
    );
  });

  it('links operator names in ClusterVersion messages to the ClusterOperator files', () => {
    const cv = resourceFile(
      samples.workerBlocksMco,
      'cluster-scoped-resources/config.openshift.io/clusterversions/version.yaml',
    );
    const links = linksOf(seed1, cv);
    // Upgradeable: "Cluster operator machine-config cannot be upgraded between minor versions".
    assert.ok(
      links.includes(
        `machine-config -> ${'cluster-scoped-resources/config.openshift.io/clusteroperators/machine-config.yaml'}`,
      ),
    );
  });

  it('links pool names in operator messages and extension keys to the pool files', () => {
    const links = linksOf(seed1, resourceFile(samples.workerBlocksMco, machineConfigOperatorFile));
    const pools = 'cluster-scoped-resources/machineconfiguration.openshift.io/machineconfigpools';
    assert.ok(links.includes(`worker -> ${pools}/worker.yaml`));
    assert.ok(links.includes(`master -> ${pools}/master.yaml`));
    // `pool worker is not ready` in the Degraded message and lastSyncError, plus the extension key.
    assert.equal(links.filter((l) => l === `worker -> ${pools}/worker.yaml`).length, 3);
    assert.ok(
      links.some((l) => l.startsWith('rendered-master-52dbe6cc1c25686b710496466d9c1dbb -> ')),
    );
    assert.ok(links.some((l) => l.startsWith('ip-10-0-137-214.ec2.internal -> ')));
  });

  it('links only to files that exist in the index, and never to the file itself', () => {
    const own = resourceFile(
      samples.levelEarly,
      'cluster-scoped-resources/machineconfiguration.openshift.io/machineconfigs/rendered-master-ebc4fc8c7b6a155d86684204394e4930.yaml',
    );
    assert.deepEqual(
      linksOf(seed2, own).filter((l) => l.startsWith('rendered-master-ebc4')),
      [],
    );
    const file = resourceFile(samples.levelEarly, poolFile('master'));
    const parsed = parseText(
      readFileSync(file, 'utf8') + '# rendered-master-00000000000000000000000000000000\n',
    );
    const targets = documentLinks(seed2.snapshot, seed2.index, file, parsed).map((d) => d.target);
    assert.ok(!targets.some((t) => t!.includes('00000000000000000000000000000000')));
  });
});
