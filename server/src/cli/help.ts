/** `--help`, overall and per command, written from the command table. */
import type { Command, Option } from './command';

const program = 'must-gather-inspector';
const width = 100;

/** Text filled into lines of at most `width` columns, each indented (the first by `first`). */
function wrap(text: string, indent: string, first = indent): string {
  return fill(
    text.split(/\s+/).filter((w) => w !== ''),
    indent,
    first,
  );
}

/** Words (a word may hold spaces: `[--format text|json]`) filled into lines. */
function fill(words: readonly string[], indent: string, first: string): string {
  const lines: string[] = [];
  let line = first;
  let bare = true;
  for (const word of words) {
    if (!bare && line.length + 1 + word.length > width) {
      lines.push(line);
      line = indent;
      bare = true;
    }
    line += (bare ? '' : ' ') + word;
    bare = false;
  }
  lines.push(line);
  return lines.join('\n');
}

/** How the synopsis shows an option: `[--format text|json]`, `[--rule <id>=<level>]...`. */
export function optionUsage(o: Option<unknown>): string {
  const names = o.flags.join('|');
  return `[${o.value === undefined ? names : `${names} ${o.value}`}]${o.repeatable ? '...' : ''}`;
}

/** `analyze <path> [--format text|json|sarif] …`, without the program's name. */
export function synopsis(c: Command): string {
  return synopsisWords(c).join(' ');
}

function synopsisWords(c: Command): string[] {
  return [c.name, c.operands, ...c.options.map(optionUsage)];
}

/** `  must-gather-inspector analyze …`, continued under the command's name. */
function synopsisLines(c: Command): string {
  return fill([program, ...synopsisWords(c)], ' '.repeat(2 + program.length + 1), '  ');
}

const archiveNote = `Every <path> is a must-gather, a folder holding several, or a CI gather-extra folder; it may also be an archive (.tar, .tar.gz, .tgz, .tar.xz, .zip; a must-gather inside a case archive too), extracted once into the cache (--cache-dir), never beside it.`;

/** The options several commands take, once each, in the order of their first use. */
function sharedOptions(commands: readonly Command[]): Option<unknown>[] {
  const all = commands.flatMap((c) => c.options);
  return [...new Set(all)].filter((o) => all.indexOf(o) !== all.lastIndexOf(o));
}

export function overallHelp(commands: readonly Command[]): string {
  return [
    'Usage:',
    ...commands.map((c) => `${synopsisLines(c)}\n${wrap(c.description, '      ')}`),
    `  ${program} --help | --version`,
    `  ${program} <command> --help`,
    '      The command’s options, each with its values and default.',
    '',
    'Options of several commands:',
    ...sharedOptions(commands).map(optionLine),
    '',
    wrap(archiveNote, ''),
    '',
    ...commands.map((c) => wrap(`Exit status (${c.name}): ${c.exitStatus}`, '')),
  ].join('\n');
}

function optionLine(o: Option<unknown>): string {
  const head = `  ${o.flags.join(', ')}${o.value === undefined ? '' : ` ${o.value}`}${o.repeatable ? ' (repeatable)' : ''}`;
  const help = o.default === undefined ? o.help : `${o.help} (default: ${o.default})`;
  return `${head}\n${wrap(help, '      ')}`;
}

export function commandHelp(c: Command): string {
  return [
    'Usage:',
    synopsisLines(c),
    '',
    wrap(c.description, '  '),
    '',
    'Options:',
    ...c.options.map(optionLine),
    '  -h, --help\n      This help.',
    '',
    wrap(`Exit status: ${c.exitStatus}`, ''),
  ].join('\n');
}
