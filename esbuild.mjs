// Bundles the extension client, the language server, the CLI, the MCP server and the test files.
import * as esbuild from 'esbuild';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { readFileSync } from 'node:fs';

const pkg = JSON.parse(readFileSync('package.json', 'utf8'));

const production = process.argv.includes('--production');
const watch = process.argv.includes('--watch');

/** Every *.test.ts under a folder, recursively. */
function testEntries(dir) {
  const out = [];
  for (const name of readdirSync(dir)) {
    const full = join(dir, name);
    if (name === 'fixtures' || name === 'node_modules') continue;
    if (statSync(full).isDirectory()) out.push(...testEntries(full));
    else if (/\.(test|e2e)\.ts$/.test(name) || full === join('test', 'e2e', 'suite', 'index.ts'))
      out.push(full);
  }
  return out;
}

const common = {
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  sourcemap: production ? false : 'linked',
  minify: production,
  logLevel: 'warning',
  define: { __VERSION__: JSON.stringify(pkg.version) },
};

/** Prints the lines the $esbuild-watch problem matcher looks for. */
const watchReporter = {
  name: 'watch-reporter',
  setup(build) {
    build.onStart(() => console.log('[watch] build started'));
    build.onEnd((r) => console.log(`[watch] build finished (${r.errors.length} errors)`));
  },
};

const configs = [
  {
    ...common,
    entryPoints: { client: 'client/src/extension.ts' },
    outdir: 'dist',
    external: ['vscode'],
  },
  {
    // The Upgrade Timeline's page, run in a webview: a browser script the panel inlines.
    ...common,
    platform: 'browser',
    format: 'iife',
    target: 'es2022',
    sourcemap: false,
    entryPoints: { timeline: 'client/webview/timeline/main.ts' },
    outdir: 'dist/webview',
  },
  {
    ...common,
    entryPoints: {
      server: 'server/src/server.ts',
      // `cli.js` starts the CLI (`cli-main.js`) from its code cache (server/src/launch/).
      cli: 'server/src/launch/cli.ts',
      'cli-main': 'server/src/cli.ts',
      mcp: 'server/src/mcp.ts',
      // The analysis' read threads (server/src/gather/readPool.ts), started by the three above.
      readWorker: 'server/src/readWorker.ts',
    },
    outdir: 'dist',
    banner: { js: '#!/usr/bin/env node' },
  },
];
if (!production) {
  configs.push({
    ...common,
    entryPoints: testEntries('test'),
    outbase: 'test',
    outdir: 'out/test',
    // Loaded at run time: the editor API, the in-editor test runner and the browser driver.
    external: ['vscode', 'mocha', 'playwright-core'],
  });
}

if (watch) {
  for (const c of configs) {
    const ctx = await esbuild.context({ ...c, plugins: [watchReporter] });
    await ctx.watch();
  }
} else {
  await Promise.all(configs.map((c) => esbuild.build(c)));
}
