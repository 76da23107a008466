/**
 * The case report's Content-Security-Policy: nothing but its own inline style, allowed by hash.
 * A report opened from a case attachment then runs nothing, loads nothing and submits nothing,
 * even if an escape were missed. A `style=` attribute would be blocked too: the report has none.
 */
import { createHash } from 'node:crypto';

/** `'sha256-…'` of the exact text inside `<style>`. */
function styleHash(style: string): string {
  return `'sha256-${createHash('sha256').update(style, 'utf8').digest('base64')}'`;
}

/** The `<meta http-equiv>` element, first in `<head>` after the charset. */
export function cspMeta(style: string): string {
  const policy = [
    "default-src 'none'",
    `style-src ${styleHash(style)}`,
    "script-src 'none'",
    "img-src 'none'",
    "font-src 'none'",
    "connect-src 'none'",
    "frame-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');
  return `<meta http-equiv="Content-Security-Policy" content="${policy}">`;
}
