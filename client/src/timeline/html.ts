/**
 * The Upgrade Timeline's page: its script and style inlined under a Content-Security-Policy that
 * allows nothing but them (by nonce). No URL of any kind, so nothing can be fetched, and the
 * must-gather's data arrives later by message, as text.
 */
import { randomBytes } from 'node:crypto';

export function nonce(): string {
  return randomBytes(18).toString('base64');
}

/** `</script` or `</style` inside the inlined text would end its element early. */
function inline(text: string, tag: 'script' | 'style'): string {
  return text.replace(new RegExp(`</(${tag})`, 'gi'), '<\\/$1');
}

export function timelineHtml(o: { nonce: string; script: string; style: string }): string {
  const csp = [
    "default-src 'none'",
    `style-src 'nonce-${o.nonce}'`,
    `script-src 'nonce-${o.nonce}'`,
  ].join('; ');
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<title>Upgrade Timeline</title>
<style nonce="${o.nonce}">${inline(o.style, 'style')}</style>
</head>
<body>
<div id="app"></div>
<script nonce="${o.nonce}">${inline(o.script, 'script')}</script>
</body>
</html>
`;
}
