/**
 * Starts code-server on 127.0.0.1 with a random port, a throwaway user-data-dir and
 * extensions-dir, telemetry, updates, the gallery and the welcome page off. It runs in its own
 * process group so that stopping it also stops the extension host and the language server.
 *
 * Workspace trust is off unless `restrictedMode` is asked for: then the folder opens untrusted,
 * in Restricted Mode, without the trust prompt. An extension loaded from a development path
 * (the `extensionDevelopmentPath` payload) runs even there whatever its
 * `capabilities.untrustedWorkspaces` says, so a Restricted Mode test installs the packaged
 * extension (`installVsix`) as a user has it.
 */
import { spawn, spawnSync } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';

export interface CodeServer {
  authority: string;
  pid: number;
  output: string[];
  /** The installed extension's folder, when `installVsix` was given. */
  extensionDir?: string;
  stop(): void;
}

export interface CodeServerOptions {
  /** Extra environment for code-server and so the extension host and the language server. */
  env?: NodeJS.ProcessEnv;
  /** Workspace trust enabled and the folder not trusted (Restricted Mode), with no prompt. */
  restrictedMode?: boolean;
  /**
   * A packaged extension (`.vsix`, beside a copy of its package.json) to install before the
   * first start, as a user installs it.
   */
  installVsix?: string;
}

const userSettings = {
  'workbench.startupEditor': 'none',
  'security.workspace.trust.enabled': false,
  'workbench.welcomePage.walkthroughs.openOnInstall': false,
  'workbench.tips.enabled': false,
  'telemetry.telemetryLevel': 'off',
  'update.mode': 'none',
  'extensions.ignoreRecommendations': true,
  'extensions.autoCheckUpdates': false,
  'extensions.autoUpdate': false,
  'chat.commandCenter.enabled': false,
  'editor.hover.delay': 100,
  'workbench.editor.enablePreview': false,
  'window.confirmBeforeClose': 'never',
  'explorer.compactFolders': false,
  'diffEditor.useInlineViewWhenSpaceIsLimited': false,
  'git.enabled': false,
};

/** Trust on, and nothing trusted: the workspace opens in Restricted Mode and asks nothing. */
const restrictedModeSettings = {
  'security.workspace.trust.enabled': true,
  'security.workspace.trust.startupPrompt': 'never',
  'security.workspace.trust.untrustedFiles': 'open',
};

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() =>
        typeof addr === 'object' && addr ? resolve(addr.port) : reject(new Error('no port')),
      );
    });
  });
}

/**
 * Installs a packaged extension as a user does (`--install-extension x.vsix`), before the first
 * start, into this server's own extensions folder; returns the installed extension's folder.
 */
function installVsix(
  codeServerDir: string,
  vsix: string,
  userData: string,
  extensionsDir: string,
  env: NodeJS.ProcessEnv,
): string {
  const r = spawnSync(
    process.execPath,
    [
      join(codeServerDir, 'out', 'node', 'entry.js'),
      '--install-extension',
      vsix,
      '--user-data-dir',
      userData,
      '--extensions-dir',
      extensionsDir,
    ],
    { encoding: 'utf8', env, timeout: 120_000 },
  );
  const pkg = JSON.parse(readFileSync(join(dirname(vsix), 'package.json'), 'utf8')) as {
    publisher: string;
    name: string;
  };
  const dir = readdirSync(extensionsDir).find((n) => n.startsWith(`${pkg.publisher}.${pkg.name}-`));
  if (r.status !== 0 || !dir)
    throw new Error(`installing ${vsix} failed (${r.status}):\n${r.stdout}\n${r.stderr}`);
  return join(extensionsDir, dir);
}

export async function startCodeServer(
  codeServerDir: string,
  tmp: string,
  options: CodeServerOptions = {},
): Promise<CodeServer> {
  const userData = join(tmp, 'user-data');
  const extensionsDir = join(tmp, 'extensions');
  mkdirSync(join(userData, 'User'), { recursive: true });
  const settings = { ...userSettings, ...(options.restrictedMode ? restrictedModeSettings : {}) };
  writeFileSync(join(userData, 'User', 'settings.json'), JSON.stringify(settings, null, 2));
  const env = {
    ...process.env,
    ...options.env,
    EXTENSIONS_GALLERY: '{}',
    XDG_CONFIG_HOME: join(tmp, 'config'),
  };
  mkdirSync(extensionsDir, { recursive: true });
  const extensionDir = options.installVsix
    ? installVsix(codeServerDir, options.installVsix, userData, extensionsDir, env)
    : undefined;
  const port = await freePort();
  const authority = `127.0.0.1:${port}`;
  const proc: ChildProcess = spawn(
    process.execPath,
    [
      join(codeServerDir, 'out', 'node', 'entry.js'),
      '--auth',
      'none',
      '--bind-addr',
      authority,
      '--disable-telemetry',
      '--disable-update-check',
      ...(options.restrictedMode ? [] : ['--disable-workspace-trust']),
      '--disable-getting-started-override',
      '--ignore-last-opened',
      '--user-data-dir',
      userData,
      '--extensions-dir',
      extensionsDir,
    ],
    {
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env,
    },
  );
  const output: string[] = [];
  const stop = () => {
    try {
      if (proc.pid) process.kill(-proc.pid, 'SIGKILL');
    } catch {
      // already gone
    }
  };
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      stop();
      reject(new Error(`code-server did not start within 30 s:\n${output.join('')}`));
    }, 30_000);
    const onData = (d: Buffer) => {
      output.push(d.toString());
      if (d.toString().includes('HTTP server listening')) {
        clearTimeout(timer);
        resolve();
      }
    };
    proc.stdout?.on('data', onData);
    proc.stderr?.on('data', (d: Buffer) => output.push(d.toString()));
    proc.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`code-server exited with ${code}:\n${output.join('')}`));
    });
  });
  return { authority, pid: proc.pid ?? 0, output, extensionDir, stop };
}
