/**
 * Installs the offline test editor once: VS Code 1.100.3 as the npm package code-server@4.100.3
 * (its native modules rebuilt here), plus Debian chromium and ripgrep when missing. Everything
 * lands in the git-ignored `.cache/e2e/`; a marker file makes later runs skip the work.
 * The recipe is `../shared/reference/vscode-offline-e2e.md`.
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, symlinkSync, writeFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const codeServerVersion = '4.100.3';

export interface Editor {
  /** The code-server package folder (holds `out/node/entry.js`). */
  codeServer: string;
  chromium: string;
}

function sh(cmd: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = {}): void {
  execFileSync(cmd, args, {
    cwd,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, ...env },
  });
}

function has(bin: string): boolean {
  try {
    execFileSync('sh', ['-c', `command -v ${bin}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

function ensureDebianPackages(log: (m: string) => void): void {
  const missing: string[] = [];
  if (!existsSync('/usr/bin/chromium')) missing.push('chromium');
  if (!has('rg')) missing.push('ripgrep');
  if (!existsSync('/usr/include/krb5.h') && !existsSync('/usr/include/krb5/krb5.h'))
    missing.push('libkrb5-dev');
  if (missing.length === 0) return;
  if (process.getuid?.() !== 0) {
    throw new Error(
      `end-to-end tests need the Debian packages ${missing.join(' ')}; install them as root (apt-get install ${missing.join(' ')})`,
    );
  }
  log(`installing Debian packages: ${missing.join(' ')}`);
  sh('apt-get', ['update', '-qq'], '/');
  sh('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...missing], '/', {
    DEBIAN_FRONTEND: 'noninteractive',
  });
}

export function ensureEditor(cacheDir: string, log: (m: string) => void): Editor {
  ensureDebianPackages(log);
  const codeServer = join(cacheDir, 'node_modules', 'code-server');
  const marker = join(cacheDir, `.complete-code-server-${codeServerVersion}`);
  if (!existsSync(marker)) {
    log(`installing code-server ${codeServerVersion} into ${cacheDir} (once)`);
    rmSync(cacheDir, { recursive: true, force: true });
    mkdirSync(cacheDir, { recursive: true });
    writeFileSync(join(cacheDir, 'package.json'), '{ "name": "e2e-editor", "private": true }\n');
    const quiet = ['--no-audit', '--no-fund', '--loglevel=error'];
    sh(
      'npm',
      ['install', '--ignore-scripts', ...quiet, `code-server@${codeServerVersion}`],
      cacheDir,
    );
    const vscodeDir = join(codeServer, 'lib', 'vscode');
    // No install scripts: @vscode/ripgrep's would download from GitHub. Native modules are rebuilt instead.
    sh('npm', ['install', '--omit=dev', '--ignore-scripts', ...quiet], vscodeDir);
    sh(
      'npm',
      [
        'rebuild',
        ...quiet,
        '@parcel/watcher',
        'kerberos',
        'node-pty',
        '@vscode/spdlog',
        'native-watchdog',
        '@vscode/deviceid',
      ],
      vscodeDir,
      {
        npm_config_yes: 'true',
      },
    );
    const rgDir = join(vscodeDir, 'node_modules', '@vscode', 'ripgrep', 'bin');
    mkdirSync(rgDir, { recursive: true });
    copyFileSync(
      execFileSync('sh', ['-c', 'command -v rg'], { encoding: 'utf8' }).trim(),
      join(rgDir, 'rg'),
    );
    link('node_modules', join(vscodeDir, 'node_modules.asar'));
    link('code-linux.sh', join(vscodeDir, 'bin', 'remote-cli', 'code-server'));
    link('browser-linux.sh', join(vscodeDir, 'bin', 'helpers', 'browser.sh'));
    sh(
      'npm',
      ['install', '--omit=dev', '--ignore-scripts', ...quiet],
      join(vscodeDir, 'extensions'),
    );
    sh('node', ['postinstall.mjs'], join(vscodeDir, 'extensions'));
    sh('npm', ['rebuild', ...quiet, 'argon2'], cacheDir, { npm_config_yes: 'true' });
    writeFileSync(marker, new Date().toISOString() + '\n');
  }
  return { codeServer, chromium: '/usr/bin/chromium' };
}

function link(target: string, at: string): void {
  rmSync(at, { force: true });
  symlinkSync(target, at);
}
