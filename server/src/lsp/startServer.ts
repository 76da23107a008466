/**
 * LSP wiring only: capabilities, document sync, watched files, settings and custom requests.
 * All decisions live in the analysis core; this file translates.
 */
import { existsSync } from 'node:fs';
import { basename, isAbsolute, join, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import {
  FileChangeType,
  ResponseError,
  TextDocuments,
  TextDocumentSyncKind,
} from 'vscode-languageserver';
import type { Connection, InitializeResult, WorkspaceFolder } from 'vscode-languageserver';
import { TextDocument } from 'vscode-languageserver-textdocument';
import {
  cachedRoot,
  findArchives,
  listMachineConfigs,
  logFileOf,
  offsetOf,
  rangeIn,
  readPoolOf,
  recommendReport,
  statusReport,
} from '../service';
import type { RootAnalysis, RuleLevels } from '../service';
import type { Finding } from '../core/finding';
import { poolCodeLenses } from '../features/codeLens';
import { toDiagnostic } from '../features/diagnostics';
import { hoverAt } from '../features/hover';
import { hoverEvents } from '../features/hover/events';
import { documentLinks } from '../features/links';
import { documentSymbols } from '../features/symbols/documentSymbols';
import { objectsOf } from '../features/symbols/objects';
import { caseReport, gatherComparisonMarkdown, otherGathers } from './handOnRequests';
import { withParsedFiles } from './parsedFiles';
import { agentTool } from './agentTools';
import {
  matchObjects,
  resolveSymbol,
  toWorkspaceSymbols,
} from '../features/symbols/workspaceSymbols';
import { defaultLimits, readThreads } from '../limits';
import {
  ArchivesRequest,
  CompareSummaryRequest,
  FindingsRequest,
  LogTextRequest,
  MachineConfigsRequest,
  NormalizedConfigRequest,
  OpenArchiveRequest,
  ReindexRequest,
  StatusNotification,
  RecommendRequest,
  CaseReportRequest,
  AgentToolRequest,
  GatherComparisonRequest,
  OtherGathersRequest,
  timelineCommand,
  TimelineRequest,
  UpdateStatusRequest,
} from '../protocol/messages';
import { version } from '../version';
import { rootFindings } from './findingsRequest';
import { rootTimeline } from './timelineRequest';
import { compareSummary, machineConfigEntries, normalizedConfig } from './machineConfigRequests';
import { analysisCauses } from './analysisCauses';
import { Publisher } from './publisher';
import { RememberedDiagnostics } from './remembered';
import { ArchiveOpener } from './archives';
import { commandLink } from '../core/markdown';
import { archiveOptionsFrom, commandLinksFrom, Settings, storageDirFrom } from './settings';
import type { ArchiveOptions } from './settings';
import { Workspace } from './workspace';

/** The rule pages shipped beside the bundle (`dist/server.js` → `docs/rules/`). */
const ruleDocsDir = ((dir) => (existsSync(dir) ? dir : undefined))(
  join(__dirname, '..', 'docs', 'rules'),
);

export function startServer(connection: Connection): Workspace {
  const documents = new TextDocuments(TextDocument);
  let relatedInformation = false;
  let configurationSupport = false;
  let progressSupport = false;
  let folderChangeSupport = false;
  /** The client resolves a workspace symbol's range when one is picked. */
  let symbolRangeResolve = false;
  let archiveOptions: ArchiveOptions = archiveOptionsFrom(undefined, []);
  /** Whether hovers may link to the Upgrade Timeline: the client runs that command from a link. */
  let timelineLinks = false;
  const archives = new ArchiveOpener(
    connection,
    () => archiveOptions.cacheDir,
    () => workspace.limits,
    () => progressSupport,
  );

  const settings = new Settings(connection, () => configurationSupport);
  /** Remembered diagnostics are valid only for the same server, settings and client. */
  const rememberKey = (levels: RuleLevels): string =>
    JSON.stringify({
      version,
      levels,
      limits: workspace.limits,
      relatedInformation,
      docs: ruleDocsDir ?? null,
    });
  const publisher: Publisher = new Publisher(
    {
      send: (file, diagnostics) =>
        void connection.sendDiagnostics({ uri: pathToFileURL(file).href, diagnostics }),
      log: (m) => connection.console.log(m),
      warn: (m) => connection.console.warn(m),
    },
    (findings: Finding[]) =>
      findings.map((f) => toDiagnostic(f, workspace.cache, relatedInformation, ruleDocsDir)),
    new RememberedDiagnostics(undefined),
  );

  // Read threads only when MUST_GATHER_INSPECTOR_JOBS asks; idle ones end after 10 s.
  const pool = readPoolOf(readThreads(), join(__dirname, 'readWorker.js'), (m) =>
    connection.console.warn(m),
  );
  const workspace: Workspace = new Workspace(
    {
      results: (root, findings) => publisher.publishRoot(root, findings),
      forgotten: (root) => publisher.forgetRoot(root),
      levelsFor: (root) => settings.ruleLevels(root),
      recall: (root, levels) => publisher.recall(root.path, rememberKey(levels)),
      analysed: (a, levels) => publisher.remember(a.root.path, rememberKey(levels), a.filesRead),
      log: (message) => connection.console.log(message),
      status: (status) => void connection.sendNotification(StatusNotification, status),
      progress: (done, total) => {
        if (total > 0)
          indexing?.report(Math.floor((100 * done) / total), `${done}/${total} must-gathers`);
      },
    },
    undefined,
    pool,
  );
  /** The work-done progress of the indexing under way, if the client shows progress. */
  let indexing: { report(percentage: number, message: string): void } | undefined;

  connection.onInitialize((params): InitializeResult => {
    const caps = params.capabilities;
    relatedInformation = caps.textDocument?.publishDiagnostics?.relatedInformation === true;
    configurationSupport = caps.workspace?.configuration === true;
    progressSupport = caps.window?.workDoneProgress === true;
    folderChangeSupport = caps.workspace?.workspaceFolders === true;
    symbolRangeResolve =
      caps.workspace?.symbol?.resolveSupport?.properties.includes('location.range') === true;
    const folders = params.workspaceFolders
      ? folderPaths(params.workspaceFolders)
      : folderPaths(params.rootUri ? [{ uri: params.rootUri, name: '' }] : []);
    workspace.setFolders(folders);
    publisher.setStore(
      new RememberedDiagnostics(storageDirFrom(params.initializationOptions, folders)),
    );
    archiveOptions = archiveOptionsFrom(params.initializationOptions, folders);
    timelineLinks = commandLinksFrom(params.initializationOptions).includes(timelineCommand);
    workspace.setArchiveCache(archiveOptions.cacheDir);
    return {
      capabilities: {
        workspace: { workspaceFolders: { supported: true, changeNotifications: true } },
        textDocumentSync: TextDocumentSyncKind.Incremental,
        hoverProvider: true,
        documentLinkProvider: { resolveProvider: false },
        codeLensProvider: { resolveProvider: false },
        workspaceSymbolProvider: { resolveProvider: true },
        documentSymbolProvider: { label: 'Must-Gather' },
      },
      serverInfo: { name: 'must-gather-inspector', version },
    };
  });

  connection.onInitialized(() => {
    if (folderChangeSupport) {
      connection.workspace.onDidChangeWorkspaceFolders((e) => {
        void withProgress('Indexing must-gathers', () =>
          workspace.changeFolders(folderPaths(e.added), folderPaths(e.removed)),
        );
      });
    }
    void (async () => {
      await loadLimits();
      await withProgress('Indexing must-gathers', () => workspace.reindex());
      if (archiveOptions.openArchives) await openWorkspaceArchives();
    })();
  });

  connection.onShutdown(() => publisher.flush());

  connection.onDidChangeConfiguration(() => {
    void loadLimits().then(() => workspace.reanalyzeAll());
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

  /** Archives in the workspace folders, those in the archive cache left out. */
  async function workspaceArchives(): Promise<string[]> {
    const cache = archiveOptions.cacheDir;
    const outside = workspace.folderList.filter((f) => f !== cache && !f.startsWith(cache + sep));
    return (await Promise.all(outside.map((f) => findArchives(f)))).flat();
  }

  /** For clients that cannot offer them: each archive found becomes one more folder. */
  async function openWorkspaceArchives(): Promise<void> {
    const roots: string[] = [];
    for (const path of await workspaceArchives()) {
      try {
        roots.push((await archives.open(path)).root);
      } catch {
        // logged by the opener; the other archives are still opened
      }
    }
    if (roots.length > 0) {
      await withProgress('Indexing must-gathers', () => workspace.changeFolders(roots, []));
    }
  }

  connection.onRequest(ArchivesRequest, async () => ({
    archives: await Promise.all(
      (await workspaceArchives()).map(async (path) => ({
        path,
        extracted: await cachedRoot(path, archiveOptions.cacheDir).catch(() => undefined),
      })),
    ),
  }));

  connection.onRequest(OpenArchiveRequest, async ({ path, workDoneToken }, token) => {
    if (typeof path !== 'string' || !isAbsolute(path)) {
      throw new ResponseError(-32602, 'openArchive needs the absolute path of an archive');
    }
    try {
      return await archives.open(path, token, workDoneToken);
    } catch (err) {
      throw new ResponseError(-32603, (err as Error).message);
    }
  });

  connection.onRequest(LogTextRequest, async ({ uri }) => {
    const file = typeof uri === 'string' && uri.startsWith('file:') ? fileURLToPath(uri) : '';
    // Only logs of a must-gather this server analyses: the request reads no other file.
    if (!file || !workspace.rootOf(file) || !(file.endsWith('.gz') || logFileOf(file))) {
      throw new ResponseError(-32602, `not a log of an analysed must-gather: ${String(uri)}`);
    }
    const r = await workspace.cache.get(file, 'log');
    if (!r.ok) throw new ResponseError(-32603, `${basename(file)} ${r.error}`);
    return { text: r.parsed.text, firstLine: r.parsed.lines.firstLine };
  });

  connection.onRequest(ReindexRequest, async () => {
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

  connection.onHover(async ({ textDocument, position }) => {
    const a = analysed(textDocument.uri);
    if (!a) return null;
    const offset = offsetOf(a.parsed, position.line, position.character);
    const reported = {
      findings: a.analysis.findings,
      ...(ruleDocsDir ? { docsDir: ruleDocsDir } : {}),
      causes: analysisCauses(a.analysis),
    };
    // The hovered object's events are read now, once per analysis (the store caches them).
    const { snapshot, events } = a.analysis;
    const here = await hoverEvents(snapshot, events, a.file, a.parsed, offset);
    const { assessment, insights } = a.analysis;
    const update = {
      assessment,
      insights,
      ...(timelineLinks ? { timeline: commandLink(timelineCommand, [a.analysis.root.path]) } : {}),
    };
    // A cause's chain links to other files' lines: read them if the cache lost them.
    return withParsedFiles(
      workspace.cache,
      (peek) =>
        hoverAt(
          snapshot,
          a.file,
          a.parsed,
          offset,
          update,
          { ...reported, lineOf: (l) => rangeIn(peek(l.file), l).start.line + 1 },
          here,
        ) ?? null,
    );
  });

  connection.onRequest(MachineConfigsRequest, (p) =>
    machineConfigEntries(workspace, p.uri?.startsWith('file:') ? fileURLToPath(p.uri) : undefined),
  );
  connection.onRequest(NormalizedConfigRequest, (p) => normalizedConfig(workspace, p.root, p.name));
  connection.onRequest(CompareSummaryRequest, (p) => compareSummary(workspace, p.root, p.a, p.b));
  connection.onRequest(UpdateStatusRequest, async (p) => ({
    roots: await Promise.all(
      workspace
        .analysesFor(p.uri?.startsWith('file:') ? fileURLToPath(p.uri) : undefined)
        .map(async (a) => ({
          ...(await withParsedFiles(workspace.cache, (peek) =>
            statusReport(a, undefined, peek, analysisCauses(a)),
          )),
          place: await workspace.placeOf(a.root.path),
        })),
    ),
  }));

  connection.onRequest(FindingsRequest, async () => ({
    roots: await Promise.all(
      workspace.analysesFor().map(async (a) => {
        const place = await workspace.placeOf(a.root.path);
        return withParsedFiles(workspace.cache, (peek) =>
          rootFindings(a, place, peek, (m) => connection.console.warn(m)),
        );
      }),
    ),
  }));

  connection.onRequest(TimelineRequest, async (p) => ({
    roots: await Promise.all(
      workspace
        .analysesFor()
        .filter((a) => typeof p?.root !== 'string' || a.root.path === p.root)
        .map(async (a) => {
          const place = await workspace.placeOf(a.root.path);
          return withParsedFiles(workspace.cache, (peek) =>
            rootTimeline(a, place, analysisCauses(a), peek),
          );
        }),
    ),
  }));

  connection.onRequest(RecommendRequest, async (p) => ({
    roots: await Promise.all(
      workspace
        .analysesFor()
        .filter((a) => typeof p?.root !== 'string' || a.root.path === p.root)
        .map((a) =>
          withParsedFiles(workspace.cache, (peek) =>
            recommendReport(a, (f) => f, peek, {
              ...(typeof p?.version === 'string' ? { version: p.version } : {}),
              ...(Array.isArray(p?.accept)
                ? { accept: p.accept.filter((x): x is string => typeof x === 'string') }
                : {}),
              showOutdatedReleases: p?.showOutdatedReleases === true,
            }),
          ),
        ),
    ),
  }));

  /** Each analysed root's name in this window (`examples/bug-…/must-gather.local.…`). */
  async function placesOf(analyses: readonly RootAnalysis[]): Promise<(root: string) => string> {
    const places = new Map<string, string>();
    for (const a of analyses) places.set(a.root.path, await workspace.shortPlaceOf(a.root.path));
    return (root) => places.get(root) ?? root;
  }

  connection.onRequest(CaseReportRequest, async (p) => {
    const a = typeof p?.root === 'string' ? workspace.analysisOf(p.root) : undefined;
    if (!a) throw new ResponseError(-32602, `not an analysed must-gather: ${String(p?.root)}`);
    const format = p.format === 'html' ? 'html' : 'md';
    const place = await workspace.shortPlaceOf(a.root.path);
    return withParsedFiles(workspace.cache, (peek) =>
      caseReport(a, place, peek, analysisCauses(a), format, version),
    );
  });

  connection.onRequest(AgentToolRequest, async (p) => {
    const analyses = workspace.analysesFor();
    return agentTool(String(p?.name), p?.input, {
      analyses,
      place: await placesOf(analyses),
      cache: workspace.cache,
      limits: workspace.limits,
      log: (m) => connection.console.error(m),
    });
  });

  connection.onRequest(OtherGathersRequest, async (p) => {
    const file =
      typeof p?.uri === 'string' && p.uri.startsWith('file:') ? fileURLToPath(p.uri) : '';
    const analyses = workspace.analysesFor();
    const found = file
      ? otherGathers(analyses, file, workspace.cache, await placesOf(analyses), p.position)
      : undefined;
    if (!found)
      throw new ResponseError(-32602, `not a file of an analysed must-gather: ${String(p?.uri)}`);
    return found;
  });

  connection.onRequest(GatherComparisonRequest, async (p) => {
    const a = typeof p?.root === 'string' ? workspace.analysisOf(p.root) : undefined;
    const b = typeof p?.other === 'string' ? workspace.analysisOf(p.other) : undefined;
    if (!a || !b) throw new ResponseError(-32602, 'both gathers must be analysed must-gathers');
    const subject = typeof p.subject === 'string' ? p.subject : '';
    const place = await placesOf([a, b]);
    return withParsedFiles(workspace.cache, (peek) =>
      gatherComparisonMarkdown(a, b, subject, peek, place),
    );
  });

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

  const peek = (file: string) => workspace.cache.peek(file);

  connection.onWorkspaceSymbol(async ({ query }) => {
    const found = matchObjects(
      workspace.analysesFor().map((a) => objectsOf(a, peek)),
      typeof query === 'string' ? query : '',
    );
    const roots = [...new Set(found.map((e) => e.root))];
    const places = new Map(
      await Promise.all(roots.map(async (r) => [r, await workspace.shortPlaceOf(r)] as const)),
    );
    return toWorkspaceSymbols(found, places, peek, symbolRangeResolve);
  });
  connection.onWorkspaceSymbolResolve((symbol) => resolveSymbol(symbol, peek));

  connection.onDocumentSymbol(({ textDocument }) => {
    const a = analysed(textDocument.uri);
    if (!a) return null;
    const indexed = a.analysis.index.files.find((f) => f.path === a.file);
    return documentSymbols(a.parsed, indexed?.resource);
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

  /** Limits are per window; rule levels are read per root at each analysis. */
  async function loadLimits(): Promise<void> {
    workspace.setLimits((await settings.limits()) ?? defaultLimits);
  }

  async function withProgress(title: string, work: () => Promise<void>): Promise<void> {
    if (!progressSupport) return work();
    const progress = await connection.window.createWorkDoneProgress();
    progress.begin(title, 0, undefined, false);
    indexing = progress;
    try {
      await work();
    } finally {
      if (indexing === progress) indexing = undefined;
      progress.done();
    }
  }

  documents.listen(connection);
  connection.listen();
  return workspace;
}

/** Local paths of workspace folders (other schemes are not must-gathers on disk). */
function folderPaths(folders: readonly WorkspaceFolder[]): string[] {
  return folders.filter((f) => f.uri.startsWith('file:')).map((f) => fileURLToPath(f.uri));
}
