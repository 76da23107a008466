/**
 * LSP wiring only: capabilities, document sync, watched files, settings and custom requests.
 * All decisions live in the analysis core; this file translates.
 */
import { existsSync } from 'node:fs';
import { isAbsolute, join, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { FileChangeType, TextDocuments, TextDocumentSyncKind } from 'vscode-languageserver';
import type { Connection, Diagnostic, InitializeResult } from 'vscode-languageserver';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { isRuleLevel, ruleLevelNames } from '../analysis/analyze';
import type { RuleLevels } from '../analysis/analyze';
import { toDiagnostic } from '../features/diagnostics';
import { hoverAt } from '../features/hover';
import { documentLinks } from '../features/links';
import type { Finding } from '../rules/finding';
import { allRuleIds } from '../rules/registry';
import { version } from '../version';
import { offsetOf } from '../yaml/pathAt';
import { listMachineConfigs } from '../analysis/loadMachineConfigs';
import { poolCodeLenses } from '../features/codeLens';
import { compareSummary, machineConfigEntries, normalizedConfig } from './machineConfigRequests';
import {
  compareSummaryRequest,
  machineConfigsRequest,
  normalizedConfigRequest,
  reindexRequest,
  statusNotification,
} from './protocol';
import type {
  CompareSummaryParams,
  MachineConfigsParams,
  NormalizedConfigParams,
} from './protocol';
import { RememberedDiagnostics } from './remembered';
import { Workspace } from './workspace';
import { defaultLimits, limitsFrom } from '../limits';
import type { Limits } from '../limits';

/** The rule pages shipped beside the bundle (`dist/server.js` → `docs/rules/`). */
const ruleDocsDir = ((dir) => (existsSync(dir) ? dir : undefined))(
  join(__dirname, '..', 'docs', 'rules'),
);

export function startServer(connection: Connection): Workspace {
  const documents = new TextDocuments(TextDocument);
  let relatedInformation = false;
  let configurationSupport = false;
  let progressSupport = false;

  let remembered = new RememberedDiagnostics(undefined);
  /** The diagnostics last sent per file (files without any are left out). */
  const published = new Map<string, Diagnostic[]>();
  /** Stores being written; shutdown waits for them. */
  const saves = new Set<Promise<void>>();
  let levels: RuleLevels = {};
  let limits: Limits = defaultLimits;
  /** Remembered diagnostics are valid only for the same server, settings and client. */
  const rememberKey = () =>
    JSON.stringify({ version, levels, limits, relatedInformation, docs: ruleDocsDir ?? null });
  const diagnosticsOf = (findings: Finding[]) =>
    findings.map((f) => toDiagnostic(f, workspace.cache, relatedInformation, ruleDocsDir));

  const workspace = new Workspace({
    publish(file, findings) {
      const diagnostics = diagnosticsOf(findings);
      if (diagnostics.length > 0) published.set(file, diagnostics);
      else published.delete(file);
      void connection.sendDiagnostics({ uri: pathToFileURL(file).href, diagnostics });
    },
    async recall(root) {
      const known = await remembered.load(root.path, rememberKey());
      if (!known) return [];
      for (const [file, diagnostics] of known) {
        void connection.sendDiagnostics({ uri: pathToFileURL(file).href, diagnostics });
      }
      connection.console.log(
        `showing the remembered diagnostics of ${known.size} file(s) in ${root.path} while it is analysed again`,
      );
      return [...known.keys()];
    },
    analysed(a) {
      // What was just published for this root's files, as sent.
      const byFile = new Map<string, Diagnostic[]>();
      for (const f of a.findings) byFile.set(f.location.file, published.get(f.location.file) ?? []);
      const saving = remembered
        .save(a.root.path, rememberKey(), a.filesRead, byFile)
        .catch((err: unknown) =>
          connection.console.warn(`could not remember diagnostics: ${String(err)}`),
        )
        .finally(() => saves.delete(saving));
      saves.add(saving);
    },
    log(message) {
      connection.console.log(message);
    },
    status(status) {
      void connection.sendNotification(statusNotification, status);
    },
  });

  connection.onInitialize((params): InitializeResult => {
    const caps = params.capabilities;
    relatedInformation = caps.textDocument?.publishDiagnostics?.relatedInformation === true;
    configurationSupport = caps.workspace?.configuration === true;
    progressSupport = caps.window?.workDoneProgress === true;
    const folders = (
      params.workspaceFolders?.map((f) => f.uri) ?? (params.rootUri ? [params.rootUri] : [])
    )
      .filter((u) => u.startsWith('file:'))
      .map((u) => fileURLToPath(u));
    workspace.setFolders(folders);
    remembered = new RememberedDiagnostics(storageDirFrom(params.initializationOptions, folders));
    return {
      capabilities: {
        textDocumentSync: TextDocumentSyncKind.Incremental,
        hoverProvider: true,
        documentLinkProvider: { resolveProvider: false },
        codeLensProvider: { resolveProvider: false },
      },
      serverInfo: { name: 'must-gather-inspector', version },
    };
  });

  connection.onInitialized(() => {
    void (async () => {
      await loadSettings();
      await withProgress('Indexing must-gathers', () => workspace.reindex());
    })();
  });

  connection.onShutdown(async () => {
    await Promise.all(saves);
  });

  connection.onDidChangeConfiguration(() => {
    void loadSettings().then(() => workspace.reanalyzeAll());
  });

  connection.onDidChangeWatchedFiles((params) => {
    workspace.filesChanged(
      params.changes
        .filter((c) => c.uri.startsWith('file:'))
        .map((c) => ({
          file: fileURLToPath(c.uri),
          structural: c.type !== FileChangeType.Changed,
        })),
    );
  });

  connection.onRequest(reindexRequest, async () => {
    await withProgress('Reindexing must-gathers', () => workspace.reindex());
    return workspace.status();
  });

  /** The latest analysis and parse of a file; hovers and links need both, or answer nothing. */
  function analysed(uri: string) {
    if (!uri.startsWith('file:')) return undefined;
    const file = fileURLToPath(uri);
    const analysis = workspace.analysisForFile(file);
    const parsed = workspace.cache.peek(file);
    return analysis && parsed ? { file, analysis, parsed } : undefined;
  }

  connection.onHover(({ textDocument, position }) => {
    const a = analysed(textDocument.uri);
    if (!a) return null;
    const offset = offsetOf(a.parsed, position.line, position.character);
    return hoverAt(a.analysis.snapshot, a.file, a.parsed, offset) ?? null;
  });

  connection.onRequest(machineConfigsRequest, (p: MachineConfigsParams) =>
    machineConfigEntries(workspace, p.uri?.startsWith('file:') ? fileURLToPath(p.uri) : undefined),
  );
  connection.onRequest(normalizedConfigRequest, (p: NormalizedConfigParams) =>
    normalizedConfig(workspace, p.root, p.name),
  );
  connection.onRequest(compareSummaryRequest, (p: CompareSummaryParams) =>
    compareSummary(workspace, p.root, p.a, p.b),
  );

  connection.onCodeLens(async ({ textDocument }) => {
    const a = analysed(textDocument.uri);
    if (!a || !a.analysis.snapshot.pools.some((p) => p.source.file === a.file)) return null;
    const configs = await listMachineConfigs(a.analysis.index, workspace.cache);
    return poolCodeLenses(a.analysis.snapshot, a.file, a.parsed, configs);
  });

  connection.onDocumentLinks(({ textDocument }) => {
    const a = analysed(textDocument.uri);
    if (!a) return null;
    return documentLinks(a.analysis.snapshot, a.analysis.index, a.file, a.parsed);
  });

  documents.onDidChangeContent((e) => {
    if (!e.document.uri.startsWith('file:')) return;
    void workspace.documentChanged(
      fileURLToPath(e.document.uri),
      e.document.getText(),
      e.document.version,
    );
  });
  documents.onDidClose((e) => {
    if (e.document.uri.startsWith('file:')) workspace.documentClosed(fileURLToPath(e.document.uri));
  });

  async function loadSettings(): Promise<void> {
    if (!configurationSupport) return;
    const raw: unknown = await connection.workspace.getConfiguration('mustGatherInspector.rules');
    levels = ruleLevelsFrom(raw, (m) => connection.console.warn(m));
    workspace.setRuleLevels(levels);
    const rawLimits: unknown = await connection.workspace.getConfiguration(
      'mustGatherInspector.limits',
    );
    limits = limitsFrom(rawLimits, (m) => connection.console.warn(m));
    workspace.setLimits(limits);
  }

  async function withProgress(title: string, work: () => Promise<void>): Promise<void> {
    if (!progressSupport) return work();
    const progress = await connection.window.createWorkDoneProgress();
    progress.begin(title, undefined, undefined, false);
    try {
      await work();
    } finally {
      progress.done();
    }
  }

  documents.listen(connection);
  connection.listen();
  return workspace;
}

/**
 * Where to remember diagnostics between runs: `initializationOptions.storageDir` (the VS Code
 * client passes its global storage folder). None when absent or inside a workspace folder.
 */
export function storageDirFrom(options: unknown, folders: string[]): string | undefined {
  const dir =
    options !== null && typeof options === 'object'
      ? (options as { storageDir?: unknown }).storageDir
      : undefined;
  if (typeof dir !== 'string' || !isAbsolute(dir)) return undefined;
  const inside = folders.some((f) => dir === f || dir.startsWith(f + sep));
  return inside ? undefined : dir;
}

/** Reads the `mustGatherInspector.rules` setting, ignoring (and reporting) unknown entries. */
export function ruleLevelsFrom(raw: unknown, warn: (m: string) => void): RuleLevels {
  const out: RuleLevels = {};
  if (raw === null || typeof raw !== 'object') return out;
  const known = allRuleIds();
  for (const [id, level] of Object.entries(raw as Record<string, unknown>)) {
    if (!known.includes(id)) warn(`mustGatherInspector.rules: unknown rule "${id}"`);
    else if (!isRuleLevel(level))
      warn(
        `mustGatherInspector.rules.${id}: "${String(level)}" is not one of ${ruleLevelNames.join(', ')}`,
      );
    else out[id] = level;
  }
  return out;
}
