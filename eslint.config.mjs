import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import tseslint from 'typescript-eslint';

const root = dirname(fileURLToPath(import.meta.url));

// Import boundaries: ARCHITECTURE.md's table of which module may import which (next to
// "Boundaries that must hold"), mirrored here; change both together, and the copy in
// test/unit/boundaries.test.ts that checks this one. Each module is a folder or a file under
// server/src; `mayImport` lists the other server modules it may import (its own files may
// always import each other), anything else of the server is forbidden. Import paths are
// resolved (eslint-import-resolver-typescript), so `../core/../rules/registry` or a re-export
// cannot slip through, and `import type` counts as an import.
const modules = {
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
  // The one entry to the analysis: the front ends below reach the layers above through it only.
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
  // Front ends translate: they import the facade, the contracts (core) and their own layers.
  // The agent-tool core: each tool once (no LSP library, no MCP SDK or zod); the MCP server and
  // the language server are its adapters.
  agent: { paths: ['agent'], mayImport: ['core', 'service', 'limits', 'version'] },
  // The CLI bundle stays free of LSP libraries: no features, lsp or protocol.
  cli: { paths: ['cli', 'cli.ts'], mayImport: ['core', 'service', 'limits', 'version'] },
  // The MCP server: no LSP library, no features, lsp, protocol or cli.
  mcp: { paths: ['mcp', 'mcp.ts'], mayImport: ['core', 'service', 'agent', 'limits', 'version'] },
  // A read thread: the reading it runs, through service/readThread.ts (a bundle of its own).
  readWorker: { paths: ['readWorker.ts'], mayImport: ['service'] },
  // Starts the CLI's bundle from its code cache: nothing of the analysis, so it starts at once.
  launch: { paths: ['launch'], mayImport: ['cacheDir'] },
  // The language server bundle stays free of the MCP SDK, as the CLI's of the LSP libraries.
  lsp: {
    paths: ['lsp', 'server.ts'],
    mayImport: ['core', 'service', 'features', 'protocol', 'agent', 'limits', 'version'],
  },
};

/** The LSP libraries; only lsp/, features/, protocol/ and server.ts (and the client) use them. */
const lspPackages = [
  'vscode-languageserver',
  'vscode-languageserver-protocol',
  'vscode-languageserver-textdocument',
  'vscode-jsonrpc',
];
/** The MCP SDK and its schema library; only mcp/ and mcp.ts use them. */
const mcpPackages = ['@modelcontextprotocol/sdk', 'zod'];
/** Where each module may use the LSP libraries and the MCP SDK; none of the server may use the editor API. */
const packagesAllowed = {
  lsp: lspPackages,
  features: lspPackages,
  protocol: ['vscode-languageserver-protocol'],
  mcp: mcpPackages,
};
const editorPackages = ['vscode', 'vscode-languageclient'];

const boundaryZones = [
  ...Object.entries(modules).map(([name, m]) => ({
    target: m.paths.map((p) => `server/src/${p}`),
    from: 'server/src',
    except: [name, ...m.mayImport].flatMap((n) => modules[n].paths.map((p) => `./${p}`)),
    message: `${m.paths.join(' and ')} may import ${
      m.mayImport.length ? m.mayImport.join(', ') : 'nothing'
    } of the server${
      m.mayImport.includes('service') ? ', the rest through service/ (the one entry)' : ''
    } (ARCHITECTURE.md, import boundaries).`,
  })),
  // A rule is data and judges alone: judgement two rules share lives in model/ or analysis/.
  {
    target: ['server/src/rules/*-*.ts', 'server/src/rules/common/*.ts'],
    from: ['server/src/rules/*-*.ts'],
    message:
      'No rule imports another rule, nor does rules/common/: move the shared judgement to model/ or analysis/ (ARCHITECTURE.md).',
  },
  {
    target: 'server/src',
    from: ['client', 'test'],
    message: 'The server never imports the client or the tests.',
  },
  {
    target: 'client/src',
    from: 'server/src',
    except: ['./protocol'],
    message: 'The client may import only server/src/protocol/ of the server.',
  },
  {
    target: 'client/webview',
    from: 'server/src',
    except: ['./protocol', './core'],
    message:
      'The timeline page may import only server/src/protocol/ and core/ of the server (it runs in a webview: no LSP library, no analysis).',
  },
  {
    target: 'client/webview',
    from: 'client/src',
    message: 'The timeline page runs in a webview: it never imports the extension.',
  },
];

function restrictedPackages(name) {
  const allowed = new Set(packagesAllowed[name] ?? []);
  const lsp = lspPackages.filter((p) => !allowed.has(p));
  const group = (names) => names.flatMap((p) => [p, `${p}/*`]);
  return {
    patterns: [
      ...(lsp.length
        ? [
            {
              group: group(lsp),
              message:
                'The LSP libraries belong in lsp/, features/, protocol/ and server.ts (ARCHITECTURE.md).',
            },
          ]
        : []),
      ...(allowed.has(mcpPackages[0])
        ? []
        : [
            {
              group: group(mcpPackages),
              message: 'The MCP SDK and zod belong in mcp/ and mcp.ts (ARCHITECTURE.md).',
            },
          ]),
      { group: group(editorPackages), message: 'The editor API belongs in client/src only.' },
    ],
  };
}

const boundaries = [
  {
    files: ['server/src/**/*.ts', 'client/src/**/*.ts', 'client/webview/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      // no-cycle parses the imported files too.
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({ project: join(root, 'tsconfig.json') }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: root, zones: boundaryZones }],
      // Imports point down: no file reaches itself again through its imports.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      // The zones see `import type`, but not the inline `import('…').T` type form.
      'no-restricted-syntax': [
        'error',
        {
          selector: 'TSImportType',
          message: "Use `import type` instead of `import('…')` types: the boundary rule checks it.",
        },
      ],
    },
  },
  // One block per module, so the files globs never overlap (a later block would replace the
  // rule's options, not add to them).
  ...Object.entries(modules).map(([name, m]) => ({
    files: m.paths.map((p) => (p.endsWith('.ts') ? `server/src/${p}` : `server/src/${p}/**/*.ts`)),
    rules: { 'no-restricted-imports': ['error', restrictedPackages(name)] },
  })),
];

export default tseslint.config(
  { ignores: ['node_modules/', 'dist/', 'out/', 'examples/', 'test/fixtures/', '.cache/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.mjs'],
    languageOptions: {
      globals: {
        console: 'readonly',
        process: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
      },
    },
  },
  {
    // Node preloads must be CommonJS (`node --require`).
    files: ['**/*.cjs'],
    languageOptions: {
      sourceType: 'commonjs',
      globals: { require: 'readonly', globalThis: 'readonly', process: 'readonly' },
    },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    },
  },
  ...boundaries,
);
