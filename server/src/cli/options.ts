/** The kinds of option the commands declare, and the options several commands share. */
import { isRuleLevel, ruleLevelNames } from '../service';
import type { RuleLevels } from '../service';
import {
  defaultLimits,
  isLimitName,
  jobsProblem,
  jobsVariable,
  limitNames,
  limitProblem,
} from '../limits';
import type { Limits } from '../limits';
import { UsageError } from './command';
import type { Option } from './command';

/** The value of an option that takes one; the parser gives every such option one. */
export function given(flag: string, value: string | undefined): string {
  if (value === undefined) throw new UsageError(`${flag} needs a value`);
  return value;
}

export function flag(name: string, help: string): Option<boolean> {
  return { flags: [name], help, init: () => false, fold: () => true };
}

/** `--name a|b|c`, the first value the default. */
export function choice<T extends string>(
  name: string,
  values: readonly [T, ...T[]],
  help: string,
): Option<T> {
  return {
    flags: [name],
    value: values.join('|'),
    help,
    default: values[0],
    init: () => values[0],
    fold(_prev, value, f) {
      const v = given(f, value);
      if (!(values as readonly string[]).includes(v))
        throw new UsageError(`${f} must be ${values.join(' or ')}, not "${v}"`);
      return v as T;
    },
  };
}

/** `--name VALUE`, the last one given; `check` returns what is wrong with a value. */
export function text(
  name: string,
  placeholder: string,
  help: string,
  more: { default?: string; check?: (value: string) => string | undefined } = {},
): Option<string | undefined> {
  const { check, ...shown } = more;
  return {
    flags: [name],
    value: placeholder,
    help,
    ...shown,
    init: () => undefined,
    fold(_prev, value, f) {
      const v = given(f, value);
      const problem = check?.(v);
      if (problem) throw new UsageError(problem);
      return v;
    },
  };
}

/** The --format of status, diff, recommend and compare. */
export const textOrJson = choice('--format', ['text', 'json'], 'text for a terminal, or JSON');

export const cacheDirOption = text(
  '--cache-dir',
  'DIR',
  'where archives are extracted, once each, never beside them',
  // Said, not computed: the help and the README read the same on every machine.
  { default: '$XDG_CACHE_HOME/must-gather-inspector, else ~/.cache/must-gather-inspector' },
);

export const ruleOption: Option<RuleLevels> = {
  flags: ['--rule'],
  value: '<id>=<level>',
  repeatable: true,
  help: `a rule's level instead of its default; <level> is ${ruleLevelNames.join(', ')}`,
  init: () => ({}),
  fold(prev, value, f, { knownRules }) {
    const spec = given(f, value);
    const m = /^([a-z0-9-]+)=(\w+)$/.exec(spec);
    if (!m || !isRuleLevel(m[2]))
      throw new UsageError(`--rule takes <id>=<${ruleLevelNames.join('|')}>, not "${spec}"`);
    if (!knownRules.includes(m[1]!))
      throw new UsageError(`unknown rule "${m[1]}"; rules: ${knownRules.join(', ')}`);
    return { ...prev, [m[1]!]: m[2] };
  },
};

export const limitOption: Option<Limits> = {
  flags: ['--limit'],
  value: '<name>=<n>',
  repeatable: true,
  help: `a bound on the work per file: ${limitNames.map((n) => `${n} (${defaultLimits[n]})`).join(', ')}`,
  init: () => ({ ...defaultLimits }),
  fold(prev, value, f) {
    const spec = given(f, value);
    const m = /^(\w+)=(\d+)$/.exec(spec);
    if (!m) throw new UsageError(`--limit takes <name>=<whole number>, not "${spec}"`);
    const name = m[1] as string;
    if (!isLimitName(name))
      throw new UsageError(`unknown limit "${name}"; limits: ${limitNames.join(', ')}`);
    const problem = limitProblem(name, Number(m[2]));
    if (problem) throw new UsageError(`--limit ${problem}`);
    return { ...prev, [name]: Number(m[2]) };
  },
};

export const jobsOption: Option<number | undefined> = {
  flags: ['--jobs'],
  value: 'N',
  help: `threads that read and parse files, this one included; 1 reads on one thread`,
  // Said, not computed: the help and the README read the same on every machine.
  default: `$${jobsVariable}, else 1`,
  init: () => undefined,
  fold(_prev, value, f) {
    const v = given(f, value);
    const problem = jobsProblem(v);
    if (problem) throw new UsageError(`${f} takes ${problem}`);
    return Number(v);
  },
};
