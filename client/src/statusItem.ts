/**
 * The status bar item: where the update stands in the must-gather of the active editor (else
 * the first), `4.15.3 · Stalled 97%`; its tooltip lists every must-gather with its first look
 * (release, platform, cluster, counts, notes), assessment and findings; a click focuses the
 * Upgrade Status view.
 */
import { sep } from 'node:path';
import * as vscode from 'vscode';
import { markdownText, summaryLine, summaryNotes } from '../../server/src/protocol/messages';
import type { StatusParams, StatusReport } from '../../server/src/protocol/messages';
import { hostedLines } from './upgradeStatus/hosted';
import { iconOf, rootLabel, statusText, statusTone } from './upgradeStatus/treeModel';
import { viewId } from './upgradeStatus/view';

export class StatusItem implements vscode.Disposable {
  private readonly item = vscode.window.createStatusBarItem(
    'mustGatherInspector.status',
    vscode.StatusBarAlignment.Left,
    10,
  );
  private status: StatusParams | undefined;
  private report: StatusReport = { roots: [] };
  private readonly subscription: vscode.Disposable;

  constructor() {
    this.item.name = 'Must-Gather Inspector';
    this.item.command = `${viewId}.focus`;
    this.item.text = '$(sync~spin) Must-Gather: starting';
    this.item.show();
    this.subscription = vscode.window.onDidChangeActiveTextEditor(() => this.render());
  }

  /** Roots and finding counts, as the server reports them while it indexes. */
  update(s: StatusParams): void {
    this.status = s;
    this.render();
  }

  /** Where each update stands, once analysed. */
  setReport(report: StatusReport): void {
    this.report = report;
    this.render();
  }

  private render(): void {
    const s = this.status;
    const indexing = s?.indexing === true;
    const active = vscode.window.activeTextEditor?.document.uri;
    const file = active?.scheme === 'file' ? active.fsPath : undefined;
    const roots = this.report.roots;
    const shown =
      (file !== undefined
        ? roots
            .filter((r) => file.startsWith(r.root + sep))
            .sort((a, b) => b.root.length - a.root.length)[0]
        : undefined) ?? roots[0];
    if (shown) {
      const icon = indexing ? '$(sync~spin)' : `$(${iconOf(statusTone(shown))})`;
      this.item.text = `${icon} ${statusText(shown)}`;
    } else if (s && s.roots.length > 0) {
      this.item.text = `$(sync~spin) Must-Gather: ${s.roots.length} must-gather${s.roots.length === 1 ? '' : 's'} (indexing)`;
    } else {
      this.item.text = indexing
        ? '$(sync~spin) Must-Gather: indexing'
        : '$(circle-slash) no must-gather';
    }
    const tip = new vscode.MarkdownString(undefined, false);
    tip.isTrusted = false;
    tip.appendMarkdown('**Must-Gather Inspector**\n\n');
    // Must-gather text, escaped as the server escapes its hovers: no link or markup can form.
    const para = (lines: string[]) =>
      tip.appendMarkdown(lines.map(markdownText).join('  \n') + '\n\n');
    // The verdict first, the active editor's must-gather first; the folder path last.
    for (const r of shown ? [shown, ...roots.filter((x) => x !== shown)] : roots) {
      const found = s?.roots.find((x) => x.path === r.root)?.findings;
      para([
        `${rootLabel(r)}${found === undefined ? '' : `, ${found} finding${found === 1 ? '' : 's'}`}`,
        r.controlPlane.reason,
        ...(r.hosted ? hostedLines(r.hosted) : []),
        summaryLine(r.summary),
        ...summaryNotes(r.summary).map((n) => `note: ${n}`),
        r.place ?? r.root,
      ]);
    }
    if (s && roots.length === 0) {
      for (const r of s.roots) tip.appendText(`${r.path} (${r.kind}): ${r.findings} finding(s)\n`);
    }
    if (s && s.roots.length === 0) tip.appendText('No must-gather found in the workspace folders.');
    if (s) {
      const c = s.counts;
      tip.appendText(`\nIn all: ${c.error} errors, ${c.warning} warnings, ${c.info} info`);
    }
    this.item.tooltip = tip;
    // Screen readers get a sentence, not the tooltip's Markdown.
    this.item.accessibilityInformation = {
      label: shown
        ? `Must-Gather: update to ${statusText(shown)}${indexing ? ', indexing' : ''}`
        : 'Must-Gather: no must-gather analysed yet',
    };
  }

  dispose(): void {
    this.subscription.dispose();
    this.item.dispose();
  }
}
