/**
 * `analyze --format sarif`: the findings as one SARIF 2.1.0 run, for code-scanning tools. Built
 * from what the JSON report gives (`cli/report.ts`: positions, paths relative to the analysed
 * path, causes and their chains), so the three formats never disagree on a place.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type * as Sarif from 'sarif';
import type { Severity } from '../core/finding';
import { docPage } from '../service';
import type { ReportedCause, ReportedFinding, RuleMeta } from '../service';
import { fingerprints } from './fingerprints';
import type { RootClusters } from './fingerprints';

/**
 * What the partial fingerprint is keyed by; bump the version if its value ever changes meaning
 * (v1 was `<rule>|<subject>`, repeated across the clusters of one run).
 */
const fingerprintKey = 'mustGatherInspector/v2';

export interface SarifOptions {
  /** The folder every finding's `file` is relative to: the analysed folder, or an archive's. */
  srcRoot: string;
  /** Each root's cluster ID (the JSON report's summaries), which its fingerprints carry. */
  roots: RootClusters;
  rules: readonly RuleMeta[];
  version: string;
  /** The rule pages (`docs/rules/`), read for each rule's help; none when absent. */
  docsDir?: string;
  /** The project's home; rules' `helpUri` are resolved against it. None today: no URL is made up. */
  informationUri?: string;
}

/** SARIF has three levels of a problem: info and hint are both notes. */
function level(s: Severity): Sarif.ReportingConfiguration.level {
  return s === 'error' || s === 'warning' ? s : 'note';
}

/** A `/`-separated relative path as a URI reference: each segment percent-encoded, `!` kept. */
function uriOf(file: string): string {
  return file.split('/').map(encodeURIComponent).join('/');
}

function physical(
  file: string,
  region: Sarif.Region,
): Sarif.PhysicalLocation & { artifactLocation: Sarif.ArtifactLocation } {
  return { artifactLocation: { uri: uriOf(file), uriBaseId: 'SRCROOT' }, region };
}

function page(docsDir: string | undefined, id: string): string | undefined {
  if (!docsDir) return undefined;
  try {
    return readFileSync(join(docsDir, `${id}.md`), 'utf8');
  } catch {
    return undefined;
  }
}

function descriptor(meta: RuleMeta, o: SarifOptions): Sarif.ReportingDescriptor {
  const help = page(o.docsDir, meta.id);
  return {
    id: meta.id,
    shortDescription: { text: meta.description },
    fullDescription: { text: meta.explanation, markdown: meta.explanation },
    defaultConfiguration: { level: level(meta.defaultSeverity) },
    ...(o.informationUri ? { helpUri: new URL(docPage(meta.id), o.informationUri).href } : {}),
    ...(help ? { help: { text: help, markdown: help } } : {}),
  };
}

/**
 * A cause's chain as one code flow, each step a thread-flow location from the reporting operator
 * down to the root: its place (start only, as related evidence) and `name: state`. A step the
 * gather lacks has the message alone.
 */
function codeFlow(chain: ReportedCause['chain']): Sarif.CodeFlow {
  return {
    message: { text: 'From the reporting operator down to the root' },
    threadFlows: [
      {
        locations: chain.map((s) => ({
          location: {
            ...(s.file !== undefined && s.line !== undefined
              ? {
                  physicalLocation: physical(s.file, {
                    startLine: s.line,
                    ...(s.column !== undefined ? { startColumn: s.column } : {}),
                  }),
                }
              : {}),
            message: { text: `${s.name}: ${s.state}` },
          },
        })),
      },
    ],
  };
}

function result(
  f: ReportedFinding,
  ruleIndex: number | undefined,
  cause: ReportedCause | undefined,
  isRoot: boolean,
  fingerprint: string,
): Sarif.Result {
  return {
    ruleId: f.rule,
    ...(ruleIndex !== undefined ? { ruleIndex } : {}),
    level: level(f.severity),
    message: {
      text: f.message,
      ...(f.detail ? { markdown: `${f.message}\n\n${f.detail}` } : {}),
    },
    locations: [
      {
        physicalLocation: physical(f.file, {
          startLine: f.line,
          startColumn: f.column,
          endLine: f.endLine,
          endColumn: f.endColumn,
        }),
      },
    ],
    ...(f.related.length > 0
      ? {
          relatedLocations: f.related.map((r, id) => ({
            id,
            physicalLocation: physical(r.file, { startLine: r.line, startColumn: r.column }),
            message: { text: r.message },
          })),
        }
      : {}),
    // The way down to the root once, on the root finding's result.
    ...(isRoot && cause && cause.chain.length > 0 ? { codeFlows: [codeFlow(cause.chain)] } : {}),
    // The subject and the cluster name the object across gathers, unlike a line number.
    partialFingerprints: { [fingerprintKey]: fingerprint },
    properties: {
      ...(cause
        ? { cause: cause.id, causeTitle: cause.title, rootSubject: cause.rootSubject }
        : {}),
      subject: f.subject,
      root: f.root,
    },
  };
}

/** One run holding every finding of every must-gather under the analysed path. */
export function toSarif(
  findings: ReportedFinding[],
  causes: ReportedCause[],
  o: SarifOptions,
): Sarif.Log {
  const ruleIndex = new Map(o.rules.map((r, i) => [r.id, i]));
  const causeOf = new Map(causes.flatMap((c) => c.findings.map((i) => [i, c] as const)));
  const prints = fingerprints(findings, o.roots);
  const srcRoot = pathToFileURL(o.srcRoot).href.replace(/\/?$/, '/');
  return {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: 'must-gather-inspector',
            version: o.version,
            ...(o.informationUri ? { informationUri: o.informationUri } : {}),
            rules: o.rules.map((m) => descriptor(m, o)),
          },
        },
        originalUriBaseIds: { SRCROOT: { uri: srcRoot } },
        // Columns count UTF-16 code units, as LSP's and the JSON report's do.
        columnKind: 'utf16CodeUnits',
        results: findings.map((f, i) => {
          const cause = causeOf.get(i);
          const isRoot = cause?.findings[0] === i;
          return result(f, ruleIndex.get(f.rule), cause, isRoot, prints[i]!);
        }),
      },
    ],
  };
}

export function formatSarif(log: Sarif.Log): string {
  return JSON.stringify(log, null, 2) + '\n';
}
