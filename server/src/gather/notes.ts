/** What indexing left out, for a log or stderr: one line each, at most 50. */
export function logNotes(notes: string[], log: (m: string) => void): void {
  for (const n of notes.slice(0, 50)) log(`note: ${n}`);
  if (notes.length > 50) log(`note: and ${notes.length - 50} more`);
}
