/**
 * A tool's input as plain JSON Schema, written once: the MCP server lists it, `npm run generate`
 * writes it into package.json's language-model tools, and `checkArgs` holds every call to it,
 * whoever makes the call. Only the few forms the tools use are known, so the TypeScript type of
 * the arguments follows from the schema itself.
 */
import { Refusal } from './refusal';

type Field =
  | { type: 'string'; description: string; enum?: readonly string[] }
  | { type: 'integer'; description: string }
  | { type: 'boolean'; description: string }
  | { type: 'array'; description: string; items: { type: 'string' } };

export type Fields = Record<string, Field>;

export interface InputSchema<P extends Fields = Fields, R extends keyof P = keyof P> {
  type: 'object';
  properties: P;
  required?: readonly R[];
}

type ValueOf<F> = F extends { type: 'string'; enum: readonly (infer E)[] }
  ? E
  : F extends { type: 'string' }
    ? string
    : F extends { type: 'integer' }
      ? number
      : F extends { type: 'boolean' }
        ? boolean
        : F extends { type: 'array' }
          ? string[]
          : never;

/** The arguments a schema admits: its required fields, and the others maybe. */
export type ArgsOf<P extends Fields, R extends keyof P> = { [K in R]: ValueOf<P[K]> } & {
  [K in Exclude<keyof P, R>]?: ValueOf<P[K]>;
};

/**
 * The arguments as the schema types them, or a refusal saying which one is wrong. Unknown
 * fields are dropped, as the MCP SDK dropped them: a model adding one is no reason to refuse.
 */
export function checkArgs(schema: InputSchema, input: unknown): Record<string, unknown> {
  if (input === undefined || input === null) input = {};
  if (typeof input !== 'object' || Array.isArray(input))
    throw new Refusal('the arguments must be an object');
  const given = input as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(schema.properties)) {
    const v = given[name];
    if (v === undefined || v === null) {
      if (schema.required?.includes(name)) throw new Refusal(`the argument "${name}" is required`);
      continue;
    }
    if (!fits(field, v))
      throw new Refusal(`the argument "${name}" must be ${wanted(field)}: ${field.description}`);
    out[name] = v;
  }
  return out;
}

function fits(f: Field, v: unknown): boolean {
  switch (f.type) {
    case 'string':
      return typeof v === 'string' && (f.enum === undefined || f.enum.includes(v));
    case 'integer':
      return typeof v === 'number' && Number.isSafeInteger(v);
    case 'boolean':
      return typeof v === 'boolean';
    case 'array':
      return Array.isArray(v) && v.every((x) => typeof x === 'string');
  }
}

function wanted(f: Field): string {
  if (f.type === 'string' && f.enum) return `one of ${f.enum.join(', ')}`;
  return f.type === 'array' ? 'a list of strings' : `a${f.type === 'integer' ? 'n' : ''} ${f.type}`;
}

/** Fields several tools share. */
export const rootField = {
  type: 'string',
  description:
    'Which must-gather: an id as mustgather_list gives it. May be left out when only one is open (tools that list, such as status and findings, then answer for all).',
} as const;

export const windowFields = {
  since: {
    type: 'string',
    description:
      'Start of the window: an RFC 3339 time, or how long before the gather time (`2h`, `90m`, `1h30m`)',
  },
  until: {
    type: 'string',
    description: 'End of the window: an RFC 3339 time, or how long before the gather time',
  },
} as const;
