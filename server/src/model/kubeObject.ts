/** A Kubernetes object read from a must-gather, with where it lives so findings can point at it. */
import type { Location, Subject } from '../core/finding';
import { join } from '../yaml/pointer';
import { date, path, rec, str, strMap } from './access';
import type { Json } from './access';

export interface ObjectSource {
  file: string;
  doc: number;
  /** Pointer of the object inside its document: '' for a single-object file, `/items/N` in a List. */
  base: string;
}

export class KubeObject {
  /** The short kind of `subject` (`co`, `mcp`, …); the lower-cased kind when not overridden. */
  protected get subjectKind(): string {
    return this.kind.toLowerCase() || 'object';
  }

  constructor(
    readonly raw: Json,
    readonly source: ObjectSource,
  ) {}

  get kind(): string {
    return str(this.raw.kind) ?? '';
  }
  get name(): string {
    return str(path(this.raw, 'metadata', 'name')) ?? '';
  }
  get namespace(): string | undefined {
    return str(path(this.raw, 'metadata', 'namespace'));
  }
  get labels(): Record<string, string> {
    return strMap(path(this.raw, 'metadata', 'labels'));
  }
  get annotations(): Record<string, string> {
    return strMap(path(this.raw, 'metadata', 'annotations'));
  }
  /** One annotation, read in place (`annotations` builds the whole map on every call). */
  annotation(key: string): string | undefined {
    return ownString(path(this.raw, 'metadata', 'annotations'), key);
  }
  /** One label, read in place. */
  label(key: string): string | undefined {
    return ownString(path(this.raw, 'metadata', 'labels'), key);
  }
  get creationTimestamp(): Date | undefined {
    return date(path(this.raw, 'metadata', 'creationTimestamp'));
  }
  get status(): Json {
    return rec(this.raw.status) ?? {};
  }
  get spec(): Json {
    return rec(this.raw.spec) ?? {};
  }

  /** What findings about this object name it: `<kind>/<name>` (`<kind>/<namespace>/<name>`). */
  get subject(): Subject {
    const ns = this.namespace;
    return `${this.subjectKind}/${ns ? `${ns}/` : ''}${this.name}`;
  }

  /** A location inside this object, e.g. `at('status', 'conditions', 2)`. */
  at(...segments: (string | number)[]): Location {
    return {
      file: this.source.file,
      doc: this.source.doc,
      pointer: join(this.source.base, ...segments),
    };
  }
}

/** `m[key]` when `m` is a map holding `key` itself as a string (what `strMap` would keep). */
function ownString(m: unknown, key: string): string | undefined {
  const r = rec(m);
  return r && Object.hasOwn(r, key) ? str(r[key]) : undefined;
}
