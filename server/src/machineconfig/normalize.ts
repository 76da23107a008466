/**
 * A rendered MachineConfig as readable, stable text for a line diff: decoded file contents,
 * files sorted by path and units by name, octal modes. The same object always gives the same
 * text, so two configs diff only where they really differ. Redacted contents read `<redacted>`,
 * or `<redacted, length N>` when the sanitiser kept the length.
 */
import { arr, path, str } from '../model/access';
import type { Json } from '../model/access';
import { annotation, files, labels, nameOf, poolOf, units } from './contents';
import type { Contents } from './contents';
import type { DecodeOptions } from './dataUrl';

export function normalizeMachineConfig(raw: Json, options?: DecodeOptions): string {
  const out: string[] = [];
  const spec = path(raw, 'spec');
  out.push(`MachineConfig ${nameOf(raw)}`);
  out.push(`  pool: ${poolOf(raw) ?? '-'}`);
  out.push(`  created: ${str(path(raw, 'metadata', 'creationTimestamp')) ?? '-'}`);
  out.push(`  release-image-version: ${annotation(raw, labels.releaseImageVersion) ?? '-'}`);
  out.push(
    `  generated-by-controller-version: ${annotation(raw, labels.controllerVersion) ?? '-'}`,
  );
  out.push('');
  out.push(`osImageURL: ${str(path(spec, 'osImageURL')) ?? '-'}`);
  out.push(
    `baseOSExtensionsContainerImage: ${str(path(spec, 'baseOSExtensionsContainerImage')) ?? '-'}`,
  );
  list(out, 'kernelArguments', path(spec, 'kernelArguments'));
  list(out, 'extensions', path(spec, 'extensions'));
  out.push(`fips: ${str(path(spec, 'fips')) ?? '-'}`);
  out.push(`kernelType: ${str(path(spec, 'kernelType')) ?? '-'}`);

  for (const f of files(raw, options)) {
    out.push('');
    out.push(`file ${f.path}`);
    out.push(`  mode: ${f.mode === undefined ? '-' : octal(f.mode)}`);
    out.push(`  overwrite: ${f.overwrite ?? '-'}`);
    out.push(`  user: ${f.user ?? '-'}`);
    out.push(`  group: ${f.group ?? '-'}`);
    if (f.compression) out.push(`  compression: ${f.compression}`);
    contents(out, '  ', f.contents);
  }
  for (const u of units(raw)) {
    out.push('');
    out.push(`unit ${u.name}`);
    out.push(`  enabled: ${u.enabled ?? '-'}`);
    out.push(`  mask: ${u.mask ?? '-'}`);
    if (u.contents) contents(out, '  ', u.contents);
    for (const d of u.dropins) {
      out.push(`  dropin ${d.name}`);
      if (d.contents) contents(out, '    ', d.contents);
    }
  }
  return out.join('\n') + '\n';
}

/** Ignition modes are decimal in JSON/YAML (420); people read them in octal (0644). */
function octal(mode: number): string {
  return '0' + mode.toString(8).padStart(3, '0');
}

function list(out: string[], key: string, v: unknown): void {
  const items = arr(v)
    .map(str)
    .filter((s): s is string => s !== undefined);
  if (items.length === 0) {
    out.push(`${key}: -`);
    return;
  }
  out.push(`${key}:`);
  // Kernel arguments keep their order: the kernel reads them left to right.
  for (const s of items) out.push(`  - ${s}`);
}

function contents(out: string[], indent: string, c: Contents): void {
  switch (c.kind) {
    case 'redacted':
      // The kept length is the only trace of the body: a changed length is a changed line.
      out.push(
        `${indent}contents: ${c.length === undefined ? '<redacted>' : `<redacted, length ${c.length}>`}`,
      );
      return;
    case 'binary':
      out.push(`${indent}contents: <binary ${c.size} bytes sha256:${c.sha256}>`);
      return;
    case 'invalid':
      out.push(`${indent}contents: <invalid: ${c.reason}>`);
      return;
    case 'text': {
      if (c.text === '') {
        out.push(`${indent}contents: <empty>`);
        return;
      }
      out.push(`${indent}contents:`);
      const body = c.text.endsWith('\n') ? c.text.slice(0, -1) : c.text;
      // Blank lines stay blank (no trailing indent); every other byte of the line is kept.
      for (const line of body.split('\n')) out.push(line === '' ? '' : `${indent}  ${line}`);
      if (!c.text.endsWith('\n')) out.push(`${indent}  <no newline at end>`);
      return;
    }
  }
}
