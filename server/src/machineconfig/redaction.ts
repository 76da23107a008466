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
