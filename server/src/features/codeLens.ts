/**
 * Code lenses on a MachineConfigPool's `spec.configuration.name` and `status.configuration.name`:
 * one click compares the pool's current and target rendered configs (or, when they are the same,
 * the current one with the pool's previous config).
 */
import type { CodeLens } from 'vscode-languageserver';
import type { MachineConfigListing } from '../analysis/loadMachineConfigs';
import type { Snapshot } from '../model/snapshot';
import type { ParsedFile } from '../yaml/parse';
import { positionAt, spanOf } from '../yaml/positions';
import { compareCommand } from '../protocol/messages';

export function poolCodeLenses(
  snapshot: Snapshot,
  file: string,
  parsed: ParsedFile,
  configs: MachineConfigListing[],
): CodeLens[] {
  const root = snapshot.root.path;
  return snapshot.pools
    .filter((p) => p.source.file === file)
    .flatMap((p) => {
      const current = p.currentConfig;
      const target = p.targetConfig;
      let pair: [string, string] | undefined;
      let title: string;
      if (current && target && current !== target) {
        pair = [current, target];
        title = `Compare current ↔ target rendered config`;
      } else {
        const mine = configs
          .filter((c) => c.pool === p.name && c.name.startsWith('rendered-'))
          .map((c) => c.name);
        const at = current ? mine.indexOf(current) : -1;
        pair = at > 0 ? [mine[at - 1]!, current!] : undefined;
        title = 'Compare with the previous rendered config';
      }
      if (!pair) return [];
      const args = [{ root, a: pair[0], b: pair[1] }];
      return [
        ['spec', 'configuration', 'name'],
        ['status', 'configuration', 'name'],
      ].map((path) => {
        const [s, e] = spanOf(parsed, p.source.doc, `${p.source.base}/${path.join('/')}`);
        return {
          range: { start: positionAt(parsed, s), end: positionAt(parsed, e) },
          command: { title, command: compareCommand, arguments: args },
        };
      });
    });
}
