/**
 * The CLI's code cache (issue 43): `dist/cli.js` runs `dist/cli-main.js` from V8's cache of an
 * earlier run of the same command, kept in the user's cache folder; the output never depends on
 * it, a cache V8 refuses is replaced, and no cache (off, or a folder that cannot be written)
 * only costs the compile.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { repoRoot, samples } from '../support/fixtures';

const cli = join(repoRoot, 'dist', 'cli.js');
const tmp = mkdtempSync(join(tmpdir(), 'mgi-code-cache-'));
after(() => rmSync(tmp, { recursive: true, force: true }));

function run(cacheHome: string, args: string[], extra: NodeJS.ProcessEnv = {}) {
  const r = spawnSync(process.execPath, [cli, ...args], {
    encoding: 'utf8',
    env: { ...process.env, XDG_CACHE_HOME: cacheHome, ...extra },
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

const codeDir = (home: string) => join(home, 'must-gather-inspector', '.code-cache');
const files = (home: string) =>
  existsSync(codeDir(home)) ? readdirSync(codeDir(home)).sort() : [];
const analyze = ['analyze', samples.workerBlocksMco, '--format', 'json'];

describe('the CLI code cache', () => {
  it('is written after the first run of a command, used as it is by the next, and changes nothing printed', () => {
    const home = join(tmp, 'first');
    const uncached = run(home, analyze, { MUST_GATHER_INSPECTOR_CODE_CACHE: '0' });
    assert.deepEqual(files(home), [], 'off: nothing written');
    const first = run(home, analyze);
    const [file, ...more] = files(home);
    assert.ok(file && more.length === 0, files(home).join(', '));
    assert.match(file, /^cli-main_[0-9a-f]{8}_analyze_v\d+\.\d+\.\d+-\w+-\d+-\d+\.bin$/);
    assert.equal(statSync(codeDir(home)).mode & 0o777, 0o700);
    const written = statSync(join(codeDir(home), file));
    assert.ok(written.size > 100_000, `${written.size} bytes`);
    const second = run(home, analyze);
    assert.equal(statSync(join(codeDir(home), file)).mtimeMs, written.mtimeMs, 'not written again');
    for (const r of [first, second]) {
      assert.equal(r.code, uncached.code);
      assert.equal(r.stdout, uncached.stdout);
      assert.equal(r.stderr, uncached.stderr);
    }
    // Another command has its own file; `--version` (no command) too.
    run(home, ['status', samples.workerBlocksMco]);
    assert.equal(run(home, ['--version']).code, 0);
    assert.equal(files(home).length, 3, files(home).join(', '));
  });

  it('replaces a cache V8 refuses, and one of an earlier build of the CLI', () => {
    const home = join(tmp, 'refused');
    const expected = run(home, analyze, { MUST_GATHER_INSPECTOR_CODE_CACHE: '0' });
    run(home, analyze);
    const [file] = files(home);
    assert.ok(file);
    const path = join(codeDir(home), file);
    writeFileSync(path, Buffer.alloc(statSync(path).size, 7));
    // An earlier build's file for the same command goes when this one is written.
    const stale = file.replace(/-\d+-\d+\.bin$/, '-1-2.bin');
    writeFileSync(join(codeDir(home), stale), 'old');
    const r = run(home, analyze);
    assert.equal(r.stdout, expected.stdout);
    assert.equal(r.code, expected.code);
    assert.notDeepEqual(readFileSync(path).subarray(0, 64), Buffer.alloc(64, 7), 'rewritten');
    assert.deepEqual(files(home), [file], 'the stale file removed');
  });

  it(
    'costs nothing but the compile when its folder cannot be written',
    { skip: process.getuid?.() === 0 ? 'root writes anywhere' : false },
    () => {
      const home = join(tmp, 'locked');
      mkdirSync(home);
      chmodSync(home, 0o500);
      try {
        const r = run(home, analyze);
        assert.equal(r.code, 1);
        assert.equal(r.stderr, '');
        assert.ok(JSON.parse(r.stdout));
      } finally {
        chmodSync(home, 0o700);
      }
    },
  );

  it('costs nothing but the compile when its folder is a file', () => {
    const home = join(tmp, 'blocked');
    mkdirSync(join(home, 'must-gather-inspector'), { recursive: true });
    writeFileSync(codeDir(home), 'not a folder');
    const expected = run(home, analyze, { MUST_GATHER_INSPECTOR_CODE_CACHE: 'off' });
    const r = run(home, analyze);
    assert.equal(r.code, expected.code);
    assert.equal(r.stdout, expected.stdout);
    assert.equal(r.stderr, '');
  });

  it('goes with `cache clear`, which counts only archives', () => {
    const home = join(tmp, 'clear');
    run(home, analyze);
    assert.equal(files(home).length, 1);
    const r = run(home, ['cache', 'clear']);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /^removed 0 entries from /);
    // The clear's own run keeps its cache, written as it exits: the analysis' is gone.
    assert.deepEqual(
      files(home).filter((f) => !/_cache_/.test(f)),
      [],
    );
  });
});
