import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { isAbsolute, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, describe, it } from 'node:test';
import type { Diagnostic } from 'vscode-languageserver-protocol';
import {
  examplesDir,
  repoRoot,
  machineConfigOperatorFile,
  poolFile,
  resourceFile,
  samples,
} from '../support/fixtures';
import { copyFixture } from '../support/copyFixture';
import { LspClient } from './lspClient';
import type { ConfigurationItem } from './lspClient';

const seed000 = resourceFile(samples.workerBlocksMco, machineConfigOperatorFile);
const seed001 = resourceFile(samples.levelEarly, machineConfigOperatorFile);

function byRule(ds: Diagnostic[] | undefined, rule: string): Diagnostic[] {
  return (ds ?? []).filter((d) => d.code === rule);
}

/** 0-based line of the first line matching a pattern. */
function lineMatching(file: string, re: RegExp, from = 0): number {
  const lines = readFileSync(file, 'utf8').split('\n');
  const i = lines.findIndex((l, n) => n >= from && re.test(l));
  assert.ok(i >= 0, `${re} in ${file}`);
  return i;
}

describe('language server over stdio', () => {
  let lsp: LspClient;
  before(async () => {
    lsp = await LspClient.start([examplesDir]);
  });
  after(() => lsp.stop());

  it('publishes the seed 000 diagnosis on machine-config.yaml at the Degraded condition', async () => {
    const d = await lsp.waitFor(
      'mco-blocked-by-non-required-pool',
      () => byRule(lsp.diagnosticsFor(seed000), 'mco-blocked-by-non-required-pool')[0],
    );
    const start = lineMatching(seed000, /^ *- lastTransitionTime: "2021-03-25T09:45:01Z"/);
    const column = readFileSync(seed000, 'utf8').split('\n')[start]!.indexOf('lastTransitionTime');
    assert.deepEqual(d.range.start, { line: start, character: column });
    assert.equal(d.range.end.line, lineMatching(seed000, /^ *type: Degraded/, start));
    assert.equal(d.severity, 2);
    assert.equal(d.source, 'must-gather');
    const related = d.relatedInformation ?? [];
    const worker = related.find((r) => r.location.uri.endsWith('/machineconfigpools/worker.yaml'));
    assert.ok(worker, 'related information points at the worker pool');
    assert.match(worker.message, /^pool worker is not labelled required-for-upgrade$/);
    assert.equal(
      worker.location.range.start.line,
      lineMatching(resourceFile(samples.workerBlocksMco, poolFile('worker')), /^ {2}labels:/),
    );
    // The strongest evidence and a count of the rest: VS Code lists each above the hover.
    assert.equal(related.length, 3);
    for (const r of related) assert.ok(r.message.length <= 64, r.message);
    assert.equal(d.message.length <= 200 && !d.message.includes('\n'), true);
    assert.match(related[2]!.message, /^\+\d+ more: listed in the Findings view$/);
  });

  it('publishes the seed 001 diagnosis on machine-config.yaml at the operator version entry', async () => {
    const d = await lsp.waitFor(
      'mco-level-before-required-pools',
      () => byRule(lsp.diagnosticsFor(seed001), 'mco-level-before-required-pools')[0],
    );
    const versions = lineMatching(seed001, /^ {2}versions:/);
    const entry = lineMatching(seed001, /^ {2}- name: operator/, versions);
    assert.deepEqual(d.range.start, { line: entry, character: 4 });
    assert.match(
      readFileSync(seed001, 'utf8').split('\n')[entry + 1]!,
      /version: 4\.10\.0-0\.nightly-2021-11-03-020416/,
    );
    assert.equal(d.range.end.line, entry + 1);
    assert.equal(d.severity, 1);
    assert.ok(
      (d.relatedInformation ?? []).some((r) =>
        r.location.uri.endsWith('/machineconfigpools/master.yaml'),
      ),
    );
  });

  it('publishes on files that are not open, so the Problems panel lists them', async () => {
    await lsp.idle();
    const worker = lsp.diagnosticsFor(resourceFile(samples.workerBlocksMco, poolFile('worker')));
    assert.equal(byRule(worker, 'pool-degraded').length, 1);
  });

  it('follows edits of an open document and clears what no longer holds', async () => {
    const original = readFileSync(seed000, 'utf8');
    lsp.open(seed000, original);
    const edited = original.replace('reason: RequiredPoolsFailed', 'reason: RenderConfigFailed');
    assert.notEqual(edited, original);
    lsp.change(seed000, edited, 2);
    await lsp.waitFor('the diagnosis to go away after the edit', () =>
      byRule(lsp.diagnosticsFor(seed000), 'mco-blocked-by-non-required-pool').length === 0
        ? true
        : undefined,
    );
    lsp.change(seed000, original, 3);
    await lsp.waitFor(
      'the diagnosis to come back',
      () => byRule(lsp.diagnosticsFor(seed000), 'mco-blocked-by-non-required-pool')[0],
    );
    lsp.close(seed000);
  });

  it('reports a file that does not parse, without losing the other findings', async () => {
    const worker = resourceFile(samples.workerBlocksMco, poolFile('worker'));
    lsp.open(
      worker,
      'apiVersion: machineconfiguration.openshift.io/v1\nkind: MachineConfigPool\nmetadata: {name: worker\n',
    );
    const d = await lsp.waitFor(
      'yaml-invalid',
      () => byRule(lsp.diagnosticsFor(worker), 'yaml-invalid')[0],
    );
    assert.equal(d.severity, 1);
    assert.ok(
      byRule(lsp.diagnosticsFor(seed001), 'mco-level-before-required-pools').length === 1,
      'other roots keep their findings',
    );
    lsp.close(worker);
    await lsp.waitFor('the parse error to clear on close', () =>
      byRule(lsp.diagnosticsFor(worker), 'yaml-invalid').length === 0 ? true : undefined,
    );
  });
});

