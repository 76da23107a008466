/**
 * Detects file and unit contents that a sanitiser (MCO `mco-sanitize`, hand edits before
 * sharing) replaced with a marker. Redacted contents are unknown, not changed: the diff shows
 * `<redacted>` and the summary never counts them as a change.
 *
 * Detection: the whole value (a unit's `contents`, a file's raw `source`, or its decoded text),
 * trimmed, is a short marker made of the word "redacted" (any case), optionally wrapped in
 * brackets, angle brackets, asterisks, dashes or underscores, and optionally followed by the
 * length the sanitiser kept ("REDACTED 1234 bytes", "<redacted: 12 chars>"). Real contents
 * that merely mention the word are not matched because the marker must be the entire value.
 *
 * MCO's `mco-sanitize` (openshift/machine-config-operator main, `devex/cmd/mco-sanitize`,
 * `redactor.go` `redact()`) writes a map instead of a string: a file's whole `contents` object,
 * or a unit's or dropin's `contents`, becomes `{_REDACTED: "This field has been redacted",
 * length: N}`. N is the byte length of a unit or dropin body, and the length of the YAML of a
 * file's `contents` map; either way, a different N on the two sides means the content changed.
 */
const marker =
  /^[\s[<(*_#-]*redacted(?:[\s:=,(-]*(?:\d+\s*(?:bytes?|chars?|characters)?(?:\s*long)?)?)?[\s\])>*_#-]*$/i;

export function isRedactionMarker(value: string): boolean {
  return value.length <= 200 && marker.test(value.trim());
}

/** A raw `contents.source` that is itself a marker, or a data URL whose payload is one. */
export function isRedactedSource(source: string): boolean {
  if (isRedactionMarker(source)) return true;
  const m = /^data:[^,]*,(.*)$/is.exec(source);
  if (!m || m[1]!.length > 600) return false;
  let payload = m[1]!;
  try {
    payload = decodeURIComponent(payload);
  } catch {
    // keep the raw payload
  }
  return isRedactionMarker(payload);
}

/** A sanitiser's redaction map and the length it kept, when it kept one. */
export interface RedactionMap {
  length?: number;
}

/**
 * `{_REDACTED: "...", length: N}` (the key in any case), as `mco-sanitize` writes it; the
 * length is kept only when it is a whole, non-negative number (a number or a digit string).
 */
export function redactionMap(value: unknown): RedactionMap | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const o = value as Record<string, unknown>;
  if (!Object.keys(o).some((k) => k.toUpperCase() === '_REDACTED')) return undefined;
  const n =
    typeof o.length === 'string' && /^\d{1,15}$/.test(o.length) ? Number(o.length) : o.length;
  return typeof n === 'number' && Number.isSafeInteger(n) && n >= 0 ? { length: n } : {};
}
