/**
 * End-to-end tests in real VS Code (code-server 4.100.3 = VS Code 1.100.3), offline:
 * 1. the extension-host mocha suite (`suite/`) through the workbench `payload` URL;
 * 2. UI tests that act as a person, with playwright-core driving Debian Chromium.
 * Each phase gets its own code-server, user-data-dir and workspace copy; everything started is
 * stopped by pid, and every wait has a timeout, so a hung editor fails instead of hanging CI.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import {
  examplesDir,
  machineConfigOperatorFile,
  poolFile,
  repoRoot,
  resourceFile,
  samples,
} from '../unit/helpers/fixtures';
import { startCodeServer } from './harness/codeServer';
import { ensureEditor } from './harness/install';
import type { Editor } from './harness/install';
import { processesMentioning } from './harness/processes';
import {
  clearPanelFilter,
  cursorPosition,
  diffSides,
  goTo,
  hoverAtCursor,
  openFromExplorer,
  openWorkbench,
  problemCount,
  problems,
  quickOpen,
  runCommand,
  screenshot,
  visibleText,
  waitForText,
} from './harness/workbench';
import type { Workbench } from './harness/workbench';

const cacheDir = join(repoRoot, '.cache', 'e2e');
const shots = join(repoRoot, 'test-results', 'e2e');
const log = (m: string) => process.stdout.write(`    [e2e] ${m}\n`);

/** How many findings the headless CLI reports for a folder: the editor must show as many. */
function cliFindingCount(path: string): number {
  const r = spawnSync(
    process.execPath,
    [join(repoRoot, 'dist', 'cli.js'), 'analyze', path, '--format', 'json'],
    {
      encoding: 'utf8',
    },
  );
  return (JSON.parse(r.stdout) as { findings: unknown[] }).findings.length;
}

function withTimeout<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const t = setTimeout(
      () => reject(new Error(`${what} did not finish within ${ms / 1000} s: the editor hung`)),
      ms,
    );
    p.then(
      (v) => (clearTimeout(t), resolve(v)),
      (e: unknown) => (clearTimeout(t), reject(e)),
    );
  });
}

/** A code-server with a fresh profile and a fresh copy of the bundled samples. */
async function session(editor: Editor, env: NodeJS.ProcessEnv = {}) {
  const tmp = mkdtempSync(join(tmpdir(), 'mgi-e2e-'));
  const workspace = join(tmp, 'examples');
  cpSync(examplesDir, workspace, { recursive: true });
  const server = await startCodeServer(editor.codeServer, tmp, env);
  return {
    tmp,
    workspace,
    server,
    stop() {
      server.stop();
      rmSync(tmp, { recursive: true, force: true });
    },
  };
}

