/**
 * The Upgrade Status view: the tree model (treeModel.ts) as VS Code tree items, refreshed from
 * the language server's update-status request; every item opens its evidence.
 */
import * as vscode from 'vscode';
import { collapsible, themeIcon } from '../treeItems';
import type { RootRecommendReport, StatusReport } from '../../../server/src/protocol/messages';
import { statusTree } from './treeModel';
import type { TreeItemModel } from './item';

export const viewId = 'mustGatherInspector.upgradeStatus';
export const openEvidenceCommand = 'mustGatherInspector.openEvidence';

export class UpgradeStatusView implements vscode.TreeDataProvider<TreeItemModel> {
  private items: TreeItemModel[] = [];
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChangeTreeData = this.changed.event;

  /** Replaces the tree with a new report (an empty one shows the welcome view). */
  update(report: StatusReport, before: readonly RootRecommendReport[] = []): void {
    this.items = statusTree(report, before);
    void vscode.commands.executeCommand(
      'setContext',
      'mustGatherInspector.hasMustGather',
      this.items.length > 0,
    );
    this.changed.fire();
  }

  getChildren(element?: TreeItemModel): TreeItemModel[] {
    return element ? element.children : this.items;
  }

  getTreeItem(m: TreeItemModel): vscode.TreeItem {
    const item = new vscode.TreeItem(m.label, collapsible(m.children.length, m.expanded));
    item.id = m.id;
    item.description = m.description;
    // Must-gather text in tooltips stays plain text: no Markdown, link or command can form.
    item.tooltip = m.tooltip;
    item.iconPath = themeIcon(m.icon, m.tone);
    if (m.root) item.contextValue = 'mustGatherRoot';
    if (m.evidence) {
      item.command = {
        command: openEvidenceCommand,
        title: 'Open Evidence',
        arguments: [m.evidence.file, m.evidence.line],
      };
    }
    return item;
  }

  dispose(): void {
    this.changed.dispose();
  }
}

/** Opens a file at a 1-based line, the cursor at the line's first character. */
export async function openEvidence(file: string, line: number): Promise<void> {
  const doc = await vscode.workspace.openTextDocument(vscode.Uri.file(file));
  const at = Math.max(0, Math.min(line - 1, doc.lineCount - 1));
  const start = doc.lineAt(at).firstNonWhitespaceCharacterIndex;
  const range = new vscode.Range(at, start, at, start);
  await vscode.window.showTextDocument(doc, { selection: range, preview: true });
}
