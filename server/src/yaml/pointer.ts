/** JSON pointers (RFC 6901): building and splitting them. */

export function pointer(...segments: (string | number)[]): string {
  return segments.map((s) => '/' + String(s).replace(/~/g, '~0').replace(/\//g, '~1')).join('');
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
