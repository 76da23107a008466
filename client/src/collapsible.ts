/** How a tree item of the extension's views opens: a leaf, or a branch open or closed. */
import * as vscode from 'vscode';

export function collapsible(
  childCount: number,
  expanded: boolean,
): vscode.TreeItemCollapsibleState {
  if (childCount === 0) return vscode.TreeItemCollapsibleState.None;
  return expanded
    ? vscode.TreeItemCollapsibleState.Expanded
    : vscode.TreeItemCollapsibleState.Collapsed;
}
