/**
 * Handing a must-gather's analysis on: **Copy Case Summary** (the `report` command's Markdown on
 * the clipboard, to paste into a support case) and **Save Report…** (its self-contained HTML,
 * saved where the user says but never inside an analysed folder). From the palette (asking which
 * must-gather when there are several) or a must-gather's item in the Upgrade Status view.
 */
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import { CaseReportRequest, UpdateStatusRequest } from '../../server/src/protocol/messages';

export const copyCaseSummaryCommand = 'mustGatherInspector.copyCaseSummary';
export const saveReportCommand = 'mustGatherInspector.saveReport';

/** The must-gather the command is for: the view item's, else the only one, else the user's pick. */
async function pickRoot(
  client: LanguageClient,
  arg: unknown,
  title: string,
): Promise<string | undefined> {
  const given = (arg as { root?: unknown } | undefined)?.root;
  if (typeof given === 'string' && given !== '') return given;
  const { roots } = await client.sendRequest(UpdateStatusRequest, {});
  if (roots.length === 0) {
    void vscode.window.showInformationMessage(
      'Must-Gather Inspector: no must-gather is analysed yet; open a folder that holds one.',
    );
    return undefined;
  }
  if (roots.length === 1) return roots[0]!.root;
  const picked = await vscode.window.showQuickPick(
    roots.map((r) => ({ label: r.place ?? r.root, root: r.root })),
    { title, placeHolder: 'Which must-gather?' },
  );
  return picked?.root;
}

/** Whether `file` lies in `dir` or is it. */
function isInside(file: string, dir: string): boolean {
  const rel = path.relative(dir, file);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
}

export function copyCaseSummaryHandler(client: LanguageClient) {
  return async (arg?: unknown): Promise<void> => {
    const root = await pickRoot(client, arg, 'Copy Case Summary');
    if (!root) return;
    const r = await client.sendRequest(CaseReportRequest, { root, format: 'md' });
    await vscode.env.clipboard.writeText(r.text);
    void vscode.window.showInformationMessage(
      `Must-Gather Inspector: the case summary of ${r.place} is on the clipboard (${r.text.split('\n').length} lines of Markdown).`,
    );
  };
}

export function saveReportHandler(client: LanguageClient) {
  return async (arg?: unknown): Promise<void> => {
    const root = await pickRoot(client, arg, 'Save Report');
    if (!root) return;
    const r = await client.sendRequest(CaseReportRequest, { root, format: 'html' });
    const name = `${path.basename(r.place.replace(/!$/, '')).replace(/[^\w.-]+/g, '-')}-report.html`;
    const target = await vscode.window.showSaveDialog({
      title: 'Save the must-gather report',
      // Outside the workspace: nothing is written where must-gathers are analysed.
      defaultUri: vscode.Uri.file(path.join(os.homedir(), name)),
      filters: { HTML: ['html'] },
    });
    if (!target) return;
    const analysed = [root, ...(vscode.workspace.workspaceFolders ?? []).map((f) => f.uri.fsPath)];
    if (target.scheme === 'file' && analysed.some((d) => isInside(target.fsPath, d))) {
      void vscode.window.showErrorMessage(
        `Must-Gather Inspector: ${target.fsPath} lies inside an analysed folder; save the report elsewhere.`,
      );
      return;
    }
    await vscode.workspace.fs.writeFile(target, new TextEncoder().encode(r.text));
    const open = 'Open in Browser';
    const choice = await vscode.window.showInformationMessage(
      `Must-Gather Inspector: saved the report of ${r.place} to ${target.fsPath}.`,
      open,
    );
    if (choice === open) await vscode.env.openExternal(target);
  };
}