describe('language server settings and a healthy must-gather', () => {
  it('publishes no warning or error for a healthy cluster', async () => {
    const lsp = await LspClient.start([samples.healthy]);
    try {
      await lsp.idle();
      const serious = [...lsp.diagnostics.values()].flat().filter((d) => (d.severity ?? 1) <= 2);
      assert.deepEqual(serious, []);
    } finally {
      await lsp.stop();
    }
  });

  it('turns a rule off through mustGatherInspector.rules', async () => {
    const lsp = await LspClient.start([samples.workerBlocksMco], {
      'pool-degraded': 'off',
      'no-such-rule': 'off',
    });
    try {
      await lsp.waitFor(
        'the seed 000 diagnosis',
        () => byRule(lsp.diagnosticsFor(seed000), 'mco-blocked-by-non-required-pool')[0],
      );
      await lsp.idle();
      const all = [...lsp.diagnostics.values()].flat();
      assert.equal(byRule(all, 'pool-degraded').length, 0);
      assert.ok(lsp.logs.some((l) => /unknown rule "no-such-rule"/.test(l)));
    } finally {
      await lsp.stop();
    }
  });
});

describe('language server update status', () => {
  it('answers the typed update-status request with the CLI status report, per must-gather', async () => {
    const lsp = await LspClient.start([examplesDir]);
    try {
      await lsp.idle();
      await lsp.waitFor(
        'both roots analysed',
        () => byRule(lsp.diagnosticsFor(seed001), 'mco-level-before-required-pools')[0],
      );
      const all = (await lsp.connection.sendRequest('mustGatherInspector/updateStatus', {})) as {
        roots: {
          root: string;
          summary: {
            root: string;
            version?: string;
            target?: string;
            platform?: string;
            clusterID?: string;
            channel?: string;
            gatherTime?: string;
            form: string;
            counts: Record<string, number>;
            notes: string[];
          };
          controlPlane: { assessment: string; target: string };
          pools: { name: string; counts: { degraded: number } }[];
          insights: { level: string; rule: string | null; file: string; line: number }[];
        }[];
      };
      assert.equal(all.roots.length, 2);
      const one = (await lsp.connection.sendRequest('mustGatherInspector/updateStatus', {
        uri: pathToFileURL(seed000).href,
      })) as typeof all;
      assert.equal(one.roots.length, 1, 'the must-gather of the given file only');
      const r = one.roots[0]!;
      assert.equal(r.controlPlane.assessment, 'Stalled');
      assert.equal(r.controlPlane.target, '4.7.4');
      assert.equal(r.pools.find((p) => p.name === 'worker')?.counts.degraded, 9);
      // The first look rides on the same report: the root item of the view is made from it.
      assert.deepEqual(r.summary, {
        root: r.root,
        version: '4.7.3',
        target: '4.7.4',
        platform: 'AWS',
        clusterID: '528a0ee0-0bf7-44bd-a037-e8d79c2a14ab',
        channel: 'stable-4.7',
        gatherTime: '2021-03-25T12:20:41Z',
        form: 'must-gather',
        image:
          'quay.io/openshift-release-dev/ocp-v4.0-art-dev@sha256:4975a6b1fd52c6dd10bf8935975ab9366adcc8f08019ada278e5bd52bdaba48a',
        counts: { nodes: 55, pools: 2, clusterOperators: 11, machineConfigs: 17 },
        notes: [],
      });
      assert.ok(isAbsolute(r.summary.root), 'absolute, as every path the server sends');
      const error = r.insights.find((i) => i.level === 'error' && i.rule === 'node-mcd-degraded')!;
      assert.ok(error.file.startsWith(r.root + '/'), 'absolute paths, inside the root');
      assert.match(
        readFileSync(error.file, 'utf8').split('\n')[error.line - 1] ?? '',
        /machineconfiguration\.openshift\.io\/state: Degraded/,
      );
    } finally {
      await lsp.stop();
    }
  });
});

