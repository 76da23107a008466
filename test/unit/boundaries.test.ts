/**
 * The import boundaries of ARCHITECTURE.md, as eslint.config.mjs enforces them: imports that break
 * them are rejected, allowed ones pass, and the tree holds. ESLint runs through its Node API.
 */
import assert from 'node:assert/strict';
import { readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { before, describe, it } from 'node:test';
import type { ESLint, Linter } from 'eslint';
import { repoRoot } from '../support/fixtures';

// Loaded from the checkout at run time, so esbuild leaves ESLint out of the test bundle.
const load = createRequire(join(repoRoot, 'package.json'));

const pathRule = 'import-x/no-restricted-paths';
const packageRule = 'no-restricted-imports';
const syntaxRule = 'no-restricted-syntax';
const boundaryRules = new Set([pathRule, packageRule, syntaxRule]);

/**
 * A copy of ARCHITECTURE.md's table, kept apart from the config's so each checks the other:
 * module → its paths under server/src, and the other server modules it may import.
 */
const table: Record<string, { paths: string[]; mayImport: string[] }> = {
  core: { paths: ['core'], mayImport: [] },
  protocol: { paths: ['protocol'], mayImport: ['core'] },
  limits: { paths: ['limits.ts'], mayImport: [] },
  version: { paths: ['version.ts'], mayImport: [] },
  cacheDir: { paths: ['cacheDir.ts'], mayImport: [] },
  yaml: { paths: ['yaml'], mayImport: ['core', 'limits'] },
  gather: { paths: ['gather'], mayImport: ['core', 'yaml', 'limits', 'cacheDir'] },
  model: { paths: ['model'], mayImport: ['core', 'yaml', 'gather', 'limits'] },
  machineconfig: { paths: ['machineconfig'], mayImport: ['core', 'model', 'limits'] },
  rules: { paths: ['rules'], mayImport: ['core', 'model', 'machineconfig', 'limits'] },
  analysis: {
    paths: ['analysis'],
    mayImport: ['core', 'yaml', 'gather', 'model', 'machineconfig', 'rules', 'limits'],
  },
  features: {
    paths: ['features'],
    mayImport: [
      'core',
      'yaml',
      'gather',
      'model',
      'machineconfig',
      'analysis',
      'protocol',
      'limits',
    ],
  },
  // What the CLI and the language server both print: case summary, reported findings.
  reports: {
    paths: ['reports'],
    mayImport: ['core', 'yaml', 'gather', 'model', 'machineconfig', 'rules', 'analysis', 'limits'],
  },
  service: {
    paths: ['service'],
    mayImport: [
      'core',
      'yaml',
      'gather',
      'model',
      'machineconfig',
      'rules',
      'analysis',
      'reports',
      'limits',
      'version',
      'cacheDir',
    ],
  },
  // The front ends: the facade, the contracts, their own layers.
  agent: { paths: ['agent'], mayImport: ['core', 'service', 'limits', 'version'] },
  cli: { paths: ['cli', 'cli.ts'], mayImport: ['core', 'service', 'limits', 'version'] },
  mcp: { paths: ['mcp', 'mcp.ts'], mayImport: ['core', 'service', 'agent', 'limits', 'version'] },
  // A read thread: the reading it runs, through service/readThread.ts (a bundle of its own).
  readWorker: { paths: ['readWorker.ts'], mayImport: ['service'] },
  // Starts the CLI's bundle from its code cache: nothing of the analysis, so it starts at once.
  launch: { paths: ['launch'], mayImport: ['cacheDir'] },
  lsp: {
    paths: ['lsp', 'server.ts'],
    mayImport: ['core', 'service', 'features', 'protocol', 'agent', 'limits', 'version'],
  },
};
const lspPackages = [
  'vscode-languageserver',
  'vscode-languageserver/node',
  'vscode-languageserver-protocol',
  'vscode-languageserver-textdocument',
  'vscode-jsonrpc',
];
const mcpPackages = ['@modelcontextprotocol/sdk/server/mcp.js', 'zod'];
/**
 * The LSP libraries and the MCP SDK each module may use (node's and `yaml` are free); the editor
 * API is the client's.
 */
const packagesAllowed: Record<string, string[]> = {
  lsp: lspPackages,
  features: lspPackages,
  protocol: ['vscode-languageserver-protocol'],
  mcp: mcpPackages,
};
const otherPackages = ['vscode', 'vscode-languageclient/node', 'yaml', 'node:path'];

const serverSrc = join(repoRoot, 'server', 'src');
const isFile = (p: string) => p.endsWith('.ts');

/** The file a probe of a module's path is linted as: the file itself, or a new one in the folder. */
const probeFile = (p: string) => join(serverSrc, isFile(p) ? p : join(p, 'boundaryProbe.ts'));

/** One real file of a module's path, as an import specifier relative to server/src. */
function sampleOf(p: string): string {
  if (isFile(p)) return p.slice(0, -'.ts'.length);
  const first = readdirSync(join(serverSrc, p))
    .filter((n) => n.endsWith('.ts') && statSync(join(serverSrc, p, n)).isFile())
    .sort()[0];
  assert.ok(first, `no .ts file in server/src/${p}`);
  return `${p}/${first.slice(0, -'.ts'.length)}`;
}

let eslint: ESLint;
before(() => {
  const { ESLint: Eslint } = load('eslint') as { ESLint: typeof ESLint };
  // Only the boundary rules run: the other rules have nothing to say about virtual files.
  eslint = new Eslint({
    cwd: repoRoot,
    ruleFilter: ({ ruleId }) => boundaryRules.has(ruleId),
  });
});

/** The boundary messages for `code` linted as the file `rel` (from the repository root). */
async function lint(rel: string, code: string): Promise<Linter.LintMessage[]> {
  const [result] = await eslint.lintText(code, { filePath: join(repoRoot, rel) });
  assert.ok(result);
  const fatal = result.messages.filter((m) => m.fatal);
  assert.deepEqual(fatal, [], `${rel} did not parse`);
  return result.messages.filter((m) => m.ruleId !== null && boundaryRules.has(m.ruleId));
}

async function rejects(rel: string, code: string, ruleId = pathRule): Promise<void> {
  const messages = await lint(rel, code);
  assert.ok(messages.length > 0, `${rel}: ${code} was allowed`);
  assert.deepEqual(
    messages.map((m) => m.ruleId),
    messages.map(() => ruleId),
  );
}

async function passes(rel: string, code: string): Promise<void> {
  assert.deepEqual(await lint(rel, code), [], `${rel}: ${code}`);
}

describe('import boundaries (eslint.config.mjs)', () => {
  it('reject core/ importing rules/', () =>
    rejects('server/src/core/x.ts', "import { rules } from '../rules/registry';\nvoid rules;\n"));

  it('reject rules/ importing lsp/, type-only or re-exported', async () => {
    await rejects('server/src/rules/x.ts', "import type { Workspace } from '../lsp/workspace';\n");
    await rejects('server/src/rules/x.ts', "export { Workspace } from '../lsp/workspace';\n");
    await rejects('server/src/rules/x.ts', "export * from '../lsp/workspace';\n");
  });

  it('reject cli/ and cli.ts importing features/ or protocol/', async () => {
    await rejects(
      'server/src/cli/x.ts',
      "import { toDiagnostic } from '../features/diagnostics';\nvoid toDiagnostic;\n",
    );
    await rejects('server/src/cli.ts', "import { compareCommand } from './protocol/messages';\n");
  });

  it('reject agent/ importing lsp/, mcp/, protocol/, the LSP libraries, the MCP SDK or zod; let mcp/ and lsp/ import it', async () => {
    await rejects('server/src/agent/x.ts', "import { Workspace } from '../lsp/workspace';\n");
    await rejects('server/src/agent/x.ts', "import { registerTools } from '../mcp/tool';\n");
    await rejects(
      'server/src/agent/x.ts',
      "import { AgentToolRequest } from '../protocol/messages';\n",
    );
    await rejects(
      'server/src/agent/x.ts',
      "import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';\n",
      packageRule,
    );
    await rejects('server/src/agent/x.ts', "import { z } from 'zod';\n", packageRule);
    await rejects(
      'server/src/agent/x.ts',
      "import { TextDocuments } from 'vscode-languageserver';\n",
      packageRule,
    );
    await passes('server/src/agent/x.ts', "import { toReported } from '../service';\n");
    await passes('server/src/mcp/x.ts', "import { agentTools } from '../agent/front';\n");
    await passes('server/src/lsp/x.ts', "import { agentTools } from '../agent/front';\n");
  });

  it('reject mcp/ importing features/, lsp/ or the LSP libraries, and lsp/ importing mcp/', async () => {
    await rejects(
      'server/src/mcp/x.ts',
      "import { objectsOf } from '../features/symbols/objects';\nvoid objectsOf;\n",
    );
    await rejects('server/src/mcp.ts', "import { startServer } from './lsp/startServer';\n");
    await rejects(
      'server/src/mcp/x.ts',
      "import { TextDocuments } from 'vscode-languageserver';\n",
      packageRule,
    );
    await rejects('server/src/lsp/x.ts', "import { createServer } from '../mcp/server';\n");
    await passes('server/src/mcp/x.ts', "import { toReported } from '../service';\n");
    await rejects(
      'server/src/cli/x.ts',
      "import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';\n",
      packageRule,
    );
    await rejects('server/src/analysis/x.ts', "import { z } from 'zod';\n", packageRule);
  });

  it('reject a front end reaching past the facade, and pass it through service/', async () => {
    const below: [string, string][] = [
      ['server/src/cli/x.ts', "import { analyzeRoot } from '../analysis/analyze';\n"],
      ['server/src/cli.ts', "import { discoverGathers } from './gather/discover';\n"],
      ['server/src/mcp/x.ts', "import { toReported } from '../reports/reported';\n"],
      ['server/src/lsp/x.ts', "import { rules } from '../rules/registry';\n"],
      ['server/src/server.ts', "import type { Snapshot } from './model/snapshot';\n"],
      ['server/src/agent/x.ts', "import { parseText } from '../yaml/parse';\n"],
      ['server/src/agent/x.ts', "export { unifiedDiff } from '../machineconfig/unifiedDiff';\n"],
    ];
    for (const [file, code] of below) await rejects(file, code);
    await passes('server/src/cli/x.ts', "import { analyzeRoot } from '../service';\n");
    await passes('server/src/lsp/x.ts', "import { allRuleMeta } from '../service/index';\n");
    await passes('server/src/agent/x.ts', "import type { RootAnalysis } from '../service';\n");
  });

  it('reject the client importing server/src/analysis/analyze', () =>
    rejects(
      'client/src/x.ts',
      "import { analyzeRoot } from '../../server/src/analysis/analyze';\n",
    ));

  it('reject the timeline page importing the analysis or the extension', async () => {
    await rejects(
      'client/webview/timeline/x.ts',
      "import { intervalsOf } from '../../../server/src/analysis/timeline';\n",
    );
    await rejects('client/webview/timeline/x.ts', "import '../../src/findings/view';\n");
    await passes(
      'client/webview/timeline/x.ts',
      "import type { RootTimelineView } from '../../../server/src/protocol/messages';\n",
    );
    await passes(
      'client/webview/timeline/x.ts',
      "import { duration } from '../../../server/src/core/text';\n",
    );
  });

  it('reject model/ importing vscode-languageserver, and the server importing vscode', async () => {
    await rejects(
      'server/src/model/x.ts',
      "import { TextDocuments } from 'vscode-languageserver';\n",
      packageRule,
    );
    await rejects('server/src/lsp/x.ts', "import * as vscode from 'vscode';\n", packageRule);
  });

  it('resolve paths: a detour through an allowed folder, require and import() are seen', async () => {
    await rejects('server/src/core/x.ts', "import { rules } from './../core/../rules/registry';\n");
    await rejects('server/src/core/x.ts', "const r = require('../rules/registry');\n");
    await rejects('server/src/core/x.ts', "export const r = () => import('../rules/registry');\n");
  });

  it("reject import('…') types, which the path rule cannot see", () =>
    rejects(
      'server/src/core/x.ts',
      "export type S = import('../model/snapshot').Snapshot;\n",
      syntaxRule,
    ));

  it('reject the server importing the client or the tests', async () => {
    await rejects('server/src/core/x.ts', "import '../../../client/src/statusItem';\n");
    await rejects('server/src/lsp/x.ts', "import '../../../test/support/fixtures';\n");
  });

  it('pass allowed imports', async () => {
    await passes('server/src/rules/x.ts', "import type { Finding } from '../core/finding';\n");
    await passes('server/src/rules/x.ts', "import { rules } from './registry';\n");
    await passes(
      'client/src/x.ts',
      "import { StatusNotification } from '../../server/src/protocol/messages';\n",
    );
    await passes(
      'server/src/features/x.ts',
      "import { DiagnosticSeverity } from 'vscode-languageserver';\n",
    );
    await passes(
      'server/src/protocol/x.ts',
      "import { RequestType } from 'vscode-languageserver-protocol';\n",
    );
    await passes('server/src/server.ts', "import { startServer } from './lsp/startServer';\n");
  });

  it('cover every folder and file of server/src', () => {
    const known = new Set(Object.values(table).flatMap((m) => m.paths));
    const entries = readdirSync(serverSrc).filter(
      (n) => statSync(join(serverSrc, n)).isDirectory() || isFile(n),
    );
    assert.deepEqual(
      entries.filter((n) => !known.has(n)),
      [],
      'new modules need a row in ARCHITECTURE.md, eslint.config.mjs and this table',
    );
  });

  // Each path of each module imports one file of every module's paths and every package; exactly
  // the imports the table leaves out are rejected, each by its rule.
  for (const [name, m] of Object.entries(table)) {
    for (const p of m.paths) {
      const may = m.mayImport.join(', ') || 'nothing';
      it(`let ${isFile(p) ? p : `${p}/`} import ${may} of the server`, async () => {
        const probe = probeFile(p);
        const imports: { line: string; expected: string | null }[] = [];
        for (const [t, tm] of Object.entries(table)) {
          for (const tp of tm.paths) {
            const file = join(serverSrc, `${sampleOf(tp)}.ts`);
            if (file === probe) continue;
            const rel = relative(dirname(probe), file).slice(0, -'.ts'.length);
            const allowed = t === name || m.mayImport.includes(t);
            imports.push({
              line: `import '${rel.startsWith('.') ? rel : `./${rel}`}';`,
              expected: allowed ? null : pathRule,
            });
          }
        }
        for (const pkg of [...lspPackages, ...mcpPackages, ...otherPackages]) {
          const restricted = pkg.startsWith('vscode') || mcpPackages.includes(pkg);
          const allowed = !restricted || packagesAllowed[name]?.includes(pkg);
          imports.push({ line: `import '${pkg}';`, expected: allowed ? null : packageRule });
        }
        const messages = await lint(
          relative(repoRoot, probe),
          imports.map((i) => i.line).join('\n'),
        );
        const got = messages.map((msg) => `${imports[msg.line - 1]?.line} ${msg.ruleId}`);
        const want = imports.filter((i) => i.expected).map((i) => `${i.line} ${i.expected}`);
        assert.deepEqual(got.sort(), want.sort());
      });
    }
  }

  it('let the client import only server/src/protocol/ of the server', async () => {
    const probe = join(repoRoot, 'client', 'src', 'boundaryProbe.ts');
    const imports = Object.entries(table).flatMap(([t, tm]) =>
      tm.paths.map((tp) => ({
        line: `import '${relative(dirname(probe), join(serverSrc, sampleOf(tp)))}';`,
        rejected: t !== 'protocol',
      })),
    );
    const messages = await lint(relative(repoRoot, probe), imports.map((i) => i.line).join('\n'));
    assert.deepEqual(
      messages.map((msg) => `${imports[msg.line - 1]?.line} ${msg.ruleId}`).sort(),
      imports
        .filter((i) => i.rejected)
        .map((i) => `${i.line} ${pathRule}`)
        .sort(),
    );
  });

  it('hold in the current tree (server/src, client/src, client/webview)', async () => {
    const results = await eslint.lintFiles(['server/src', 'client/src', 'client/webview']);
    assert.ok(results.length > 50, `only ${results.length} files linted`);
    const found = results.flatMap((r) =>
      r.messages
        .filter((msg) => msg.fatal || (msg.ruleId !== null && boundaryRules.has(msg.ruleId)))
        .map((msg) => `${relative(repoRoot, r.filePath)}:${msg.line} ${msg.message}`),
    );
    assert.deepEqual(found, []);
  });
});
