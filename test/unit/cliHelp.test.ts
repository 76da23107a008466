import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { parseArgs } from '../../server/src/cli/args';
import { defineCommand, UsageError } from '../../server/src/cli/command';
import { commands } from '../../server/src/cli/commands/table';
import { optionUsage } from '../../server/src/cli/help';
import { choice, flag, ruleOption } from '../../server/src/cli/options';
import { cliSection } from '../../scripts/generate/cliDocs';
import { runCli } from '../support/cli';
import { examplesDir, repoRoot } from '../support/fixtures';

describe('CLI help from the command table', () => {
  it('--help lists every command of the table with each of its options', () => {
    const r = runCli('--help');
    assert.equal(r.code, 0);
    for (const c of commands) {
      assert.match(r.stdout, new RegExp(`^  must-gather-inspector ${c.name} `, 'm'), c.name);
      // The synopsis keeps each option whole on one line.
      const at = r.stdout.indexOf(`must-gather-inspector ${c.name} `);
      // Up to its description, indented by six.
      const own = r.stdout.slice(at, at + r.stdout.slice(at).search(/\n {6}\S/));
      for (const o of c.options) assert.ok(own.includes(optionUsage(o)), `${c.name} ${o.flags[0]}`);
      assert.ok(r.stdout.includes(`Exit status (${c.name}): `), c.name);
    }
    assert.equal(runCli().stdout, r.stdout, 'no arguments: the same help');
    assert.equal(runCli('-h').stdout, r.stdout);
  });

  it('<command> --help gives its options, their help and defaults; exit 0', () => {
    for (const c of commands.filter((c) => !c.passthrough)) {
      const r = runCli(c.name, '--help');
      assert.equal(r.code, 0, c.name);
      assert.ok(r.stdout.startsWith(`Usage:\n  must-gather-inspector ${c.name} `), c.name);
      for (const o of c.options) {
        const head = `\n  ${o.flags.join(', ')}${o.value === undefined ? '' : ` ${o.value}`}`;
        assert.ok(r.stdout.includes(head), `${c.name} ${head}`);
        if (o.default !== undefined) assert.ok(r.stdout.includes(o.default.split(' ')[0]!));
      }
      assert.ok(r.stdout.includes(`Exit status: `), c.name);
    }
    // The MCP server reads its own arguments, --help included.
    assert.match(runCli('mcp', '--help').stdout, /^Usage: node dist\/mcp\.js/);
  });

  it('an unknown command or option is bad usage, worded as before, with the usage under it', () => {
    const cases: [string[], string][] = [
      [['frobnicate'], 'unknown command "frobnicate"'],
      [['analyze', examplesDir, '--bogus'], 'unknown option "--bogus"'],
      [['analyze', examplesDir, '--'], 'unknown option "--"'],
      [['status', examplesDir, '--brief'], 'unknown option "--brief"'],
      [['diff', examplesDir, 'a', 'b', '--rule', 'pool-degraded=off'], 'unknown option "--rule"'],
      [['recommend', examplesDir, '--rule', 'pool-degraded=off'], 'unknown option "--rule"'],
      [['compare', 'a', 'b', '--force=yes'], 'unknown option "--force=yes"'],
      [['cache', 'list', '--force'], 'unknown option "--force"'],
      [
        ['analyze', examplesDir, '--format=xml'],
        '--format must be text or json or sarif, not "xml"',
      ],
      [
        ['analyze', examplesDir, '--brief', '--verbose'],
        '--brief and --verbose exclude each other',
      ],
      [['report', examplesDir, '--output='], '--output needs a file name'],
      [['recommend', examplesDir, '--version'], '--version needs a value'],
      [['analyze', examplesDir, 'extra'], 'analyze takes exactly one <path>'],
      [['cache'], 'cache takes list or clear'],
    ];
    for (const [argv, message] of cases) {
      const r = runCli(...argv);
      assert.equal(r.code, 2, argv.join(' '));
      assert.equal(r.stdout, '');
      const [first, blank, usage] = r.stderr.split('\n');
      assert.equal(first, `must-gather-inspector: ${message}`);
      assert.equal(blank, '');
      assert.equal(usage, 'Usage:');
    }
    // A known command's mistake shows that command's usage; an unknown one, every command's.
    assert.match(runCli('status', '--bogus').stderr, /Options:\n/);
    assert.doesNotMatch(runCli('frobnicate').stderr, /Options:\n/);
    // --version is the program's, but recommend's names a release.
    assert.match(runCli('frobnicate', '--version').stdout, /^\d+\.\d+\.\d+/);
  });
});

describe('the command-line parser', () => {
  const format = choice('--format', ['text', 'json'], 'how');
  const force = flag('--force', 'anyway');
  const seen: unknown[] = [];
  const demo = defineCommand({
    name: 'demo',
    operands: '<path>',
    summary: 's',
    description: 'd',
    exitStatus: '0',
    options: [format, force, ruleOption],
    args: (p) => ({
      format: p.get(format),
      force: p.get(force),
      rules: p.get(ruleOption),
      operands: p.operands,
    }),
    run: (a) => {
      seen.push(a);
      return Promise.resolve(0);
    },
  });
  const ctx = { knownRules: ['a-rule', 'b-rule'] };

  it('takes --name value and --name=value, repeats, flags, operands in any order', async () => {
    const i = parseArgs(
      ['demo', '--rule=a-rule=off', 'p', '--format', 'json', '--force', '--rule', 'b-rule=hint'],
      [demo],
      ctx,
    );
    assert.equal(i.kind, 'run');
    if (i.kind === 'run') assert.equal(await i.run(), 0);
    assert.deepEqual(seen.pop(), {
      format: 'json',
      force: true,
      rules: { 'a-rule': 'off', 'b-rule': 'hint' },
      operands: ['p'],
    });
  });

  it('defaults, help and version before the command is checked; errors name the command', () => {
    assert.deepEqual(parseArgs(['demo', '--help'], [demo], ctx), { kind: 'help', command: demo });
    assert.deepEqual(parseArgs(['nope', '-h'], [demo], ctx), { kind: 'help' });
    assert.deepEqual(parseArgs(['nope', '--version'], [demo], ctx), { kind: 'version' });
    assert.throws(
      () => parseArgs(['demo', '--force=1'], [demo], ctx),
      (e) =>
        e instanceof UsageError &&
        e.message === 'unknown option "--force=1"' &&
        e.command === 'demo',
    );
    assert.throws(
      () => parseArgs(['demo', '--rule', 'c-rule=off'], [demo], ctx),
      /unknown rule "c-rule"; rules: a-rule, b-rule/,
    );
  });
});

describe('the README lists the CLI commands from the table', () => {
  it('its generated section is the table as it is now (npm run generate)', () => {
    const readme = readFileSync(join(repoRoot, 'README.md'), 'utf8');
    const begin = readme.indexOf('<!-- cli commands: generated');
    const end = readme.indexOf('<!-- end of cli commands -->');
    assert.ok(begin >= 0 && end > begin, 'README.md holds the markers');
    const section = readme.slice(readme.indexOf('\n', begin) + 1, end).trim();
    assert.equal(section, cliSection(commands).trim(), 'README.md is stale: run npm run generate');
    for (const c of commands) assert.ok(section.includes(`node dist/cli.js ${c.name} `), c.name);
  });
});
