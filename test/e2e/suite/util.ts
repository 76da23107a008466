/** Helpers for extension-host tests: polling with a clear failure message, finding sample files. */
import * as vscode from 'vscode';

export const extensionId = 'must-gather-inspector.must-gather-inspector';

export async function waitFor<T>(
  what: string,
  probe: () => T | undefined | false,
  timeoutMs = 30_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = probe();
    if (v !== undefined && v !== false) return v;
    if (Date.now() > deadline)
      throw new Error(`timed out after ${timeoutMs / 1000} s waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** The one workspace file whose path contains every fragment. */
export async function sampleFile(...fragments: string[]): Promise<vscode.Uri> {
  const all = await vscode.workspace.findFiles(`**/${fragments[fragments.length - 1]}`);
  const hits = all.filter((u) => fragments.every((f) => u.path.includes(f)));
  if (hits.length !== 1)
    throw new Error(`expected one file matching ${fragments.join(' + ')}, found ${hits.length}`);
  return hits[0]!;
}

function ruleOf(d: vscode.Diagnostic): string {
  return typeof d.code === 'object' ? String(d.code.value) : String(d.code);
}

export function byRule(uri: vscode.Uri, rule: string): vscode.Diagnostic[] {
  return vscode.languages.getDiagnostics(uri).filter((d) => ruleOf(d) === rule);
}

/** 0-based index of the first line matching a pattern, from a line on. */
export function lineMatching(doc: vscode.TextDocument, re: RegExp, from = 0): number {
  for (let i = from; i < doc.lineCount; i++) if (re.test(doc.lineAt(i).text)) return i;
  throw new Error(`${re} not found in ${doc.uri.path}`);
}
