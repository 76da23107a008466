// Runs the bundled tests (out/test, built by esbuild.mjs) with node's test runner and closes
// with one line, `N passed, N failed`, over every layer that ran.
//   node test/run.mjs            unit, lsp and e2e (real VS Code through code-server)
//   node test/run.mjs unit lsp   only those layers
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const all = ['unit', 'lsp', 'e2e'];
const wanted = process.argv.slice(2).length > 0 ? process.argv.slice(2) : all;
const hardTimeoutMs = 45 * 60_000; // a last resort: every e2e wait has its own, shorter timeout

function files(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) return files(full);
    return name.endsWith('.test.js') ? [full] : [];
  });
}

/**
 * Processes the e2e tests start carry `mgi-e2e-<run>-` in their command line (the run id is this
 * process's pid, passed down as MGI_E2E_RUN); none may outlive us. Only this run's are killed,
 * never another run's on the same machine.
 */
const runMarker = `mgi-e2e-${process.pid}-`;
function killLeftovers() {
  for (const pid of readdirSync('/proc').filter(
    (n) => /^\d+$/.test(n) && Number(n) !== process.pid,
  )) {
    try {
      if (readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(runMarker))
        process.kill(Number(pid), 'SIGKILL');
    } catch {
      // gone already
    }
  }
}

/**
 * The archive tests compress with Debian's xz-utils, as support engineers do; as root (CI) it is
 * installed when missing, like the e2e harness installs its packages.
 */
function ensureXz() {
  const found = spawnSync('sh', ['-c', 'command -v xz'], { stdio: 'ignore' }).status === 0;
  if (found || process.getuid?.() !== 0) return;
  console.log('installing the Debian package xz-utils (the archive tests compress with xz)');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  spawnSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'xz-utils'], {
    stdio: 'inherit',
    env,
  });
}
if (wanted.includes('unit')) ensureXz();

const tests = wanted.flatMap((l) => files(join('out', 'test', l))).sort();
if (tests.length === 0) {
  console.error(`no test files found for: ${wanted.join(', ')} (did the build run?)`);
  process.exit(1);
}

const tapDir = mkdtempSync(join(tmpdir(), 'mgi-tap-'));
const tap = join(tapDir, 'results.tap');
const child = spawn(
  process.execPath,
  [
    '--enable-source-maps',
    '--test',
    '--test-reporter=spec',
    '--test-reporter-destination=stdout',
    '--test-reporter=tap',
    `--test-reporter-destination=${tap}`,
    ...tests,
  ],
  { stdio: 'inherit', env: { ...process.env, MGI_E2E_RUN: String(process.pid) } },
);
const timer = setTimeout(() => {
  console.error(`\ntests did not finish within ${hardTimeoutMs / 60_000} minutes: stopping them`);
  child.kill('SIGKILL');
}, hardTimeoutMs);

child.on('exit', (code) => {
  clearTimeout(timer);
  killLeftovers();
  const text = existsSync(tap) ? readFileSync(tap, 'utf8') : '';
  rmSync(tapDir, { recursive: true, force: true });
  const count = (what) => Number(new RegExp(`^# ${what} (\\d+)$`, 'm').exec(text)?.[1] ?? 0);
  const passed = count('pass');
  const failed = count('fail') + count('cancelled');
  console.log(`\n${passed} passed, ${failed} failed`);
  process.exit(code === 0 && failed === 0 && passed > 0 ? 0 : 1);
});
