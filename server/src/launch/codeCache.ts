/**
 * Runs a CommonJS bundle from V8's code cache: the bytecode of the functions a run of the same
 * command compiled, kept from an earlier run. Compiling the bundle and then each function as it
 * is first called is a large share of a short run (about a seventh of `analyze` on a 2 GiB
 * must-gather); Node 22 does the same with `module.enableCompileCache()`, which Node 20 lacks.
 *
 * One file per bundle, command and Node build, in the user's cache (never beside what is
 * analysed), written whole (beside, then renamed) when there was none or V8 refused it (another
 * Node, another bundle). Best effort: a cache that cannot be read or written only costs the
 * compile. V8 checks the source and its own version and flags before it uses a cache.
 */
import {
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Script } from 'node:vm';

/** The wrapper Node puts around a CommonJS module. */
const wrap = (source: string): string =>
  `(function (exports, require, module, __filename, __dirname) { ${source}\n});`;

/** A cache bigger than this is not ours (V8's cache of the CLI is under 1 MiB). */
const maxCacheBytes = 32 * 1024 * 1024;

export interface CodeCacheOptions {
  /** Where cache files go; none runs the bundle without a cache. */
  dir: string | undefined;
  /** What the run is (a command's name): functions differ from one command to another. */
  key: string;
}

/** Runs `bundle` as the main module would run, with its code cache when there is one. */
export function runCached(bundle: string, options: CodeCacheOptions): void {
  // The bundle's first line is a `#!` for running it directly: a comment of the same length.
  const source = readFileSync(bundle, 'utf8').replace(/^#!/, '//');
  const file = options.dir && cacheFile(bundle, options.dir, options.key);
  let cachedData: Buffer | undefined;
  if (file) {
    try {
      if (statSync(file).size <= maxCacheBytes) cachedData = readFileSync(file);
    } catch {
      // none yet
    }
  }
  const script = new Script(wrap(source), {
    filename: bundle,
    ...(cachedData ? { cachedData } : {}),
  });
  if (file && (!cachedData || script.cachedDataRejected)) {
    // After the run, when every function it called is compiled and goes in the cache too.
    process.once('exit', () => writeCache(file, script));
  }
  const fn = script.runInThisContext() as (...args: unknown[]) => void;
  const module = { exports: {}, filename: bundle, id: '.', loaded: false, children: [] };
  fn.call(module.exports, module.exports, createRequire(bundle), module, bundle, dirname(bundle));
}

/**
 * `<bundle>_<place>_<command>_<node>-<arch>-<size>-<mtime>.bin`: what the file is for, then
 * which build of it.
 */
function cacheFile(bundle: string, dir: string, key: string): string | undefined {
  try {
    const st = statSync(bundle);
    // Named by the bundle's place too: two installs do not take each other's cache away.
    const place = fnv1a(bundle);
    const command = key.replace(/[^a-z0-9-]/gi, '-').slice(0, 40) || 'none';
    const what = `${bundle.replace(/^.*[\\/]/, '').replace(/\.js$/, '')}_${place}_${command}_`;
    const version = [process.version, process.arch, st.size, Math.trunc(st.mtimeMs)].join('-');
    return join(dir, `${what}${version}.bin`);
  } catch {
    return undefined;
  }
}

function writeCache(file: string, script: Script): void {
  try {
    const dir = dirname(file);
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const part = `${file}.${process.pid}.part`;
    writeFileSync(part, script.createCachedData(), { mode: 0o600 });
    renameSync(part, file);
    // One file per bundle and command: the caches of earlier builds or Node versions go.
    const name = file.slice(dir.length + 1);
    const what = name.slice(0, name.lastIndexOf('_') + 1);
    for (const other of readdirSync(dir)) {
      if (other !== name && other.startsWith(what) && other.endsWith('.bin'))
        rmSync(join(dir, other), { force: true });
    }
  } catch {
    // A cache that cannot be written costs only the next run's compile.
  }
}

/** A short, stable name for a path (FNV-1a): cheaper to start than node:crypto. */
function fnv1a(s: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(16).padStart(8, '0');
}
