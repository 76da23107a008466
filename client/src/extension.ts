/**
 * VS Code side: starts the language server and holds the UI (commands, status bar, log).
 * No analysis happens here.
 */
import * as path from 'node:path';
import * as vscode from 'vscode';
import {
  CloseAction,
  ErrorAction,
  LanguageClient,
  RevealOutputChannelOn,
  TransportKind,
} from 'vscode-languageclient/node';
import type {
  ErrorHandler,
  LanguageClientOptions,
  ServerOptions,
} from 'vscode-languageclient/node';
import {
  compareCommand,
  FindingsRequest,
  RecommendRequest,
  ReindexRequest,
  StatusNotification,
  timelineCommand,
  UpdateStatusRequest,
} from '../../server/src/protocol/messages';
import {
  offerWorkspaceArchives,
  openArchiveCommand,
  openArchiveHandler,
} from './archives/commands';
import type { ArchiveContext } from './archives/commands';
import { compareCommandHandler, RenderedConfigProvider, scheme } from './compare';
import {
  compareGathersCommand,
  compareGathersHandler,
  GatherComparisonProvider,
  gatherComparisonScheme,
} from './compareGathers';
import { offerMcpServer, registerAgentTools } from './agentTools';
import {
  copyCaseSummaryCommand,
  copyCaseSummaryHandler,
  saveReportCommand,
  saveReportHandler,
} from './handOn';
import {
  CompressedLogProvider,
  compressedLogMiddleware,
  logScheme,
  openCompressedLogCommand,
  openCompressedLogHandler,
  withLogLanguage,
} from './logs/compressedLogs';
import { CompressedLogEditor, compressedLogEditor } from './logs/logEditor';
import {
  filterFindingsCommand,
  FindingsView,
  openFinding,
  openFindingCommand,
} from './findings/view';
import type { StatusParams } from '../../server/src/protocol/messages';
import { RestartPolicy } from './restartPolicy';
import { StatusItem } from './statusItem';
import { openEvidence, openEvidenceCommand, UpgradeStatusView, viewId } from './upgradeStatus/view';
import { readmeIn } from './readme';
import { timelineArguments } from './timeline/arguments';
import { TimelinePanels } from './timeline/panel';

let client: LanguageClient | undefined;

/** The walkthrough's id in package.json's `contributes.walkthroughs`, and the command that opens it. */
const walkthroughId = 'mustGatherInspector.gettingStarted';
const walkthroughCommand = 'mustGatherInspector.openWalkthrough';

