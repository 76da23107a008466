/** What a user of the extension relies on, checked through the real `vscode` API. */
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { byRule, extensionId, lineMatching, sampleFile, waitFor } from './util';

const noDiagnostics =
  'diagnostics from the must-gather language server (none arrived: did the language client start?)';

suite('Must-Gather Inspector in VS Code', () => {
  test('activates on a workspace that holds must-gathers', async () => {
    const ext = vscode.extensions.getExtension(extensionId);
    assert.ok(ext, `extension ${extensionId} is installed`);
    await waitFor('the extension to activate on the must-gather workspace', () => ext.isActive);
  });

  test('shows the bug 1943289 diagnosis on machine-config.yaml with its evidence', async () => {
    const uri = await sampleFile('bug-1943289', 'clusteroperators/machine-config.yaml');
    const d = await waitFor(
      noDiagnostics,
      () => byRule(uri, 'mco-blocked-by-non-required-pool')[0],
      45_000,
    );
    const doc = await vscode.workspace.openTextDocument(uri);
    const start = lineMatching(doc, /^ *- lastTransitionTime: "2021-03-25T09:45:01Z"/);
    assert.equal(
      d.range.start.line,
      start,
      'the diagnostic starts on the Degraded condition entry',
    );
    assert.equal(d.range.end.line, lineMatching(doc, /^ *type: Degraded/, start));
    assert.equal(d.severity, vscode.DiagnosticSeverity.Warning);
    assert.equal(d.source, 'must-gather');
    // One line, whole: the explanation is the hover's and the rule page's.
    assert.equal(
      d.message,
      'machine-config is held at 4.7.3 by pool worker, which is not required for upgrade: 9 degraded machines',
    );
    const worker = (d.relatedInformation ?? []).find((r) =>
      r.location.uri.path.endsWith('/machineconfigpools/worker.yaml'),
    );
    assert.ok(worker, 'related information points at the worker pool');
    assert.match(worker.message, /required-for-upgrade/);
  });

  test('shows the bug 2019850 diagnosis on machine-config.yaml', async () => {
    const uri = await sampleFile('bug-2019850', 'clusteroperators/machine-config.yaml');
    const d = await waitFor(
      noDiagnostics,
      () => byRule(uri, 'mco-level-before-required-pools')[0],
      45_000,
    );
    const doc = await vscode.workspace.openTextDocument(uri);
    assert.equal(
      d.range.start.line,
      lineMatching(doc, /^ {2}- name: operator/, lineMatching(doc, /^ {2}versions:/)),
    );
    assert.equal(d.severity, vscode.DiagnosticSeverity.Error);
    assert.ok(
      (d.relatedInformation ?? []).some((r) =>
        r.location.uri.path.endsWith('/machineconfigpools/master.yaml'),
      ),
    );
  });

  test('marks the CVO log line that waits on machine-config, and links the rule page', async () => {
    const uri = await sampleFile('bug-1943289', 'cluster-version-operator/logs/current.log');
    const d = await waitFor(noDiagnostics, () => byRule(uri, 'cvo-waiting-on-operator')[0], 45_000);
    const doc = await vscode.workspace.openTextDocument(uri);
    assert.match(
      doc.lineAt(d.range.start.line).text,
      /Result of work: \[Cluster operator machine-config is still updating\]/,
    );
    assert.equal(doc.languageId, 'mustgather-log', 'pod logs get the must-gather log grammar');
    const code = d.code as { value: string; target: vscode.Uri };
    assert.equal(code.value, 'cvo-waiting-on-operator');
    assert.ok(
      code.target.path.endsWith('/docs/rules/cvo-waiting-on-operator.md'),
      code.target.toString(),
    );
  });

  test('lists findings on files that were never opened', async () => {
    const worker = await sampleFile('bug-1943289', 'machineconfigpools/worker.yaml');
    await waitFor(
      'pool-degraded on the unopened worker pool',
      () => byRule(worker, 'pool-degraded')[0],
      45_000,
    );
  });

  test('diagnostics follow an edit of an open file', async () => {
    const uri = await sampleFile('bug-1943289', 'clusteroperators/machine-config.yaml');
    await waitFor(noDiagnostics, () => byRule(uri, 'mco-blocked-by-non-required-pool')[0], 45_000);
    const doc = await vscode.workspace.openTextDocument(uri);
    await vscode.window.showTextDocument(doc);
    const line = lineMatching(doc, /reason: RequiredPoolsFailed/);
    const range = doc.lineAt(line).range;
    const original = doc.lineAt(line).text;
    const edit = new vscode.WorkspaceEdit();
    edit.replace(uri, range, original.replace('RequiredPoolsFailed', 'RenderConfigFailed'));
    assert.ok(await vscode.workspace.applyEdit(edit));
    await waitFor(
      'the diagnosis to clear after the edit',
      () => byRule(uri, 'mco-blocked-by-non-required-pool').length === 0,
    );
    const back = new vscode.WorkspaceEdit();
    back.replace(uri, doc.lineAt(line).range, original);
    assert.ok(await vscode.workspace.applyEdit(back));
    await waitFor(
      'the diagnosis to return after undoing the edit',
      () => byRule(uri, 'mco-blocked-by-non-required-pool')[0],
    );
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  });

  test('every contributed command is registered and runs', async () => {
    const ext = vscode.extensions.getExtension(extensionId);
    const contributed = (ext?.packageJSON as { contributes: { commands: { command: string }[] } })
      .contributes.commands;
    const registered = await vscode.commands.getCommands(true);
    for (const c of contributed)
      assert.ok(registered.includes(c.command), `${c.command} is registered`);
    const status = (await vscode.commands.executeCommand('mustGatherInspector.reindex')) as {
      roots: { path: string }[];
      counts: { error: number };
    };
    assert.equal(status.roots.length, 2, 'reindex finds both bundled must-gathers');
    assert.ok(status.counts.error >= 2);
    await vscode.commands.executeCommand('mustGatherInspector.showServerLog');
    // The compare command, with the arguments a pool's code lens passes.
    const root = status.roots.map((r) => r.path).find((p) => p.includes('bug-2019850'))!;
    await vscode.commands.executeCommand('mustGatherInspector.compareRenderedConfigs', {
      root,
      a: 'rendered-master-78d48a9fbc8ba6a746040c11f8335d1a',
      b: 'rendered-master-ebc4fc8c7b6a155d86684204394e4930',
    });
    const diff = await waitFor('the diff editor of the two rendered configs', () =>
      vscode.window.tabGroups.all
        .flatMap((g) => g.tabs)
        .map((t) => t.input)
        .find(
          (i): i is vscode.TabInputTextDiff =>
            i instanceof vscode.TabInputTextDiff && i.modified.scheme === 'mustgather-mc',
        ),
    );
    const right = await vscode.workspace.openTextDocument(diff.modified);
    assert.match(
      right.getText(),
      /--pod-infra-container-image=\S+@sha256:0adaefcf3675fa153e7d3917c7a24563e9da81922cac6c3eed3edd4b57bf98bb/,
    );
    const labels = () => vscode.window.tabGroups.all.flatMap((g) => g.tabs).map((t) => t.label);
    await waitFor(`the change summary beside the diff (tabs: ${labels().join(' | ')})`, () =>
      labels().some((l) => l.includes('compare rendered-master-78d48a9fbc8ba6a746040c11f8335d1a')),
    ).catch((err: Error) => {
      throw new Error(`${err.message}; tabs now: ${labels().join(' | ')}`);
    });
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    // What an Upgrade Status item runs when clicked: its evidence, at its line.
    const mco = await sampleFile('bug-1943289', 'clusteroperators/machine-config.yaml');
    await vscode.commands.executeCommand('mustGatherInspector.openEvidence', mco.fsPath, 12);
    const editor = await waitFor('the evidence editor', () =>
      vscode.window.activeTextEditor?.document.uri.fsPath === mco.fsPath
        ? vscode.window.activeTextEditor
        : undefined,
    );
    assert.equal(editor.selection.active.line, 11, 'the 1-based evidence line');
    await vscode.commands.executeCommand('mustGatherInspector.showSupportedLayouts');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    // Open Archive on what is no local file answers nothing (and reopens no window here; the
    // UI test opens a real archive from the explorer).
    const opened: unknown = await vscode.commands.executeCommand(
      'mustGatherInspector.openArchive',
      vscode.Uri.parse('untitled:must-gather.tar.gz'),
    );
    assert.equal(opened, undefined);
    // A gzipped log outside every analysed must-gather is refused, not read (the UI test opens
    // one inside a must-gather from the explorer).
    const outside = vscode.Uri.file('/tmp/not-a-must-gather/current.log.gz');
    await assert.rejects(
      Promise.resolve(
        vscode.commands.executeCommand('mustGatherInspector.openCompressedLog', outside),
      ),
      /not a log of an analysed must-gather/,
    );
    // The Findings view's: a level set without the picker, and a place opened as a row opens
    // it (the range selected, the cursor at its start), here the pool's Degraded condition.
    await vscode.commands.executeCommand('mustGatherInspector.filterFindings', 'error');
    await vscode.commands.executeCommand('mustGatherInspector.filterFindings', 'all');
    const pool = await sampleFile('bug-1943289', 'machineconfigpools/worker.yaml');
    const degraded = await waitFor(noDiagnostics, () => byRule(pool, 'pool-degraded')[0]);
    await vscode.commands.executeCommand(
      'mustGatherInspector.openFinding',
      pool.toString(),
      degraded.range,
    );
    const place = await waitFor('the finding’s place', () =>
      vscode.window.activeTextEditor?.document.uri.fsPath === pool.fsPath
        ? vscode.window.activeTextEditor
        : undefined,
    );
    assert.deepEqual(
      [place.selection.active.line, place.selection.anchor.line],
      [degraded.range.start.line, degraded.range.end.line],
    );
    await vscode.commands.executeCommand('mustGatherInspector.openWalkthrough');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    // The timeline of one must-gather, as a hover's link runs it (its root, a cause): a webview.
    const stalled = status.roots.map((r) => r.path).find((p) => p.includes('bug-1943289'))!;
    await vscode.commands.executeCommand(
      'mustGatherInspector.showTimeline',
      stalled,
      'drain@mcp/worker',
    );
    await waitFor('the Upgrade Timeline tab', () =>
      vscode.window.tabGroups.all
        .flatMap((g) => g.tabs)
        .find(
          (t) =>
            t.input instanceof vscode.TabInputWebview &&
            t.input.viewType.endsWith('mustGatherInspector.timeline') &&
            t.label === 'Timeline · 4.7.3 → 4.7.4 · AWS',
        ),
    );
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    // Copy Case Summary, as the must-gather's Upgrade Status item runs it (the item as argument).
    await vscode.env.clipboard.writeText('');
    await vscode.commands.executeCommand('mustGatherInspector.copyCaseSummary', { root: stalled });
    const summary = await vscode.env.clipboard.readText();
    assert.match(summary, /^# Must-gather case summary/);
    assert.match(summary, /^## 4\.7\.3 → 4\.7\.4 · AWS$/m, 'the must-gather under its first look');
    assert.match(summary, /`[^`]*machineconfigpools\/worker\.yaml:\d+`/, 'evidence as file:line');
    assert.doesNotMatch(summary, /<[a-z][^>]*>/i, 'no raw HTML');
    // Compare with Other Gather on a file whose cluster has no other gather here: said, not thrown.
    const alone = await sampleFile('bug-1943289', 'clusteroperators/machine-config.yaml');
    await vscode.commands.executeCommand('mustGatherInspector.compareWithOtherGather', alone);
    assert.equal(
      vscode.window.tabGroups.all.flatMap((g) => g.tabs).length,
      0,
      'no diff without another gather of the cluster',
    );
    assert.equal(contributed.length, 14, 'this test knows every contributed command');
  });

  test('offers the must-gather tools to the editor’s agent, answered by the language server', async () => {
    const ours = vscode.lm.tools
      .filter((t) => t.name.startsWith('mustgather_'))
      .map((t) => t.name)
      .sort();
    assert.deepEqual(ours, [
      'mustgather_causes',
      'mustgather_diff_configs',
      'mustgather_events',
      'mustgather_explain',
      'mustgather_findings',
      'mustgather_get',
      'mustgather_list',
      'mustgather_logs',
      'mustgather_recommend',
      'mustgather_status',
      'mustgather_timeline',
    ]);
    // No chat model is needed to call a tool: the language server answers.
    const r = await vscode.lm.invokeTool('mustgather_status', {
      input: {},
      toolInvocationToken: undefined,
    });
    const text = r.content
      .map((p) => (p instanceof vscode.LanguageModelTextPart ? p.value : ''))
      .join('');
    assert.match(text, /control plane Stalled 4\.7\.3 → 4\.7\.4, 91% of operators updated/);
    assert.match(text, /data, never instructions/);
    // The same confinement as the MCP server's: a path out of the must-gather is refused, said why.
    const refused = await vscode.lm.invokeTool('mustgather_get', {
      input: { root: '../../..', file: '../../../../etc/passwd' },
      toolInvocationToken: undefined,
    });
    const why = refused.content
      .map((p) => (p instanceof vscode.LanguageModelTextPart ? p.value : ''))
      .join('');
    assert.match(why, /climbs out with '\.\.'/);
    assert.doesNotMatch(why, /root:/);
  });
});
