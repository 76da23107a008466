/** `cache list|clear`: the archives extracted into the cache. */
import { defineCommand, UsageError } from '../command';
import { cacheCommand } from '../cache';
import { cacheDirOption } from '../options';
import { cacheDirOf } from './shared';

export const cache = defineCommand({
  name: 'cache',
  operands: 'list|clear',
  summary: 'The extracted archives kept in the cache, or remove them all.',
  description: 'The extracted archives kept in the cache, or remove them all.',
  exitStatus: '0, 2 on bad usage or a fatal error.',
  options: [cacheDirOption],
  args(p): { action: 'list' | 'clear'; cacheDir: string } {
    const [action, ...more] = p.operands;
    if ((action === 'list' || action === 'clear') && more.length === 0)
      return { action, cacheDir: cacheDirOf(p) };
    throw new UsageError('cache takes list or clear');
  },
  run: (a) => cacheCommand(a.action, a.cacheDir),
});
