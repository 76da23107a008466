/**
 * The Findings view: the tree model (treeModel.ts) as VS Code tree items, asked of the language
 * server after every analysis; the count of causes shown in its badge, the level filter kept in
 * the workspace's state, and a click opens the place a row names.
 */
import * as vscode from 'vscode';
import { collapsible, themeIcon } from '../treeItems';
import type { EvidenceLink, RootFindings } from '../../../server/src/protocol/messages';
import { documentUriOf } from '../logs/compressedLogs';
import { findingsTree, isLevelFilter, levelFilters } from './treeModel';
import type { FindingsItemModel, LevelFilter } from './treeModel';

const findingsViewId = 'mustGatherInspector.findings';
export const filterFindingsCommand = 'mustGatherInspector.filterFindings';
export const openFindingCommand = 'mustGatherInspector.openFinding';
const filterKey = 'mustGatherInspector.findings.filter';

export class FindingsView implements vscode.TreeDataProvider<FindingsItemModel> {
  private roots: RootFindings[] = [];
  private items: FindingsItemModel[] = [];
  private filter: LevelFilter;
  private asked = 0;
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChangeTreeData = this.changed.event;
  private readonly view: vscode.TreeView<FindingsItemModel>;

  constructor(private readonly state: vscode.Memento) {
    const saved = state.get<unknown>(filterKey);
    this.filter = isLevelFilter(saved) ? saved : 'all';
    this.view = vscode.window.createTreeView(findingsViewId, {
      treeDataProvider: this,
      showCollapseAll: true,
    });
  }

  /** Asks for the findings again; a newer answer replaces an older one. */
  async refresh(ask: () => Thenable<{ roots: RootFindings[] }>): Promise<void> {
    const ticket = ++this.asked;
    const answer = await ask();
    if (ticket !== this.asked) return;
    this.roots = answer.roots;
    this.render();
  }

  /** Sets the least level shown (kept for this workspace); without one, asks with a picker. */
  async pickFilter(level?: unknown): Promise<void> {
    let next: LevelFilter | undefined = isLevelFilter(level) ? level : undefined;
    if (!next) {
      const picked = await vscode.window.showQuickPick(
        levelFilters.map((f) => ({
          label: f.label,
          detail: f.detail,
          description: f.value === this.filter ? 'shown now' : '',
          value: f.value,
        })),
        { title: 'Findings: the least level of a cause shown', placeHolder: 'Show causes…' },
      );
      next = picked?.value;
    }
    if (!next) return;
    this.filter = next;
    await this.state.update(filterKey, next);
    this.render();
  }

  private render(): void {
    const tree = findingsTree(this.roots, this.filter);
    this.items = tree.items;
    this.view.description = tree.description;
    this.view.message = tree.message || undefined;
    this.view.badge =
      tree.shown > 0
        ? { value: tree.shown, tooltip: `${tree.shown} cause${tree.shown === 1 ? '' : 's'}` }
        : undefined;
    this.changed.fire();
  }

  getChildren(element?: FindingsItemModel): FindingsItemModel[] {
    return element ? element.children : this.items;
  }

  getTreeItem(m: FindingsItemModel): vscode.TreeItem {
    const item = new vscode.TreeItem(m.label, collapsible(m.children.length, m.expanded));
    item.id = m.id;
    item.description = m.description;
    // Untrusted, no HTML: the model escaped every must-gather text in it.
    const tooltip = new vscode.MarkdownString(m.tooltip);
    tooltip.isTrusted = false;
    tooltip.supportHtml = false;
    item.tooltip = tooltip;
    item.accessibilityInformation = { label: m.accessibleLabel };
    item.iconPath = themeIcon(m.icon, m.level);
    if (m.timeline) item.contextValue = 'cause';
    if (m.open) {
      item.command = {
        command: openFindingCommand,
        title: 'Open Location',
        arguments: [m.open.uri, m.open.range],
      };
    }
    return item;
  }

  dispose(): void {
    this.view.dispose();
    this.changed.dispose();
  }
}

/**
 * Opens a place with its range selected and the cursor at its start (the line the CLI and the
 * Problems panel cite); a gzipped log's place opens in its decompressed document.
 */
export async function openFinding(
  uri: string,
  range: EvidenceLink['range'],
  column?: vscode.ViewColumn,
): Promise<void> {
  const r = new vscode.Range(
    range.start.line,
    range.start.character,
    range.end.line,
    range.end.character,
  );
  const editor = await vscode.window.showTextDocument(documentUriOf(vscode.Uri.parse(uri)), {
    selection: r,
    preview: true,
    ...(column !== undefined ? { viewColumn: column } : {}),
  });
  editor.selection = new vscode.Selection(r.end, r.start);
  editor.revealRange(r, vscode.TextEditorRevealType.InCenterIfOutsideViewport);
}
