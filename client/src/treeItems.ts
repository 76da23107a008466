/** How the extension's views draw a tree item: whether it opens, and its icon in the theme's colours. */
import * as vscode from 'vscode';

/** A leaf, or a branch open or closed. */
export function collapsible(
  childCount: number,
  expanded: boolean,
): vscode.TreeItemCollapsibleState {
  if (childCount === 0) return vscode.TreeItemCollapsibleState.None;
  return expanded
    ? vscode.TreeItemCollapsibleState.Expanded
    : vscode.TreeItemCollapsibleState.Collapsed;
}

/** Theme colours by level or tone, as the Problems panel has them, so every theme reads them. */
const colours: Record<string, string> = {
  error: 'problemsErrorIcon.foreground',
  warning: 'problemsWarningIcon.foreground',
  info: 'problemsInfoIcon.foreground',
  hint: 'problemsInfoIcon.foreground',
  ok: 'testing.iconPassed',
  progress: 'charts.blue',
  muted: 'disabledForeground',
};

export function themeIcon(icon: string, tone: string | undefined): vscode.ThemeIcon {
  const colour = tone === undefined ? undefined : colours[tone];
  return new vscode.ThemeIcon(icon, colour ? new vscode.ThemeColor(colour) : undefined);
}