export async function activate(context: vscode.ExtensionContext): Promise<void> {
  const log = vscode.window.createOutputChannel('Must-Gather Inspector', { log: true });
  const status = new StatusItem();
  const view = new UpgradeStatusView();
  const findings = new FindingsView(context.workspaceState);
  context.subscriptions.push(
    log,
    status,
    view,
    vscode.window.createTreeView(viewId, { treeDataProvider: view, showCollapseAll: true }),
    vscode.commands.registerCommand(openEvidenceCommand, openEvidence),
    findings,
    vscode.commands.registerCommand(openFindingCommand, openFinding),
    vscode.commands.registerCommand(filterFindingsCommand, (level?: unknown) =>
      findings.pickFilter(level),
    ),
    vscode.commands.registerCommand(walkthroughCommand, () =>
      vscode.commands.executeCommand(
        'workbench.action.openWalkthrough',
        `${context.extension.id}#${walkthroughId}`,
        false,
      ),
    ),
    vscode.commands.registerCommand('mustGatherInspector.showSupportedLayouts', async () => {
      const readme = readmeIn(context.extensionPath);
      if (!readme) {
        void vscode.window.showErrorMessage(
          `Must-Gather Inspector: no README in ${context.extensionPath}; see the project's page for the supported layouts.`,
        );
        return;
      }
      await vscode.commands.executeCommand('markdown.showPreview', vscode.Uri.file(readme));
    }),
  );

  const serverModule = context.asAbsolutePath(path.join('dist', 'server.js'));
  const serverOptions: ServerOptions = {
    run: { module: serverModule, transport: TransportKind.ipc },
    debug: {
      module: serverModule,
      transport: TransportKind.ipc,
      options: { execArgv: ['--nolazy', '--inspect=6019'] },
    },
  };
  const clientOptions: LanguageClientOptions = {
    documentSelector: [
      { scheme: 'file', language: 'yaml' },
      { scheme: 'file', language: 'json' },
    ],
    synchronize: {
      configurationSection: 'mustGatherInspector',
      fileEvents: vscode.workspace.createFileSystemWatcher('**/*.{yaml,yml,json}'),
    },
    // Diagnostics are remembered and archives extracted here, never inside a must-gather. The
    // server leaves the workspace's archives alone: they are offered below instead.
    initializationOptions: {
      storageDir: context.globalStorageUri.fsPath,
      cacheDir: archiveCacheDir(context),
      openArchives: false,
      // ClusterVersion hovers link to the timeline: the one command their Markdown may run.
      commandLinks: [timelineCommand],
    },
    outputChannel: log,
    revealOutputChannelOn: RevealOutputChannelOn.Never, // never steal focus
    errorHandler: crashHandler(log),
    markdown: { isTrusted: { enabledCommands: [timelineCommand] }, supportHtml: false },
    middleware: compressedLogMiddleware,
  };
  client = new LanguageClient(
    'mustGatherInspector',
    'Must-Gather Inspector',
    serverOptions,
    clientOptions,
  );

  const timelines = new TimelinePanels(client, context.extensionPath, log);
  context.subscriptions.push(
    timelines,
    vscode.commands.registerCommand(timelineCommand, async (arg?: unknown, cause?: unknown) => {
      const { root, cause: id } = timelineArguments(arg, cause);
      try {
        await timelines.show(root, id);
      } catch (err) {
        log.error(`the timeline could not be shown: ${String(err)}`);
        void vscode.window.showErrorMessage(
          `Must-Gather Inspector: the timeline could not be shown (${String(err)}).`,
        );
      }
    }),
    vscode.commands.registerCommand('mustGatherInspector.reindex', async () => {
      if (!client) return undefined;
      return client.sendRequest(ReindexRequest);
    }),
    vscode.commands.registerCommand('mustGatherInspector.showServerLog', () => log.show(true)),
    vscode.workspace.registerTextDocumentContentProvider(
      scheme,
      new RenderedConfigProvider(client),
    ),
    vscode.commands.registerCommand(compareCommand, compareCommandHandler(client)),
    vscode.workspace.registerTextDocumentContentProvider(
      gatherComparisonScheme,
      new GatherComparisonProvider(client),
    ),
    vscode.commands.registerCommand(compareGathersCommand, compareGathersHandler(client)),
    vscode.commands.registerCommand(copyCaseSummaryCommand, copyCaseSummaryHandler(client)),
    vscode.commands.registerCommand(saveReportCommand, saveReportHandler(client)),
    ...registerAgentTools(client),
    ...[offerMcpServer(context.extensionPath, log)].filter((d) => d !== undefined),
    vscode.workspace.registerTextDocumentContentProvider(
      logScheme,
      new CompressedLogProvider(client),
    ),
    vscode.commands.registerCommand(openCompressedLogCommand, openCompressedLogHandler()),
    vscode.window.registerCustomEditorProvider(compressedLogEditor, new CompressedLogEditor(log), {
      supportsMultipleEditorsPerDocument: true,
    }),
    vscode.workspace.onDidOpenTextDocument((doc) => void withLogLanguage(doc)),
  );
  const archives: ArchiveContext = {
    client,
    cacheDir: archiveCacheDir(context),
    workspacesDir: path.join(context.globalStorageUri.fsPath, 'workspaces'),
    state: context.workspaceState,
    log,
  };
  context.subscriptions.push(
    vscode.commands.registerCommand(openArchiveCommand, openArchiveHandler(archives)),
  );

  // After every analysis (the server is idle again) the view and the status bar ask where
  // each update stands; a newer answer replaces an older one.
  let asked = 0;
  const refresh = async (c: LanguageClient) => {
    const ticket = ++asked;
    try {
      const [report, before] = await Promise.all([
        c.sendRequest(UpdateStatusRequest, {}),
        // "Before the next update" is extra: without it the view still shows where updates stand.
        c.sendRequest(RecommendRequest, {}).then(
          (r) => r.roots,
          (err: unknown) => {
            log.warn(`could not read what recommend says: ${String(err)}`);
            return [];
          },
        ),
      ]);
      if (ticket !== asked) return;
      view.update(report, before);
      status.setReport(report);
    } catch (err) {
      log.warn(`could not read the update status: ${String(err)}`);
    }
  };
  const refreshFindings = (c: LanguageClient) =>
    findings
      .refresh(() => c.sendRequest(FindingsRequest))
      .catch((err: unknown) => log.warn(`could not read the findings: ${String(err)}`));
  client.onNotification(StatusNotification, (s: StatusParams) => {
    status.update(s);
    if (!s.indexing && client) {
      void refresh(client);
      void refreshFindings(client);
      timelines
        .refresh()
        .catch((err: unknown) => log.warn(`could not refresh the timeline: ${String(err)}`));
    }
  });
  await client.start();
  void offerWorkspaceArchives(archives);
}

/** Extracted archives live in the extension's global storage, one folder per archive. */
function archiveCacheDir(context: vscode.ExtensionContext): string {
  return path.join(context.globalStorageUri.fsPath, 'archives');
}

/** Restarts a crashed server, telling the user once (with the log at hand), until it keeps crashing. */
function crashHandler(log: vscode.LogOutputChannel): ErrorHandler {
  const policy = new RestartPolicy();
  const showLog = 'Show Server Log';
  const offerLog = (shown: Thenable<string | undefined>) =>
    void shown.then((choice) => {
      if (choice === showLog) log.show(true);
    });
  return {
    error: (_error, _message, count) => ({
      action: (count ?? 0) <= 3 ? ErrorAction.Continue : ErrorAction.Shutdown,
    }),
    closed: () => {
      const response = policy.onCrash(Date.now());
      log.error(`the language server stopped unexpectedly (${response})`);
      if (response === 'give-up') {
        offerLog(
          vscode.window.showErrorMessage(
            'Must-Gather Inspector: the language server keeps stopping and will not be restarted. Reload the window to try again.',
            showLog,
          ),
        );
        return { action: CloseAction.DoNotRestart, handled: true };
      }
      if (response === 'restart-and-tell') {
        offerLog(
          vscode.window.showWarningMessage(
            'Must-Gather Inspector: the language server stopped unexpectedly and was restarted.',
            showLog,
          ),
        );
      }
      return { action: CloseAction.Restart, handled: true };
    },
  };
}

export async function deactivate(): Promise<void> {
  await client?.stop();
  client = undefined;
}
