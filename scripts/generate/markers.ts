/** A generated section of a file: what lies between its two marker lines, replaced whole. */
export function betweenMarkers(text: string, begin: string, end: string, body: string): string {
  const from = text.indexOf(begin);
  const to = text.indexOf(end);
  if (from < 0 || to < from) throw new Error(`the file lacks the markers ${begin} … ${end}`);
  return `${text.slice(0, from)}${begin}\n\n${body}\n\n${text.slice(to)}`;
}
