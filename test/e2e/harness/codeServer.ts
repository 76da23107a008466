/**
 * Starts code-server on 127.0.0.1 with a random port, a throwaway user-data-dir and
 * extensions-dir, telemetry, updates, the gallery and the welcome page off. It runs in its own
 * process group so that stopping it also stops the extension host and the language server.
 *
 * Workspace trust is off unless `restrictedMode` is asked for: then the folder opens untrusted,
 * in Restricted Mode, without the trust prompt. An extension loaded from a development path
 * (the `extensionDevelopmentPath` payload) runs even there whatever its
 * `capabilities.untrustedWorkspaces` says, so a Restricted Mode test installs the extension
 * (`installExtensionFrom`) as a user would have it.
 */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';

export interface CodeServer {
  authority: string;
  pid: number;
  output: string[];
  /** The installed copy of the extension, when `installExtensionFrom` was given. */
  extensionDir?: string;
  stop(): void;
}

export interface CodeServerOptions {
  /** Extra environment for code-server and so the extension host and the language server. */
  env?: NodeJS.ProcessEnv;
  /** Workspace trust enabled and the folder not trusted (Restricted Mode), with no prompt. */
  restrictedMode?: boolean;
  /**
   * An extension folder (the repository) to install before the first start, as its package
   * holds it: the files that `.vscodeignore` lets into the vsix, in
   * `<extensions-dir>/<publisher>.<name>-<version>/`.
   */
  installExtensionFrom?: string;
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
 * Copies what the packaged extension holds: `.vscodeignore` is an allow-list (`**` then
 * `!file` and `!folder/**` lines), and each allowed file or folder is copied. Any other pattern
 * fails loudly rather than installing something that differs from the vsix.
 */
function installExtensionCopy(from: string, extensionsDir: string): string {
  const pkg = JSON.parse(readFileSync(join(from, 'package.json'), 'utf8')) as {
    publisher: string;
    name: string;
    version: string;
  };
  const dir = join(extensionsDir, `${pkg.publisher}.${pkg.name}-${pkg.version}`);
  const rules = readFileSync(join(from, '.vscodeignore'), 'utf8')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'));
  if (rules[0] !== '**') throw new Error('.vscodeignore is expected to start with `**`');
  for (const rule of rules.slice(1)) {
    const m = /^!([\w./-]+?)(\/\*\*)?$/.exec(rule);
    if (!m || m[1]!.includes('*')) throw new Error(`unsupported .vscodeignore line: ${rule}`);
    const target = join(dir, m[1]!);
    mkdirSync(dirname(target), { recursive: true });
    cpSync(join(from, m[1]!), target, { recursive: true });
  }
  return dir;
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
  // Before the first start: code-server scans the folder only while extensions.json is missing.
  const extensionDir = options.installExtensionFrom
    ? installExtensionCopy(options.installExtensionFrom, extensionsDir)
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
      env: {
        ...process.env,
        ...options.env,
        EXTENSIONS_GALLERY: '{}',
        XDG_CONFIG_HOME: join(tmp, 'config'),
      },
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
