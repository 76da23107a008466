/**
 * A plain click on a gzipped pod log (`current.log.gz`) would show VS Code's "binary or
 * unsupported encoding" page. This read-only custom editor, the default for `*.log.gz` names,
 * puts the decompressed document in its place (`current.log (decompressed)`) and closes itself;
 * a `.gz` that is not a log of an analysed must-gather goes back to VS Code's own editor.
 */
import * as vscode from 'vscode';
import { documentUriOf, withLogLanguage } from './compressedLogs';

export const compressedLogEditor = 'mustGatherInspector.compressedLog';

export class CompressedLogEditor implements vscode.CustomReadonlyEditorProvider {
  constructor(private readonly log: vscode.LogOutputChannel) {}

  openCustomDocument(uri: vscode.Uri): vscode.CustomDocument {
    return { uri, dispose: () => undefined };
  }

  async resolveCustomEditor(
    document: vscode.CustomDocument,
    panel: vscode.WebviewPanel,
  ): Promise<void> {
    // Nothing runs in it and it loads nothing: it is seen for the moment of the switch.
    panel.webview.options = { enableScripts: false, localResourceRoots: [] };
    panel.webview.html = `<!DOCTYPE html><html><head><meta http-equiv="Content-Security-Policy" content="default-src 'none';"></head><body>Opening the decompressed log…</body></html>`;
    const column = panel.viewColumn ?? vscode.ViewColumn.Active;
    try {
      // The text first (the server reads it), then this tab gives way to it.
      const doc = await withLogLanguage(
        await vscode.workspace.openTextDocument(documentUriOf(document.uri)),
      );
      panel.dispose();
      await vscode.window.showTextDocument(doc, { viewColumn: column, preview: false });
    } catch (err) {
      this.log.info(
        `${document.uri.fsPath} opens in VS Code's own editor: ${err instanceof Error ? err.message : String(err)}`,
      );
      panel.dispose();
      await vscode.commands.executeCommand('vscode.openWith', document.uri, 'default', column);
    }
  }
}
