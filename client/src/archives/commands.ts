/**
 * "Must-Gather: Open Archive…" (palette, explorer context menu) and the one offer made when a
 * workspace holds archives. The server extracts (into the cache, never beside the archive); this
 * shows its progress, lets the user cancel, and puts the extracted tree in the window.
 */
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import * as vscode from 'vscode';
import { WorkDoneProgress } from 'vscode-languageclient/node';
import type { LanguageClient } from 'vscode-languageclient/node';
import { ArchivesRequest, OpenArchiveRequest } from '../../../server/src/protocol/messages';
import type { OpenArchiveResult } from '../../../server/src/protocol/messages';
import { extractedName, placeExtracted, readonlyGlob } from './folders';
import type { WindowState } from './folders';

export const openArchiveCommand = 'mustGatherInspector.openArchive';
const offeredKey = 'mustGatherInspector.archiveOffered';

export interface ArchiveContext {
  client: LanguageClient;
  /** Where the server extracts (in the extension's global storage). */
  cacheDir: string;
  /** Where workspaces made for extracted archives are saved. */
  workspacesDir: string;
  state: vscode.Memento;
  log: vscode.LogOutputChannel;
}

export function openArchiveHandler(ctx: ArchiveContext) {
  return async (uri?: vscode.Uri): Promise<OpenArchiveResult | undefined> => {
    const target = uri instanceof vscode.Uri ? uri : await pickArchive();
    if (!target) return undefined;
    if (target.scheme !== 'file') {
      void vscode.window.showWarningMessage(
        'Must-Gather Inspector opens archives on the local file system only.',
      );
      return undefined;
    }
    const result = await extract(ctx, target.fsPath);
    if (result) await showExtracted(ctx, result);
    return result;
  };
}

async function pickArchive(): Promise<vscode.Uri | undefined> {
  const picked = await vscode.window.showOpenDialog({
    title: 'Open a must-gather archive',
    canSelectMany: false,
    openLabel: 'Open Archive',
    filters: {
      'Must-gather archives': ['tar', 'gz', 'tgz', 'xz', 'txz', 'zip'],
      'All files': ['*'],
    },
  });
  return picked?.[0];
}

let nextToken = 0;

/** The server extracts; a cancellable notification shows its percentage. */
function extract(ctx: ArchiveContext, path: string): Thenable<OpenArchiveResult | undefined> {
  const name = basename(path);
  return vscode.window.withProgress(
    {
      location: vscode.ProgressLocation.Notification,
      title: `Extracting ${name}`,
      cancellable: true,
    },
    async (progress, token) => {
      const workDoneToken = `mgi-open-archive-${++nextToken}`;
      let shown = 0;
      const listening = ctx.client.onProgress(WorkDoneProgress.type, workDoneToken, (v) => {
        if (v.kind !== 'report' || v.percentage === undefined) return;
        progress.report({ increment: v.percentage - shown, message: `${v.percentage}%` });
        shown = v.percentage;
      });
      try {
        return await ctx.client.sendRequest(OpenArchiveRequest, { path, workDoneToken }, token);
      } catch (err) {
        // the user cancelled: the server has stopped and left nothing in the cache
        if (token.isCancellationRequested) {
          ctx.log.info(`extraction of ${name} was cancelled`);
          return undefined;
        }
        const message = err instanceof Error ? err.message : String(err);
        ctx.log.error(`${name}: ${message}`);
        void vscode.window.showErrorMessage(`Must-Gather Inspector: ${message}`);
        return undefined;
      } finally {
        listening.dispose();
      }
    },
  );
}

function windowState(): WindowState {
  const file = vscode.workspace.workspaceFile;
  return {
    workspaceFile: file ? (file.scheme === 'untitled' ? 'untitled' : 'file') : undefined,
    folders: (vscode.workspace.workspaceFolders ?? []).map((f) => ({
      path: f.uri.fsPath,
      name: f.name,
    })),
  };
}

