/**
 * Command-line parsing for `must-gather-inspector`, driven by the command table: no dependency,
 * strict about mistakes. (node:util's parseArgs would word its errors differently, refuse a
 * value that starts with a dash and end options at `--`; this keeps the CLI's own behaviour.)
 */
import { UsageError } from './command';
import type { Command, ExitCode, Option, ParseContext, Parsed } from './command';

export type Invocation =
  | { kind: 'help'; command?: Command }
  | { kind: 'version' }
  | { kind: 'run'; command: Command; run: () => Promise<ExitCode> };

const takes = (o: Option<unknown>, flag: string) => o.flags.includes(flag);

export function parseArgs(
  argv: readonly string[],
  commands: readonly Command[],
  ctx: ParseContext,
): Invocation {
  const [name, ...rest] = argv;
  const command = commands.find((c) => c.name === name);
  // Its own parser reads the rest, --help and --version included.
  if (command?.passthrough) return { kind: 'run', command, run: command.prepare(parsed(), rest) };
  if (argv.length === 0 || argv.includes('--help') || argv.includes('-h'))
    return command ? { kind: 'help', command } : { kind: 'help' };
  // A command's own --version (recommend's names a release); elsewhere it asks for the program's.
  if (argv.includes('--version') && !command?.options.some((o) => takes(o, '--version')))
    return { kind: 'version' };
  if (!command) throw new UsageError(`unknown command "${name}"`);
  try {
    return { kind: 'run', command, run: command.prepare(parseRest(command, rest, ctx), rest) };
  } catch (err) {
    if (err instanceof UsageError && err.command === undefined)
      throw new UsageError(err.message, command.name);
    throw err;
  }
}

function parseRest(command: Command, rest: readonly string[], ctx: ParseContext): Parsed {
  const values = new Map<Option<unknown>, unknown>();
  const operands: string[] = [];
  for (let i = 0; i < rest.length; i++) {
    const a = rest[i]!;
    const eq = a.indexOf('=');
    // A flag alone; an option with a value as `--name value` or `--name=value`.
    const named = eq > 0 ? a.slice(0, eq) : a;
    const option = command.options.find(
      (o) => takes(o, named) && (o.value !== undefined || eq < 0),
    );
    if (option) {
      const value = option.value === undefined ? undefined : eq > 0 ? a.slice(eq + 1) : rest[++i];
      const prev = values.has(option) ? values.get(option) : option.init();
      values.set(option, option.fold(prev, value, named, ctx));
    } else if (a.startsWith('-')) {
      throw new UsageError(`unknown option "${a}"`);
    } else {
      operands.push(a);
    }
  }
  return parsed(values, operands);
}

function parsed(values = new Map<Option<unknown>, unknown>(), operands: string[] = []): Parsed {
  return {
    get: <T>(o: Option<T>) => (values.has(o) ? values.get(o) : o.init()) as T,
    operands,
  };
}
