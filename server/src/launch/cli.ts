/**
 * `dist/cli.js`: runs the CLI (`dist/cli-main.js`, built from `cli.ts`) from its code cache in
 * the default cache folder, one per command; `MUST_GATHER_INSPECTOR_CODE_CACHE=0` runs it
 * without. Kept apart and small, so that starting it costs next to nothing.
 */
import { join } from 'node:path';
import { codeCacheFolder, codeCacheVariable, defaultCacheDir } from '../cacheDir';
import { runCached } from './codeCache';

const off = ['0', 'off', 'false'].includes(process.env[codeCacheVariable]?.toLowerCase() ?? '');
// The command names the run; options before it (`--help`) name none.
const key = process.argv.slice(2).find((a) => !a.startsWith('-')) ?? 'none';
runCached(join(__dirname, 'cli-main.js'), {
  dir: off ? undefined : join(defaultCacheDir(), codeCacheFolder),
  key,
});
