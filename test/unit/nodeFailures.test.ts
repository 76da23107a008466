/**
 * A Degraded node's reason is classified once (rules/signatures.ts `classifyNodeReason`): an OS
 * update failure or on-disk drift gets its own rule, and the update status and insights point at
 * that finding; node-mcd-degraded keeps the rest.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { analysisContext, analyzeRoot } from '../../server/src/analysis/analyze';
import type { RootAnalysis } from '../../server/src/analysis/analyze';
import { discoverRoots } from '../../server/src/gather/discover';
import { buildIndex, filesOf } from '../../server/src/gather/gatherIndex';
import { parseOsUpdateRetries } from '../../server/src/model/mcdLog';
import { classifyNodeReason, registryHint } from '../../server/src/model/nodeFailures';
import { updates } from '../support/fixtures';

const img = 'quay.io/openshift-release-dev/ocp-v4.0-art-dev@sha256:85fa';

describe('classifyNodeReason: the wording per release (MCO pkg/daemon)', () => {
  it('reads the OS update failures of each release', () => {
    // release-4.12 … 4.15 update.go: fmt.Errorf("failed to update OS to %s : %w", …)
    assert.deepEqual(
      classifyNodeReason(`failed to update OS to ${img} : error running rpm-ostree rebase: x`),
      {
        kind: 'os-update',
        image: img,
        wording: 'plain',
        detail: 'error running rpm-ostree rebase: x',
      },
    );
    // release-4.16 (5751b11ec) … 4.21: "Failed to update OS to %s after retries: %w" (the timeout)
    assert.deepEqual(
      classifyNodeReason(
        `Failed to update OS to ${img} after retries: timed out waiting for the condition`,
      ),
      { kind: 'os-update', image: img, wording: 'after-retries', detail: undefined },
    );
    // main (4.22): "failed to update OS to %s after retries: %v: %w"
    const main = classifyNodeReason(
      `failed to update OS to ${img} after retries: error running rpm-ostree: manifest unknown: timed out waiting for the condition`,
    );
    assert.equal(main?.kind === 'os-update' && main.wording, 'after-retries-detail');
    assert.equal(
      main?.kind === 'os-update' && main.detail,
      'error running rpm-ostree: manifest unknown',
    );
    // 4.17+: "failed to update OS from local storage: %s: %w"
    assert.equal(
      classifyNodeReason(`failed to update OS from local storage: ${img}: boom`)?.kind,
      'os-update',
    );
    // MachineConfigNode (main): "Failed to pull OS image %s from registry: %v"
    const pull = classifyNodeReason(`Failed to pull OS image ${img} from registry: unauthorized`);
    assert.equal(pull?.kind === 'os-update' && pull.wording, 'pull');
  });

  it('reads on-disk drift and keeps drains out', () => {
    const drift = classifyNodeReason(
      'unexpected on-disk state validating against rendered-worker-1: content mismatch for file "/etc/chrony.conf"',
    );
    assert.deepEqual(drift, {
      kind: 'ondisk-drift',
      what: 'content',
      against: 'rendered-worker-1',
      path: '/etc/chrony.conf',
      expected: undefined,
      received: undefined,
      rootCause: undefined,
    });
    assert.equal(
      classifyNodeReason(
        'failed to drain node: ip-10-0-1-2.ec2.internal after 1 hour. Please see machine-config-controller logs for more information',
      ),
      undefined,
    );
    assert.equal(classifyNodeReason(''), undefined);
  });

  it('hints from the registry’s words', () => {
    assert.match(registryHint('dial tcp: lookup quay.io: no such host') ?? '', /^reachability/);
    assert.match(registryHint('unauthorized: authentication required') ?? '', /^authentication/);
    assert.match(registryHint('manifest unknown') ?? '', /^a missing image/);
    assert.match(registryHint('x509: certificate signed by unknown authority') ?? '', /^TLS/);
    assert.equal(registryHint('exit status 1'), undefined);
  });
});

async function analyse(scenario: string): Promise<RootAnalysis> {
  const [root] = await discoverRoots(scenario);
  assert.ok(root, scenario);
  return analyzeRoot(root, analysisContext());
}

describe('the update status points at the finding that explains the node', () => {
  for (const [scenario, rule] of [
    [updates.osPullFailed, 'node-os-update-failed'],
    [updates.ondiskDrift, 'node-ondisk-drift'],
  ] as const) {
    it(`${rule} (${scenario.split('/').pop()})`, async () => {
      const a = await analyse(scenario);
      const worker = a.assessment.pools.find((p) => p.name === 'worker')!;
      const degraded = worker.nodes.filter((n) => n.assessment === 'Degraded');
      assert.equal(degraded.length, 1);
      const [node] = degraded;
      const f = a.findings.find((x) => x.subject === `node/${node!.name}`);
      assert.equal(f?.rule, rule);
      assert.deepEqual(f.location, node!.evidence, 'the node’s evidence is the finding’s location');
      assert.ok(!a.findings.some((x) => x.rule === 'node-mcd-degraded'), 'no second finding');
      const errors = a.insights.filter((i) => i.level === 'error');
      // The ClusterVersion's Failing only repeats machine-config's Degraded: a warning, as oc.
      // The pool is Degraded through that node alone: the node's finding carries the error.
      assert.deepEqual(
        errors.map((i) => i.rule),
        [rule],
      );
      const insight = errors.find((i) => i.rule === rule)!;
      assert.equal(insight.impact, 'Update Stalled');
      assert.equal(insight.subject, `node/${node!.name}`);
    });
  }
});

describe('the daemon logs of Degraded nodes', () => {
  it('parses the 4.16 `(will retry)` warnings with their span', () => {
    const line = `2025-10-28T06:58:10.233093888Z W1028 06:58:10.233082    3301 update.go:2595] Failed to update OS to ${img} (will retry): error running rpm-ostree rebase --experimental ostree-unverified-registry:${img}: error: unauthorized`;
    const text = `first line\n${line}\n2025-10-28T06:58:10.233157026Z : exit status 1\n`;
    const [r] = parseOsUpdateRetries(text);
    assert.equal(r?.image, img);
    assert.match(r?.error ?? '', /error: unauthorized$/);
    assert.equal(text.slice(...r!.span), line);
    assert.equal(r?.time?.toISOString(), '2025-10-28T06:58:10.233Z');
  });

  it('indexes no daemon pod folder, and reads the log of the Degraded node only', async () => {
    const [root] = await discoverRoots(updates.osPullFailed);
    const index = await buildIndex(root!);
    // One daemon per node: their folders are listed one at a time, for the nodes that need it.
    assert.ok(!index.files.some((f) => f.rel.includes('/pods/machine-config-daemon-')));
    assert.ok(!index.logs.some((f) => f.includes('/pods/machine-config-daemon-')));
    const mcoPods = filesOf(index, 'core', 'pods').filter(
      (f) => f.list && f.resource.namespace === 'openshift-machine-config-operator',
    );
    assert.equal(mcoPods.length, 1, 'the namespace pod List names the daemon on each node');
    const a = await analyzeRoot(root!, analysisContext());
    const read = a.filesRead.filter(
      (f) => /\/logs\/current\.log$/.test(f) && f.includes('machine-config-daemon'),
    );
    assert.equal(read.length, 1, read.join('\n'));
    // Nothing Degraded: no daemon pod or log is read at all.
    const [healthy] = await discoverRoots(updates.draining);
    const h = await analyzeRoot(healthy!, analysisContext());
    assert.ok(!h.filesRead.some((f) => f.includes('machine-config-daemon-')));
  });
});
