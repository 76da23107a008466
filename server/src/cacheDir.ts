/**
 * Where the inspector keeps what it may throw away: archives extracted once each, and the code
 * cache that makes the CLI start faster. Never beside what is analysed.
 */
import { homedir } from 'node:os';
import { join } from 'node:path';

/** `$XDG_CACHE_HOME/must-gather-inspector`, else `~/.cache/must-gather-inspector`. */
export function defaultCacheDir(env: NodeJS.ProcessEnv = process.env): string {
  const base =
    env.XDG_CACHE_HOME && env.XDG_CACHE_HOME !== ''
      ? env.XDG_CACHE_HOME
      : join(homedir(), '.cache');
  return join(base, 'must-gather-inspector');
}

/** The CLI's code cache, a folder of the default cache (`launch/codeCache.ts`). */
export const codeCacheFolder = '.code-cache';

/** Set to `0` or `off`, the CLI keeps no code cache. */
export const codeCacheVariable = 'MUST_GATHER_INSPECTOR_CODE_CACHE';
