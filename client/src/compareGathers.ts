/**
 * **Compare with Other Gather**: on a resource file of one must-gather, the same object in another
 * gather of the same cluster open in the window (asked for when there are several), as VS Code's
 * diff, the older gather on the left, with the server's summary of what changed beside it.
 */
import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import { GatherComparisonRequest, OtherGathersRequest } from '../../server/src/protocol/messages';
import type { OtherGather } from '../../server/src/protocol/messages';

export const compareGathersCommand = 'mustGatherInspector.compareWithOtherGather';
export const gatherComparisonScheme = 'mustgather-compare';

/** Serves the summary documents: `?root=&other=&subject=`. */
export class GatherComparisonProvider implements vscode.TextDocumentContentProvider {
  constructor(private readonly client: LanguageClient) {}

  provideTextDocumentContent(uri: vscode.Uri): Promise<string> {
    const q = new URLSearchParams(uri.query);
    return this.client.sendRequest(GatherComparisonRequest, {
      root: q.get('root') ?? '',
      other: q.get('other') ?? '',
      subject: q.get('subject') ?? '',
    });
  }
}

function summaryUri(root: string, other: string, subject: string): vscode.Uri {
  const query = new URLSearchParams({ root, other, subject }).toString();
  return vscode.Uri.from({
    scheme: gatherComparisonScheme,
    path: `/${subject.replace(/\//g, ' ')} in two gathers.md`,
    query,
  });
}

const when = (t: string | undefined) => t ?? 'unknown time';

export function compareGathersHandler(client: LanguageClient) {
  return async (arg?: unknown): Promise<void> => {
    const editor = vscode.window.activeTextEditor;
    const uri = arg instanceof vscode.Uri ? arg : editor?.document.uri;
    if (!uri || uri.scheme !== 'file') {
      void vscode.window.showInformationMessage(
        'Must-Gather Inspector: open a resource file of a must-gather to compare it with another gather.',
      );
      return;
    }
    const position =
      editor && editor.document.uri.toString() === uri.toString()
        ? { line: editor.selection.active.line, character: editor.selection.active.character }
        : undefined;
    let found;
    try {
      found = await client.sendRequest(OtherGathersRequest, {
        uri: uri.toString(),
        ...(position ? { position } : {}),
      });
    } catch {
      void vscode.window.showInformationMessage(
        `Must-Gather Inspector: ${vscode.workspace.asRelativePath(uri)} is not a file of an analysed must-gather.`,
      );
      return;
    }
    let other: OtherGather | undefined = found.others[0];
    if (found.others.length > 1) {
      const picked = await vscode.window.showQuickPick(
        found.others.map((o) => ({
          label: o.place,
          description: `gathered ${when(o.gatherTime)}`,
          other: o,
        })),
        { title: `Compare ${found.subject} with`, placeHolder: 'Which gather?' },
      );
      if (!picked) return;
      other = picked.other;
    }
    if (!other) {
      void vscode.window.showInformationMessage(
        `Must-Gather Inspector: no other gather of cluster ${found.clusterId ?? '(unknown)'} in this window holds ${found.subject}; add one to the workspace to compare.`,
      );
      return;
    }
    const mine = { uri: uri.toString(), gatherTime: found.gatherTime };
    // The older gather on the left, as `compare` puts it first.
    const otherOlder =
      other.gatherTime !== undefined &&
      found.gatherTime !== undefined &&
      other.gatherTime < found.gatherTime;
    const [left, right] = otherOlder ? [other, mine] : [mine, other];
    await vscode.commands.executeCommand(
      'vscode.diff',
      vscode.Uri.parse(left.uri),
      vscode.Uri.parse(right.uri),
      `${found.subject}: ${when(left.gatherTime)} ↔ ${when(right.gatherTime)}`,
      { preview: false },
    );
    await vscode.commands.executeCommand(
      'markdown.showPreviewToSide',
      summaryUri(found.root, other.root, found.subject),
    );
  };
}
