/**
 * Gzipped pod logs (`current.log.gz`, rotated `0.log.<time>.gz`, gather-extra `*.log.gz`) as
 * read-only documents under the `mustgather-gz:` scheme, with the pod-log grammar. Their text
 * comes from the language server (the analysis read it), and the diagnostics the server
 * publishes on the `.gz` file are moved onto the document, where their lines make sense.
 */
import * as vscode from 'vscode';
import type { LanguageClient, Middleware } from 'vscode-languageclient/node';
import { LogTextRequest } from '../../../server/src/protocol/messages';
import { decompressedPath, gzPathOf, isCompressedLogPath, logDocumentText } from './logDocument';

export const logScheme = 'mustgather-gz';
export const openCompressedLogCommand = 'mustGatherInspector.openCompressedLog';
const logLanguage = 'mustgather-log';

/** The read-only document of a `.gz` file (`current.log (decompressed)`); any other URI as it is. */
export function documentUriOf(uri: vscode.Uri): vscode.Uri {
  return uri.scheme === 'file' && isCompressedLogPath(uri.path)
    ? uri.with({ scheme: logScheme, ...decompressedPath(uri.path) })
    : uri;
}

export class CompressedLogProvider implements vscode.TextDocumentContentProvider {
  constructor(private readonly client: LanguageClient) {}

  async provideTextDocumentContent(uri: vscode.Uri): Promise<string> {
    const file = uri
      .with({ scheme: 'file', path: gzPathOf(uri.path, uri.query), query: '' })
      .toString();
    const r = await this.client.sendRequest(LogTextRequest, { uri: file });
    return logDocumentText(r.text, r.firstLine);
  }
}

/** Diagnostics and their related locations on `.gz` files go to the read-only documents. */
export const compressedLogMiddleware: Middleware = {
  handleDiagnostics(uri, diagnostics, next) {
    for (const d of diagnostics) {
      for (const r of d.relatedInformation ?? []) r.location.uri = documentUriOf(r.location.uri);
    }
    next(documentUriOf(uri), diagnostics);
  },
};

/** Explorer context menu (a `.gz` file) or palette (a file picker). */
export function openCompressedLogHandler(): (uri?: vscode.Uri) => Promise<void> {
  return async (uri) => {
    const target =
      uri ??
      (
        await vscode.window.showOpenDialog({
          canSelectMany: false,
          filters: { 'Gzipped logs': ['gz'] },
          openLabel: 'Open Log',
        })
      )?.[0];
    if (!target) return;
    const doc = await vscode.workspace.openTextDocument(documentUriOf(target));
    await vscode.window.showTextDocument(await withLogLanguage(doc), { preview: false });
  };
}

/** The grammar, whatever the document's name: a Problems click opens it without the command. */
export async function withLogLanguage(doc: vscode.TextDocument): Promise<vscode.TextDocument> {
  if (doc.uri.scheme !== logScheme || doc.languageId === logLanguage) return doc;
  return vscode.languages.setTextDocumentLanguage(doc, logLanguage);
}
