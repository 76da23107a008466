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
