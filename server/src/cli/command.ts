/**
 * What a CLI command declares: its name, operands, options, help and handler. The parser
 * (`args.ts`), `--help` (`help.ts`) and the README's command list all read these declarations.
 */

export class UsageError extends Error {
  /** The command whose usage to print under the message, when one was named. */
  constructor(
    message: string,
    readonly command?: string,
  ) {
    super(message);
  }
}

/** What an option's parser may need beyond its own text. */
export interface ParseContext {
  knownRules: readonly string[];
}

/**
 * One option: a flag (no value) or `--name value` / `--name=value`. Several flags may share one
 * option (`--brief|--verbose`: one setting). `fold` takes each occurrence in turn, so repeated
 * options accumulate (`--rule`) or the last wins (`--format`); it throws a UsageError on a bad value.
 */
export interface Option<T> {
  flags: readonly string[];
  /** The value's placeholder (`text|json`, `DIR`); none for a flag. */
  value?: string;
  /** May be given several times, each adding to the value. */
  repeatable?: boolean;
  help: string;
  /** The default as help prints it; none when absence says it. */
  default?: string;
  /** Its value when not given (fresh each time: folds may build on it). */
  init(): T;
  // Method syntax: options of different value types share one list.
  fold(prev: T, value: string | undefined, flag: string, ctx: ParseContext): T;
}

/** The options and operands of one invocation, as `args.ts` parsed them. */
export interface Parsed {
  get<T>(option: Option<T>): T;
  operands: readonly string[];
}

/** What the handler returns: the process's exit code, none when it set its own (`mcp`). */
export type ExitCode = number | undefined;

interface CommandInfo {
  name: string;
  /** The operands as the synopsis shows them: `<path>`, `list|clear`. */
  operands: string;
  /** One line, for the command list. */
  summary: string;
  /** What it prints, for `<command> --help` and the overall help. */
  description: string;
  /** What its exit codes mean. */
  exitStatus: string;
  options: readonly Option<unknown>[];
  /** Reads its own arguments (the MCP server): the parser passes them through untouched. */
  passthrough?: boolean;
}

export interface CommandSpec<A> extends CommandInfo {
  /** The handler's arguments from the parsed command line; throws a UsageError. */
  args(parsed: Parsed): A;
  run(args: A, argv: readonly string[]): Promise<ExitCode>;
}

/** A command of the table: its declaration, and its handler bound to arguments once checked. */
export interface Command extends CommandInfo {
  prepare(parsed: Parsed, argv: readonly string[]): () => Promise<ExitCode>;
}

/** Hides each command's argument type, so commands of different types share one table. */
export function defineCommand<A>(spec: CommandSpec<A>): Command {
  const { args, run, ...info } = spec;
  return {
    ...info,
    prepare(parsed, argv) {
      const a = args(parsed);
      return () => run(a, argv);
    },
  };
}
