/**
 * Headless entry: `node dist/cli.js <command> …` over the same core as the language server. The
 * commands, their options and handlers are the table in `cli/commands/`; this parses against it,
 * runs the handler and makes its result the exit code.
 */
import { parseArgs } from './cli/args';
import { UsageError } from './cli/command';
import type { ExitCode } from './cli/command';
import { commands } from './cli/commands/table';
import { commandHelp, overallHelp } from './cli/help';
import { allRuleIds } from './service';
import { version } from './version';

async function main(argv: string[]): Promise<ExitCode> {
  let invocation;
  try {
    invocation = parseArgs(argv, commands, { knownRules: allRuleIds() });
  } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    const command = commands.find((c) => c.name === err.command);
    const usage = command ? commandHelp(command) : overallHelp(commands);
    process.stderr.write(`must-gather-inspector: ${err.message}\n\n${usage}\n`);
    return 2;
  }
  switch (invocation.kind) {
    case 'help':
      process.stdout.write(
        `${invocation.command ? commandHelp(invocation.command) : overallHelp(commands)}\n`,
      );
      return 0;
    case 'version':
      process.stdout.write(version + '\n');
      return 0;
    case 'run':
      return invocation.run();
  }
}

// A reader that stopped early (`… | head`) is no error: stop writing, as other Unix tools do.
process.stdout.on('error', (err: NodeJS.ErrnoException) => {
  if (err.code !== 'EPIPE') throw err;
  process.exit(process.exitCode ?? 0);
});

main(process.argv.slice(2)).then(
  (code) => {
    // None when the MCP server runs: it sets its own.
    if (code !== undefined) process.exitCode = code;
  },
  (err: unknown) => {
    process.stderr.write(`must-gather-inspector: fatal: ${(err as Error).stack ?? String(err)}\n`);
    process.exitCode = 2;
  },
);