describe('language server settings and folders', () => {
  it('reads rule levels per must-gather, with the root as the scope', async () => {
    const scopes: string[] = [];
    const lsp = await LspClient.start([examplesDir], (item: ConfigurationItem) => {
      if (item.section !== 'mustGatherInspector.rules') return {};
      scopes.push(item.scopeUri ?? '');
      // Only the bug 1943289 must-gather turns the rule off (a folder setting of its own).
      return item.scopeUri?.includes('bug-1943289') ? { 'operator-not-upgradeable': 'off' } : {};
    });
    try {
      await lsp.waitFor(
        'both diagnoses',
        () =>
          byRule(lsp.diagnosticsFor(seed000), 'mco-blocked-by-non-required-pool')[0] &&
          byRule(lsp.diagnosticsFor(seed001), 'mco-level-before-required-pools')[0],
      );
      await lsp.idle();
      assert.equal(byRule(lsp.diagnosticsFor(seed000), 'operator-not-upgradeable').length, 0);
      assert.ok(
        [...lsp.diagnostics.entries()].some(
          ([uri, ds]) => uri.includes('bug-2019850') && byRule(ds, 'operator-not-upgradeable')[0],
        ),
        'the other must-gather keeps the rule',
      );
      assert.ok(scopes.some((u) => u.startsWith('file:') && u.includes('bug-1943289')));
      assert.ok(scopes.some((u) => u.startsWith('file:') && u.includes('bug-2019850')));
    } finally {
      await lsp.stop();
    }
  });

  it('still analyses when the client fails to answer for settings', async () => {
    const lsp = await LspClient.start([samples.workerBlocksMco], () => {
      throw new Error('configuration is broken in this client');
    });
    try {
      await lsp.waitFor(
        'the seed 000 diagnosis with every default level',
        () => byRule(lsp.diagnosticsFor(seed000), 'mco-blocked-by-non-required-pool')[0],
      );
      assert.ok(lsp.logs.some((l) => /could not read mustGatherInspector\.rules/.test(l)));
    } finally {
      await lsp.stop();
    }
  });

  it('finds and forgets must-gathers as workspace folders are added and removed', async () => {
    const lsp = await LspClient.start([samples.workerBlocksMco], {}, [], {
      workspaceFolders: true,
    });
    try {
      await lsp.waitFor(
        'the first folder',
        () => byRule(lsp.diagnosticsFor(seed000), 'mco-blocked-by-non-required-pool')[0],
      );
      lsp.changeFolders([samples.levelEarly], []);
      await lsp.waitFor(
        'the added folder',
        () => byRule(lsp.diagnosticsFor(seed001), 'mco-level-before-required-pools')[0],
      );
      lsp.changeFolders([], [samples.workerBlocksMco]);
      await lsp.waitFor('the removed folder cleared', () =>
        lsp.diagnosticsFor(seed000)?.length === 0 ? true : undefined,
      );
      assert.ok(byRule(lsp.diagnosticsFor(seed001), 'mco-level-before-required-pools')[0]);
    } finally {
      await lsp.stop();
    }
  });
});

