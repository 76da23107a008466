/** Finding -> LSP Diagnostic: the only place analysis results become LSP types. */
import type { DiagnosticSeverity } from 'vscode-languageserver';
import type { Diagnostic, DiagnosticRelatedInformation } from 'vscode-languageserver';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ParsedFileCache } from '../gather/fileCache';
import type { Finding, Severity } from '../core/finding';
import { rangeIn } from '../yaml/positions';

const diagnosticSource = 'must-gather';

const severities: Record<Severity, DiagnosticSeverity> = {
  // LSP's numbers, written out so that the CLI bundle stays free of the LSP libraries.
  error: 1,
  warning: 2,
  info: 3,
  hint: 4,
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
    range: rangeIn(cache.peek(f.location.file), f.location),
    severity: severities[f.severity],
    code: f.rule,
    source: diagnosticSource,
    message: f.message,
  };
  if (docsDir) d.codeDescription = { href: pathToFileURL(join(docsDir, `${f.rule}.md`)).href };
  if (withRelated && f.related.length > 0) {
    d.relatedInformation = f.related.map(
      (r): DiagnosticRelatedInformation => ({
        location: { uri: pathToFileURL(r.file).href, range: rangeIn(cache.peek(r.file), r) },
        message: r.message,
      }),
    );
  }
  return d;
}
