/** `must-gather-inspector cache list|clear`: the archives extracted into the cache. */
import { clearCache, listCache } from '../service';

export async function cacheCommand(action: 'list' | 'clear', cacheDir: string): Promise<number> {
  if (action === 'clear') {
    const n = await clearCache(cacheDir);
    process.stdout.write(`removed ${n} entr${n === 1 ? 'y' : 'ies'} from ${cacheDir}\n`);
    return 0;
  }
  const entries = await listCache(cacheDir);
  if (entries.length === 0) process.stdout.write(`${cacheDir}: empty\n`);
  for (const e of entries) {
    process.stdout.write(
      `${e.archive}  ${(e.bytes / 1024 ** 2).toFixed(1)} MiB  last used ${e.lastUsed.toISOString()}  ${e.root}\n`,
    );
  }
  return 0;
}