/** Puts the extracted tree in the window, read-only, named after the archive. */
async function showExtracted(ctx: ArchiveContext, result: OpenArchiveResult): Promise<void> {
  if (result.notes.length > 0) {
    void vscode.window
      .showWarningMessage(
        `${result.name}: ${result.notes.length} entr${result.notes.length === 1 ? 'y was' : 'ies were'} not extracted (links, devices, unsafe paths or bounds).`,
        'Show Server Log',
      )
      .then((c) => c && ctx.log.show(true));
  }
  // Named apart from the archive file, which the explorer may list too.
  const placement = placeExtracted(
    windowState(),
    { path: result.root, name: extractedName(result.name) },
    ctx.cacheDir,
  );
  if (placement.kind === 'present') {
    await vscode.commands.executeCommand('workbench.view.explorer');
    return;
  }
  if (placement.kind === 'add') {
    const files = vscode.workspace.getConfiguration('files');
    const current = files.inspect<Record<string, boolean>>('readonlyInclude')?.workspaceValue ?? {};
    await files.update(
      'readonlyInclude',
      { ...current, [readonlyGlob(ctx.cacheDir)]: true },
      vscode.ConfigurationTarget.Workspace,
    );
    const at = vscode.workspace.workspaceFolders?.length ?? 0;
    vscode.workspace.updateWorkspaceFolders(at, 0, {
      uri: vscode.Uri.file(placement.folder.path),
      name: placement.folder.name,
    });
    return;
  }
  const file = join(ctx.workspacesDir, placement.workspaceFileName);
  await writeWorkspaceFile(file, JSON.stringify(placement.content, null, 2) + '\n');
  ctx.log.info(`opening ${file}, a workspace holding ${result.name}`);
  await vscode.commands.executeCommand('vscode.openFolder', vscode.Uri.file(file), {
    forceReuseWindow: true,
  });
}

/**
 * The workspace file, whole before the window opens it: written beside and renamed into place
 * (a reader never sees it half written), left alone when it already says the same, and read
 * back before it is opened.
 */
async function writeWorkspaceFile(file: string, content: string): Promise<void> {
  await mkdir(dirname(file), { recursive: true });
  const now = await readFile(file, 'utf8').catch(() => undefined);
  if (now !== content) {
    const part = `${file}.${process.pid}.part`;
    await writeFile(part, content);
    await rename(part, file);
  }
  const written = await readFile(file, 'utf8');
  if (written !== content) throw new Error(`${file} does not hold the workspace just written`);
}

/** Once per workspace: the archives it holds that are not open yet are offered. */
export async function offerWorkspaceArchives(ctx: ArchiveContext): Promise<void> {
  if (ctx.state.get<boolean>(offeredKey)) return;
  let archives;
  try {
    ({ archives } = await ctx.client.sendRequest(ArchivesRequest));
  } catch (err) {
    ctx.log.warn(`could not list the workspace's archives: ${String(err)}`);
    return;
  }
  const open = new Set((vscode.workspace.workspaceFolders ?? []).map((f) => f.uri.fsPath));
  const waiting = archives.filter((a) => !a.extracted || !open.has(a.extracted));
  if (waiting.length === 0) return;
  await ctx.state.update(offeredKey, true);
  const first = waiting[0]!;
  const text =
    waiting.length === 1
      ? `This workspace holds the archive ${basename(first.path)}. Open it as a must-gather?`
      : `This workspace holds ${waiting.length} archives. Open one as a must-gather?`;
  const choice = await vscode.window.showInformationMessage(text, 'Open Archive', 'Not Now');
  if (choice !== 'Open Archive') return;
  let chosen = first.path;
  if (waiting.length > 1) {
    const pick = await vscode.window.showQuickPick(
      waiting.map((a) => ({ label: basename(a.path), description: a.path })),
      { title: 'Open a must-gather archive' },
    );
    if (!pick) return;
    chosen = pick.description;
  }
  await vscode.commands.executeCommand(openArchiveCommand, vscode.Uri.file(chosen));
}
