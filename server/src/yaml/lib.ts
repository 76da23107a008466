/**
 * The `yaml` package, loaded on first use. Most runs never build a position tree (the fast
 * readers give values and spans), and loading the package costs tens of ms of every start.
 */
import type * as Yaml from 'yaml';

let lib: typeof Yaml | undefined;

export function yamlLib(): typeof Yaml {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded lazily on purpose
  lib ??= require('yaml') as typeof Yaml;
  return lib;
}
