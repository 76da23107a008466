/** The status bar item: roots found and finding counts, while indexing and after. */
import * as vscode from 'vscode';
import type { StatusParams } from '../../server/src/protocol/messages';

export class StatusItem implements vscode.Disposable {
  private readonly item = vscode.window.createStatusBarItem(
    'mustGatherInspector.status',
    vscode.StatusBarAlignment.Left,
    10,
  );

  constructor() {
    this.item.name = 'Must-Gather Inspector';
    this.item.command = 'mustGatherInspector.showServerLog';
    this.item.text = '$(sync~spin) Must-Gather: starting';
    this.item.show();
  }

  update(s: StatusParams): void {
    const roots = s.roots.length;
    const c = s.counts;
    const icon = s.indexing
      ? '$(sync~spin)'
      : c.error > 0
        ? '$(error)'
        : c.warning > 0
          ? '$(warning)'
          : '$(check)';
    const what = roots === 0 ? 'no must-gather' : `${roots} must-gather${roots === 1 ? '' : 's'}`;
    this.item.text = `${icon} ${what}${roots > 0 ? `: ${c.error} errors, ${c.warning} warnings` : ''}${s.indexing ? ' (indexing)' : ''}`;
    const tip = new vscode.MarkdownString(undefined, false);
    tip.isTrusted = false;
    tip.appendMarkdown('**Must-Gather Inspector**\n\n');
    for (const r of s.roots) tip.appendText(`${r.path} (${r.kind}): ${r.findings} finding(s)\n`);
    if (roots === 0) tip.appendText('No must-gather found in the workspace folders.');
    this.item.tooltip = tip;
  }

  dispose(): void {
    this.item.dispose();
  }
}
