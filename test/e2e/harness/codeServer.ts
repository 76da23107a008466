/**
 * Starts code-server on 127.0.0.1 with a random port, a throwaway user-data-dir and
 * extensions-dir, telemetry, updates, the gallery and the welcome page off. It runs in its own
 * process group so that stopping it also stops the extension host and the language server.
 */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';

export interface CodeServer {
  authority: string;
  pid: number;
  output: string[];
  stop(): void;
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

export async function freePort(): Promise<number> {
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

export async function startCodeServer(
  codeServerDir: string,
  tmp: string,
  env: NodeJS.ProcessEnv,
): Promise<CodeServer> {
  const userData = join(tmp, 'user-data');
  mkdirSync(join(userData, 'User'), { recursive: true });
  writeFileSync(join(userData, 'User', 'settings.json'), JSON.stringify(userSettings, null, 2));
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
      '--disable-workspace-trust',
      '--disable-getting-started-override',
      '--ignore-last-opened',
      '--user-data-dir',
      userData,
      '--extensions-dir',
      join(tmp, 'extensions'),
    ],
    {
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        ...env,
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
  return { authority, pid: proc.pid ?? 0, output, stop };
}
