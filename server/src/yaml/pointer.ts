/** JSON pointers (RFC 6901): building and splitting them. */

function segment(s: string | number): string {
  const t = String(s);
  // Most keys need no escaping: skip the two replaces (readers build a pointer per key).
  return t.includes('~') || t.includes('/')
    ? '/' + t.replace(/~/g, '~0').replace(/\//g, '~1')
    : '/' + t;
}

export function pointer(...segments: (string | number)[]): string {
  let out = '';
  for (const s of segments) out += segment(s);
  return out;
}

export function join(base: string, ...segments: (string | number)[]): string {
  return base + pointer(...segments);
}

export function split(p: string): string[] {
  if (p === '') return [];
  return p
    .slice(1)
    .split('/')
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
}
