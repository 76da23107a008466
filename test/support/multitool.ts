/**
 * Microsoft's SARIF multitool (the `@microsoft/sarif-multitool` devDependency): validates SARIF
 * logs as a real consumer reads them, offline. Missing or unable to run, it throws: a test that
 * uses it fails rather than skips.
 */
import { spawnSync } from 'node:child_process';
import { accessSync, chmodSync, constants, existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import multitoolPath from '@microsoft/sarif-multitool';
import type * as Sarif from 'sarif';

export interface ValidationResult {
  ruleId: string;
  level: string;
  /** The validated log, as a `file:` URI. */
  file: string;
  message: string;
}

/** The package's postinstall only chmods the binary; npm may have skipped it. */
function executable(path: string): string {
  try {
    accessSync(path, constants.X_OK);
  } catch {
    chmodSync(path, statSync(path).mode | 0o111);
  }
  return path;
}

/** A result's message as the multitool words it: its rule's message string, arguments filled. */
function text(rule: Sarif.ReportingDescriptor | undefined, m: Sarif.Message): string {
  const template = (m.id && rule?.messageStrings?.[m.id]?.text) ?? m.text ?? m.id ?? '';
  return template.replace(/\{(\d+)\}/g, (_, i: string) => m.arguments?.[Number(i)] ?? '');
}

/**
 * `validate` on the given logs in one invocation (a few seconds each time), its errors and
 * warnings read from the SARIF log it writes into `workDir`.
 */
export function validateSarif(files: readonly string[], workDir: string): ValidationResult[] {
  const out = join(workDir, 'validation.sarif');
  const args = ['validate', ...files, '--output', out, '--log', 'ForceOverwrite'];
  const r = spawnSync(executable(multitoolPath), [...args, '--level', 'Error;Warning'], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    // Without ICU (none in CI's image), .NET must be told to do without culture data.
    env: { ...process.env, DOTNET_SYSTEM_GLOBALIZATION_INVARIANT: '1' },
  });
  if (r.error || !existsSync(out)) {
    throw new Error(
      `${multitoolPath} did not run (${r.error?.message ?? `status ${r.status}`}): ${r.stdout}${r.stderr}`,
    );
  }
  const log = JSON.parse(readFileSync(out, 'utf8')) as Sarif.Log;
  const run = log.runs[0]!;
  if (run.invocations?.[0]?.executionSuccessful !== true) {
    throw new Error(`the multitool failed: ${r.stdout}${r.stderr}`);
  }
  const rules = run.tool.driver.rules ?? [];
  return (run.results ?? []).map((x) => {
    const rule = x.ruleIndex !== undefined ? rules[x.ruleIndex] : undefined;
    return {
      ruleId: x.ruleId ?? rule?.id ?? '?',
      level: x.level ?? rule?.defaultConfiguration?.level ?? 'warning',
      file: x.locations?.[0]?.physicalLocation?.artifactLocation?.uri ?? '?',
      message: text(rule, x.message),
    };
  });
}
