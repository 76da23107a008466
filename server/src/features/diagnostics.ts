/** Finding -> LSP Diagnostic: the only place analysis results become LSP types. */
import { DiagnosticSeverity } from 'vscode-languageserver';
import type { Diagnostic, DiagnosticRelatedInformation } from 'vscode-languageserver';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ParsedFileCache } from '../gather/fileCache';
import type { Finding, Severity } from '../rules/finding';
import { rangeOf } from './ranges';

export const diagnosticSource = 'must-gather';

const severities: Record<Severity, DiagnosticSeverity> = {
  error: DiagnosticSeverity.Error,
  warning: DiagnosticSeverity.Warning,
  info: DiagnosticSeverity.Information,
  hint: DiagnosticSeverity.Hint,
};

/**
 * @param docsDir folder of the rule pages (`docs/rules/<id>.md`); each diagnostic links its
 *   page through `codeDescription`, as ESLint's do.
 */
export function toDiagnostic(
  f: Finding,
  cache: ParsedFileCache,
  withRelated: boolean,
  docsDir?: string,
): Diagnostic {
  const d: Diagnostic = {
    range: rangeOf(f.location, cache),
    severity: severities[f.severity],
    code: f.rule,
    source: diagnosticSource,
    message: f.message,
  };
  if (docsDir) d.codeDescription = { href: pathToFileURL(join(docsDir, `${f.rule}.md`)).href };
  if (withRelated && f.related.length > 0) {
    d.relatedInformation = f.related.map(
      (r): DiagnosticRelatedInformation => ({
        location: { uri: pathToFileURL(r.file).href, range: rangeOf(r, cache) },
        message: r.message,
      }),
    );
  }
  return d;
}
