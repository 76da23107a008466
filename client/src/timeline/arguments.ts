/** What "Show Upgrade Timeline" was run for, from any of the places that run it. */

/**
 * What the command was run for: a root path (a hover's link, with a cause id maybe), an Upgrade
 * Status item (its `root`) or a Findings cause (its `timeline`); nothing from the palette.
 */
export function timelineArguments(
  arg: unknown,
  second: unknown,
): { root?: string; cause?: string } {
  const str = (v: unknown) => (typeof v === 'string' && v !== '' ? v : undefined);
  if (typeof arg === 'string') return dropUndefined({ root: str(arg), cause: str(second) });
  const o = (arg ?? {}) as { root?: unknown; timeline?: { root?: unknown; cause?: unknown } };
  if (o.timeline)
    return dropUndefined({ root: str(o.timeline.root), cause: str(o.timeline.cause) });
  return dropUndefined({ root: str(o.root) });
}

function dropUndefined(o: { root?: string | undefined; cause?: string | undefined }): {
  root?: string;
  cause?: string;
} {
  return {
    ...(o.root !== undefined ? { root: o.root } : {}),
    ...(o.cause !== undefined ? { cause: o.cause } : {}),
  };
}
