/**
 * The text of a read-only log document: the log as the analysis read it. When only its end was
 * read (`maxLogMiB`), the lines before are stood for by one note and blank lines, so that every
 * line keeps its number in the file and diagnostics land where the server put them. No VS Code
 * here: tested in plain node.
 */
export function logDocumentText(text: string, firstLine: number): string {
  if (firstLine <= 0) return text;
  const note = `[${firstLine} earlier lines not read: over mustGatherInspector.limits.maxLogMiB]`;
  return `${note}\n${'\n'.repeat(firstLine - 1)}${text}`;
}

/** Logs the editor cannot show as they are: gzip, told here by the name (the server checks the bytes). */
export function isCompressedLogPath(path: string): boolean {
  return /\.gz$/i.test(path);
}

/** What a decompressed log's tab is titled after: `current.log.gz` → `current.log (decompressed)`. */
const decompressedSuffix = ' (decompressed)';

/**
 * The path of the read-only document of a gzipped log: the name without `.gz`, marked
 * decompressed, so its tab says what it shows. The file's own path goes in the query.
 */
export function decompressedPath(gzPath: string): { path: string; query: string } {
  return { path: gzPath.replace(/\.gz$/i, decompressedSuffix), query: gzPath };
}

/** The gzipped file a decompressed document shows: its query, or (older URIs) its path. */
export function gzPathOf(path: string, query: string): string {
  return query !== '' ? query : path;
}
