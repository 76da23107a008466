/**
 * "Must-Gather: Show Upgrade Timeline": one webview panel per must-gather, asking the language
 * server for its swimlanes and handing them to the page (client/webview/timeline/). The page names
 * a bar by its indexes; only evidence this panel sent can be opened, beside the timeline.
 */
import { readFileSync } from 'node:fs';
import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import { TimelineRequest } from '../../../server/src/protocol/messages';
import type { RootTimelineView } from '../../../server/src/protocol/messages';
import { isFromPage } from '../../webview/timeline/model';
import type { ToPage } from '../../webview/timeline/model';
import { openFinding } from '../findings/view';
import { nonce, timelineHtml } from './html';

const viewType = 'mustGatherInspector.timeline';

export class TimelinePanels implements vscode.Disposable {
  private readonly panels = new Map<
    string,
    { panel: vscode.WebviewPanel; view: RootTimelineView }
  >();

  constructor(
    private readonly client: LanguageClient,
    private readonly extensionPath: string,
    private readonly log: vscode.LogOutputChannel,
  ) {}

  /**
   * Opens (or brings back) a must-gather's timeline. With no root, asks which when there are
   * several. `cause` highlights that cause's lanes.
   */
  async show(root?: string, cause?: string): Promise<void> {
    const { roots } = await this.client.sendRequest(TimelineRequest, root ? { root } : {});
    let view = roots[0];
    if (!root && roots.length > 1) {
      const picked = await vscode.window.showQuickPick(
        roots.map((r) => ({ label: r.title, description: r.place, view: r })),
        { title: 'Upgrade Timeline', placeHolder: 'Which must-gather?', matchOnDescription: true },
      );
      view = picked?.view;
      if (!picked) return;
    }
    if (!view) {
      void vscode.window.showInformationMessage(
        root
          ? `Must-Gather Inspector: ${root} is not an analysed must-gather.`
          : 'Must-Gather Inspector: no must-gather is analysed yet; open a folder that holds one.',
      );
      return;
    }
    const open = this.panels.get(view.root);
    if (open) {
      open.view = view;
      open.panel.reveal();
      void this.post(open.panel, { type: 'show', view, ...(cause ? { cause } : {}) });
      return;
    }
    this.create(view, cause);
  }

  /** Sends every open panel its must-gather's timeline again (after a new analysis). */
  async refresh(): Promise<void> {
    for (const [root, open] of this.panels) {
      const { roots } = await this.client.sendRequest(TimelineRequest, { root });
      const view = roots[0];
      if (!view) continue;
      open.view = view;
      void this.post(open.panel, { type: 'show', view });
    }
  }

  private create(view: RootTimelineView, cause: string | undefined): void {
    const panel = vscode.window.createWebviewPanel(
      viewType,
      `Timeline · ${view.title}`,
      vscode.ViewColumn.Active,
      // No local resources either: the page's script and style are inlined.
      { enableScripts: true, localResourceRoots: [] },
    );
    panel.iconPath = vscode.Uri.file(`${this.extensionPath}/media/must-gather.svg`);
    const entry = { panel, view };
    this.panels.set(view.root, entry);
    panel.onDidDispose(() => this.panels.delete(view.root));
    let pending = cause;
    panel.webview.onDidReceiveMessage((m: unknown) => {
      if (!isFromPage(m)) return;
      if (m.type === 'ready') {
        void this.post(panel, {
          type: 'show',
          view: entry.view,
          ...(pending ? { cause: pending } : {}),
        });
        pending = undefined;
        return;
      }
      const bar = entry.view.groups[m.group]?.lanes[m.lane]?.bars[m.bar];
      // Beside the timeline, so it stays in sight.
      if (bar) void openFinding(bar.evidence.uri, bar.evidence.range, vscode.ViewColumn.Beside);
    });
    panel.webview.html = timelineHtml({
      nonce: nonce(),
      script: this.asset('dist/webview/timeline.js'),
      style: this.asset('media/timeline.css'),
    });
  }

  private asset(rel: string): string {
    try {
      return readFileSync(`${this.extensionPath}/${rel}`, 'utf8');
    } catch (err) {
      this.log.error(`the timeline page's ${rel} cannot be read: ${String(err)}`);
      return '';
    }
  }

  private post(panel: vscode.WebviewPanel, m: ToPage): Thenable<boolean> {
    return panel.webview.postMessage(m);
  }

  dispose(): void {
    for (const { panel } of this.panels.values()) panel.dispose();
    this.panels.clear();
  }
}
