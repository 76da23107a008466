import assert from 'node:assert/strict';
import { dirname, relative, sep } from 'node:path';
import { readFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import type { DocumentSymbol, WorkspaceSymbol } from 'vscode-languageserver-protocol';
import {
  machineConfigOperatorFile,
  mustGatherRoot,
  poolFile,
  resourceFile,
  samples,
  updates,
} from '../support/fixtures';
import { LspClient } from './lspClient';

const node = resourceFile(
  updates.mcnStuck,
  'cluster-scoped-resources/core/nodes/ip-10-0-136-225.eu-west-1.compute.internal.yaml',
);
const pool = resourceFile(updates.mcnStuck, poolFile('worker'));

/** Each top-level symbol's name and its children's names. */
function names(symbols: DocumentSymbol[] | null): string[] {
  return (symbols ?? []).flatMap((s) => [s.name, ...(s.children ?? []).map((c) => `  ${c.name}`)]);
}

describe('go to any object over stdio', () => {
  let lsp: LspClient;
  before(async () => {
    lsp = await LspClient.start([samples.workerBlocksMco, updates.mcnStuck], {}, [], {
      symbolResolve: true,
    });
    await lsp.waitFor('both roots analysed', () =>
      lsp.status && !lsp.status.indexing && lsp.status.roots.length === 2 ? true : undefined,
    );
  });
  after(() => lsp.stop());

  it('offers workspace and document symbols', () => {
    assert.deepEqual(lsp.capabilities.workspaceSymbolProvider, { resolveProvider: true });
    assert.ok(lsp.capabilities.documentSymbolProvider);
  });

  it('finds the ClusterOperator of every root first for "machine-config"', async () => {
    const found = (await lsp.workspaceSymbols('machine-config')) as WorkspaceSymbol[];
    assert.ok(found.length > 2);
    const [first, second] = found;
    assert.equal(first!.name, 'co/machine-config');
    assert.equal(second!.name, 'co/machine-config');
    const files = [first!, second!].map((s) => fileURLToPath(s.location.uri)).sort();
    assert.deepEqual(
      files,
      [samples.workerBlocksMco, updates.mcnStuck]
        .map((s) => resourceFile(s, machineConfigOperatorFile))
        .sort(),
    );
    // Each names its must-gather from the workspace folder that holds it, not by its whole path.
    assert.deepEqual(
      [first!, second!].map((s) => s.containerName).sort(),
      [samples.workerBlocksMco, updates.mcnStuck]
        .map((folder) => relative(dirname(folder), mustGatherRoot(folder)).split(sep).join('/'))
        .sort(),
    );
    assert.match(first!.containerName!, /^(bug-1943289-worker-pool-blocks-mco|update-mcn-stuck)\//);
    // The namespace and its pods come too, after the operator.
    const rest = found.slice(2).map((s) => s.name);
    assert.ok(rest.includes('ns/openshift-machine-config-operator'), rest.join(', '));
    assert.ok(rest.some((n) => n.startsWith('pod/openshift-machine-config-operator/')));
  });

  it('finds a pool by its bare name', async () => {
    const found = (await lsp.workspaceSymbols('worker')) as WorkspaceSymbol[];
    assert.equal(found[0]!.name, 'mcp/worker');
    assert.match(found[0]!.location.uri, /machineconfigpools\/worker\.yaml$/);
  });

  it('leaves a List item’s range to resolve, then gives the item’s line', async () => {
    const found = (await lsp.workspaceSymbols('machine-config-daemon')) as WorkspaceSymbol[];
    const item = found.find((s) => !('range' in s.location));
    assert.ok(item, 'a pod of core/pods.yaml');
    const resolved = await lsp.resolveWorkspaceSymbol(item);
    assert.ok('range' in resolved.location);
    const lines = readFileSync(fileURLToPath(resolved.location.uri), 'utf8').split('\n');
    const start = resolved.location.range.start.line;
    const pod = item.name.split('/')[2]!;
    const nameLine = lines.findIndex((l, i) => i >= start && l.includes(`name: ${pod}`));
    assert.ok(nameLine >= start && nameLine - start < 12, `${start} → ${nameLine}`);
  });

  it('outlines a node file: the daemon’s annotations and its conditions by type', async () => {
    lsp.open(node, readFileSync(node, 'utf8'));
    const symbols = await lsp.documentSymbols(node);
    const n = names(symbols);
    assert.equal(n[0], 'node/ip-10-0-136-225.eu-west-1.compute.internal');
    for (const c of ['currentConfig', 'desiredConfig', 'state', 'MemoryPressure', 'Ready'])
      assert.ok(n.includes(`  ${c}`), `${c} in ${n.join('\n')}`);
    const ready = symbols![0]!.children!.find((c) => c.name === 'Ready')!;
    assert.match(ready.detail ?? '', /^True/);
    lsp.close(node);
  });

  it('outlines a pool file: its configurations and its conditions by type', async () => {
    lsp.open(pool, readFileSync(pool, 'utf8'));
    const symbols = await lsp.documentSymbols(pool);
    const n = names(symbols);
    assert.equal(n[0], 'mcp/worker');
    for (const c of ['spec.configuration', 'status.configuration', 'NodeDegraded', 'Updating'])
      assert.ok(n.includes(`  ${c}`), `${c} in ${n.join('\n')}`);
    const lines = readFileSync(pool, 'utf8').split('\n');
    const updated = symbols![0]!.children!.find((c) => c.name === 'Updated')!;
    assert.match(lines[updated.selectionRange.start.line]!, /type: Updated/);
    lsp.close(pool);
  });
});
