/** Finding -> LSP Diagnostic: the only place analysis results become LSP types. */
import type { DiagnosticSeverity } from 'vscode-languageserver';
import type { Diagnostic, DiagnosticRelatedInformation } from 'vscode-languageserver';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ParsedFileCache } from '../gather/fileCache';
import type { Finding, Severity } from '../core/finding';
import { rangeIn } from '../yaml/positions';
import { clip } from '../core/text';

const diagnosticSource = 'must-gather';

/**
 * Related locations a diagnostic carries: VS Code lists every one in the hover above ours and
 * under the Problems row, so the first few (the rules put the strongest evidence first), each on
 * one line, and a count of the rest keep the answer in sight; the CLI and JSON keep them all.
 */
const relatedShown = 2;
/** Each on one line of a hover of default width. */
const relatedMessageMax = 64;

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
    const shown = f.related.slice(0, relatedShown);
    d.relatedInformation = shown.map(
      (r): DiagnosticRelatedInformation => ({
        location: { uri: pathToFileURL(r.file).href, range: rangeIn(cache.peek(r.file), r) },
        message: clip(r.message, relatedMessageMax),
      }),
    );
    const more = f.related.length - shown.length;
    if (more > 0) {
      d.relatedInformation.push({
        location: { uri: pathToFileURL(f.location.file).href, range: d.range },
        // The editor's own place for all of them; never the CLI (issue 40).
        message: `+${more} more: listed in the Findings view`,
      });
    }
  }
  return d;
}