describe('end to end in VS Code 1.100.3 (code-server)', { timeout: 30 * 60_000 }, () => {
  let editor: Editor;
  const tmpDirs: string[] = [];

  before(() => {
    editor = ensureEditor(cacheDir, log);
  });

  after(() => {
    // Nothing that the tests started may survive them.
    const left = tmpDirs.flatMap((d) => processesMentioning(d));
    for (const p of left) process.kill(p.pid, 'SIGKILL');
    assert.deepEqual(left, [], 'no editor, extension host or language server outlives the tests');
  });

  describe('extension host suite (vscode API)', () => {
    it('runs the mocha suite inside VS Code', async (t) => {
      const results = join(tmpdir(), `mgi-e2e-results-${process.pid}.json`);
      rmSync(results, { force: true });
      const s = await session(editor, { MGI_E2E_RESULTS: results });
      tmpDirs.push(s.tmp);
      let wb: Workbench | undefined;
      let code: number;
      try {
        wb = await openWorkbench({
          chromiumPath: editor.chromium,
          authority: s.server.authority,
          folder: s.workspace,
          extensionPath: repoRoot,
          testsPath: join(repoRoot, 'out', 'test', 'e2e', 'suite', 'index.js'),
          log: (line) => process.stdout.write(`    ${line}\n`),
        });
        code = await withTimeout(wb.exitCode, 480_000, 'the extension-host suite');
      } finally {
        await wb?.close();
        s.stop();
      }
      assert.ok(
        existsSync(results),
        'the suite wrote its results (did the extension host load it?)',
      );
      const list = JSON.parse(readFileSync(results, 'utf8')) as {
        title: string;
        state: string;
        error?: string;
      }[];
      rmSync(results, { force: true });
      assert.ok(list.length > 0, 'the suite ran tests');
      for (const r of list) {
        await t.test(r.title, () => {
          if (r.state !== 'passed') throw new Error(r.error ?? 'failed');
        });
      }
      assert.equal(code, 0, 'the extension host reports success');
    });
  });

  describe('UI, as a person uses it', () => {
    let s: Awaited<ReturnType<typeof session>>;
    let wb: Workbench;
    let page: Page;
    const mcoInRepo = resourceFile(samples.workerBlocksMco, machineConfigOperatorFile);
    const segments = relative(examplesDir, mcoInRepo).split(sep);

    /** A UI test that leaves a screenshot of the workbench behind when it fails. */
    const ui = (name: string, fn: () => Promise<void>) =>
      it(name, async () => {
        try {
          await fn();
        } catch (err) {
          await screenshot(page, shots, `failed-${name.replace(/\W+/g, '-')}`).catch(
            () => undefined,
          );
          throw err;
        }
      });

    before(async () => {
      s = await session(editor);
      tmpDirs.push(s.tmp);
      wb = await openWorkbench({
        chromiumPath: editor.chromium,
        authority: s.server.authority,
        folder: s.workspace,
        extensionPath: repoRoot,
        log,
      });
      page = wb.page;
    });

    after(async () => {
      await wb?.close();
      s?.stop();
    });

    ui('opens machine-config.yaml from the explorer', async () => {
      await openFromExplorer(page, segments);
      const text = await visibleText(page, '.editor-instance .monaco-editor .view-lines');
      assert.match(text, /kind: ClusterOperator/);
      await screenshot(page, shots, 'explorer-machine-config');
    });

    // Before the Problems tests: VS Code shares the panel's filter text with the Output view.
    ui('runs commands from the command palette', async () => {
      await runCommand(page, 'Must-Gather: Reindex Workspace');
      const status = page.locator('.statusbar-item:has-text("2 must-gathers")').first();
      await status.waitFor({ timeout: 30_000 });
      await runCommand(page, 'Must-Gather: Show Server Log');
      // The server's own log, shown in the Output panel.
      // The Output view follows the end of the log: the analyses that the reindex just ran.
      await waitForText(
        page,
        '.part.panel .view-line',
        /analysed \S+bug-2019850\S+: \d+ finding\(s\) in \d+ ms/,
      );
      await screenshot(page, shots, 'server-log');
    });

    ui('lists the diagnoses in the Problems panel', async () => {
      const blocked = await problems(page, 'RequiredPoolsFailed');
      const seed000 = 'machine-config is Degraded (RequiredPoolsFailed) because pool `worker`';
      const row = blocked.find((r) => r.message.includes(seed000));
      const seen = blocked.map((r) => r.message.slice(0, 80)).join(' | ');
      assert.ok(row, `the bug 1943289 diagnosis is listed; rows: ${seen}`);
      assert.match(row.source, /must-gather/);
      await screenshot(page, shots, 'problems-panel');
      const early = await problems(page, 'required pool `master` is not updated');
      const seed001 = 'machine-config reports version 4.10.0-0.nightly-2021-11-03-020416';
      assert.ok(early.some((r) => r.message.startsWith(seed001)));
      // The badge counts every finding of both must-gathers, as many as the CLI reports.
      assert.equal(await problemCount(page), cliFindingCount(examplesDir));
    });

    ui('jumps to the finding when its row is clicked', async () => {
      const lines = readFileSync(mcoInRepo, 'utf8').split('\n');
      const start = lines.findIndex((l) =>
        l.includes('lastTransitionTime: "2021-03-25T09:45:01Z"'),
      );
      const end = lines.findIndex((l, i) => i > start && l.trim() === 'type: Degraded');
      await problems(page, 'RequiredPoolsFailed');
      const rows = page.locator('.markers-panel .monaco-list-row:has(.marker-message)');
      await rows.filter({ hasText: 'because pool `worker` is not' }).first().click();
      // The editor selects the diagnostic's range, the Degraded condition entry, cursor at its end.
      const selection = `.statusbar-item[id="status.editor.selection"]:has-text("Ln ${end + 1},")`;
      await page.locator(selection).waitFor({ timeout: 15_000 });
      const pos = await cursorPosition(page);
      assert.deepEqual([pos.line, pos.column], [end + 1, lines[end]!.length + 1]);
      const indent = lines[start]!.indexOf('lastTransitionTime');
      assert.equal(pos.selected, lines.slice(start, end + 1).join('\n').length - indent);
      await screenshot(page, shots, 'jump-to-finding');
      await clearPanelFilter(page);
    });

    ui('shows the diagnosis in the hover over the finding', async () => {
      const lines = readFileSync(mcoInRepo, 'utf8').split('\n');
      const start = lines.findIndex((l) =>
        l.includes('lastTransitionTime: "2021-03-25T09:45:01Z"'),
      );
      await goTo(page, start + 1, lines[start]!.indexOf('lastTransitionTime') + 3);
      const text = await hoverAtCursor(page);
      assert.match(
        text,
        /machine-config is Degraded \(RequiredPoolsFailed\) because pool `worker` is not ready/,
      );
      await page.keyboard.press('Escape');
    });

    ui('compares two rendered configs in a diff editor', async () => {
      // VS Code's own compare, on the raw YAML: what engineers do today for bug 2019850.
      const before = 'rendered-master-78d48a9fbc8ba6a746040c11f8335d1a.yaml';
      const after = 'rendered-master-ebc4fc8c7b6a155d86684204394e4930.yaml';
      await quickOpen(page, before, 'bug-2019850');
      await runCommand(page, 'File: Compare Active File With...');
      const input = page.locator('.quick-input-widget .quick-input-box input');
      await input.fill(after);
      await page.locator('.quick-input-list .monaco-list-row', { hasText: after }).first().click();
      const seen = { deleted: [] as string[], inserted: [] as string[] };
      const pauseImage = (lines: string[], digest: string) =>
        lines.some((l) => l.includes('--pod-infra-container-image=') && l.includes(digest));
      for (let i = 0; i < 20; i++) {
        const d = await diffSides(page);
        seen.deleted.push(...d.deleted);
        seen.inserted.push(...d.inserted);
        if (
          pauseImage(seen.deleted, 'sha256:ef6684475a8f') &&
          pauseImage(seen.inserted, 'sha256:0adaefcf3675')
        )
          break;
        await page.keyboard.press('Alt+F5'); // Compare: Go to Next Change
      }
      assert.ok(
        seen.deleted.some((l) =>
          l.includes('name: rendered-master-78d48a9fbc8ba6a746040c11f8335d1a'),
        ),
      );
      assert.ok(
        pauseImage(seen.deleted, 'sha256:ef6684475a8f'),
        'the old pause image is marked deleted',
      );
      assert.ok(
        pauseImage(seen.inserted, 'sha256:0adaefcf3675'),
        'the new pause image is marked inserted',
      );
      await screenshot(page, shots, 'raw-rendered-config-diff');
    });

    ui('explains on a pool’s labels whether it is required for upgrade', async () => {
      const workerInRepo = resourceFile(samples.workerBlocksMco, poolFile('worker'));
      await quickOpen(page, 'worker.yaml', 'bug-1943289');
      const lines = readFileSync(workerInRepo, 'utf8').split('\n');
      const labels = lines.findIndex((l) => l === '  labels:');
      await goTo(page, labels + 1, 5);
      const text = await hoverAtCursor(page);
      assert.match(text, /MachineConfigPool worker: not required for upgrade/);
      assert.match(
        text,
        /The label operator\.machineconfiguration\.openshift\.io\/required-for-upgrade is absent/,
      );
      assert.match(text, /bug 1943289/);
      await screenshot(page, shots, 'hover-pool-required-for-upgrade');
      await page.keyboard.press('Escape');
    });

    ui('shows expected vs actual in the hover over a condition', async () => {
      await quickOpen(page, 'machine-config.yaml', 'bug-1943289');
      const lines = readFileSync(mcoInRepo, 'utf8').split('\n');
      const status = lines.findIndex((l) => l === 'status:');
      const degraded = lines.findIndex((l, i) => i > status && l.trim() === 'type: Degraded');
      await goTo(page, degraded + 1, lines[degraded]!.indexOf('Degraded') + 3);
      await hoverAtCursor(page);
      // The diagnostic part shows at once; the language server's part follows it.
      const text = await waitForText(
        page,
        '.monaco-editor .monaco-hover:not(.hidden)',
        /ClusterOperator machine-config: conditions/,
        15_000,
      );
      assert.match(text, /Degraded: expected False, actual True/);
      assert.match(text, /2h35m before the gather/);
      await screenshot(page, shots, 'hover-operator-condition');
      await page.keyboard.press('Escape');
    });

    ui('compares rendered configs from the command palette, decoded', async () => {
      await runCommand(page, 'Must-Gather: Compare Rendered MachineConfigs');
      const input = page.locator('.quick-input-widget .quick-input-box input');
      await input.waitFor();
      await input.fill('rendered-master-78d48a9fbc8ba6a746040c11f8335d1a');
      const first = page.locator('.quick-input-list .monaco-list-row', {
        hasText: 'rendered-master-78d48a9f',
      });
      await first.first().waitFor({ timeout: 30_000 });
      await page.keyboard.press('Enter');
      // The second picker offers the next config of the same pool first: accept it.
      const next = page.locator('.quick-input-list .monaco-list-row.focused', {
        hasText: 'rendered-master-ebc4fc8c',
      });
      await next.first().waitFor({ timeout: 30_000 });
      await page.keyboard.press('Enter');
      await page
        .locator('.tabs-container .tab[aria-label*="↔"]')
        .first()
        .waitFor({ timeout: 30_000 });
      const deleted: string[] = [];
      const inserted: string[] = [];
      const has = (lines: string[], what: string, digest: string) =>
        lines.some((l) => l.includes(what) && l.includes(digest));
      for (let i = 0; i < 10; i++) {
        const d = await diffSides(page);
        deleted.push(...d.deleted);
        inserted.push(...d.inserted);
        if (
          has(inserted, 'pause_image', '0adaefcf3675') &&
          has(inserted, 'pod-infra', '0adaefcf3675')
        )
          break;
        await page.keyboard.press('Alt+F5');
      }
      // Both places of the pause image, decoded: the kubelet flag and CRI-O's drop-in.
      assert.ok(has(deleted, '--pod-infra-container-image=', 'ef6684475a8f'), deleted.join('\n'));
      assert.ok(has(inserted, '--pod-infra-container-image=', '0adaefcf3675'), inserted.join('\n'));
      assert.ok(has(inserted, 'pause_image', '0adaefcf3675'), 'the CRI-O drop-in is shown decoded');
      await screenshot(page, shots, 'compare-rendered-configs');
    });
  });
});