describe('language server and files changed on disk', () => {
  it('re-analyses when a watched file changes', async () => {
    const copy = copyFixture(samples.levelEarly);
    const lsp = await LspClient.start([copy.path]);
    try {
      const mco = resourceFile(copy.path, machineConfigOperatorFile);
      await lsp.waitFor(
        'the seed 001 diagnosis',
        () => byRule(lsp.diagnosticsFor(mco), 'mco-level-before-required-pools')[0],
      );
      // The operator goes back to the previous version on disk: no early level any more.
      const text = readFileSync(mco, 'utf8');
      writeFileSync(
        mco,
        text.replace(
          /(- name: operator\n\s+version: )4\.10\.0-0\.nightly-2021-11-03-020416/,
          '$14.10.0-0.nightly-2021-11-02-191632',
        ),
      );
      lsp.filesChanged([mco]);
      await lsp.waitFor('the diagnosis to clear', () =>
        byRule(lsp.diagnosticsFor(mco), 'mco-level-before-required-pools').length === 0
          ? true
          : undefined,
      );
    } finally {
      await lsp.stop();
      copy.remove();
    }
  });
});

describe('language server started again on an analysed must-gather', () => {
  it('shows the remembered diagnostics at once, then the same from its own analysis', async () => {
    const copy = copyFixture(samples.levelEarly);
    const storage = mkdtempSync(join(tmpdir(), 'mgi-storage-'));
    const init = { initializationOptions: { storageDir: storage } };
    const mco = resourceFile(copy.path, machineConfigOperatorFile);
    const diagnosis = (lsp: LspClient) =>
      byRule(lsp.diagnosticsFor(mco), 'mco-level-before-required-pools')[0];
    try {
      const first = await LspClient.start([copy.path], {}, [], init);
      const analysed = await first.waitFor('the seed 001 diagnosis', () => diagnosis(first));
      await first.idle();
      await first.stop();
      assert.ok(!first.logs.some((l) => /remembered/.test(l)), 'the first server starts cold');

      const second = await LspClient.start([copy.path], {}, [], init);
      try {
        const recalled = await second.waitFor('the recalled diagnosis', () => diagnosis(second));
        assert.deepEqual(recalled, analysed);
        await second.idle();
        assert.ok(
          second.logs.some((l) => /showing the remembered diagnostics of \d+ file/.test(l)),
        );
        assert.deepEqual(diagnosis(second), analysed);
      } finally {
        await second.stop();
      }

      // A file changed between the runs: nothing is recalled, the analysis tells.
      writeFileSync(mco, readFileSync(mco, 'utf8') + '\n');
      const third = await LspClient.start([copy.path], {}, [], init);
      try {
        await third.waitFor('the diagnosis', () => diagnosis(third));
        await third.idle();
        assert.ok(!third.logs.some((l) => /remembered/.test(l)));
      } finally {
        await third.stop();
      }
      assert.ok(!readdirSync(copy.path).some((n) => n.startsWith('.')), 'nothing written inside');
    } finally {
      copy.remove();
      rmSync(storage, { recursive: true, force: true });
    }
  });
});

describe('language server without a network', () => {
  it('publishes the diagnoses with every network call made to throw', async () => {
    const preload = join(repoRoot, 'test', 'support', 'no-network.cjs');
    const lsp = await LspClient.start([examplesDir], {}, ['--require', preload]);
    try {
      await lsp.waitFor(
        'the seed 001 diagnosis',
        () => byRule(lsp.diagnosticsFor(seed001), 'mco-level-before-required-pools')[0],
      );
      await lsp.idle();
      assert.ok(!lsp.logs.some((l) => /network access attempted/.test(l)));
    } finally {
      await lsp.stop();
    }
  });
});
